/**
 * Statements per request, counted (opt-in: SQL_STATS=<file prefix>). Every statement a test app sends its database
 * (PGlite's query/exec and its transactions' BEGIN/COMMIT/ROLLBACK; on PostgreSQL every pool connection's query) is
 * counted by its text, and by the request that sent it (an `app.inject` of the test: method and path, ids blanked);
 * statements outside a request (the job runner, the test's own setup) count under '(outside a request)'. At exit the
 * process writes `<prefix>.<pid>.json`; `node scripts/sql-stats.mjs <prefix>` sums the files of a run.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../core/db/client';
import { genericPlanDb } from '../core/db/client';

interface Counts {
  requests: Record<string, number>;
  statements: Record<string, Record<string, number>>;
  /** Milliseconds from each statement's call to its answer, summed by text (BEGIN/COMMIT of PGlite's transactions: none). */
  ms: Record<string, number>;
}

const counts: Counts = { requests: {}, statements: {}, ms: {} };
const routes = new AsyncLocalStorage<string>();
const OUTSIDE = '(outside a request)';
let written = false;

const target = () => process.env.SQL_STATS;

/** An address as a route: ids (uuids, numbers) blanked and the query's values dropped. */
const routeOf = (method: string, url: string) =>
  `${method} ${url
    .replace(/\?.*$/, (query) => (query.length > 1 ? '?…' : ''))
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ':id')
    .replace(/\/\d+(?=\/|$)/g, '/:n')}`;

function count(text: string): void {
  const key = text.replace(/\s+/g, ' ').trim();
  const route = routes.getStore() ?? OUTSIDE;
  const byRoute = (counts.statements[key] ??= {});
  byRoute[route] = (byRoute[route] ?? 0) + 1;
}

const statementKeys = new AsyncLocalStorage<string>();
const keyOf = (text: string) => text.replace(/\s+/g, ' ').trim();
const addMs = (key: string, ms: number) => void (counts.ms[key] = (counts.ms[key] ?? 0) + ms);

/**
 * Counts the statement and runs it with its text in reach of the timing: PGlite's (the time its query holds the
 * database, not the wait for its turn), or, on PostgreSQL, the time until its answer (the server's work and the trip).
 */
function timed<T>(text: string, run: () => T, untilAnswer: boolean): T {
  count(text);
  const key = keyOf(text);
  if (!untilAnswer) return statementKeys.run(key, run);
  const started = performance.now();
  const result = run();
  const add = () => addMs(key, performance.now() - started);
  if (result && typeof (result as { then?: unknown }).then === 'function') (result as unknown as Promise<unknown>).then(add, add);
  return result;
}

function writeOut(): void {
  const prefix = target();
  if (!prefix || written) return;
  written = true;
  fs.writeFileSync(`${prefix}.${process.pid}.json`, JSON.stringify(counts));
}

type QueryFn = (...args: unknown[]) => unknown;

function wrapPglite(client: Record<string, unknown>): void {
  for (const member of ['query', 'exec'] as const) {
    const original = client[member] as QueryFn;
    client[member] = function (this: unknown, text: string, ...rest: unknown[]) {
      return timed(text, () => original.call(this, text, ...rest), false);
    };
  }
  // PGlite runs one query at a time: the time a query holds the database is its own work (on this thread).
  const exclusive = client._runExclusiveQuery as (work: () => Promise<unknown>) => Promise<unknown>;
  client._runExclusiveQuery = function (this: unknown, work: () => Promise<unknown>) {
    const key = statementKeys.getStore() ?? '(BEGIN, COMMIT and ROLLBACK of transactions)';
    return exclusive.call(this, async () => {
      const started = performance.now();
      try {
        return await work();
      } finally {
        addMs(key, performance.now() - started);
      }
    });
  };
  const transaction = client.transaction as QueryFn;
  client.transaction = function (this: unknown, run: (tx: Record<string, unknown>) => Promise<unknown>) {
    count('BEGIN');
    return transaction.call(this, async (tx: Record<string, unknown>) => {
      for (const member of ['query', 'exec'] as const) {
        const original = tx[member] as QueryFn;
        tx[member] = (text: string, ...rest: unknown[]) => timed(text, () => original(text, ...rest), false);
      }
      const rollback = tx.rollback as QueryFn;
      tx.rollback = () => {
        count('ROLLBACK');
        return rollback();
      };
      try {
        const result = await run(tx);
        if (!(tx as { closed?: boolean }).closed) count('COMMIT');
        return result;
      } catch (err) {
        count('ROLLBACK');
        throw err;
      }
    }) as Promise<unknown>;
  };
}

function wrapPgPool(pool: { on(event: 'connect', listener: (client: Record<string, unknown>) => void): void }): void {
  pool.on('connect', (client) => {
    const original = client.query as QueryFn;
    client.query = function (this: unknown, config: unknown, ...rest: unknown[]) {
      const text = typeof config === 'string' ? config : String((config as { text?: string } | null)?.text ?? '');
      return timed(text, () => original.call(this, config, ...rest), true);
    };
  });
}

/** Counts the statements of this test app's database (when SQL_STATS is set): called before the app opens its pools' first connections. */
export function countStatements(database: Database): void {
  if (!target()) return;
  process.once('exit', writeOut);
  const client = (database.db as unknown as { $client: Record<string, unknown> & { on?: unknown } }).$client;
  if (database.driver === 'pglite') wrapPglite(client);
  else {
    wrapPgPool(client as never);
    const generic = genericPlanDb(database.db);
    if (generic) wrapPgPool((generic as unknown as { $client: never }).$client);
  }
}

/** Counts the requests made through this app's inject, and their statements by request (when SQL_STATS is set). */
export function countRequests(app: FastifyInstance): void {
  if (!target()) return;
  const inject = app.inject.bind(app) as (options: { method?: string; url?: string }) => Promise<unknown>;
  (app as unknown as { inject: typeof inject }).inject = (options) => {
    const route = routeOf(options.method ?? 'GET', options.url ?? '/');
    counts.requests[route] = (counts.requests[route] ?? 0) + 1;
    // inject answers a thenable that starts when awaited: awaited here, inside the route's context.
    return routes.run(route, async () => await inject(options));
  };
}
