import pg from 'pg';

/** pg's own query(), called on a client: taken once, not bound again on every query. */
// eslint-disable-next-line @typescript-eslint/unbound-method -- always called with a client as `this` (.call, .apply)
const pgQuery = pg.Client.prototype.query as unknown as (this: pg.Client, ...args: unknown[]) => never;

type Callback = (err: Error | null, result: unknown) => void;
interface Config {
  text?: unknown;
  name?: unknown;
  rows?: unknown;
  queryMode?: unknown;
  submit?: unknown;
}
/** pg's client internals read here: its queue, the query on the wire, the connection's statement names. */
interface Internals {
  _queryQueue: unknown[];
  _getActiveQuery(): unknown;
  _txStatus: string | null;
  connection: { parsedStatements: Record<string, string>; submittedNamedStatements: Record<string, string> };
}

/** Text that may change the schema or the session, or that PostgreSQL cannot prepare: never named. */
const UNNAMED_TEXT =
  /^\s*(CREATE|ALTER|DROP|COMMENT|GRANT|REVOKE|REINDEX|DISCARD|DEALLOCATE|PREPARE|EXECUTE|IMPORT|SECURITY|TRUNCATE|VACUUM|ANALYZE|CLUSTER|REFRESH|LISTEN|UNLISTEN|NOTIFY|SET|RESET|BEGIN|START|COMMIT|END|ROLLBACK|SAVEPOINT|RELEASE|LOCK|COPY)\b/i;
/** A statement without values named too: one data statement (several texts in one go stay with the simple protocol). */
const DATA_TEXT = /^\s*(SELECT|WITH|INSERT|UPDATE|DELETE|VALUES|TABLE)\b/i;
/** A named statement PostgreSQL can no longer run as it was prepared (schema changed under it, or it is gone). */
const STALE = (err: { code?: string; message?: string }) =>
  (err.code === '0A000' && /cached plan must not change result type/.test(err.message ?? '')) || err.code === '26000';

/** Per client: the name of each SQL text it prepared, in the order of their last use (the first the oldest). */
interface Statements {
  names: Map<string, string>;
  next: number;
  /** When the first of them was prepared (performance.now()). */
  since: number;
}

/**
 * node-postgres' Client whose queries run as named prepared statements, one per SQL text per connection, so
 * PostgreSQL parses and analyses (and, with plan_cache_mode auto, plans) a text once per connection, not on every call
 * as it does an unnamed statement (docs/decisions.md, issue 43). The promise form goes through pg's callback form
 * (through pg's own promise form, every finished query's rows kept surviving the young-generation collections: the
 * calendar paid 10–14 ms in the requests a collection fell in, 2 ms after; bench/README, 26/11/2026, sixth session).
 *
 * Named: a text with values, or a single data statement (SELECT, WITH, INSERT, UPDATE, DELETE) without; not DDL,
 * transaction control, SET and the like, nor a query that names itself (core/db/prepared), reads by cursor (`rows`) or
 * is submittable. The config is copied with its name added, so drizzle's `rowMode`, `types` and the rest go to pg
 * unchanged. At most `maxStatements` a connection; the next text waits its turn unnamed until the connection is idle
 * (no query queued or running, outside a transaction), when DEALLOCATE ALL starts the set again; so does
 * `maxStatementAgeMs`. A statement PostgreSQL reports stale (0A000 'cached plan must not change result type' after DDL,
 * 26000) is forgotten, and run again once, under a new name, when its error left the connection outside a transaction.
 */
export class StatementCachingClient extends pg.Client {
  static maxStatements = 300;
  /** A text is prepared (and planned) again once its set is this old, as the embedded database does. */
  static maxStatementAgeMs = 10 * 60_000;
  readonly #statements: Statements = { names: new Map(), next: 0, since: 0 };

  /** How many statements this client has named (tests). */
  get cachedStatements() {
    return this.#statements.names.size;
  }

  override query(...args: unknown[]): never {
    const [config, second, third] = args;
    if (typeof (config as Config | null)?.submit === 'function') return pgQuery.apply(this, args);
    const values = typeof second === 'function' ? undefined : second;
    const callback = (typeof second === 'function' ? second : third) as Callback | undefined;
    if (callback) {
      this.#run(config, values, callback, false);
      return undefined as never;
    }
    return new Promise((resolve, reject) => {
      this.#run(config, values, (err, result) => (err ? reject(err) : resolve(result)), false);
    }).catch((err: Error) => {
      Error.captureStackTrace(err);
      throw err;
    }) as never;
  }

  #run(config: unknown, values: unknown, callback: Callback, retried: boolean) {
    const text = typeof config === 'string' ? config : (config as Config | null)?.text;
    const name = typeof text === 'string' ? this.#nameFor(text, config, values) : undefined;
    if (name === undefined) {
      pgQuery.call(this, config, values, callback);
      return;
    }
    const named = typeof config === 'string' ? { text, name } : { ...(config as object), name };
    pgQuery.call(this, named, values, (err: Error | null, result: unknown) => {
      if (err && STALE(err)) {
        this.#forget(text as string, name);
        // Outside a transaction nothing was aborted: run again, prepared anew, once.
        if (!retried && (this as unknown as Internals)._txStatus === 'I') return this.#run(config, values, callback, true);
      }
      callback(err, result);
    });
  }

  #nameFor(text: string, config: unknown, values: unknown): string | undefined {
    const options = (typeof config === 'object' ? config : {}) as Config;
    if (options.name !== undefined || options.rows !== undefined || options.queryMode === 'simple') return undefined;
    const hasValues = Array.isArray(values) && values.length > 0;
    if (UNNAMED_TEXT.test(text) || (!hasValues && (!DATA_TEXT.test(text) || text.includes(';')))) return undefined;
    const statements = this.#statements;
    const known = statements.names.get(text);
    if (known !== undefined) {
      if (performance.now() - statements.since <= StatementCachingClient.maxStatementAgeMs || !this.#restart()) {
        // Most recently used last: the set is full of the ones in use.
        statements.names.delete(text);
        statements.names.set(text, known);
        return known;
      }
    } else if (statements.names.size >= StatementCachingClient.maxStatements && !this.#restart()) return undefined;
    if (statements.names.size === 0) statements.since = performance.now();
    const name = `_s${++statements.next}`;
    statements.names.set(text, name);
    return name;
  }

  /** DEALLOCATE ALL ahead of the next query, if the connection is idle (nothing queued could use a name): true if sent. */
  #restart(): boolean {
    const internals = this as unknown as Internals;
    if (internals._queryQueue.length > 0 || internals._getActiveQuery() || internals._txStatus !== 'I') return false;
    pgQuery.call(this, 'DEALLOCATE ALL', (err: Error | null) => {
      if (err) console.error('PostgreSQL: DEALLOCATE ALL', err.message);
    });
    internals.connection.parsedStatements = {};
    internals.connection.submittedNamedStatements = {};
    this.#statements.names.clear();
    return true;
  }

  /** A stale statement: its name is never used again (the server's copy goes with the next DEALLOCATE ALL). */
  #forget(text: string, name: string) {
    if (this.#statements.names.get(text) === name) this.#statements.names.delete(text);
    const { connection } = this as unknown as Internals;
    delete connection.parsedStatements[name];
    delete connection.submittedNamedStatements[name];
  }
}
