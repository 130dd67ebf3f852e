/**
 * The embedded database's query() through cached named statements (core/db/pglite-statements.ts, issue 43): the same
 * results, types, errors and transaction states as PGlite's own query(), each statement prepared once per text, at most
 * `maxStatements` kept, each for at most `maxStatementAgeMs`, and DDL dropping them. Every scenario runs on a plain PGlite and on the caching one.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { StatementCachingPGlite } from '../db/pglite-statements';

const SCHEMA = `
  create table kinds (
    id uuid primary key, at timestamptz, day date, amount numeric(12,2), big int8, doc jsonb, tags text[], nums int4[],
    raw bytea, label text unique, flag boolean
  );
  create table parent (id int primary key);
  create table child (id int primary key, parent_id int not null references parent (id));
`;

let plain: PGlite;
let fast: StatementCachingPGlite;

before(async () => {
  plain = new PGlite();
  fast = new StatementCachingPGlite();
  for (const db of [plain, fast]) {
    await db.exec(SCHEMA);
  }
});
after(async () => {
  await plain.close();
  await fast.close();
});

/** What a call gave: its result, or its error's PostgreSQL fields. */
const outcome = async (run: () => Promise<unknown>) => {
  try {
    return { ok: await run() };
  } catch (err) {
    const e = err as Record<string, unknown>;
    const fields = ['code', 'message', 'detail', 'constraint', 'table', 'schema', 'column', 'severity', 'position', 'query', 'params'];
    return { error: Object.fromEntries(fields.map((f) => [f, e[f]])), isDatabaseError: e.name === 'error' };
  }
};

/** Runs the same calls on both databases, comparing each outcome. */
const same = async (calls: (db: PGlite | Transaction) => Promise<unknown>[] | Promise<unknown>, inTransaction = false) => {
  const each = async (db: PGlite) => {
    const run = async (on: PGlite | Transaction) => {
      const out: unknown[] = [];
      const list = await calls(on);
      for (const call of Array.isArray(list) ? list : [list]) out.push(await outcome(() => call));
      return out;
    };
    if (!inTransaction) return run(db);
    let inner: unknown[] = [];
    const tx = await outcome(() => db.transaction(async (t) => void (inner = await run(t))));
    return { inner, tx };
  };
  const [a, b] = [await each(plain), await each(fast)];
  assert.deepEqual(b, a);
  return b;
};

const ROW = [
  '7f1b2a34-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  new Date('2026-03-04T05:06:07.089Z'),
  '2026-03-04',
  '1234.50',
  '9007199254740993',
  { a: [1, 'x', null], b: { c: true } },
  ['uno', 'due, tre', 'quattro "q"', null],
  [1, 2, 3],
  new Uint8Array([0, 1, 254, 255]),
  'etichetta',
  true,
];
const INSERT =
  'insert into kinds (id, at, day, amount, big, doc, tags, nums, raw, label, flag) values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11) returning *';

