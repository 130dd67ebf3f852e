/**
 * The pools' Client (core/db/client.ts, CallbackQueryClient) sends pg's promise form of query() through its callback
 * form, so finished results do not outlive their requests in the young generation (docs/decisions.md, "pg queries
 * through the callback form"). What callers see must not change: rows, errors with
 * PostgreSQL's code and the stack of the code that awaited them, the callback form, submittables. Needs DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client';
import { rowsOf } from '../db/rows';

const baseUrl = process.env.DATABASE_URL;
const skip = baseUrl ? false : 'DATABASE_URL non impostato: il client di node-postgres serve solo PostgreSQL';

let database: Database | undefined;
before(async () => {
  if (baseUrl) database = await openDatabase({ kind: 'pg', url: baseUrl });
});
after(async () => {
  await database?.close();
});

/** The pool behind drizzle, to check a client out as the transactions do. */
const poolOf = (db: Database['db']) => (db as unknown as { $client: pg.Pool }).$client;

test('in a transaction a statement answers its rows, and a failing one rejects with its code and its caller', { skip }, async () => {
  const { db } = database!;
  const rows = await db.transaction(async (tx) => rowsOf(await tx.execute(sql`select 6 * 7 as n`)));
  assert.deepEqual(rows, [{ n: 42 }]);

  async function divideInTransaction() {
    return await db.transaction(async (tx) => await tx.execute(sql`select 1 / 0`));
  }
  const failure = await divideInTransaction().then(
    () => assert.fail('la divisione per zero doveva fallire'),
    (err: Error & { code?: string; cause?: Error & { code?: string } }) => err.cause ?? err,
  );
  assert.equal(failure.code, '22012');
  assert.match(failure.stack ?? '', /divideInTransaction/);
});

test('a checked-out client keeps the callback form and submittables as pg has them', { skip }, async () => {
  const client = await poolOf(database!.db).connect();
  try {
    const viaCallback = await new Promise<pg.QueryResult>((resolve, reject) =>
      client.query('select $1::int as n', [7], (err: Error | null, result: pg.QueryResult) => (err ? reject(err) : resolve(result))),
    );
    assert.deepEqual(viaCallback.rows, [{ n: 7 }]);

    // A submittable comes back as itself, not as a promise, and reports on its own events.
    const submitted = new pg.Query('select 8 as n');
    const rows: unknown[] = [];
    submitted.on('row', (row: unknown) => rows.push(row));
    const ended = new Promise((resolve, reject) => submitted.on('end', resolve).on('error', reject));
    assert.equal(client.query(submitted), submitted);
    await ended;
    assert.deepEqual(rows, [{ n: 8 }]);

    const viaPromise = await client.query<{ n: number }>({ text: 'select $1::int as n', values: [9] });
    assert.deepEqual(viaPromise.rows, [{ n: 9 }]);
  } finally {
    client.release();
  }
});
