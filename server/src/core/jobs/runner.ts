import PgBoss from 'pg-boss';
import { setAuditContext, systemAuditContext } from '../audit/context';
import type { Database, DbOrTx, Tx } from '../db/client';
import { type UnitOfWorkMode, afterCommit, currentTransaction, deferredUnitOfWork, unitOfWork } from '../db/unit-of-work';
import { type Clock, systemClock } from '../time';
import { pgBossDb, pgBossDbOf } from './database-port';
import { type WorkingShare, joinWorkingRunners } from './working-runners';

export { pgBossDbOf } from './database-port';

/**
 * Work that runs later or again (a mail whose delivery failed, certificate expiry warnings, booking reminders),
 * kept in the database by pg-boss 10 (schema `pgboss`), so it survives restarts and several server processes
 * share it: a job is claimed with FOR UPDATE SKIP LOCKED and runs in one process only.
 */

/** How a job is retried: `retryLimit` more attempts, the first after `retryDelaySeconds`, doubling when `retryBackoff`. */
export interface RetryPolicy {
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
}

/**
 * One kind of job, declared once (by core or by a domain in its Domain object). `run` throws to fail the attempt;
 * after the last retry the job is kept as failed.
 */
export interface JobDefinition<T = unknown, S = unknown> {
  /** Queue name, e.g. 'mail' or 'certificates.expiry-warnings' (letters, digits, '.', '-', '_'). */
  name: string;
  retry?: Partial<RetryPolicy>;
  /** A cron expression (minute hour day month weekday) in the club's time zone: the job is sent on that schedule. */
  schedule?: string;
  /**
   * Recurring work (e.g. account housekeeping): one run per period of `everyMinutes` (a divisor of 60) across all
   * processes on the database. Every working process offers the period's run at start and on the cron schedule
   * `*\/everyMinutes`; the database keeps one job per period (pg-boss's singleton slot, a unique index), so the run is
   * claimed once however many processes offer it.
   */
  recurring?: { everyMinutes: number };
  /** Jobs one worker claims per poll (default 10); they run one after the other, each completed or failed on its own. */
  batchSize?: number;
  /** Workers of this kind in one process (default 1): more run jobs side by side. */
  concurrency?: number;
  /**
   * Each run is one unit of work (core/db/unit-of-work) with the system's audit context (actor null): 'transaction'
   * (default), one transaction around the whole run; 'deferred', for a run that waits on something else than the
   * database (an SMTP delivery, a backup's dump): each of its top-level transactions is a unit of work of its own.
   */
  unitOfWork?: UnitOfWorkMode;
  run(data: T, services: S): Promise<void>;
}

/**
 * Where a job is queued: `db`, the caller's transaction, makes the job part of it (committed with the rows that call for
 * it, or never queued); without it the job is queued on its own.
 */
export interface SendOptions {
  startAfter?: number | Date;
  singletonKey?: string;
  db?: DbOrTx;
}

/** What the rest of the server sees: queueing a job is one call. */
export interface Jobs {
  /** Queues a job of a declared kind; `startAfter` delays it (seconds, or a date). Answers the job's id. */
  send(name: string, data: object, options?: SendOptions): Promise<string>;
  /** Queues several jobs of one declared kind, due now, in one statement (all or none); in `db` when given. */
  sendMany(name: string, data: readonly object[], options?: Pick<SendOptions, 'db'>): Promise<void>;
}

export const DEFAULT_RETRY: RetryPolicy = { retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true };

export interface JobRunnerOptions {
  /**
   * How often an idle worker looks for due jobs (seconds, at least 0.5; default IDLE_POLL_SECONDS). Its own jobs wake it
   * (JobRunner.wake): the poll only finds the work no process of ours woke it for.
   */
  pollingIntervalSeconds?: number;
  /** The club's time zone, for schedules. */
  timeZone?: string;
  /** Run workers and schedules (false: this process only queues jobs). */
  work?: boolean;
  /** The clock of the jobs' audit context. */
  clock?: Clock;
  onError?: (err: unknown) => void;
}

/**
 * pg-boss creates a queue's partition table with DDL on the shared job table: two processes creating queues at the
 * same moment can deadlock on PostgreSQL (40P01), which rolls one back whole. That one simply tries again.
 */
async function retryOnDeadlock(step: () => Promise<void>, attempts = 5): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (err) {
      if ((err as { code?: string }).code !== '40P01' || attempt >= attempts) throw err;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 50));
    }
  }
}

/** How often a working process offers the recurring jobs' current periods (JobRunner.start). */
const RECURRING_OFFER_MS = 30_000;

