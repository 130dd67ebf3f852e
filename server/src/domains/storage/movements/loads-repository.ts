import { eq } from 'drizzle-orm';
import type { ListMeta, StorageLoad, StorageLoadPayload } from 'shared-api/contract';
import type { Db, DbOrTx } from '../../../core/db/client';
import { countJoinedRows, type ListRequest, type ListSource, readAll, readPage, searchableText, withPage } from '../../../core/list';
import { storage_items, storage_loads } from '../tables';
import type { MovementRepository, StoredMovement } from './service';

export const STORAGE_LOAD_SORT_KEYS = ['item', 'quantity', 'date', 'notes'] as const;
export type StorageLoadSortKey = (typeof STORAGE_LOAD_SORT_KEYS)[number];

const l = storage_loads;
const i = storage_items;

/** Loads (spec 001 §3 Storage load) with their item: SQL only. */
export class StorageLoadRepository implements MovementRepository<StorageLoad, StorageLoadPayload, StorageLoadSortKey> {
  constructor(private readonly db: Db) {}

  private query() {
    return this.db
      .select({ _id: l.id, item: { _id: i.id, description: i.description }, quantity: l.quantity, date: l.date, notes: l.notes })
      .from(l)
      .innerJoin(i, eq(i.id, l.item_id))
      .$dynamic();
  }

  private source(): ListSource<StorageLoad, StorageLoadSortKey> {
    return {
      search: searchableText(i.description, l.notes),
      sortColumns: { item: i.description, quantity: l.quantity, date: l.date, notes: l.notes },
      // Newest first: the latest date, and on one date the latest recorded.
      defaultSort: [l.date, l.created_at],
      defaultOrder: 'desc',
      tieBreaker: l.id,
      rows: (where, orderBy, limit, offset) =>
        withPage(
          this.query()
            .where(where)
            .orderBy(...orderBy),
          limit,
          offset,
        ),
      count: (where) => countJoinedRows(this.db, l, [{ table: i, on: eq(i.id, l.item_id) }], where),
    };
  }

  list(request: ListRequest<StorageLoadSortKey>): Promise<{ data: StorageLoad[]; meta: ListMeta }> {
    return readPage(this.source(), request);
  }

  listAll(request: Omit<ListRequest<StorageLoadSortKey>, 'page' | 'limit'>): Promise<StorageLoad[]> {
    return readAll(this.source(), request);
  }

  async get(id: string): Promise<StorageLoad | null> {
    const [row] = await this.query().where(eq(l.id, id)).limit(1);
    return row ?? null;
  }

  async insert(tx: DbOrTx, p: StorageLoadPayload): Promise<string> {
    const [row] = await tx.insert(l).values({ item_id: p.item, quantity: p.quantity, date: p.date, notes: p.notes }).returning({ id: l.id });
    if (!row) throw new Error('INSERT senza riga restituita');
    return row.id;
  }

  async lockForChange(tx: DbOrTx, id: string): Promise<StoredMovement | null> {
    const [row] = await tx.select({ itemId: l.item_id, quantity: l.quantity }).from(l).where(eq(l.id, id)).for('update');
    return row ? { ...row, kind: 'load' } : null;
  }

  async update(tx: DbOrTx, id: string, p: StorageLoadPayload): Promise<void> {
    await tx.update(l).set({ item_id: p.item, quantity: p.quantity, date: p.date, notes: p.notes }).where(eq(l.id, id));
  }

  async delete(tx: DbOrTx, id: string): Promise<void> {
    await tx.delete(l).where(eq(l.id, id));
  }
}
