import { type Placeholder, type Query, type SQL, fillPlaceholders, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type DbOrTx, genericPlanDb } from './client';
import { rowsOf } from './rows';

const dialect = new PgDialect();

/** A value the statement takes on each call, named: `p('ids')` in the statement's SQL. */
export type Param<K extends string> = (name: K) => Placeholder<K>;

export interface NamedStatement<K extends string> {
  run<T>(db: DbOrTx, values: Record<K, unknown>): Promise<T[]>;
}

/**
 * A statement the server runs very often, written once and run as a named prepared statement: its SQL text is built
 * on the first call only (every call after fills in the values), and on PostgreSQL each connection parses and plans
 * it once (node-postgres keeps the names per connection; outside a transaction it runs on the connections that ask
 * for generic plans, core/db/client) where an
 * unnamed statement of many subqueries is planned again on every call. PGlite runs it as an ordinary statement.
 * Every value that changes between calls must be a `p(...)` placeholder (a list is one array value, cast with
 * `::uuid[]`), never interpolated: the text under one name must not change.
 */
export function namedStatement<K extends string>(name: string, build: (p: Param<K>) => SQL): NamedStatement<K> {
  let query: Query | null = null;
  return {
    async run<T>(db: DbOrTx, values: Record<K, unknown>): Promise<T[]> {
      query ??= dialect.sqlToQuery(build((key) => sql.placeholder(key)));
      const params = fillPlaceholders(query.params, values);
      // Outside a transaction, on the connections that plan it once, generically (core/db/client); in one, on its own.
      const target = genericPlanDb(db) ?? db;
      const result: unknown = await target._.session.prepareQuery({ sql: query.sql, params }, undefined, name, false).execute();
      return rowsOf<T>(result);
    },
  };
}