/**
 * How often an idle worker polls by default. A job this process queues wakes its worker once it can be seen (JobRunner.wake:
 * its unit of work's commit, a delay's or a retry's end); recurring periods are offered, and their workers woken, twice a
 * minute. Only the poll finds a cron schedule's job (pg-boss's timekeeper queues it), one queued by a process that does
 * not work (a CLI) or died before its timer, one pg-boss expired (15 minutes after its process died): minutes-scale work.
 * Each idle poll is a fetch per queue (some 13): at 2 s, about 0.5 CPU-s every 20 s of an idle test app.
 */
export const IDLE_POLL_SECONDS = 60;

/** pg-boss's cron worker (its queue of the schedules' offers, polled every 5 s by default): twice a minute, as its cron. */
const CRON_WORKER_SECONDS = 30;

/** A timed wake comes this long after the job's due time (the database's `now()` is the statement's or transaction's). */
const WAKE_MARGIN_MS = 100;

/** Whether `db` is a drizzle transaction (a database handle has no rollback()). */
const isTransaction = (db: DbOrTx): boolean => typeof (db as { rollback?: unknown }).rollback === 'function';

/** The cron expression that offers a recurring job at the start of each of its periods. */
function recurringCron({ name, recurring }: JobDefinition<never, unknown>): string {
  const minutes = recurring?.everyMinutes ?? 0;
  if (!Number.isInteger(minutes) || minutes < 1 || 60 % minutes !== 0) throw new Error(`Periodo non valido per ${name}: ${minutes} minuti`);
  return minutes === 60 ? '0 * * * *' : `*/${minutes} * * * *`;
}

/** One job per period and name: pg-boss keys the job on the period's start in database time (unique index job_i4). */
const recurringSlot = ({ name, recurring }: JobDefinition<never, unknown>) => ({
  singletonKey: name,
  singletonSeconds: (recurring?.everyMinutes ?? 0) * 60,
});

/** What a failed attempt leaves in the job's output: the error's message (and stack), JSON-safe. */
const errorOutput = (err: unknown): object => (err instanceof Error ? { message: err.message, stack: err.stack } : { message: String(err) });

export class JobRunner<S = unknown> implements Jobs {
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition<never, S>>();
  private readonly workerIds = new Map<string, string[]>();
  private started = false;
  /** Offers the recurring jobs' periods (start()); cleared by stop(). */
  private recurringTimer: NodeJS.Timeout | null = null;
  /** Wakes waiting for a delayed job or a retry to fall due (wakeIn); cleared by stop(). */
  private readonly wakeTimers = new Set<NodeJS.Timeout>();
  private stopping = false;
  /** Jobs running in this process, awaited by stop(). */
  private readonly running = new Set<Promise<void>>();
  /**
   * pg-boss's statements under way, awaited by stop() too: pg-boss marks a finished batch completed without awaiting
   * it, and a fetch already sent when the workers stop still claims its jobs (state 'active'). Left to run into a
   * closing database, either would leave those jobs active until they expire (15 minutes) and are run again.
   */
  private readonly statements = new Set<Promise<unknown>>();
  /** This process among those working jobs on the database (joinWorkingRunners), left by stop(). */
  private share: WorkingShare | null = null;

  constructor(
    private readonly database: Database,
    private readonly options: JobRunnerOptions = {},
  ) {
    const work = options.work ?? true;
    const db = pgBossDb(database);
    this.boss = new PgBoss({
      db: {
        executeSql: (text, values) => {
          const statement = db.executeSql(text, values);
          this.statements.add(statement);
          void statement.then(
            () => this.statements.delete(statement),
            () => this.statements.delete(statement),
          );
          return statement;
        },
      },
      schedule: work,
      supervise: work,
      cronWorkerIntervalSeconds: CRON_WORKER_SECONDS,
      // Finished jobs are kept a week for inspection, then archived and deleted by pg-boss's maintenance.
      archiveCompletedAfterSeconds: 7 * 24 * 3600,
    });
    this.boss.on('error', (err) => this.reportError(err));
  }

  /** pg-boss's errors and the recurring offers' failures: to the app's handler (its log), else the console. */
  private reportError(err: unknown): void {
    (this.options.onError ?? ((e) => console.error('Job runner:', e)))(err);
  }

