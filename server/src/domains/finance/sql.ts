import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client';

/** A timestamp column as the API's ISO text. */
export const isoTimestamp = (column: AnyColumn | SQL): SQL<string> =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A bigint sum of cents, as a number (a bigint comes back as text from the drivers). */
export const sumCents = (column: AnyColumn | SQL): SQL<number> => sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number);

/** Serialises automatic codes of accounts or subaccounts: two created at once never take the same next code. */
export async function lockCodes(tx: DbOrTx, scope: 'accounts' | 'subaccounts'): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`finance:${scope}`}))`);
}
