import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** A timestamp column as the API's ISO text. */
export const isoTimestamp = (column: AnyColumn | SQL): SQL<string> =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A bigint sum of cents, as a number (a bigint comes back as text from the drivers). */
export const sumCents = (column: AnyColumn | SQL): SQL<number> => sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number);