  /** Creates pg-boss's schema (once per database, under its own advisory lock), the queues, their workers and schedules. */
  async start(definitions: readonly JobDefinition<never, S>[], services: S): Promise<void> {
    for (const definition of definitions) {
      if (this.definitions.has(definition.name)) throw new Error(`Job dichiarato due volte: ${definition.name}`);
      this.definitions.set(definition.name, definition);
    }
    await this.boss.start();
    this.started = true;
    for (const definition of definitions) {
      const retry = { ...DEFAULT_RETRY, ...definition.retry };
      const queue = {
        name: definition.name,
        retryLimit: retry.retryLimit,
        retryDelay: retry.retryDelaySeconds,
        retryBackoff: retry.retryBackoff,
      };
      // Several processes start together: creating a queue that exists is harmless, updating it applies new retry rules.
      await retryOnDeadlock(async () => {
        if (await this.boss.getQueue(definition.name)) await this.boss.updateQueue(definition.name, queue);
        else await this.boss.createQueue(definition.name, queue);
      });
    }
    if (this.options.work === false) return;
    this.share = await joinWorkingRunners(this.database, (err) => this.reportError(err));
    if (this.share.alone) await this.resumeCutJobs();
    await this.share.settle();
    for (const definition of definitions) {
      const ids: string[] = [];
      const batchSize = definition.batchSize ?? 10;
      for (let i = 0; i < (definition.concurrency ?? 1); i++) {
        // The worker's own id, known once work() answers (a first batch fetched before that waits for the next poll).
        const own: { id?: string } = {};
        own.id = await this.boss.work<object>(
          definition.name,
          { pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? IDLE_POLL_SECONDS, batchSize },
          async (batch) => {
            // pg-boss completes the whole batch when this returns: a job that throws is failed here, on its own.
            for (const job of batch) {
              const attempt = this.stopping
                ? Promise.reject(new Error('Job runner in arresto: il job sarà ripreso'))
                : this.runJob(definition, job.data, services);
              const tracked = attempt.then(
                () => undefined,
                async (err: unknown) => {
                  await this.boss.fail(definition.name, job.id, errorOutput(err));
                  await this.wakeForRetry(definition.name, job.id);
                },
              );
              this.running.add(tracked);
              await tracked.finally(() => this.running.delete(tracked));
            }
            // A full batch means more may be waiting (e.g. the mails of one send): fetch again at once, not after the poll.
            if (batch.length >= batchSize && own.id && !this.stopping) this.boss.notifyWorker(own.id);
          },
        );
        ids.push(own.id);
      }
      this.workerIds.set(definition.name, ids);
      if (definition.recurring) {
        await this.boss.schedule(definition.name, recurringCron(definition), {}, { tz: this.options.timeZone, ...recurringSlot(definition) });
        await this.offerRecurring(definition.name);
      } else if (definition.schedule) await this.boss.schedule(definition.name, definition.schedule, {}, { tz: this.options.timeZone });
      else await this.boss.unschedule(definition.name);
    }
    // pg-boss's cron fires a schedule only when the database's clock is within a minute of the cron time the process's
    // clock computes: a process whose clock is a minute or more off the database's (a drifting host; the tests' servers,
    // which run at the suites' instant on a real PostgreSQL) never ran a recurring job again after its start. This
    // process offers each recurring job's period itself too, twice a minute; the period's singleton slot keeps one run.
    const recurring = [...this.definitions.values()].filter((d) => d.recurring).map((d) => d.name);
    if (recurring.length && !this.recurringTimer) {
      this.recurringTimer = setInterval(() => {
        // The next offer retries; a failure is still said (a database that stays down), through the runner's errors.
        for (const name of recurring) void this.offerRecurring(name).catch((err: unknown) => this.reportError(err));
      }, RECURRING_OFFER_MS);
      this.recurringTimer.unref();
    }
  }

  /** One run of a job: one unit of work with the system's audit context (JobDefinition.unitOfWork). */
  private runJob(definition: JobDefinition<never, S>, data: unknown, services: S): Promise<void> {
    const clock = this.options.clock ?? systemClock;
    const scope = { kind: 'job' as const, label: definition.name, begin: (tx: Tx) => setAuditContext(tx, systemAuditContext(clock)) };
    const run = () => definition.run(data as never, services);
    return definition.unitOfWork === 'deferred' ? deferredUnitOfWork(scope, run) : unitOfWork(this.database.db, scope, run);
  }

  /**
   * At the start of the only process working jobs on the database (joinWorkingRunners), the jobs still 'active' were running
   * when a process died (SIGKILL, a power cut): failed back to their queue and due now, so they run again at once (as a
   * retry) instead of when pg-boss expires them, 15 minutes on. A mail the process had claimed but not sent goes out
   * now. While another process works, they may be its own: they wait for pg-boss's expiry.
   */
  private async resumeCutJobs(): Promise<void> {
    const db = this.boss.getDb();
    const { rows } = await db.executeSql(`select name, array_agg(id::text) as ids from pgboss.job where state = 'active' group by name`, []);
    for (const { name, ids } of rows as { name: string; ids: string[] }[]) {
      if (!this.definitions.has(name)) continue;
      for (const id of ids) await this.boss.fail(name, id, { message: 'Interrotto: il processo si è fermato' });
      // Due now, not after the retry's delay (a minute or more for a mail): the workers' first fetch takes them.
      await db.executeSql(`update pgboss.job set start_after = now() where name = $1 and id = any($2::uuid[]) and state = 'retry'`, [name, ids]);
    }
  }

