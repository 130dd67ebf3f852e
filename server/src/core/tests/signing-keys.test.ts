/**
 * Issue 39, keys out of the database: the key signing calendar-feed addresses and unsubscribe links lives in
 * DATA_DIR/signing-keys.json (mode 0600, made on first start) or SIGNING_KEY, never in the database (a dump of it holds
 * none); a rotation keeps what was signed before valid for the grace period and not after; the secrets an older
 * version kept in the database move to the key file at start. PGlite by default, PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import { ADMIN, MEMBER, type TestApp, build, call, login } from '../../testing/helper';
import { SIGNING_KEY_FILE, SigningKeys, importLegacySecrets, rotateSigningKeys, sign, verifySignature } from '../secrets';

const DAY = 86_400_000;
let t: TestApp;
before(async () => {
  t = await build();
});
after(async () => {
  await t.close();
});

const keyFile = () => path.join(t.config.dataDir, SIGNING_KEY_FILE);
/** Waits past the keyring's once-a-second look at the key file (a rotation by the command is read within it). */
const keyFileRead = () => new Promise((resolve) => setTimeout(resolve, 1100));

/** The database's whole text: pg_dump --data-only on PostgreSQL, every text and JSON column on PGlite. */
async function databaseText(): Promise<string> {
  if (process.env.DATABASE_URL) {
    const [{ name }] = rowsOf<{ name: string }>(await t.database.db.execute(sql`select current_database() as name`)) as [{ name: string }];
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    return execFileSync('pg_dump', ['--data-only', `--dbname=${url.href}`], { maxBuffer: 512 * 1024 * 1024 }).toString('utf8');
  }
  const columns = rowsOf<{ tbl: string; col: string }>(
    await t.database.db.execute(sql`
      select quote_ident(c.table_schema) || '.' || quote_ident(c.table_name) as tbl, quote_ident(c.column_name) as col
        from information_schema.columns c
        join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
       where tb.table_type = 'BASE TABLE' and c.table_schema not in ('pg_catalog', 'information_schema')
         and c.data_type in ('text', 'character varying', 'json', 'jsonb', 'ARRAY', 'bytea')`),
  );
  const parts: string[] = [];
  for (const { tbl, col } of columns) {
    const rows = rowsOf<{ v: string | null }>(await t.database.db.execute(sql.raw(`select ${col}::text as v from ${tbl}`)));
    for (const row of rows) if (row.v) parts.push(row.v);
  }
  return parts.join('\n');
}

test('the key file is made on first start with mode 0600; a dump of the database holds no key', async () => {
  assert.equal(fs.statSync(keyFile()).mode & 0o777, 0o600);
  // Something signed: a member's feed address and an unsubscribe link.
  const member = await login(t.app, MEMBER);
  assert.equal((await call(t.app, member, 'POST', '/api/v1/user/me/calendar-feed')).statusCode, 200);
  const signature = await sign(t.database.db, 'unsubscribe', 'utente.lista');
  assert.ok(await verifySignature(t.database.db, 'unsubscribe', 'utente.lista', signature));

  const { current } = JSON.parse(fs.readFileSync(keyFile(), 'utf8')) as { current: { master: string } };
  const keys = new SigningKeys({ dataDir: t.config.dataDir, signingKey: null, signingKeyPrevious: null });
  const secrets = [
    current.master,
    ...['unsubscribe', 'calendar-feed'].flatMap((n) => [keys.signingKey(n).toString('base64url'), keys.signingKey(n).toString('hex')]),
  ];
  const text = await databaseText();
  assert.ok(text.includes(MEMBER.email), 'the dump holds the club');
  for (const secret of secrets) assert.equal(text.includes(secret), false, 'no signing key in the database');
  const [table] = rowsOf<{ t: string | null }>(await t.database.db.execute(sql`select to_regclass('public.server_secrets')::text as t`));
  assert.equal(table?.t, null, 'the old table is gone');
});

