import { AsyncLocalStorage } from 'node:async_hooks';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from './types';

/**
 * One unit of work per mutating request and per job (issue 38). A unit of work is one transaction; while it runs,
 * every query issued through the database handle the services hold (`db`) runs in it, whatever the code calls:
 * `db.select()`, `db.insert()`, `db.execute()`, and `db.transaction()`, which becomes a savepoint of it. The handle is
 * a proxy that resolves, on each use, to the current unit of work's transaction, found through AsyncLocalStorage; so
 * repositories and services keep their signatures and cannot write outside the request's transaction by mistake.
 *
 * Who opens one:
 * - the API, for every route but GET/HEAD/OPTIONS (core/plugins/unit-of-work.ts), after the session is read, with the
 *   request's audit context; committed before the answer leaves (rolled back on an error answer);
 * - the job runner, per job (core/jobs/runner.ts), with the audit context of the system (actor null);
 * - a route or a job that does long work off the database (a file parsed on a worker, an archive extracted, an SMTP
 *   delivery) declares `unitOfWork: 'deferred'`: it runs in a scope without a transaction, and each top-level
 *   `db.transaction()` it opens is a unit of work of its own (same audit context). The database is never held while
 *   that work runs (PGlite is one connection: an open transaction holds every other request).
 *
 * Start-up, migrations and seeds run in `systemWork()`, where writes outside a transaction are allowed. Anywhere else,
 * a write through the services' handle outside a unit of work (an insert, update or delete, or an `execute` of one)
 * throws under tests (NODE_ENV=test or node's test runner) and is logged as an error in production.
 */

export type UnitOfWorkMode = 'transaction' | 'deferred';

interface Scope {
  kind: 'request' | 'job' | 'system';
  /** The open transaction of this unit of work, or null (a deferred scope, before or between its transactions). */
  tx: Tx | null;
  /** False once the unit of work has ended: work still running after it (a promise not awaited) falls back to the database. */
  open: boolean;
  /** Run first in every transaction of the scope (the audit context). */
  begin?: (tx: Tx) => Promise<void>;
  /** Names the scope in error messages (the route, the job). */
  label: string;
  /** Callbacks to run once this unit of work has committed (afterCommit). */
  committed?: (() => void)[];
}

const scopes = new AsyncLocalStorage<Scope>();

/** The current unit of work's open transaction, or null. */
export const currentTransaction = (): Tx | null => {
  const scope = scopes.getStore();
  return scope?.open && scope.tx ? scope.tx : null;
};

/** Whether code runs in a scope that may write (a unit of work, a deferred scope's transaction, start-up/seeds). */
const writesAllowed = (scope: Scope | undefined) => Boolean(scope && ((scope.open && scope.tx) || scope.kind === 'system'));

/** Strict (throw) under tests; production logs the error and lets the write run. */
const strict = () => process.env.NODE_ENV === 'test' || Boolean(process.env.NODE_TEST_CONTEXT);

let report: (message: string) => void = (message) => console.error(message);
/** Where a write outside a unit of work is reported in production (the app's logger). */
export function onWriteOutsideUnitOfWork(log: (message: string) => void): void {
  report = log;
}

export class WriteOutsideUnitOfWorkError extends Error {}

function outside(what: string): void {
  const scope = scopes.getStore();
  const where = scope ? `${scope.kind} ${scope.label}` : 'nessun contesto (né richiesta, né job, né avvio)';
  const message = `Scrittura fuori da un'unità di lavoro (${what}) in ${where}: apri una transazione (db.transaction) o dichiara il contesto`;
  if (strict()) throw new WriteOutsideUnitOfWorkError(message);
  report(message);
}

const dialect = new PgDialect();
const WRITE_STATEMENT = /^\s*(?:with\b[\s\S]*?\)\s*)?(insert|update|delete|merge|truncate)\b/i;

function isWriteStatement(query: unknown): boolean {
  // The statement's first words are enough but after a WITH: rendered whole only then (or when it starts with a value).
  const first = (query as { queryChunks?: unknown[] } | null)?.queryChunks?.[0] as { value?: unknown } | undefined;
  const head = Array.isArray(first?.value) ? first.value.join('') : undefined;
  if (head !== undefined && head.trim() !== '' && !/^\s*with\b/i.test(head)) return WRITE_STATEMENT.test(head);
  try {
    const text = typeof query === 'string' ? query : dialect.sqlToQuery((query as SQLWrapper).getSQL()).sql;
    return WRITE_STATEMENT.test(text);
  } catch {
    return false;
  }
}

/** The members of the drizzle database that issue queries: forwarded to the unit of work's transaction. */
const QUERY_MEMBERS = new Set<PropertyKey>([
  'select',
  'selectDistinct',
  'selectDistinctOn',
  'insert',
  'update',
  'delete',
  'execute',
  'transaction',
  'query',
  '$with',
  'with',
  '$count',
  'refreshMaterializedView',
  '_',
]);
const WRITE_BUILDERS = new Set<PropertyKey>(['insert', 'update', 'delete']);

const raws = new WeakMap<object, Db>();

/** The database under an ambient handle (itself for a plain one). */
export const rawDb = (db: Db | Tx): Db | Tx => raws.get(db) ?? db;

/**
 * The database handle that resolves to the current unit of work. `guard`: writes outside one are reported (the
 * services' handle); without it (the app's own handle: migrations, seeds, tests' setup) they run as asked.
 */