  /**
   * Offers the current period's run of a recurring job: queued if no process has queued it for this period yet
   * (answers its id), else nothing (answers null). Called at start; the schedule offers the following periods.
   */
  async offerRecurring(name: string): Promise<string | null> {
    const definition = this.definitions.get(name);
    if (!this.started || !definition?.recurring) throw new Error(`Job ricorrente non dichiarato: ${name}`);
    const id = await this.boss.send(name, {}, recurringSlot(definition));
    // Queued now, or already (by another process, or by pg-boss's cron, which wakes no worker): looked for at once.
    this.notify(name);
    return id;
  }

  async send(name: string, data: object, { db, ...options }: SendOptions = {}): Promise<string> {
    if (!this.started) throw new Error('Job runner non avviato');
    if (!this.definitions.has(name)) throw new Error(`Job non dichiarato: ${name}`);
    const id = await this.boss.send(name, data, db ? { ...options, db: pgBossDbOf(db) } : options);
    if (!id) throw new Error(`Job non accodato: ${name}`);
    this.wake(name, db, options.startAfter);
    return id;
  }

  async sendMany(name: string, data: readonly object[], { db }: Pick<SendOptions, 'db'> = {}): Promise<void> {
    if (!this.started) throw new Error('Job runner non avviato');
    if (!this.definitions.has(name)) throw new Error(`Job non dichiarato: ${name}`);
    if (data.length === 0) return;
    await this.boss.insert(
      data.map((d) => ({ name, data: d })),
      db ? { db: pgBossDbOf(db) } : {},
    );
    this.wake(name, db);
  }

  /**
   * Wakes this process's workers of `name` for a job just queued, as soon as they can see it: once the unit of work that
   * queued it commits (never before: the fetch would not see it; never when it rolls back), a delayed job when it falls
   * due. A job queued in a transaction that is not the current unit of work's (a bare db.transaction outside a request
   * or a job) waits for the poll: its commit is not seen here.
   */
  private wake(name: string, db: DbOrTx | undefined, startAfter?: number | Date): void {
    if (db && isTransaction(db) && !currentTransaction()) return;
    const delayMs = startAfter === undefined ? 0 : typeof startAfter === 'number' ? startAfter * 1000 : startAfter.getTime() - Date.now();
    afterCommit(() => this.wakeIn(name, delayMs));
  }

  /** Wakes the workers of `name` once a failed attempt's retry is due (pg-boss's delay, read from the job). */
  private async wakeForRetry(name: string, id: string): Promise<void> {
    if (this.stopping) return;
    const due = `select extract(epoch from start_after - now())::float8 as s from pgboss.job where name = $1 and id = $2 and state = 'retry'`;
    const [row] = (await this.boss.getDb().executeSql(due, [name, id])).rows as { s: number }[];
    if (row) this.wakeIn(name, row.s * 1000);
  }

  private wakeIn(name: string, delayMs: number): void {
    if (this.stopping || !this.started) return;
    if (delayMs <= 0) return this.notify(name);
    const timer = setTimeout(() => {
      this.wakeTimers.delete(timer);
      this.notify(name);
    }, delayMs + WAKE_MARGIN_MS);
    timer.unref();
    this.wakeTimers.add(timer);
  }

  private notify(name: string): void {
    for (const workerId of this.workerIds.get(name) ?? []) this.boss.notifyWorker(workerId);
  }

  /** A job's state and attempts (tests, diagnostics). */
  job(name: string, id: string): Promise<PgBoss.JobWithMetadata | null> {
    return this.boss.getJobById(name, id);
  }

  /**
   * Stops the workers and waits for the jobs running here and for pg-boss's statements; leaves the database open (its
   * owner closes it, so nothing may still be on its way to it).
   */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.stopping = true;
    if (this.recurringTimer) clearInterval(this.recurringTimer);
    this.recurringTimer = null;
    for (const timer of this.wakeTimers) clearTimeout(timer);
    this.wakeTimers.clear();
    // pg-boss's graceful stop stops every worker and waits until none holds a batch (it polls twice a second). offWork()
    // first would drop the workers from what that stop waits for.
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: 30_000 });
    // What that wait misses: a fetch sent before the workers stopped answers with jobs already claimed (our handler
    // fails them back to the queue while stopping), and each batch's completion is sent without being awaited. One
    // leads to the other through promise callbacks, run before the next turn of the event loop: settled when a turn
    // finds nothing left.
    while (this.running.size || this.statements.size) {
      await Promise.allSettled([...this.running, ...this.statements]);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const share = this.share;
    this.share = null;
    await share?.end();
  }
}
