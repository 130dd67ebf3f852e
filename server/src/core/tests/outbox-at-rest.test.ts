/**
 * Issue 39, nothing live in the outbox: a delivered mail keeps its recipient, subject, time and state, never its body
 * or links (a reset link's token is nowhere in the database once the mail went out); an address given to a new member
 * starts with an empty mail history. On PGlite, and on PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { unzipSync } from 'fflate';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import { ADMIN, OTHER_MEMBER, type TestApp, build, call, categoryId, lastMailLink, linkParams, login, userPayload } from '../../testing/helper';

let t: TestApp;
before(async () => {
  t = await build();
});
after(async () => {
  await t.close();
});

/** Every text, character, JSON and array column of every table outside PostgreSQL's own schemas holding `needle`. */
async function columnsHolding(needle: string): Promise<string[]> {
  const columns = rowsOf<{ tbl: string; col: string }>(
    await t.database.db.execute(sql`
      select quote_ident(c.table_schema) || '.' || quote_ident(c.table_name) as tbl, quote_ident(c.column_name) as col
        from information_schema.columns c
        join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
       where tb.table_type = 'BASE TABLE' and c.table_schema not in ('pg_catalog', 'information_schema')
         and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED'))`),
  );
  const found: string[] = [];
  for (const { tbl, col } of columns) {
    const [row] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql.raw(`select count(*)::int as n from ${tbl} where strpos(${col}::text, '${needle.replace(/'/g, "''")}') > 0`)),
    );
    if (row!.n > 0) found.push(`${tbl}.${col}`);
  }
  return found;
}

test("the delivered reset link's token is nowhere in the database; the outbox keeps recipient, subject and state", async () => {
  const asked = await call(t.app, null, 'POST', '/api/v1/auth/forgotpassword', { email: OTHER_MEMBER.email });
  assert.equal(asked.statusCode, 200, asked.body);
  const { token } = linkParams(await lastMailLink(t, OTHER_MEMBER.email));
  assert.ok(token && token.length >= 20);
  assert.deepEqual(await columnsHolding(token), []);
  const [row] = rowsOf<{ subject: string; status: string; body: string; links: string[] }>(
    await t.database.db.execute(
      sql`select subject, status, body, links from mail_outbox where "to" = ${OTHER_MEMBER.email} order by created_at desc limit 1`,
    ),
  );
  assert.ok(row);
  assert.equal(row.status, 'logged');
  assert.match(row.subject, /password/i);
  assert.equal(row.body, '');
  assert.deepEqual(row.links, []);
});

test("a member given a former member's address does not see that member's mails in their data download", async () => {
  const admin = await login(t.app, ADMIN);
  const soci = await categoryId(t.app, admin, 'Soci');
  const first = userPayload(soci);
  const reused = first.email as string;
  const former = await call(t.app, admin, 'POST', '/api/v1/user', first);
  assert.equal(former.statusCode, 201, former.body);
  // The former member's invitation went to the address; then the address is theirs no more.
  await lastMailLink(t, reused);
  const moved = await call(t.app, admin, 'PATCH', `/api/v1/user/${former.json()._id}`, { ...first, email: `altro.${reused}` });
  assert.equal(moved.statusCode, 200, moved.body);

  const second = userPayload(soci, { email: reused });
  const created = await call(t.app, admin, 'POST', '/api/v1/user', second);
  assert.equal(created.statusCode, 201, created.body);
  const download = await call(t.app, admin, 'GET', `/api/v1/user/${created.json()._id}/export`);
  assert.equal(download.statusCode, 200);
  const dati = JSON.parse(Buffer.from(unzipSync(new Uint8Array(download.rawPayload))['dati.json']!).toString('utf8'));
  assert.equal(dati.email_ricevute.length, 1, "only the new member's own invitation");
});