describe('results equal to PGlite query()', () => {
  test('a spread of types, as objects and as arrays, with and without drizzle-like parsers', async () => {
    const [inserted] = (await same((db) => db.query(INSERT, ROW))) as { ok: { rows: Record<string, unknown>[] } }[];
    const row = inserted!.ok.rows[0]!;
    assert.equal(row.id, ROW[0]);
    assert.deepEqual(row.raw, ROW[8]);
    assert.equal(row.big, 9007199254740993n);
    const asText = { 1184: (v: string) => v, 1082: (v: string) => v, 1231: (v: string) => v };
    await same((db) => [
      db.query('select * from kinds where id = $1', [ROW[0]]),
      db.query('select * from kinds where id = $1', [ROW[0]], { rowMode: 'array' }),
      db.query('select * from kinds where id = $1', [ROW[0]], { rowMode: 'array', parsers: asText }),
      db.query('select at, day, amount from kinds where label = $1', ['etichetta'], { parsers: asText }),
      db.query('select null::int as n, $1::text as t, $2::int[] as a, 1 as dup, 2 as dup', [null, [4, null, 5]]),
      db.query('update kinds set flag = $1 where id = $2', [false, ROW[0]]),
      db.query('select id from kinds where false'),
      db.query(''),
    ]);
  });

  test("openDatabase's embedded client prepares a statement once", async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      const client = (database.db as unknown as { $client: PGlite }).$client;
      assert.ok(client instanceof StatementCachingPGlite);
      await database.db.execute(sql`select ${1}::int as one`);
      await database.db.execute(sql`select ${1}::int as one`);
      const prepared = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_prepared_statements where statement like 'select $1::int as one%'`,
      );
      assert.equal(prepared.rows[0]!.n, 1);
    } finally {
      await database.close();
    }
  });
});

describe('errors and transaction states as PostgreSQL gives them', () => {
  test('outside a transaction: syntax, unique, foreign key, not null, cast; the next statement runs', async () => {
    const out = await same((db) => [
      db.query('selec 1'),
      db.query('insert into kinds (id, label) values ($1, $2)', ['00000000-0000-4000-8000-000000000001', 'etichetta']),
      db.query('insert into child values ($1, $2)', [1, 99]),
      db.query('insert into child (id) values ($1)', [2]),
      db.query('select $1::int', ['abc']),
      db.query('select 1 as still'),
    ]);
    assert.deepEqual(
      (out as { error?: { code: string } }[]).map((o) => o.error?.code),
      ['42601', '23505', '23503', '23502', '22P02', undefined],
    );
  });

  test('inside a transaction: an error aborts it, the next statement fails, and it rolls back', async () => {
    const out = (await same(
      (tx) => [tx.query('insert into parent values ($1)', [10]), tx.query('insert into parent values ($1)', [10]), tx.query('select 1')],
      true,
    )) as { inner: { error?: { code: string } }[]; tx: { error?: { code: string } } };
    assert.deepEqual(
      out.inner.map((o) => o.error?.code),
      [undefined, '23505', '25P02'],
    );
    assert.equal(out.tx.error?.code, '25P02');
    await same((db) => db.query('select count(*)::int from parent where id = 10'));
  });

  test('a savepoint rolled back keeps the transaction usable, and it commits', async () => {
    await same(
      (tx) => [
        tx.query('insert into parent values ($1)', [20]),
        tx.query('savepoint sp1'),
        tx.query('insert into parent values ($1)', [20]),
        tx.query('rollback to savepoint sp1'),
        tx.query('insert into parent values ($1)', [21]),
      ],
      true,
    );
    await same((db) => db.query('select id from parent where id >= 20 order by id'));
  });

  test('a statement that never parsed is not kept', async () => {
    const before = fast.cachedStatements;
    await assert.rejects(fast.query('select from from'), { code: '42601' });
    assert.equal(fast.cachedStatements, before);
  });
});

describe('the cache', () => {
  test('keeps at most maxStatements, closing the least recently used, and stays correct', async () => {
    const db = new StatementCachingPGlite();
    try {
      db.maxStatements = 5;
      for (let round = 0; round < 2; round++) {
        for (let i = 0; i < 12; i++) {
          const r = await db.query<{ v: number }>(`select $1::int + ${i} as v`, [round]);
          assert.equal(r.rows[0]!.v, round + i);
        }
      }
      assert.equal(db.cachedStatements, 5);
      // The evicted ones are closed with the next message: at most one more than kept.
      const prepared = await db.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements');
      assert.ok(prepared.rows[0]!.n <= 6, `${prepared.rows[0]!.n} prepared statements`);
      const again = await db.query<{ v: number }>('select $1::int + 0 as v', [7]);
      assert.equal(again.rows[0]!.v, 7);
    } finally {
      await db.close();
    }
  });

  test('a statement older than maxStatementAgeMs is prepared (so planned) again, the old one closed', async () => {
    const db = new StatementCachingPGlite();
    try {
      let clock = 0;
      db.now = () => clock;
      db.maxStatementAgeMs = 1_000;
      const text = 'select $1::int * 2 as v';
      const names = async () =>
        (await db.query<{ name: string }>('select name from pg_prepared_statements where statement = $1 order by name', [text])).rows.map(
          (r) => r.name,
        );
      assert.equal((await db.query<{ v: number }>(text, [2])).rows[0]!.v, 4);
      const [first] = await names();
      assert.ok(first);
      clock = 1_000;
      await db.query(text, [3]);
      assert.deepEqual(await names(), [first], 'not yet too old: the same statement');
      clock = 1_001;
      assert.equal((await db.query<{ v: number }>(text, [4])).rows[0]!.v, 8);
      const now = await names();
      assert.equal(now.length, 1, now.join(', '));
      assert.notEqual(now[0], first);
    } finally {
      await db.close();
    }
  });

  test('DDL through query, exec or a transaction drops the statements: new columns appear', async () => {
    const db = new StatementCachingPGlite();
    try {
      await db.exec('create table ddl (a int)');
      await db.query('insert into ddl values ($1)', [1]);
      const columns = async () => (await db.query('select * from ddl')).fields.map((f) => f.name);
      assert.deepEqual(await columns(), ['a']);
      await db.query('alter table ddl add column b int');
      assert.deepEqual(await columns(), ['a', 'b']);
      await db.exec('alter table ddl add column c int');
      assert.deepEqual(await columns(), ['a', 'b', 'c']);
      await db.transaction(async (tx) => {
        await tx.query('alter table ddl add column d int');
        assert.deepEqual(
          (await tx.query('select * from ddl')).fields.map((f) => f.name),
          ['a', 'b', 'c', 'd'],
        );
        await tx.rollback();
      });
      assert.deepEqual(await columns(), ['a', 'b', 'c']);
      // A change the client did not see (through the wire protocol directly): prepared again, once.
      await db.runExclusive(() => db.execProtocol(simpleQuery('alter table ddl drop column c')));
      assert.deepEqual(await columns(), ['a', 'b']);
    } finally {
      await db.close();
    }
  });
});

/** A simple-protocol Query message. */
function simpleQuery(text: string) {
  const body = new TextEncoder().encode(`${text}\0`);
  const out = new Uint8Array(5 + body.length);
  out[0] = 'Q'.charCodeAt(0);
  new DataView(out.buffer).setInt32(1, 4 + body.length);
  out.set(body, 5);
  return out;
}