test('after a rotation, feed addresses and unsubscribe links signed before work for the grace period, not after', async () => {
  const member = await login(t.app, MEMBER);
  const before_ = (await call(t.app, member, 'POST', '/api/v1/user/me/calendar-feed')).json().url as string;
  const fetchFeed = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });
  assert.equal((await fetchFeed(before_)).statusCode, 200);
  const signature = await sign(t.database.db, 'unsubscribe', 'socio.promo');

  const rotatedAt = t.clock.now();
  const { validUntil } = rotateSigningKeys(t.config, rotatedAt, 30);
  assert.equal(validUntil.getTime(), rotatedAt.getTime() + 30 * DAY);
  assert.equal(fs.statSync(keyFile()).mode & 0o777, 0o600);
  await keyFileRead();
  // Within the grace period: the old signatures verify, the address shown is still the one given, new ones differ.
  assert.equal((await fetchFeed(before_)).statusCode, 200);
  assert.equal((await call(t.app, member, 'GET', '/api/v1/user/me/calendar-feed')).json().url, before_);
  assert.ok(await verifySignature(t.database.db, 'unsubscribe', 'socio.promo', signature));
  const fresh = await sign(t.database.db, 'unsubscribe', 'socio.promo');
  assert.notEqual(fresh, signature);
  assert.ok(await verifySignature(t.database.db, 'unsubscribe', 'socio.promo', fresh));

  // After it: the old address answers 404 and the old link is refused; the owner is shown a new address that works.
  t.clock.advance(31 * DAY);
  assert.equal((await fetchFeed(before_)).statusCode, 404);
  assert.equal(await verifySignature(t.database.db, 'unsubscribe', 'socio.promo', signature), false);
  assert.ok(await verifySignature(t.database.db, 'unsubscribe', 'socio.promo', fresh));
  const again = await login(t.app, MEMBER);
  const after_ = (await call(t.app, again, 'GET', '/api/v1/user/me/calendar-feed')).json().url as string;
  assert.notEqual(after_, before_);
  assert.equal((await fetchFeed(after_)).statusCode, 200);
  assert.ok(await login(t.app, ADMIN));
});

test("an older version's secrets move from the database to the key file, and what they signed still verifies", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-chiavi-'));
  try {
    const legacy = Buffer.alloc(32, 7).toString('base64url');
    await t.database.db.execute(
      sql`create table server_secrets (name text primary key, value text not null, created_at timestamptz not null default now())`,
    );
    await t.database.db.execute(sql`insert into server_secrets (name, value) values ('unsubscribe', ${legacy})`);
    assert.equal(await importLegacySecrets(t.database.db, dataDir, t.clock.now()), 1);
    const [left] = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from server_secrets`));
    assert.equal(left?.n, 0, 'the rows are deleted (the migration drops the table)');
    const file = path.join(dataDir, SIGNING_KEY_FILE);
    assert.equal(fs.statSync(file).mode & 0o777, 0o600);
    const keys = new SigningKeys({ dataDir, signingKey: null, signingKeyPrevious: null });
    assert.deepEqual(keys.signingKey('unsubscribe'), Buffer.from(legacy, 'base64url'), 'links signed before keep their key');
    assert.notDeepEqual(keys.signingKey('calendar-feed'), Buffer.from(legacy, 'base64url'));
    const old = createHmac('sha256', Buffer.from(legacy, 'base64url')).update('x').digest();
    assert.deepEqual(createHmac('sha256', keys.signingKey('unsubscribe')).update('x').digest(), old);
  } finally {
    await t.database.db.execute(sql`drop table if exists server_secrets`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('SIGNING_KEY replaces the file key; a rotation then says to change the variable', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-chiavi-'));
  try {
    const settings = { dataDir, signingKey: 'k'.repeat(40), signingKeyPrevious: null };
    const fromEnv = new SigningKeys(settings);
    const fromFile = new SigningKeys({ ...settings, signingKey: null });
    assert.notDeepEqual(fromEnv.signingKey('unsubscribe'), fromFile.signingKey('unsubscribe'));
    const later = new SigningKeys({ dataDir, signingKey: 'n'.repeat(40), signingKeyPrevious: 'k'.repeat(40) });
    assert.equal(later.verifyingKeys('unsubscribe').length, 2, 'the new key and SIGNING_KEY_PREVIOUS');
    assert.deepEqual(later.verifyingKeys('unsubscribe')[1], fromEnv.signingKey('unsubscribe'));
    assert.throws(() => rotateSigningKeys(settings, new Date(0)), /SIGNING_KEY_PREVIOUS/);
    assert.throws(() => new SigningKeys({ ...settings, signingKey: 'corta' }), /almeno 32/);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
