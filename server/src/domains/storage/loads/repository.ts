import { eq } from 'drizzle-orm';
import type { StorageLoad, StorageLoadPayload } from 'shared-api/contract';
import type { Db, DbOrTx } from '../../../core/db/client';
import { joinOnKey, listFrom, type ListSource, searchableText, selectRows, tableList } from '../../../core/list';
import type { EditableRepository } from '../../../core/resources/service';
import type { StoredMovement } from '../items/stock';
import { storage_items, storage_loads } from '../tables';

export const STORAGE_LOAD_SORT_KEYS = ['item', 'quantity', 'date', 'notes'] as const;
export type StorageLoadSortKey = (typeof STORAGE_LOAD_SORT_KEYS)[number];

const l = storage_loads;
const i = storage_items;

const FROM = listFrom(l, joinOnKey(i, eq(i.id, l.item_id)));
const COLUMNS = { _id: l.id, item: { _id: i.id, description: i.description }, quantity: l.quantity, date: l.date, notes: l.notes };

/** Loads (spec 001 §3 Storage load) with their item: SQL only. */
export class StorageLoadRepository implements EditableRepository<StorageLoad, StorageLoadPayload, StorageLoadSortKey> {
  constructor(private readonly db: Db) {}

  listSource(): ListSource<StorageLoad, StorageLoadSortKey> {
    return tableList(this.db, {
      from: FROM,
      columns: COLUMNS,
      search: searchableText(i.description, l.notes),
      sortColumns: { item: i.description, quantity: l.quantity, date: l.date, notes: l.notes },
      // Newest first: the latest date, and on one date the latest recorded.
      defaultSort: [l.date, l.created_at],
      defaultOrder: 'desc',
      tieBreaker: l.id,
    });
  }

  async get(id: string): Promise<StorageLoad | null> {
    const [row] = await selectRows(this.db, FROM, COLUMNS, eq(l.id, id), { limit: 1 });
    return row ?? null;
  }

  async insert(tx: DbOrTx, p: StorageLoadPayload): Promise<string> {
    const [row] = await tx.insert(l).values(columns(p)).returning({ id: l.id });
    if (!row) throw new Error('INSERT senza riga restituita');
    return row.id;
  }

  /** The stored load, its row locked until the transaction ends (a racing edit or deletion of it waits). */
  async lockForChange(tx: DbOrTx, id: string): Promise<StoredMovement | null> {
    const [row] = await tx.select({ itemId: l.item_id, quantity: l.quantity }).from(l).where(eq(l.id, id)).for('update');
    return row ? { ...row, kind: 'load' } : null;
  }

  async update(tx: DbOrTx, id: string, p: StorageLoadPayload): Promise<boolean> {
    return (await tx.update(l).set(columns(p)).where(eq(l.id, id)).returning({ id: l.id })).length > 0;
  }

  /** Nothing holds a load: locked already by lockForChange, it is only said to exist. */
  async lockAndCountHolders(tx: DbOrTx, id: string): Promise<string[] | null> {
    return (await this.lockForChange(tx, id)) ? [] : null;
  }

  async delete(tx: DbOrTx, id: string): Promise<void> {
    await tx.delete(l).where(eq(l.id, id));
  }
}

const columns = (p: StorageLoadPayload) => ({ item_id: p.item, quantity: p.quantity, date: p.date, notes: p.notes });
