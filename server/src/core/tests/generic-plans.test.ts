/**
 * The connections of the named statements (core/db/client.ts, core/db/prepared.ts) plan each statement once,
 * generically, for the connection's life; with sequential scans off there, a plan made while a table was empty and
 * analyzed still probes its index once the table has grown (without it, the booking engine's read scanned the booking
 * tables whole on every call: bench/README.md, "Booking"). Needs DATABASE_URL; PGlite has no such connections.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { type Database, genericPlanDb, openDatabase } from '../db/client';
import { type ScratchDatabase, createScratchDatabase } from 'test-kit';

const baseUrl = process.env.DATABASE_URL;
const skip = baseUrl ? false : 'DATABASE_URL non impostato: i piani generici esistono solo su PostgreSQL';

let scratch: ScratchDatabase | undefined;
let database: Database | undefined;
before(async () => {
  if (!baseUrl) return;
  scratch = await createScratchDatabase(baseUrl, 'generic');
  database = await openDatabase({ kind: 'pg', url: scratch.url });
});
after(async () => {
  await database?.close();
  await scratch?.drop();
});

const rowsOf = (result: unknown) => (result as { rows: Record<string, string>[] }).rows;

test('a plan made on an empty, analyzed table still probes its index after the table has grown', { skip }, async () => {
  const { db } = database!;
  const generic = genericPlanDb(db)!;
  assert.deepEqual(rowsOf(await generic.execute(sql`select current_setting('plan_cache_mode') as m`)), [{ m: 'force_generic_plan' }]);
  await db.execute(sql`create table probe (id int primary key, v int not null)`);
  await db.execute(sql`analyze probe`);
  // On one of those connections: planned while the table is empty and analyzed, explained after it has grown.
  const plan = await generic.transaction(async (tx) => {
    await tx.execute(sql`prepare probe_lookup(int) as select v from probe where id = $1`);
    await tx.execute(sql`explain execute probe_lookup(1)`);
    await tx.execute(sql`insert into probe select i, i from generate_series(1, 20000) i`);
    return rowsOf(await tx.execute(sql`explain execute probe_lookup(7)`))
      .map((r) => r['QUERY PLAN'])
      .join('\n');
  });
  assert.match(plan, /Index Scan using probe_pkey/);
  assert.doesNotMatch(plan, /Seq Scan/);
});