export function ambientDb(raw: Db, { guard }: { guard: boolean }): Db {
  const bound = new Map<PropertyKey, unknown>();
  const ownMember = (prop: PropertyKey): unknown => {
    if (!bound.has(prop)) {
      const value: unknown = Reflect.get(raw, prop, raw);
      bound.set(prop, typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(raw) : value);
    }
    return bound.get(prop);
  };
  const handle = new Proxy(raw, {
    get(_target, prop) {
      if (!QUERY_MEMBERS.has(prop)) return ownMember(prop);
      const scope = scopes.getStore();
      const tx = scope?.open ? scope.tx : null;
      if (tx) {
        const value: unknown = Reflect.get(tx, prop, tx);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(tx) : value;
      }
      if (prop === 'transaction') {
        // A top-level transaction of a deferred scope is a unit of work of its own, with the scope's audit context.
        if (scope && scope.open && scope.kind !== 'system') {
          return async <T>(run: (tx: Tx) => Promise<T>, config?: Parameters<Db['transaction']>[1]) => {
            const own: Scope = { ...scope, tx: null, committed: [] };
            try {
              const result = await raw.transaction(async (tx) => {
                await scope.begin?.(tx);
                own.tx = tx;
                return scopes.run(own, () => run(tx));
              }, config);
              own.open = false;
              runCommitted(own);
              return result;
            } finally {
              own.open = false;
            }
          };
        }
        if (guard && !writesAllowed(scope)) outside('db.transaction');
      } else if (guard && !writesAllowed(scope)) {
        if (WRITE_BUILDERS.has(prop)) outside(String(prop));
        else if (prop === 'execute') {
          return (query: unknown) => {
            if (isWriteStatement(query)) outside('execute');
            return (raw.execute as (q: unknown) => unknown)(query);
          };
        }
      }
      return ownMember(prop);
    },
  });
  raws.set(handle, raw);
  return handle;
}

function runCommitted(scope: Scope): void {
  for (const callback of scope.committed?.splice(0) ?? []) callback();
}

/**
 * Runs `callback` once the current unit of work has committed (at once outside one; never if it rolls back): e.g.
 * waking a job worker for a job the unit of work queued, which it could not see before the commit.
 */
export function afterCommit(callback: () => void): void {
  const scope = scopes.getStore();
  if (scope?.open && scope.tx && scope.committed) scope.committed.push(callback);
  else callback();
}

/**
 * Runs `work` as one unit of work: one transaction of `db` (the raw database), `begin` first in it, every query of the
 * ambient handles in it; committed when `work` settles, rolled back when it throws.
 */
export async function unitOfWork<T>(
  db: Db,
  scope: { kind: 'request' | 'job'; label: string; begin?: (tx: Tx) => Promise<void> },
  work: () => Promise<T>,
): Promise<T> {
  const raw = rawDb(db) as Db;
  const own: Scope = { ...scope, tx: null, open: true, committed: [] };
  try {
    const result = await raw.transaction(async (tx) => {
      await scope.begin?.(tx);
      own.tx = tx;
      return scopes.run(own, work);
    });
    own.open = false;
    runCommitted(own);
    return result;
  } finally {
    own.open = false;
  }
}

/** A scope without a transaction whose own top-level transactions are each a unit of work ('deferred'). */
export function deferredScope(scope: { kind: 'request' | 'job'; label: string; begin?: (tx: Tx) => Promise<void> }): {
  enter<T>(run: () => T): T;
  end(): void;
} {
  const own: Scope = { ...scope, tx: null, open: true };
  return {
    enter: (run) => scopes.run(own, run),
    end: () => {
      own.open = false;
    },
  };
}

/** Runs `work` in a deferred scope (deferredScope) until it settles. */
export async function deferredUnitOfWork<T>(
  scope: { kind: 'request' | 'job'; label: string; begin?: (tx: Tx) => Promise<void> },
  work: () => Promise<T>,
): Promise<T> {
  const own = deferredScope(scope);
  try {
    return await own.enter(work);
  } finally {
    own.end();
  }
}

/**
 * An open unit of work held across callbacks (an API request: opened in a hook, ended in another). `enter` runs a
 * callback inside it; `end` commits (true) or rolls back (false) and waits for it.
 */
export interface HeldUnitOfWork {
  enter<T>(run: () => T): T;
  end(commit: boolean): Promise<void>;
  readonly ended: boolean;
}

class Rollback extends Error {}

export async function holdUnitOfWork(
  db: Db,
  scope: { kind: 'request' | 'job'; label: string; begin?: (tx: Tx) => Promise<void> },
): Promise<HeldUnitOfWork> {
  const raw = rawDb(db) as Db;
  const own: Scope = { ...scope, tx: null, open: true, committed: [] };
  let finish!: (commit: boolean) => void;
  const decided = new Promise<boolean>((resolve) => (finish = resolve));
  let opened!: (tx: Tx) => void;
  const ready = new Promise<Tx>((resolve) => (opened = resolve));
  const done = raw
    .transaction(async (tx) => {
      await scope.begin?.(tx);
      own.tx = tx;
      opened(tx);
      if (!(await decided)) throw new Rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Rollback)) throw err;
    });
  // A failure to open (or in begin) rejects `done` before `ready` resolves.
  await Promise.race([ready, done.then(() => Promise.reject(new Error('Transazione non aperta')))]);
  let ended = false;
  return {
    enter: (run) => scopes.run(own, run),
    get ended() {
      return ended;
    },
    async end(commit) {
      if (ended) return;
      ended = true;
      own.open = false;
      finish(commit);
      await done;
      if (commit) runCommitted(own);
    },
  };
}

/** Start-up, migrations, seeds and maintenance scripts: writes outside a transaction are allowed (and unaudited). */
export function systemWork<T>(label: string, work: () => Promise<T>): Promise<T> {
  return scopes.run({ kind: 'system', tx: null, open: true, label }, work);
}
