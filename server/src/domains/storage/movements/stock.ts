import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../core/db/client';
import { storage_items } from '../tables';

/** What a movement does to its item: how much it adds to the current and to the total quantity (negative takes). */
export interface StockChange {
  itemId: string;
  current: number;
  total: number;
}

export type StockOutcome =
  { ok: true } | { ok: false; missing: true } | { ok: false; missing: false; description: string; current: number; change: StockChange };

const i = storage_items;

/**
 * Adds the changes to their items in the caller's transaction, item by item in id order (so two movements touching
 * the same items lock them in the same order). Each is one conditional UPDATE: the row lock makes a racing movement
 * wait and then see the new quantity, and the WHERE refuses a change that would leave less than zero — the
 * first refused change is answered and the caller rolls back.
 */
export async function applyStockChanges(tx: DbOrTx, changes: readonly StockChange[]): Promise<StockOutcome> {
  const merged = new Map<string, StockChange>();
  for (const change of changes) {
    const prev = merged.get(change.itemId);
    merged.set(
      change.itemId,
      prev ? { itemId: change.itemId, current: prev.current + change.current, total: prev.total + change.total } : { ...change },
    );
  }
  for (const change of [...merged.values()].sort((a, b) => a.itemId.localeCompare(b.itemId))) {
    const updated = await tx
      .update(i)
      .set({ current_quantity: sql`${i.current_quantity} + ${change.current}`, total_quantity: sql`${i.total_quantity} + ${change.total}` })
      .where(
        and(
          eq(i.id, change.itemId),
          sql`${i.current_quantity} + ${change.current} >= 0`,
          sql`${i.total_quantity} + ${change.total} >= ${i.current_quantity} + ${change.current}`,
        ),
      )
      .returning({ id: i.id });
    if (updated.length) continue;
    const [item] = await tx.select({ description: i.description, current: i.current_quantity }).from(i).where(eq(i.id, change.itemId)).limit(1);
    return item ? { ok: false, missing: false, description: item.description, current: item.current, change } : { ok: false, missing: true };
  }
  return { ok: true };
}
