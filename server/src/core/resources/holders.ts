import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { rowsOf } from '../db/rows';

/** A link table whose rows hold a reference row (e.g. user_qualifications holds a qualification), and what to call them. */
export interface Holder {
  column: PgColumn;
  table: PgTable;
  /** Italian noun, singular and plural: 'utente'/'utenti'. */
  noun: readonly [string, string];
}

/**
 * Locks the reference row (FOR UPDATE: a concurrent link insert, whose foreign-key check needs a KEY SHARE lock,
 * waits until this transaction ends) and says who still holds it: ['3 utenti', '1 categoria'], empty when nothing
 * does. Null when the row does not exist.
 */
export async function lockAndCountHolders(
  tx: DbOrTx,
  target: PgTable,
  idColumn: PgColumn,
  id: string,
  holders: readonly Holder[],
): Promise<string[] | null> {
  const locked = await tx.execute(sql`select 1 from ${target} where ${idColumn} = ${id} for update`);
  if (!rowsOf(locked).length) return null;
  const parts: string[] = [];
  for (const holder of holders) {
    const n = await tx.$count(holder.table, eq(holder.column, id));
    if (n > 0) parts.push(`${n} ${n === 1 ? holder.noun[0] : holder.noun[1]}`);
  }
  return parts;
}
