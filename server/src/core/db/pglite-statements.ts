import { messages, PGlite, protocol, types } from '@electric-sql/pglite';

import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';

type BackendMessage = messages.BackendMessage;

const { serialize } = protocol;
type Parser = (value: string, type: number) => unknown;

/** A named statement of the cache: its parameters' and columns' types, as Describe (statement) gave them. */
interface Statement {
  name: string;
  paramTypes: number[];
  fields: { name: string; dataTypeID: number }[];
  /** Rows as objects are built by assignment unless a column's name would set the prototype instead. */
  plainNames: boolean;
  /** When it was prepared (the client's `now()`): after `maxStatementAgeMs` it is prepared again. */
  preparedAt: number;
}

/** Command tags after which the cached statements' plans, parameter and result types may no longer hold. */
const SCHEMA_COMMANDS = new Set(['CREATE', 'ALTER', 'DROP', 'COMMENT', 'GRANT', 'REVOKE', 'REINDEX', 'DISCARD', 'DEALLOCATE', 'IMPORT', 'SECURITY']);
/** A statement's text beginning with one of those commands (on any of its lines: exec may send several). */
const SCHEMA_TEXT = new RegExp(`^\\s*(${[...SCHEMA_COMMANDS].join('|')})\\b`, 'im');
/** Command tags whose row count PGlite adds to affectedRows (its parseResults). */
const AFFECTING = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);
/** A cached statement PostgreSQL can no longer run as it was prepared (schema changed under it, or it is gone). */
const STALE = (err: { code?: string; message?: string }) =>
  (err.code === '0A000' && /cached plan must not change result type/.test(err.message ?? '')) || err.code === '26000';

