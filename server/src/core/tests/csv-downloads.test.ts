/**
 * Every CSV download of the API, as a spreadsheet that splits rows on ',' reads it (issue 39): no cell opens a live
 * formula. The downloads are found in the OpenAPI description (every GET with a `format` query offering csv), and the
 * demo club's texts are given a tail `x,=3+4` first (every text column that takes it), so each download holds the
 * marker wherever it shows a text: in any column, where the quote of a quoted field opens mid-line for such a reader.
 * On PGlite, and on PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import { ADMIN, type TestApp, build, call, login } from '../../testing/helper';

const MARKER = 'x,=3+4';

let t: TestApp;
let admin: string;

before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
  // Every free-text column of the app's tables (names, descriptions, notes, titles, places …; not codes, times or
  // colours, which the app reads as such) gets the marker at the end of its values, where the database takes it (a
  // check or a unique key may refuse: that column is left as it was).
  const columns = rowsOf<{ table: string; column: string }>(
    await t.database.db.execute(sql`select c.table_name as table, c.column_name as column from information_schema.columns c
      join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
      where c.table_schema = 'public' and tb.table_type = 'BASE TABLE' and c.data_type in ('text', 'character varying')
        and c.is_generated = 'NEVER' and c.column_name ~ '(name|surname|description|notes?|title|place|address|category|reason|label|card_type|supplier|location|comment)$'
        and c.column_name !~ '(hash|token|secret|email|_id)'`),
  );
  for (const { table, column } of columns) {
    try {
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`update "${table}" set "${column}" = "${column}" || ' ${MARKER}' where "${column}" is not null`));
      });
    } catch {
      // A check or a unique key refused it: this column keeps its values.
    }
  }
});
after(async () => {
  await t.close();
});

/** The GET routes with a `format` query that offers csv, and their other required query values. */
async function csvDownloads(): Promise<string[]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<{
    paths: Record<string, { get?: { parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[] } }>;
  }>();
  const values: Record<string, string> = { startDate: '2026-09-01', endDate: '2027-08-31', fiscal_year: '2026-2027' };
  const urls: string[] = [];
  for (const [path, { get }] of Object.entries(doc.paths)) {
    const format = get?.parameters?.find((p) => p.name === 'format' && p.in === 'query');
    if (!format || !JSON.stringify(format.schema).includes('"csv"')) continue;
    const query = new URLSearchParams({ format: 'csv' });
    for (const p of get!.parameters!) {
      if (p.in === 'path') throw new Error(`${path}: a path parameter this test does not know`);
      if (p.required && p.name !== 'format') {
        assert.ok(values[p.name], `${path}: a value for ${p.name}`);
        query.set(p.name, values[p.name]!);
      }
    }
    urls.push(`${path}?${query.toString()}`);
  }
  return urls;
}

test('no CSV download gives a spreadsheet splitting on "," a cell that opens a formula', async () => {
  const urls = await csvDownloads();
  assert.ok(urls.length >= 26, `the API's CSV downloads: ${urls.length}`);
  const live: string[] = [];
  const withMarker: string[] = [];
  for (const url of urls) {
    const res = await call(t.app, admin, 'GET', url);
    assert.equal(res.statusCode, 200, `${url}: ${res.body.slice(0, 300)}`);
    const text = res.body.replace(/^\uFEFF/, '');
    if (text.includes('=3+4')) withMarker.push(url);
    // The reader of a ',' locale: every line split on ',' (a quote that does not open its piece quotes nothing).
    for (const line of text.split(/\r?\n/)) {
      for (const piece of line.split(',')) {
        if (/^[\s"]*[=+@]/.test(piece) || /^[\s"]*-[^\d\s]/.test(piece)) live.push(`${url}: ${piece.slice(0, 80)}`);
      }
    }
  }
  assert.deepEqual(live, [], 'cells that would open a formula');
  // The test means something: the marker reached the downloads (each has some text column of the demo club's).
  assert.ok(
    withMarker.length >= 20,
    `downloads holding the marker: ${withMarker.length} of ${urls.length}: ${JSON.stringify(urls.filter((u) => !withMarker.includes(u)))}`,
  );
});
