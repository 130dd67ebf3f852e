import type pg from 'pg';
import type { Database } from '../db/client';

/** The advisory lock every process working jobs on a PostgreSQL database holds shared (joinWorkingRunners). */
const WORKING_RUNNERS_LOCK = 4_307_201_943;

/** A working process's place among those working jobs on its database. */
export interface WorkingShare {
  /** No other process was working jobs on the database when this one joined. */
  alone: boolean;
  /** Once the jobs a crash left running are failed back: from here on only shared (others may join). */
  settle(): Promise<void>;
  /** Leaves (JobRunner.stop). */
  end(): Promise<void>;
}

/**
 * Joins the processes working jobs on the database, telling whether this one is alone, so the jobs still 'active' at
 * its start were cut by a crash. The embedded database is always one process's (its data folder locked). On PostgreSQL
 * every working process holds a shared advisory lock on a session of its own for as long as it runs (the server drops
 * it when the process dies, SIGKILL included); one that gets the lock exclusively first finds no other alive, and holds
 * it until settle() so that a process starting meanwhile does not resume the same jobs.
 */
export async function joinWorkingRunners(database: Database, onError: (err: unknown) => void): Promise<WorkingShare> {
  if (database.driver === 'pglite') return { alone: true, settle: async () => {}, end: async () => {} };
  const pool = (database.db as unknown as { $client: pg.Pool & { Client: typeof pg.Client; options: pg.ClientConfig } }).$client;
  const session = new pool.Client(pool.options);
  session.on('error', onError);
  await session.connect();
  try {
    const { rows } = await session.query<{ alone: boolean }>('select pg_try_advisory_lock($1) as alone', [WORKING_RUNNERS_LOCK]);
    await session.query('select pg_advisory_lock_shared($1)', [WORKING_RUNNERS_LOCK]);
    const alone = rows[0]?.alone === true;
    return {
      alone,
      settle: async () => {
        if (alone) await session.query('select pg_advisory_unlock($1)', [WORKING_RUNNERS_LOCK]);
      },
      end: () => session.end().catch(() => undefined),
    };
  } catch (err) {
    await session.end().catch(() => undefined);
    throw err;
  }
}
