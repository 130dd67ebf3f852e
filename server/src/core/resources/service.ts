import type { ApiErrorCode, ListMeta } from 'shared-api/contract';
import type { Db, DbOrTx } from '../db/client';
import { DomainError, isReferencedRow, isUniqueViolation } from '../errors';
import type { ResourceService } from './routes';
import type { ListRequest } from '../list';

/** What an editable list's repository offers (e.g. qualifications, booking rules, certificate types). */
export interface EditableRepository<T, P, K extends string> {
  list(request: ListRequest<K>): Promise<{ data: T[]; meta: ListMeta }>;
  listAll(request: Omit<ListRequest<K>, 'page' | 'limit'>): Promise<T[]>;
  get(id: string): Promise<T | null>;
  insert(tx: DbOrTx, payload: P): Promise<string>;
  update(tx: DbOrTx, id: string, payload: P): Promise<boolean>;
  lockAndCountHolders(tx: DbOrTx, id: string): Promise<string[] | null>;
  delete(tx: DbOrTx, id: string): Promise<void>;
}

export interface EditableRules<P> {
  notFound: ApiErrorCode;
  inUse: ApiErrorCode;
  /** 'Impossibile eliminare la qualifica' — followed by ': è assegnata a …'. */
  inUseMessage: (holders: string) => string;
  /** A unique name: the constraint and the code its violation answers. */
  uniqueName?: { constraint: string; code: ApiErrorCode };
  /**
   * Rows of other domains that still point at it through a foreign key (this domain does not read their tables): the
   * constraint and the code its violation on deletion answers.
   */
  referencedBy?: { constraint: string; code: ApiErrorCode }[];
  /** Checks the schema cannot express (e.g. the ids it points at exist). */
  check?: (payload: P) => Promise<void>;
}

/**
 * The rules every editable list of the back office shares: its checks before writing, a unique name where it has
 * one, writes in one transaction, and no deletion while other rows still hold it (409 saying which and how many),
 * so a deletion never strips anyone of something silently.
 */
export class EditableService<T, P, K extends string> implements ResourceService<T, P> {
  constructor(
    private readonly db: Db,
    private readonly repo: EditableRepository<T, P, K>,
    private readonly rules: EditableRules<P>,
  ) {}

  list(request: ListRequest<K>) {
    return this.repo.list(request);
  }

  listAll(request: Omit<ListRequest<K>, 'page' | 'limit'>) {
    return this.repo.listAll(request);
  }

  async get(id: string): Promise<T> {
    const found = await this.repo.get(id);
    if (!found) throw new DomainError(this.rules.notFound);
    return found;
  }

  private async write<R>(payload: P, run: (tx: DbOrTx) => Promise<R>): Promise<R> {
    await this.rules.check?.(payload);
    try {
      return await this.db.transaction(run);
    } catch (err) {
      const unique = this.rules.uniqueName;
      if (unique && isUniqueViolation(err, unique.constraint)) throw new DomainError(unique.code);
      throw err;
    }
  }

  async create(payload: P): Promise<T> {
    return this.get(await this.write(payload, (tx) => this.repo.insert(tx, payload)));
  }

  async update(id: string, payload: P): Promise<T> {
    if (!(await this.write(payload, (tx) => this.repo.update(tx, id, payload)))) throw new DomainError(this.rules.notFound);
    return this.get(id);
  }

  async remove(id: string): Promise<void> {
    try {
      await this.db.transaction(async (tx) => {
        const holders = await this.repo.lockAndCountHolders(tx, id);
        if (!holders) throw new DomainError(this.rules.notFound);
        if (holders.length) throw new DomainError(this.rules.inUse, this.rules.inUseMessage(holders.join(', ')));
        await this.repo.delete(tx, id);
      });
    } catch (err) {
      const referenced = this.rules.referencedBy?.find((r) => isReferencedRow(err, r.constraint));
      if (referenced) throw new DomainError(referenced.code);
      throw err;
    }
  }
}
