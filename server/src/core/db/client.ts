import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_buffercache } from '@electric-sql/pglite/contrib/pg_buffercache';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { StatementCachingPGlite } from './pglite-statements';
import { applyMigrations } from './migrations';
import { ambientDb, currentTransaction, rawDb } from './unit-of-work';

import type { Db, DbOrTx, Tx } from './types';

export type { Db, DbOrTx, Tx };

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  /**
   * Applies the migrations not yet applied: core's and those in `folders` (the domains', core/db/migrations.ts); with
   * `upTo`, only those of the journal up to that time.
   */
  migrate(folders: readonly string[], upTo?: number): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'pg'; url: string }
  /**
   * dataDir null = in memory; loadDataDir = start from a dump (tests); sharedBuffers = PostgreSQL's shared_buffers
   * (e.g. '16MB'; PGlite's default 128 MB is zeroed at every start: the tests' small in-memory databases take 16 MB).
   */
  | { kind: 'pglite'; dataDir: string | null; loadDataDir?: Blob; sharedBuffers?: string };

const genericPlanDbs = new WeakMap<Db, Db>();

/**
 * The same PostgreSQL database on the connections that plan named statements once, generically (PGlite: none; none
 * either inside a unit of work, whose statements run in its transaction: core/db/unit-of-work).
 */
export const genericPlanDb = (db: DbOrTx): Db | undefined => (currentTransaction() ? undefined : genericPlanDbs.get(rawDb(db)));

/** pg's own query(), called on a CallbackQueryClient: taken once, not bound again on every query. */
// eslint-disable-next-line @typescript-eslint/unbound-method -- always called with a client as `this` (.call, .apply)
const pgQuery = pg.Client.prototype.query as unknown as (this: pg.Client, ...args: unknown[]) => never;

/**
 * node-postgres' Client, whose promise form of query() (the one drizzle calls) goes through its callback form. Through
 * pg's own promise form, every finished query's rows kept surviving the young-generation collections until the next
 * full one: a program reading a 3,000-row result in a loop had 29 MB of every 54 MB it allocated survive each
 * collection, against 1 MB through the callback form, and the calendar's month of fifty tables paid 10–14 ms in the
 * requests a collection fell in (2 ms after; bench/README, 26/11/2026, sixth session). Errors still carry the stack of
 * the code that awaited them, as pg's form gives them.
 */
class CallbackQueryClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [config, values, callback] = args;
    const submittable = typeof (config as { submit?: unknown } | null)?.submit === 'function';
    if (submittable || typeof values === 'function' || typeof callback === 'function') return pgQuery.apply(this, args);
    return new Promise((resolve, reject) => {
      pgQuery.call(this, config, values, (err: Error | null, result: unknown) => (err ? reject(err) : resolve(result)));
    }).catch((err: Error) => {
      Error.captureStackTrace(err);
      throw err;
    }) as never;
  }
}

/** Any fixed number: migrations of several processes starting together run one at a time. */
const MIGRATION_LOCK_ID = 727_001;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'pg') {
    const pool = new pg.Pool({ connectionString: options.url, max: 10, Client: CallbackQueryClient });
    // The named prepared statements of the hottest paths (core/db/prepared) run on their own connections, which plan
    // each statement once, generically: PostgreSQL would otherwise plan a statement of many subqueries again on every
    // call whenever its generic plan looks costlier to it. Everything else keeps a plan for its values (the setting
    // would give every parameterized statement a generic plan). Connections open on first use.
    // Sequential scans are off there: those statements are index probes by design, and a generic plan is kept for
    // the connection's life, so one made while a table was empty or small (its statistics say so) would otherwise
    // scan that table on every call as it grows (the booking engine fell from 1,355 to 573 bookings a second after
    // an ANALYZE of its empty tables). Tables without a usable index are still read whole.
    const genericPool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      Client: CallbackQueryClient,
      options: '-c plan_cache_mode=force_generic_plan -c enable_seqscan=off',
    });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    for (const p of [pool, genericPool]) p.on('error', (err) => console.error('PostgreSQL: connessione inattiva persa', err.message));
    const raw = drizzlePg({ client: pool }) as unknown as Db;
    genericPlanDbs.set(raw, drizzlePg({ client: genericPool }));
    // Every query of the app's handle runs in the current unit of work when there is one (core/db/unit-of-work).
    const db = ambientDb(raw, { guard: false });
    return {
      db,
      driver: 'pg',
      async migrate(folders, upTo) {
        const lock = await pool.connect();
        try {
          await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
          await applyMigrations(db, folders, upTo);
        } finally {
          await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
          lock.release();
        }
      },
      close: async () => {
        await Promise.all([pool.end(), genericPool.end()]);
      },
    };
  }
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  // PGlite is one process's database: a second server on the same folder refuses to start.
  const release = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  let client: PGlite;
  try {
    // Each statement in one call into the WebAssembly backend, planned once per text (core/db/pglite-statements).
    client = new StatementCachingPGlite({
      dataDir: options.dataDir ?? undefined,
      loadDataDir: options.loadDataDir,
      // pg_buffercache: the online backup of a data folder writes the dirty buffers out before its checkpoint
      // (core/backup/pglite.ts); a database held in memory is backed up with dumpDataDir and loads only pg_trgm.
      extensions: options.dataDir ? { pg_trgm, pg_buffercache } : { pg_trgm },
      ...(options.sharedBuffers ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffers}`] } : {}),
    });
    await client.waitReady;
  } catch (err) {
    release();
    throw err;
  }
  const db = ambientDb(drizzlePglite({ client }), { guard: false });
  return {
    db,
    driver: 'pglite',
    migrate: (folders, upTo) => applyMigrations(db, folders, upTo),
    async close() {
      if (!client.closed) await client.close();
      release();
    },
  };
}

/**
 * Dump of an embedded database (tests reuse a migrated, seeded one): checkpointed, so a copy starts without replaying
 * the write-ahead log, and an uncompressed tar, so it opens without gunzipping it. Opening one: 1.85 → 1.45 CPU-s.
 */
export async function dumpPglite(database: Database): Promise<Blob> {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  await client.exec('CHECKPOINT');
  return client.dumpDataDir('none');
}
