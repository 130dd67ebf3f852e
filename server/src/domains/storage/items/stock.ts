import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../core/db/client';
import { DomainError, invalidInput } from '../../../core/errors';
import type { RowEffect } from '../../../core/resources/service';
import { storage_items } from '../tables';

/** A movement as stored: a load adds its quantity to the item, an unload or delivery takes it. */
export interface StoredMovement {
  kind: 'load' | 'unload';
  itemId: string;
  quantity: number;
}

/** What a movement does to its item: how much it adds to the current and to the total quantity (negative takes). */
export interface StockChange {
  itemId: string;
  current: number;
  total: number;
}

export type StockOutcome =
  | { ok: true }
  | { ok: false; missing: true }
  | { ok: false; missing: false; description: string; current: number; change: StockChange };

const i = storage_items;

/** The CHECK that keeps an item's quantities whole: the database's last word should a change slip past the update. */
export const STOCK_CHECK = { constraint: 'storage_items_quantities_check', code: 'STORAGE_NOT_ENOUGH_STOCK' } as const;

/** A load grows the current and the total quantity; an unload or a delivery takes from the current one only. */
export function stockChangeOf(movement: StoredMovement, sign: 1 | -1 = 1): StockChange {
  const q = movement.quantity * sign;
  return movement.kind === 'load' ? { itemId: movement.itemId, current: q, total: q } : { itemId: movement.itemId, current: -q, total: 0 };
}

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

/**
 * What a load or an unload does to its item's quantities, kept by the editable service in the movement's own
 * transaction: creating applies its effect, editing undoes the old effect and applies the new one, deleting undoes
 * it — refused, with nothing changed, when an item would be left with less than zero in stock (DESIGN §5 Storage).
 */
export function stockEffect<P>(
  kind: StoredMovement['kind'],
  movementOf: (payload: P) => Omit<StoredMovement, 'kind'>,
  locked: (tx: DbOrTx, id: string) => Promise<StoredMovement | null>,
): RowEffect<P, StoredMovement> {
  return {
    of: (payload) => ({ kind, ...movementOf(payload) }),
    locked,
    async apply(tx, undone, done) {
      const outcome = await applyStockChanges(tx, [...undone.map((m) => stockChangeOf(m, -1)), ...done.map((m) => stockChangeOf(m))]);
      if (outcome.ok) return;
      if (outcome.missing) throw invalidInput('item: Articolo non trovato');
      const taken = -outcome.change.current;
      throw new DomainError(
        'STORAGE_NOT_ENOUGH_STOCK',
        `Quantità non disponibile in magazzino: di «${outcome.description}» restano ${outcome.current} pezzi, l'operazione ne toglierebbe ${taken}.`,
      );
    },
  };
}
