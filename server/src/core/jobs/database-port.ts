import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Database, DbOrTx, Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { currentTransaction } from '../db/unit-of-work';

/** pg-boss's database port (its `db` option): over our pool or embedded database, or over one of our transactions. */

/** The driver's own client of a drizzle transaction (pg's PoolClient, PGlite's Transaction). */
const clientOf = (tx: Tx) => (tx as unknown as { _: { session: { client: unknown } } })._.session.client;

/**
 * pg-boss's database port over our connection: the pg pool itself, or the embedded PGlite (one statement with values,
 * several without). Inside a unit of work, through its transaction: a job queued by a request or a job commits (or
 * rolls back) with the rest of its work, and PGlite's one connection, held by that transaction, is not waited for.
 */
export function pgBossDb(database: Database): PgBoss.Db {
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (database.driver === 'pg') {
    const pool = client as pg.Pool;
    return {
      executeSql: (text, values) => {
        const tx = currentTransaction();
        return tx ? (clientOf(tx) as pg.PoolClient).query(text, values) : pool.query(text, values);
      },
    };
  }
  const lite = client as PGlite;
  return {
    async executeSql(text, values) {
      const tx = currentTransaction();
      const on = tx ? (clientOf(tx) as Pick<PGlite, 'query' | 'exec'>) : lite;
      if (values?.length) {
        const result = await on.query(text, values);
        return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
      }
      // pg-boss sends its schema changes and locked sections as one multi-statement text, as pg's simple protocol allows.
      const results = (await on.exec(text)).map((r) => ({ rows: r.rows, rowCount: r.affectedRows ?? r.rows.length }));
      const [only, ...more] = results;
      return only && more.length === 0 ? only : (results as never);
    },
  };
}

/**
 * pg-boss's database port over a transaction of ours (or the ambient connection a service holds): its statement runs
 * through drizzle on that transaction, its `$n` placeholders turned into drizzle's parameters, so the job commits or
 * rolls back with the caller's rows (pg-boss 10's `db` option of send and insert).
 */
export function pgBossDbOf(db: DbOrTx): PgBoss.Db {
  return {
    async executeSql(text, values = []) {
      const chunks: SQL[] = [];
      let from = 0;
      for (const match of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(from, match.index)), sql`${sql.param(values[Number(match[1]) - 1])}`);
        from = match.index + match[0].length;
      }
      chunks.push(sql.raw(text.slice(from)));
      const rows = rowsOf<object>(await db.execute(sql.join(chunks)));
      return { rows, rowCount: rows.length };
    },
  };
}
