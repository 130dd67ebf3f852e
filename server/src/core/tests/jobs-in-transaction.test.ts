/**
 * Issue 38: a job queued in the caller's transaction (Jobs.send/sendMany with `db`) is committed with it or never
 * queued; a job a crash left running is run again at the next start of a process working alone. Issue 43: a worker that
 * polls once an hour still runs at once what this process queued (woken when its unit of work commits, a delayed job
 * or a retry when due). PGlite in-process, or a fresh database on DATABASE_URL's PostgreSQL server.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { createScratchDatabase, type ScratchDatabase } from 'test-kit';
import { type Database, openDatabase } from '../db/client';
import { rowsOf } from '../db/rows';
import { type JobDefinition, JobRunner } from '../jobs/runner';
import { ambientDb, currentTransaction, holdUnitOfWork, unitOfWork } from '../db/unit-of-work';

const baseUrl = process.env.DATABASE_URL;
let scratch: ScratchDatabase | null = null;
let database: Database;
const runners: JobRunner[] = [];
const seen: { n: number; tag: string }[] = [];
const definition: JobDefinition<{ n: number; tag: string }> = {
  name: 'prova.transazione',
  async run(data) {
    seen.push(data);
  },
};

async function startRunner(work = true): Promise<JobRunner> {
  const runner = new JobRunner(database, { pollingIntervalSeconds: 0.5, work, onError: () => undefined });
  runners.push(runner);
  await runner.start([definition], {});
  return runner;
}

async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 50));
}

const queued = async (tag: string) =>
  rowsOf<{ n: number }>(
    await database.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'prova.transazione' and data->>'tag' = ${tag}`),
  )[0]!.n;

before(async () => {
  if (baseUrl) {
    scratch = await createScratchDatabase(baseUrl, 'test');
    database = await openDatabase({ kind: 'pg', url: scratch.url });
  } else database = await openDatabase({ kind: 'pglite', dataDir: null });
});
after(async () => {
  await Promise.all(runners.map((runner) => runner.stop()));
  await database.close();
  await scratch?.drop();
});

test('jobs queued in a transaction are queued only if it commits, and then run once with their data', async () => {
  const runner = await startRunner();
  await assert.rejects(
    database.db.transaction(async (tx) => {
      await runner.send('prova.transazione', { n: 1, tag: 'annullata' }, { db: tx });
      await runner.sendMany('prova.transazione', [{ n: 2, tag: 'annullata' }], { db: tx });
      throw new Error('rollback');
    }),
    /rollback/,
  );
  await database.db.transaction(async (tx) => {
    await runner.send('prova.transazione', { n: 3, tag: 'confermata' }, { db: tx });
    await runner.sendMany(
      'prova.transazione',
      [
        { n: 4, tag: 'confermata' },
        { n: 5, tag: 'confermata' },
      ],
      { db: tx },
    );
  });
  await until(() => seen.filter((s) => s.tag === 'confermata').length === 3);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  assert.equal(await queued('annullata'), 0);
  assert.deepEqual(seen.map((s) => s.n).sort(), [3, 4, 5]);
});

test('a job a crash left running runs again, at once, at the next start of a process that works alone on the database', async () => {
  // The runners of the tests above stop: no process works on the database now.
  await Promise.all(runners.map((runner) => runner.stop()));
  // On PostgreSQL, while another process works, a job found running may be its own: a process starting then leaves it.
  const working = baseUrl ? await startRunner() : null;
  const queueing = await startRunner(false);
  const id = await queueing.send('prova.transazione', { n: 6, tag: 'interrotta' });
  // What a SIGKILL in the middle of the job leaves: the job 'active', nobody running it.
  await database.db.execute(sql`update pgboss.job set state = 'active', started_on = now() where id = ${id}`);
  await queueing.stop();
  const stateOf = async () => rowsOf<{ state: string }>(await database.db.execute(sql`select state from pgboss.job where id = ${id}`))[0]!.state;
  if (working) {
    const second = await startRunner();
    assert.equal(await stateOf(), 'active');
    await second.stop();
    await working.stop();
  }
  // Alone (on PGlite always): failed back and due now, not after its retry's 30 s or more; run by the first fetch.
  await startRunner();
  // Whether or not the first fetch has taken it yet, its start is now, not the retry's delay on.
  const [retried] = rowsOf<{ due: boolean }>(await database.db.execute(sql`select start_after <= now() as due from pgboss.job where id = ${id}`));
  assert.deepEqual(retried, { due: true });
  await until(() => seen.some((s) => s.tag === 'interrotta'));
});

/** Each run of 'prova.risveglio': its tag (a job tagged 'riprova' fails its first attempt). */
const woken: string[] = [];
const wakeDefinition: JobDefinition<{ tag: string }> = {
  name: 'prova.risveglio',
  retry: { retryLimit: 1, retryDelaySeconds: 1, retryBackoff: false },
  async run({ tag }) {
    woken.push(tag);
    if (tag === 'riprova' && woken.filter((t) => t === 'riprova').length === 1) throw new Error('primo tentativo');
  },
};

test(
  'a worker that polls once an hour runs what a unit of work queued once it commits, a delayed job and a retry when due',
  { timeout: 60_000 },
  async () => {
    // A job queued before the worker starts: once it has run, the worker's first fetch is over and it sleeps for the hour.
    const queueing = new JobRunner(database, { work: false });
    runners.push(queueing);
    await queueing.start([wakeDefinition], {});
    await queueing.send('prova.risveglio', { tag: 'prima' });
    const runner = new JobRunner(database, { pollingIntervalSeconds: 3600, onError: () => undefined });
    runners.push(runner);
    await runner.start([wakeDefinition], {});
    await until(() => woken.includes('prima'));

    const request = { kind: 'request' as const, label: 'POST /prova' };
    // A request's unit of work (held across its hooks, as the API holds it) that rolls back: its job is never queued.
    const refused = await holdUnitOfWork(database.db, request);
    await refused.enter(() => runner.send('prova.risveglio', { tag: 'annullata' }, { db: currentTransaction()! }));
    await refused.end(false);
    // One that commits, its job queued in its transaction: run without waiting for the hour's poll.
    const held = await holdUnitOfWork(database.db, request);
    await held.enter(() => runner.send('prova.risveglio', { tag: 'richiesta' }, { db: currentTransaction()! }));
    await held.end(true);
    await until(() => woken.includes('richiesta'));

    // A job's unit of work queueing several in a transaction of its own (a savepoint), as the mailer's queueIn does.
    const services = ambientDb(database.db, { guard: true });
    await unitOfWork(database.db, { kind: 'job', label: 'prova' }, () =>
      services.transaction((tx) => runner.sendMany('prova.risveglio', [{ tag: 'lotto' }, { tag: 'lotto' }], { db: tx })),
    );
    await until(() => woken.filter((t) => t === 'lotto').length === 2);

    // A delayed job, when it falls due; a failed attempt, when its retry does.
    await unitOfWork(database.db, request, () => runner.send('prova.risveglio', { tag: 'ritardata' }, { startAfter: 1 }));
    await unitOfWork(database.db, request, () => runner.send('prova.risveglio', { tag: 'riprova' }));
    await until(() => woken.includes('ritardata') && woken.filter((t) => t === 'riprova').length === 2);

    // Every fetch above would have found the rolled-back request's job, had it been queued.
    assert.equal(woken.includes('annullata'), false);
    assert.equal(
      rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from pgboss.job where data->>'tag' = 'annullata'`))[0]!.n,
      0,
    );
  },
);
