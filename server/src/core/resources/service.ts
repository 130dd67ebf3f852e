import type { ApiErrorCode } from 'shared-api/contract';
import type { Db, DbOrTx } from '../db/client';
import { DomainError, isReferencedRow, isUniqueViolation, pgErrorOf } from '../errors';
import { type ListSource, Listing } from '../list';
import type { ResourceService } from './routes';

/** What an editable list's repository offers (e.g. qualifications, booking rules, certificate types, storage loads). */
export interface EditableRepository<T, P, K extends string> extends RecordRepository<T, K> {
  insert(tx: DbOrTx, payload: P): Promise<string>;
  /** False when there is no such row. */
  update(tx: DbOrTx, id: string, payload: P): Promise<boolean>;
  /** Locks the row until the transaction ends and says who still holds it (core/resources/holders.ts); null when missing. */
  lockAndCountHolders(tx: DbOrTx, id: string): Promise<string[] | null>;
  delete(tx: DbOrTx, id: string): Promise<void>;
}

/**
 * What a row does to other rows, kept in the transaction that writes it: a storage movement's quantity on its item.
 * Creating does the new row's effect, editing undoes the old one and does the new, deleting undoes it.
 */
export interface RowEffect<P, E> {
  of(payload: P): E;
  /** The stored row's effect, read with its row locked until the transaction ends (a racing edit waits); null when missing. */
  locked(tx: DbOrTx, id: string): Promise<E | null>;
  /** Undoes `undone` and does `done` in the caller's transaction; throws a DomainError to refuse the write. */
  apply(tx: DbOrTx, undone: readonly E[], done: readonly E[]): Promise<void>;
}

export interface EditableRules<P, E = never> {
  notFound: ApiErrorCode;
  /** The refusal of a deletion while other rows still hold the row: its code and 'Impossibile eliminare …: è usata da 3 utenti.' */
  inUse?: { code: ApiErrorCode; message: (holders: string) => string };
  /** A unique name: the constraint and the code its violation answers. */
  uniqueName?: { constraint: string; code: ApiErrorCode };
  /**
   * Rows of other domains that still point at it through a foreign key (this domain does not read their tables): the
   * constraint and the code its violation on deletion answers.
   */
  referencedBy?: { constraint: string; code: ApiErrorCode }[];
  /** A CHECK constraint, the database's last word should a change slip past the service: the code its refusal answers. */
  checked?: { constraint: string; code: ApiErrorCode };
  /** Checks the schema cannot express (e.g. the ids it points at exist). */
  check?: (payload: P) => Promise<void>;
  effect?: RowEffect<P, E>;
}

/** What a list's repository offers that reads its rows one at a time too. */
export interface RecordRepository<T, K extends string> {
  listSource(): ListSource<T, K>;
  get(id: string): Promise<T | null>;
}

/**
 * A list whose rows are also read one at a time (GET /:id): its page, its download, and a row by id — an unknown id
 * answers the list's not-found code. A service of such a list extends it (EditableService does).
 */
export class ListedRecords<T, K extends string> extends Listing<T, K> {
  constructor(
    private readonly records: RecordRepository<T, K>,
    private readonly notFound: ApiErrorCode,
  ) {
    super(() => records.listSource());
  }

  async get(id: string): Promise<T> {
    const found = await this.records.get(id);
    if (!found) throw new DomainError(this.notFound);
    return found;
  }
}

/**
 * The rules every editable list of the back office shares: its checks before writing, a unique name where it has
 * one, writes in one transaction (with their effect on other rows, where they have one), and no deletion while
 * other rows still hold it (409 saying which and how many), so a deletion never strips anyone of something silently.
 */
export class EditableService<T, P, K extends string, E = never> extends ListedRecords<T, K> implements ResourceService<T, P, K> {
  constructor(
    private readonly db: Db,
    private readonly repo: EditableRepository<T, P, K>,
    private readonly rules: EditableRules<P, E>,
  ) {
    super(repo, rules.notFound);
  }

  async create(payload: P): Promise<T> {
    await this.rules.check?.(payload);
    const id = await this.write(async (tx) => {
      const effect = this.rules.effect;
      if (effect) await effect.apply(tx, [], [effect.of(payload)]);
      return this.repo.insert(tx, payload);
    });
    return this.get(id);
  }

  async update(id: string, payload: P): Promise<T> {
    await this.rules.check?.(payload);
    await this.write(async (tx) => {
      const effect = this.rules.effect;
      if (effect) await effect.apply(tx, [await this.lockedEffect(tx, effect, id)], [effect.of(payload)]);
      if (!(await this.repo.update(tx, id, payload))) throw new DomainError(this.rules.notFound);
    });
    return this.get(id);
  }

  async remove(id: string): Promise<void> {
    await this.write(async (tx) => {
      const effect = this.rules.effect;
      if (effect) await effect.apply(tx, [await this.lockedEffect(tx, effect, id)], []);
      const holders = await this.repo.lockAndCountHolders(tx, id);
      if (!holders) throw new DomainError(this.rules.notFound);
      if (holders.length) {
        const inUse = this.rules.inUse;
        if (!inUse) throw new Error(`Righe che la trattengono senza un codice di rifiuto: ${holders.join(', ')}`);
        throw new DomainError(inUse.code, inUse.message(holders.join(', ')));
      }
      await this.repo.delete(tx, id);
    });
  }

  private async lockedEffect(tx: DbOrTx, effect: RowEffect<P, E>, id: string): Promise<E> {
    const old = await effect.locked(tx, id);
    if (old === null) throw new DomainError(this.rules.notFound);
    return old;
  }

  /** One transaction; the database's refusals (unique name, a row still referenced, a CHECK) answered by their codes. */
  private async write<R>(run: (tx: DbOrTx) => Promise<R>): Promise<R> {
    try {
      return await this.db.transaction(run);
    } catch (err) {
      const { uniqueName, referencedBy, checked } = this.rules;
      if (uniqueName && isUniqueViolation(err, uniqueName.constraint)) throw new DomainError(uniqueName.code);
      const referenced = referencedBy?.find((r) => isReferencedRow(err, r.constraint));
      if (referenced) throw new DomainError(referenced.code);
      const pgErr = pgErrorOf(err);
      if (checked && pgErr?.code === '23514' && pgErr.constraint === checked.constraint) throw new DomainError(checked.code);
      throw err;
    }
  }
}
