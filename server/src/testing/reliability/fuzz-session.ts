/**
 * One fuzzing session: the app on a fresh seeded database, the administrator ('*') signed in, `count` generated bad
 * inputs over every operation of the OpenAPI description, and the database digest compared before and after.
 * Tables allowed to change: auth_attempts (throttle counts may record a refused guess), the fuzzing user's own
 * sessions rows (a session may be touched by its own requests), and the job runner's rows of the reminder sweep (issue 27:
 * scheduled every minute whatever the requests, and the cron dispatch queue that sends it; pg-boss keeps a queue's jobs in a partition named j + SHA-224 of its
 * name); every other table, and every other user's sessions, must be identical.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { HOUSEKEEPING_JOB } from '../../domains/account/housekeeping';
import { NO_SHOWS_JOB } from '../../domains/booking/check-in/service';
import { REMINDERS_JOB } from '../../domains/booking/reminders/service';
import { EXPIRY_WARNINGS_JOB } from '../../domains/certificates/medical/expiry-warnings';
import { PLATFORM_RETENTION_JOB } from '../../domains/platform/exposures';
import { PLATFORM_ROLLOUT_JOB } from '../../domains/platform/rollout';
import { ADMIN, type TestApp, call, login } from '../helper';
import { type Allowances, tableDigests } from './digest';
import { type FuzzResult, fuzz } from './fuzz';
import { readOperations } from './operations';
import { fuzzSpreadsheets } from './spreadsheets';

export interface FuzzReport extends FuzzResult {
  operations: number;
  changedTables: string[];
  /** The fuzzing user's session still answers: the run was not silently anonymous. */
  sessionAlive: boolean;
  /** The multi-megabyte hostile spreadsheets sent besides (spreadsheets.ts); their 5xx are in serverErrors too. */
  spreadsheets: FuzzResult;
}

/** Hostile spreadsheets sent with `count` bad inputs: 40 with the full run of 10,000 (the API suite runs it), fewer with a sample. */
const spreadsheetsFor = (count: number) => Math.min(40, Math.max(8, Math.round(count / 125)));

/** pg-boss's own queue through which its cron schedules send each due job (the sweep's, every minute). */
const CRON_DISPATCH_QUEUE = '__pgboss__send-it';
/**
 * Queues whose jobs the clock makes, whatever the requests: the schedules' (the reminder sweep every minute, the
 * no-show release every minute, the housekeeping every 10 minutes, the expiry warnings and the error reports' retention daily, the rollout check every minute) and pg-boss's cron
 * dispatch queue that sends them.
 */
const TIME_DRIVEN_QUEUES = [
  REMINDERS_JOB,
  NO_SHOWS_JOB,
  HOUSEKEEPING_JOB,
  EXPIRY_WARNINGS_JOB,
  PLATFORM_RETENTION_JOB,
  PLATFORM_ROLLOUT_JOB,
  CRON_DISPATCH_QUEUE,
];
/** pg-boss keeps a queue's jobs in a partition named j + SHA-224 of the queue's name. */
const partitionOf = (queue: string) => `j${createHash('sha224').update(queue).digest('hex')}`;

export async function fuzzSession(t: TestApp, seed: number, count: number): Promise<FuzzReport> {
  const cookie = await login(t.app, ADMIN);
  const me = (await call(t.app, cookie, 'GET', '/api/v1/user/me')).json<{ _id: string }>();
  const allow: Allowances = {
    auth_attempts: null,
    // pg-boss's own bookkeeping (pgboss.version: when it last ran its maintenance and its cron check): timestamps the
    // clock moves, whatever the requests (a PostgreSQL run crossing one changed it).
    version: null,
    sessions: (alias) => sql`${sql.raw(alias)}.user_id <> ${me._id}`,
    job: (alias) =>
      sql`${sql.raw(alias)}.name NOT IN (${sql.join(
        TIME_DRIVEN_QUEUES.map((q) => sql`${q}`),
        sql`, `,
      )})`,
    ...Object.fromEntries(TIME_DRIVEN_QUEUES.map((q) => [partitionOf(q), null])),
    // pg-boss's maintenance stamps when it last ran (maintained_on, cron_on) every minute or so.
    'pgboss.version': null,
  };
  const { operations } = await readOperations(t.app);
  const before = await tableDigests(t.database, allow);
  const result = await fuzz(t.app, operations, { seed, count, cookie });
  const spreadsheets = await fuzzSpreadsheets(t.app, cookie, { seed, count: spreadsheetsFor(count) });
  result.serverErrors.push(...spreadsheets.serverErrors);
  const after = await tableDigests(t.database, allow);
  const changedTables = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => before[k] !== after[k]);
  const session = await call(t.app, cookie, 'GET', '/api/v1/auth/me');
  return { ...result, operations: operations.length, changedTables, sessionAlive: session.json()?.user?.email === ADMIN.email, spreadsheets };
}

export function describeReport(r: FuzzReport, seed: number): string {
  const statuses = Object.entries(r.byStatus)
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
  return (
    `fuzz (seed ${seed}): ${r.inputs} bad inputs over ${r.operations} operations; 5xx ${r.serverErrors.length}; ` +
    `accepted (2xx) ${r.accepted.length}; tables changed ${r.changedTables.length ? r.changedTables.join(', ') : 'none'}; statuses ${statuses}; ` +
    `hostile spreadsheets ${r.spreadsheets.inputs} (${Object.entries(r.spreadsheets.byStatus)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ')}, accepted ${r.spreadsheets.accepted.length})`
  );
}
