import type { ApiErrorCode, ListMeta } from 'shared-api/contract';
import type { Db, DbOrTx } from '../../../core/db/client';
import { DomainError, invalidInput, pgErrorOf } from '../../../core/errors';
import type { ListRequest } from '../../../core/list';
import type { ResourceService } from '../../../core/resources/routes';
import { type StockChange, applyStockChanges } from './stock';

/** A movement as stored: a load adds its quantity to the item, an unload or delivery takes it. */
export interface StoredMovement {
  kind: 'load' | 'unload';
  itemId: string;
  quantity: number;
}

/** What the loads' and the unloads' repositories offer the service. */
export interface MovementRepository<T, P, K extends string> {
  list(request: ListRequest<K>): Promise<{ data: T[]; meta: ListMeta }>;
  listAll(request: Omit<ListRequest<K>, 'page' | 'limit'>): Promise<T[]>;
  get(id: string): Promise<T | null>;
  insert(tx: DbOrTx, payload: P): Promise<string>;
  /** The stored movement, its row locked until the transaction ends (a racing edit or deletion of it waits). */
  lockForChange(tx: DbOrTx, id: string): Promise<StoredMovement | null>;
  update(tx: DbOrTx, id: string, payload: P): Promise<void>;
  delete(tx: DbOrTx, id: string): Promise<void>;
}

export interface MovementRules<P> {
  kind: StoredMovement['kind'];
  notFound: ApiErrorCode;
  /** The item and quantity of a payload. */
  movementOf(payload: P): { itemId: string; quantity: number };
  /** Checks the schema cannot express (e.g. the member of a delivery exists). */
  check?: (payload: P) => Promise<void>;
}

/** A load grows the current and the total quantity; an unload or a delivery takes from the current one only. */
export function stockChangeOf(movement: StoredMovement, sign: 1 | -1 = 1): StockChange {
  const q = movement.quantity * sign;
  return movement.kind === 'load' ? { itemId: movement.itemId, current: q, total: q } : { itemId: movement.itemId, current: -q, total: 0 };
}

/**
 * Loads and unloads: each write changes the movement and its item's quantities in one transaction — creating
 * applies its effect, editing undoes the old effect and applies the new one, deleting undoes it — and is refused,
 * with nothing changed, when an item would be left with less than zero in stock (DESIGN §5 Storage).
 */
export class MovementService<T, P, K extends string> implements ResourceService<T, P> {
  constructor(
    private readonly db: Db,
    private readonly repo: MovementRepository<T, P, K>,
    private readonly rules: MovementRules<P>,
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

  async create(payload: P): Promise<T> {
    await this.rules.check?.(payload);
    const id = await this.write(async (tx) => {
      await this.apply(tx, [stockChangeOf(this.movementOf(payload))]);
      return this.repo.insert(tx, payload);
    });
    return this.get(id);
  }

  async update(id: string, payload: P): Promise<T> {
    await this.rules.check?.(payload);
    await this.write(async (tx) => {
      const old = await this.repo.lockForChange(tx, id);
      if (!old) throw new DomainError(this.rules.notFound);
      await this.apply(tx, [stockChangeOf(old, -1), stockChangeOf(this.movementOf(payload))]);
      await this.repo.update(tx, id, payload);
    });
    return this.get(id);
  }

  async remove(id: string): Promise<void> {
    await this.write(async (tx) => {
      const old = await this.repo.lockForChange(tx, id);
      if (!old) throw new DomainError(this.rules.notFound);
      await this.apply(tx, [stockChangeOf(old, -1)]);
      await this.repo.delete(tx, id);
    });
  }

  private movementOf(payload: P): StoredMovement {
    return { kind: this.rules.kind, ...this.rules.movementOf(payload) };
  }

  private async apply(tx: DbOrTx, changes: StockChange[]): Promise<void> {
    const outcome = await applyStockChanges(tx, changes);
    if (outcome.ok) return;
    if (outcome.missing) throw invalidInput('item: Articolo non trovato');
    const taken = -outcome.change.current;
    throw new DomainError(
      'STORAGE_NOT_ENOUGH_STOCK',
      `Quantità non disponibile in magazzino: di «${outcome.description}» restano ${outcome.current} pezzi, l'operazione ne toglierebbe ${taken}.`,
    );
  }

  private async write<R>(run: (tx: DbOrTx) => Promise<R>): Promise<R> {
    try {
      return await this.db.transaction(run);
    } catch (err) {
      // The CHECK on the item's quantities is the last word should a change slip past the conditional update.
      if (pgErrorOf(err)?.code === '23514') throw new DomainError('STORAGE_NOT_ENOUGH_STOCK');
      throw err;
    }
  }
}
