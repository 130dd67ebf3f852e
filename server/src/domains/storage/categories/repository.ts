import { eq } from 'drizzle-orm';
import type { StorageCategory, StorageCategoryPayload } from 'shared-api/contract';
import type { Db, DbOrTx } from '../../../core/db/client';
import { type ListSource, listFrom, searchableText, selectRows, tableList } from '../../../core/list';
import type { EditableRepository } from '../../../core/resources/service';
import { type Holder, lockAndCountHolders } from '../../../core/resources/holders';
import { storage_item_categories, storage_items } from '../tables';

export const STORAGE_CATEGORY_SORT_KEYS = ['name'] as const;
export type StorageCategorySortKey = (typeof STORAGE_CATEGORY_SORT_KEYS)[number];

const HOLDERS: Holder[] = [{ table: storage_items, column: storage_items.category_id, noun: ['articolo', 'articoli'] }];
const c = storage_item_categories;
const FROM = listFrom(c);
const COLUMNS = { _id: c.id, name: c.name };

/** Item categories (spec 001 §3 Storage item category): SQL only. */
export class StorageCategoryRepository implements EditableRepository<StorageCategory, StorageCategoryPayload, StorageCategorySortKey> {
  constructor(private readonly db: Db) {}

  listSource(): ListSource<StorageCategory, StorageCategorySortKey> {
    return tableList(this.db, {
      from: FROM,
      columns: COLUMNS,
      search: searchableText(c.name),
      sortColumns: { name: c.name },
      defaultSort: [c.name],
      tieBreaker: c.id,
    });
  }

  async get(id: string): Promise<StorageCategory | null> {
    const [row] = await selectRows(this.db, FROM, COLUMNS, eq(c.id, id), { limit: 1 });
    return row ?? null;
  }

  async insert(tx: DbOrTx, payload: StorageCategoryPayload): Promise<string> {
    const [row] = await tx.insert(c).values({ name: payload.name }).returning({ id: c.id });
    if (!row) throw new Error('INSERT senza riga restituita');
    return row.id;
  }

  async update(tx: DbOrTx, id: string, payload: StorageCategoryPayload): Promise<boolean> {
    const updated = await tx.update(c).set({ name: payload.name }).where(eq(c.id, id)).returning({ id: c.id });
    return updated.length > 0;
  }

  lockAndCountHolders(tx: DbOrTx, id: string) {
    return lockAndCountHolders(tx, c, c.id, id, HOLDERS);
  }

  async delete(tx: DbOrTx, id: string): Promise<void> {
    await tx.delete(c).where(eq(c.id, id));
  }
}
