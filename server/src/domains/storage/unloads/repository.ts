import { eq, sql } from 'drizzle-orm';
import type { StorageUnload, StorageUnloadPayload } from 'shared-api/contract';
import type { Db, DbOrTx } from '../../../core/db/client';
import { joinOnKey, leftJoinOn, listFrom, type ListSource, searchableText, selectRows, tableList } from '../../../core/list';
import type { EditableRepository } from '../../../core/resources/service';
import { users } from '../../registry/tables';
import type { StoredMovement } from '../items/stock';
import { storage_items, storage_unloads } from '../tables';

export const STORAGE_UNLOAD_SORT_KEYS = ['type', 'item', 'quantity', 'start_date', 'reason', 'user', 'notes'] as const;
export type StorageUnloadSortKey = (typeof STORAGE_UNLOAD_SORT_KEYS)[number];

const u = storage_unloads;
const i = storage_items;

const FROM = listFrom(u, joinOnKey(i, eq(i.id, u.item_id)), leftJoinOn(users, eq(users.id, u.user_id)));
const COLUMNS = {
  _id: u.id,
  type: sql<StorageUnload['type']>`${u.type}`,
  item: { _id: i.id, description: i.description },
  quantity: u.quantity,
  start_date: u.start_date,
  reason: u.reason,
  user: sql<
    StorageUnload['user']
  >`case when ${users.id} is null then null else json_build_object('_id', ${users.id}, 'name', ${users.name}, 'surname', ${users.surname}) end`,
  notes: u.notes,
};

/** Unloads and deliveries (spec 001 §3 Storage unload) with their item and member: SQL only. */
export class StorageUnloadRepository implements EditableRepository<StorageUnload, StorageUnloadPayload, StorageUnloadSortKey> {
  constructor(private readonly db: Db) {}

  listSource(): ListSource<StorageUnload, StorageUnloadSortKey> {
    return tableList(this.db, {
      from: FROM,
      columns: COLUMNS,
      search: searchableText(i.description, u.reason, users.surname, users.name, u.notes),
      sortColumns: {
        type: u.type,
        item: i.description,
        quantity: u.quantity,
        start_date: u.start_date,
        reason: u.reason,
        user: sql`${users.surname} || ' ' || ${users.name}`,
        notes: u.notes,
      },
      // Newest first: the latest date, and on one date the latest recorded.
      defaultSort: [u.start_date, u.created_at],
      defaultOrder: 'desc',
      tieBreaker: u.id,
    });
  }

  async get(id: string): Promise<StorageUnload | null> {
    const [row] = await selectRows(this.db, FROM, COLUMNS, eq(u.id, id), { limit: 1 });
    return row ?? null;
  }

  async userExists(id: string): Promise<boolean> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
    return Boolean(row);
  }

  async insert(tx: DbOrTx, p: StorageUnloadPayload): Promise<string> {
    const [row] = await tx.insert(u).values(columns(p)).returning({ id: u.id });
    if (!row) throw new Error('INSERT senza riga restituita');
    return row.id;
  }

  /** The stored unload, its row locked until the transaction ends (a racing edit or deletion of it waits). */
  async lockForChange(tx: DbOrTx, id: string): Promise<StoredMovement | null> {
    const [row] = await tx.select({ itemId: u.item_id, quantity: u.quantity }).from(u).where(eq(u.id, id)).for('update');
    return row ? { ...row, kind: 'unload' } : null;
  }

  async update(tx: DbOrTx, id: string, p: StorageUnloadPayload): Promise<boolean> {
    return (await tx.update(u).set(columns(p)).where(eq(u.id, id)).returning({ id: u.id })).length > 0;
  }

  /** Nothing holds an unload: locked already by lockForChange, it is only said to exist. */
  async lockAndCountHolders(tx: DbOrTx, id: string): Promise<string[] | null> {
    return (await this.lockForChange(tx, id)) ? [] : null;
  }

  async delete(tx: DbOrTx, id: string): Promise<void> {
    await tx.delete(u).where(eq(u.id, id));
  }
}

const columns = (p: StorageUnloadPayload) => ({
  type: p.type,
  item_id: p.item,
  quantity: p.quantity,
  start_date: p.start_date,
  reason: p.reason,
  user_id: p.user,
  notes: p.notes,
});
