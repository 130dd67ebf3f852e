import { eq } from 'drizzle-orm';
import type { StorageItem, StorageItemPayload } from 'shared-api/contract';
import type { Db, DbOrTx } from '../../../core/db/client';
import { joinOnKey, listFrom, type ListSource, searchableText, selectRows, tableList } from '../../../core/list';
import type { EditableRepository } from '../../../core/resources/service';
import { type Holder, lockAndCountHolders } from '../../../core/resources/holders';
import { storage_item_categories, storage_items, storage_loads, storage_unloads } from '../tables';

export const STORAGE_ITEM_SORT_KEYS = ['description', 'category', 'total_quantity', 'current_quantity'] as const;
export type StorageItemSortKey = (typeof STORAGE_ITEM_SORT_KEYS)[number];

const HOLDERS: Holder[] = [
  { table: storage_loads, column: storage_loads.item_id, noun: ['carico', 'carichi'] },
  { table: storage_unloads, column: storage_unloads.item_id, noun: ['scarico o consegna', 'scarichi o consegne'] },
];
const i = storage_items;
const c = storage_item_categories;
const FROM = listFrom(i, joinOnKey(c, eq(c.id, i.category_id)));
const COLUMNS = {
  _id: i.id,
  description: i.description,
  category: { _id: c.id, name: c.name },
  total_quantity: i.total_quantity,
  current_quantity: i.current_quantity,
};

/** Items of the stockroom (spec 001 §3 Storage item) with their category: SQL only. */
export class StorageItemRepository implements EditableRepository<StorageItem, StorageItemPayload, StorageItemSortKey> {
  constructor(private readonly db: Db) {}

  listSource(): ListSource<StorageItem, StorageItemSortKey> {
    return tableList(this.db, {
      from: FROM,
      columns: COLUMNS,
      search: searchableText(i.description, c.name),
      sortColumns: { description: i.description, category: c.name, total_quantity: i.total_quantity, current_quantity: i.current_quantity },
      defaultSort: [i.description],
      tieBreaker: i.id,
    });
  }

  async get(id: string): Promise<StorageItem | null> {
    const [row] = await selectRows(this.db, FROM, COLUMNS, eq(i.id, id), { limit: 1 });
    return row ?? null;
  }

  async categoryExists(id: string): Promise<boolean> {
    const [row] = await this.db.select({ id: c.id }).from(c).where(eq(c.id, id)).limit(1);
    return Boolean(row);
  }

  async insert(tx: DbOrTx, payload: StorageItemPayload): Promise<string> {
    const [row] = await tx.insert(i).values(columns(payload)).returning({ id: i.id });
    if (!row) throw new Error('INSERT senza riga restituita');
    return row.id;
  }

  async update(tx: DbOrTx, id: string, payload: StorageItemPayload): Promise<boolean> {
    const updated = await tx.update(i).set(columns(payload)).where(eq(i.id, id)).returning({ id: i.id });
    return updated.length > 0;
  }

  lockAndCountHolders(tx: DbOrTx, id: string) {
    return lockAndCountHolders(tx, i, i.id, id, HOLDERS);
  }

  async delete(tx: DbOrTx, id: string): Promise<void> {
    await tx.delete(i).where(eq(i.id, id));
  }
}

const columns = (p: StorageItemPayload) => ({
  description: p.description,
  category_id: p.category,
  total_quantity: p.total_quantity,
  current_quantity: p.current_quantity,
});
