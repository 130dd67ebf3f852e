/**
 * The pools' queries as named prepared statements, one per SQL text per connection (core/db/pg-statements.ts, issue
 * 43): the same rows, types and errors as unnamed statements, each text parsed once per connection, DDL and
 * multi-statement texts left unnamed, at most `maxStatements` a connection, a statement stale after DDL prepared again,
 * transactions unchanged. Needs DATABASE_URL; PGlite has its own cache (core/tests/pglite-statements.test.ts).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { type ScratchDatabase, createScratchDatabase } from 'test-kit';
import { type Database, openDatabase } from '../db/client';
import { StatementCachingClient } from '../db/pg-statements';
import { rowsOf } from '../db/rows';

const baseUrl = process.env.DATABASE_URL;
const skip = baseUrl ? false : 'DATABASE_URL non impostato: le istruzioni con nome di node-postgres servono solo PostgreSQL';

let scratch: ScratchDatabase | undefined;
let database: Database | undefined;
before(async () => {
  if (!baseUrl) return;
  scratch = await createScratchDatabase(baseUrl, 'named');
  database = await openDatabase({ kind: 'pg', url: scratch.url });
});
after(async () => {
  await database?.close();
  await scratch?.drop();
});

const poolOf = (db: Database['db']) => (db as unknown as { $client: pg.Pool }).$client;

/** The statements PostgreSQL holds prepared on this connection, by text. */
const prepared = async (client: pg.PoolClient) =>
  (
    await client.query<{ statement: string }>('select statement from pg_prepared_statements where statement not like $1', [
      '%pg_prepared_statements%',
    ])
  ).rows.map((r) => r.statement);

/** A client of the pool, checked out as a transaction does, for `run`; released after. */
const withClient = async <T>(run: (client: pg.PoolClient) => Promise<T>) => {
  const client = await poolOf(database!.db).connect();
  try {
    return await run(client);
  } finally {
    client.release();
  }
};

const items = pgTable('named_items', { id: integer('id').primaryKey(), label: text('label').notNull() });

test('a text runs as one statement prepared once per connection; drizzle rows, types and errors are unchanged', { skip }, async () => {
  const { db } = database!;
  await db.execute(sql`create table named_items (id int primary key, label text not null)`);
  await db.insert(items).values([
    { id: 1, label: 'uno' },
    { id: 2, label: 'due' },
  ]);
  // drizzle's select asks pg for rows as arrays and passes its own type parsers: both must reach pg.
  for (const id of [1, 2, 1]) {
    assert.deepEqual(
      await db
        .select({ label: items.label, at: sql<string>`'2026-12-08'::date` })
        .from(items)
        .where(eq(items.id, id)),
      [{ label: id === 1 ? 'uno' : 'due', at: '2026-12-08' }],
    );
  }
  await withClient(async (client) => {
    const text = 'select label from named_items where id = $1';
    for (const id of [1, 2, 2]) assert.deepEqual((await client.query(text, [id])).rows, [{ label: id === 1 ? 'uno' : 'due' }]);
    assert.deepEqual(
      (await prepared(client)).filter((s) => s === text),
      [text],
    );
    // A statement that changes the schema, or several in one text, is not prepared (and still runs).
    await client.query('create index named_items_label on named_items (label); select 1');
    assert.equal((await prepared(client)).filter((s) => /create index/i.test(s)).length, 0);
  });
  const duplicate = await db
    .insert(items)
    .values({ id: 1, label: 'ancora' })
    .then(
      () => assert.fail('la chiave duplicata doveva fallire'),
      (err: Error & { cause?: { code?: string } }) => err.cause,
    );
  assert.equal(duplicate?.code, '23505');
});

test('after DDL changes its columns a statement is prepared again: outside a transaction it just answers', { skip }, async () => {
  await withClient(async (client) => {
    await client.query('create table named_shape (id int primary key)');
    await client.query('insert into named_shape values (1)');
    const text = 'select * from named_shape where id = $1';
    assert.deepEqual((await client.query(text, [1])).rows, [{ id: 1 }]);
    await client.query("alter table named_shape add column note text not null default 'x'");
    assert.deepEqual((await client.query(text, [1])).rows, [{ id: 1, note: 'x' }]);

    // Inside a transaction the stale statement's error aborts it, as PostgreSQL reports it; the next run is fresh.
    await client.query('alter table named_shape drop column note');
    await client.query('begin');
    const stale = await client.query(text, [1]).then(
      () => undefined,
      (err: { code?: string }) => err.code,
    );
    await client.query('rollback');
    assert.equal(stale, '0A000');
    assert.deepEqual((await client.query(text, [1])).rows, [{ id: 1 }]);
  });
});

test('at most maxStatements a connection: when full and idle they are deallocated and prepared again', { skip }, async () => {
  const max = StatementCachingClient.maxStatements;
  StatementCachingClient.maxStatements = 3;
  try {
    await withClient(async (client) => {
      for (let i = 0; i < 8; i++) assert.deepEqual((await client.query(`select $1::int + ${i} as n`, [1])).rows, [{ n: 1 + i }]);
      assert.ok((client as unknown as StatementCachingClient).cachedStatements <= 3);
      const held = await prepared(client);
      assert.ok(held.length <= 3, held.join('\n'));
      // Inside a transaction nothing is deallocated: texts beyond the bound run unnamed, with the same answers.
      await client.query('begin');
      for (let i = 0; i < 8; i++) assert.deepEqual((await client.query(`select $1::int * ${i} as n`, [2])).rows, [{ n: 2 * i }]);
      await client.query('commit');
      assert.ok((client as unknown as StatementCachingClient).cachedStatements <= 3);
    });
  } finally {
    StatementCachingClient.maxStatements = max;
  }
});

test('a transaction keeps its statements, concurrent ones of one new text included, and rolls back whole', { skip }, async () => {
  const { db } = database!;
  await db.execute(sql`create table named_tx (id int primary key)`);
  await db
    .transaction(async (tx) => {
      // The same new text twice at once: the second runs on the statement the first is still preparing.
      await Promise.all([1, 2].map((id) => tx.execute(sql`insert into named_tx values (${id})`)));
      assert.deepEqual(rowsOf(await tx.execute(sql`select count(*)::int as n from named_tx`)), [{ n: 2 }]);
      throw new Error('annulla');
    })
    .catch((err: Error) => assert.equal(err.message, 'annulla'));
  assert.deepEqual(rowsOf(await db.execute(sql`select count(*)::int as n from named_tx`)), [{ n: 0 }]);
  // The main pool plans each call for its values, as it did with unnamed statements (docs/decisions.md).
  assert.deepEqual(rowsOf(await db.execute(sql`select current_setting('plan_cache_mode') as m`)), [{ m: 'force_custom_plan' }]);
});
