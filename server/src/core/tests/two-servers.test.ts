/**
 * Two server processes on one PostgreSQL, as behind a load balancer: a session opened on one works on the other,
 * and the login throttle is one limit whichever server counts the guesses. Needs DATABASE_URL (CI's second pass);
 * PGlite is one process's database by design.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { ADMIN, MEMBER, OTHER_MEMBER } from '../../testing/helper';
import { Client, type ServerProcess, TEST_START_MS, copyOfPortal, startServerProcess } from 'test-kit';

const baseUrl = process.env.DATABASE_URL;
const skip = baseUrl ? false : 'DATABASE_URL non impostato: due server su un PostgreSQL si provano solo nel passaggio su PostgreSQL';

const SESSION_CACHE_MS = 300;
let a: ServerProcess;
let b: ServerProcess;
let cleanup: () => Promise<void> = async () => {};
before(async () => {
  if (!baseUrl) return;
  // Both start on a copy of the seeded demo club (its database cloned from the template), each with its own data folder.
  const copy = await copyOfPortal(TEST_START_MS, baseUrl);
  const dirA = copy.dataDir;
  const dirB = fs.mkdtempSync(path.join(os.tmpdir(), 'club-portal-two-'));
  // Each process keeps a session it looked up for SESSION_CACHE_MS (core/session-cache.ts): short here.
  const env = { STATIC_ROOT: dirA, LOG_LEVEL: 'error', SESSION_CACHE_MS: String(SESSION_CACHE_MS) };
  cleanup = async () => {
    await a?.stop();
    await b?.stop();
    await copy.remove();
    fs.rmSync(dirB, { recursive: true, force: true });
  };
  a = await startServerProcess({ dataDir: dirA, databaseUrl: copy.databaseUrl, env });
  b = await startServerProcess({ dataDir: dirB, databaseUrl: copy.databaseUrl, env });
});
after(async () => {
  await cleanup();
});

test('a session opened on one server works on the other, and signing out on it ends it on both within the session cache time', { skip }, async () => {
  const onA = new Client(a.url);
  await onA.login(ADMIN.email, ADMIN.password);
  const onB = new Client(b.url);
  onB.cookie = onA.cookie;
  const me = await onB.request('GET', '/api/v1/user/me');
  assert.equal(me.status, 200, me.text);
  assert.equal(me.json.email, ADMIN.email);
  // A write on B is read on A.
  const created = await onB.request('POST', '/api/v1/user/category', { name: 'Creata sul server B' });
  assert.equal(created.status, 201, created.text);
  assert.equal((await onA.request('GET', `/api/v1/user/category/${created.json._id}`)).status, 200);
  assert.equal((await onB.request('POST', '/api/v1/auth/logout')).status, 200);
  assert.equal((await onB.request('GET', '/api/v1/user/me')).status, 401, 'the session ended on B at once');
  // A may answer from its session cache until the time it keeps a lookup has passed.
  await new Promise((resolve) => setTimeout(resolve, SESSION_CACHE_MS + 50));
  assert.equal((await onA.request('GET', '/api/v1/user/me')).status, 401, 'the session ended on A too');
});

/** Wrong guesses for `email` sent round the `servers` until one answers 429; how many were answered first. */
async function guessesBeforeThrottle(servers: ServerProcess[], email: string): Promise<number> {
  for (let n = 0; n < 200; n++) {
    const server = servers[n % servers.length];
    if (!server) throw new Error('no server');
    const client = new Client(server.url);
    const res = await client.request('POST', '/api/v1/auth/login', { email, password: `sbagliata-${n}` });
    if (res.status === 429) return n;
    assert.equal(res.status, 401, res.text);
  }
  throw new Error(`no 429 after 200 wrong guesses for ${email}`);
}

test('the login throttle is shared: guesses split across the two servers hit the one limit', { skip }, async () => {
  const limitOnOne = await guessesBeforeThrottle([a], OTHER_MEMBER.email);
  const limitOnTwo = await guessesBeforeThrottle([a, b], MEMBER.email);
  console.log(`login throttle: ${limitOnOne} wrong guesses on one server, ${limitOnTwo} split across two`);
  assert.ok(limitOnOne > 0);
  assert.equal(limitOnTwo, limitOnOne, 'two servers allow no more guesses than one');
  // Both servers now refuse this account, the right password included.
  for (const server of [a, b]) {
    const res = await new Client(server.url).request('POST', '/api/v1/auth/login', MEMBER);
    assert.equal(res.status, 429, `${server.url}: ${res.text}`);
  }
});
