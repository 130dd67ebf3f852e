import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

// The database's types on their own, so that the client (which opens units of work) and the unit of work (which
// needs these types) do not import each other.

/**
 * One type for both drivers: the repositories only use what they share. Tables are imported by the code that
 * queries them (each domain's tables.ts), so the client needs no schema and core knows no domain.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;