const concat = (parts: Uint8Array[]) => {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** Options PGlite's own query() is left to handle: files for COPY, explicit parameter types. */
const unhandled = (sql: string, options?: QueryOptions) =>
  options?.blob !== undefined || options?.paramTypes !== undefined || sql.includes('/dev/blob');

/**
 * PGlite whose query() runs each statement in one call into the WebAssembly backend, through a named prepared statement
 * kept per SQL text (PGlite's own makes six calls, Parse, Describe, Bind, Describe, Execute and Sync, and parses and
 * plans the statement every time: 0.30 → 0.05 ms of CPU for a primary-key select; docs/decisions.md, issue 43).
 *
 * The first run of a text sends Parse and Describe of the statement (and Sync) to learn its parameters' and columns'
 * types; every run sends Bind, Execute and Sync together, so a failed statement leaves the transaction as PostgreSQL
 * does. Results, type parsing, parameter serialization and errors are PGlite's (same parsers, serializers,
 * DatabaseError with query and params); the locks too: one statement at a time, outside transactions only between
 * them, and the data folder synced after a statement outside a transaction. At most `maxStatements` are kept, the least
 * recently used closed first, each for at most `maxStatementAgeMs`; DDL through this client closes them all (their plans
 * and types may have changed).
 */
export class StatementCachingPGlite extends PGlite {
  maxStatements = 300;
  /**
   * A statement is prepared again, so planned again, once this old. After five runs PostgreSQL may keep a generic plan
   * for the statement's life, made for the tables' sizes of then; nothing runs ANALYZE on the embedded database, but the
   * planner reads each table's current size, so a plan made while a table was small gives way within this time as the
   * club's data grows. Preparing the ~300 statements again every ten minutes costs nothing a member sees.
   */
  maxStatementAgeMs = 10 * 60_000;
  /** A monotonic clock for the statements' age (tests replace it). */
  now: () => number = () => performance.now();
  readonly #statements = new Map<string, Statement>();
  /** Statements to close with the next message sent. */
  #toClose: string[] = [];
  #nextName = 0;
  /** DDL ran in the open transaction: its end (commit or rollback) changes the schema again. */
  #schemaChangedInTransaction = false;

  /** How many statements are cached (tests). */
  get cachedStatements() {
    return this.#statements.size;
  }

  override async query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    if (unhandled(sql, options)) {
      try {
        return await super.query<T>(sql, params, options);
      } finally {
        this.#afterSchemaChange(sql, false);
      }
    }
    await this._checkReady();
    return this._runExclusiveTransaction(() => this._runExclusiveQuery(() => this.#run<T>(sql, params ?? [], options, false)));
  }

  override async exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    try {
      return await super.exec(sql, options);
    } finally {
      this.#afterSchemaChange(sql, false);
    }
  }

  override async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    try {
      return await super.transaction((tx) => callback(this.#fastTransaction(tx)));
    } finally {
      if (this.#schemaChangedInTransaction) this.#invalidate();
      this.#schemaChangedInTransaction = false;
    }
  }

  /** PGlite's transaction object with our query(). */
  #fastTransaction(tx: Transaction): Transaction {
    const run = async <T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
      if (tx.closed) throw new Error('Transaction is closed');
      if (unhandled(sql, options)) {
        try {
          return await tx.query<T>(sql, params, options);
        } finally {
          this.#afterSchemaChange(sql, true);
        }
      }
      return this._runExclusiveQuery(() => this.#run<T>(sql, params ?? [], options, true));
    };
    const exec = async (sql: string, options?: QueryOptions) => {
      try {
        return await tx.exec(sql, options);
      } finally {
        this.#afterSchemaChange(sql, true);
      }
    };
    return {
      query: run,
      sql: (strings, ...params: unknown[]) => tx.sql(strings, ...params),
      exec,
      rollback: () => tx.rollback(),
      listen: (channel, cb) => tx.listen(channel, cb),
      get closed() {
        return tx.closed;
      },
    };
  }

  /** Text that may change the schema (statements run by PGlite itself: exec, COPY): the cache is dropped. */
  #afterSchemaChange(sql: string, inTransaction: boolean) {
    if (!SCHEMA_TEXT.test(sql)) return;
    this.#invalidate();
    if (inTransaction) this.#schemaChangedInTransaction = true;
  }

  #invalidate() {
    for (const statement of this.#statements.values()) this.#toClose.push(statement.name);
    this.#statements.clear();
  }

  /** Sends `messages` (after the pending Close messages) and Sync in one call; throws PostgreSQL's first error. */
  #send(messages: Uint8Array[], options: QueryOptions | undefined): Promise<BackendMessage[]> {
    const closing = this.#toClose.map((name) => serialize.close({ type: 'S', name }));
    this.#toClose = [];
    return this.execProtocolStream(concat([...closing, ...messages, serialize.sync()]), { syncToFs: false, onNotice: options?.onNotice });
  }

  async #prepare(sql: string, options: QueryOptions | undefined): Promise<Statement> {
    const name = `s${++this.#nextName}`;
    const replies = await this.#send([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name })], options);
    let paramTypes: number[] = [];
    let fields: Statement['fields'] = [];
    for (const reply of replies) {
      if (reply.name === 'parameterDescription') paramTypes = (reply as messages.ParameterDescriptionMessage).dataTypeIDs;
      else if (reply.name === 'rowDescription') {
        fields = (reply as messages.RowDescriptionMessage).fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
      }
    }
    const statement = { name, paramTypes, fields, plainNames: !fields.some((f) => f.name === '__proto__'), preparedAt: this.now() };
    this.#statements.set(sql, statement);
    if (this.#statements.size > this.maxStatements) {
      const [oldest, evicted] = this.#statements.entries().next().value as [string, Statement];
      this.#statements.delete(oldest);
      this.#toClose.push(evicted.name);
    }
    return statement;
  }

  async #run<T>(sql: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean, retried = false): Promise<Results<T>> {
    let statement = this.#statements.get(sql);
    if (statement && this.now() - statement.preparedAt > this.maxStatementAgeMs) {
      this.#statements.delete(sql);
      this.#toClose.push(statement.name);
      statement = undefined;
    }
    let replies: BackendMessage[];
    try {
      if (statement) {
        // Most recently used last: the first entry is the one to evict.
        this.#statements.delete(sql);
        this.#statements.set(sql, statement);
      } else statement = await this.#prepare(sql, options);
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const oid = statement!.paramTypes[i] ?? 0;
        const serializer = options?.serializers?.[oid] ?? this.serializers[oid];
        return serializer ? serializer(param) : (param as { toString(): string }).toString();
      });
      replies = await this.#send([serialize.bind({ statement: statement.name, values }), serialize.execute({})], options);
    } catch (err) {
      const e = err as Error & { code?: string; query?: string; params?: unknown[]; queryOptions?: QueryOptions };
      if (!(err instanceof messages.DatabaseError)) throw err;
      if (statement && STALE(e) && this.#statements.get(sql) === statement) {
        this.#statements.delete(sql);
        this.#toClose.push(statement.name);
        // Outside a transaction nothing was aborted: prepared again, once. Inside, the transaction is aborted anyway.
        if (!inTransaction && !retried) return this.#run<T>(sql, params, options, inTransaction, true);
      }
      e.query = sql;
      e.params = params;
      e.queryOptions = options;
      throw err;
    }
    const result = this.#results<T>(statement, replies, options);
    if (result.command && SCHEMA_COMMANDS.has(result.command)) {
      this.#invalidate();
      if (inTransaction) this.#schemaChangedInTransaction = true;
    }
    if (!inTransaction) await this.syncToFs();
    return result;
  }

  /** PGlite's parseResults for one statement, with each column's parser looked up once. */
  #results<T>(statement: Statement, replies: BackendMessage[], options: QueryOptions | undefined): Results<T> {
    const { fields } = statement;
    const oids = fields.map((f) => f.dataTypeID);
    const names = fields.map((f) => f.name);
    const parsers = oids.map(
      (oid) => (options?.parsers?.[oid] ?? this.parsers[oid] ?? (types.parsers as Record<number, Parser>)[oid]) as Parser | undefined,
    );
    const parse = (values: (string | null)[], i: number) => {
      const value = values[i] ?? null;
      const parser = parsers[i];
      return value === null ? null : parser ? parser(value, oids[i]!) : value;
    };
    const asArrays = options?.rowMode === 'array';
    const rows: unknown[] = [];
    let result: Results<T> | undefined;
    for (const reply of replies) {
      if (reply.name === 'dataRow') {
        const values = (reply as messages.DataRowMessage).fields;
        if (asArrays) {
          const row = new Array<unknown>(values.length);
          for (let i = 0; i < values.length; i++) row[i] = parse(values, i);
          rows.push(row);
        } else if (statement.plainNames) {
          const row: Record<string, unknown> = {};
          for (let i = 0; i < values.length; i++) row[names[i]!] = parse(values, i);
          rows.push(row);
        } else rows.push(Object.fromEntries(values.map((_, i) => [names[i], parse(values, i)])));
      } else if (reply.name === 'commandComplete') {
        const parts = (reply as messages.CommandCompleteMessage).text.split(' ');
        const command = parts[0] ?? '';
        const rowCount = parseInt(parts[parts.length - 1] ?? '', 10);
        result = {
          rows: rows as T[],
          fields: fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
          command,
          affectedRows: AFFECTING.has(command) ? rowCount : 0,
        };
        if (!Number.isNaN(rowCount)) result.rowCount = rowCount;
      }
    }
    return result ?? { affectedRows: 0, rows: [], fields: [] };
  }
}
