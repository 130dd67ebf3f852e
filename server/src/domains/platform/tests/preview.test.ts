/**
 * Preview releases (issue 29): POST /platform/releases { apps, audience: { categories } } makes a preview, checked as
 * a whole like a live release; /remotes.json answers its audience with the preview's versions and everyone else with
 * the live release (private, no-cache); promote makes it live for all, withdraw drops it; reports from its audience
 * withdraw it by themselves. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { DOMAIN_APPS } from 'shared-api/domain-apps';
import { ADMIN, MEMBER, OTHER_MEMBER, type TestApp, build, call, login } from '../../../testing/helper';
import { categories } from '../../registry/tables';
import { publishVersion } from '../releases-root';
import { type FakeBuild, fakeBuild, writeShellProvides, removeFakeBuilds } from './fixtures';

let t: TestApp;
let admin: string;
let member: string;
let other: string;
let members: string;
const v1: Record<string, string> = {};

function publish(folder: string, fake: FakeBuild = {}): string {
  const dist = fakeBuild(folder, fake);
  return publishVersion({ releasesDir: t.config.releasesDir, app: folder, distDir: dist, packageVersion: '0.1.0' }).version;
}
const remotesOf = async (cookie: string | null) => {
  const res = await t.app.inject({ method: 'GET', url: '/remotes.json', headers: cookie ? { cookie } : {} });
  assert.equal(res.headers['cache-control'], 'private, no-cache');
  return res.json<Record<string, string>>().mf_registry;
};
const manifest = (version: string) => `/releases/mf-registry/${version}/mf-manifest.json`;
const compose = (body: Record<string, unknown>, cookie = admin) => call(t.app, cookie, 'POST', '/api/v1/platform/releases', body);
const releases = async () =>
  (await call(t.app, admin, 'GET', '/api/v1/platform/releases')).json<{
    data: {
      number: number;
      kind: string;
      preview: boolean;
      live: boolean;
      note: string | null;
      promotedAt: string | null;
      withdrawnAt: string | null;
    }[];
    live: number | null;
    preview: number | null;
  }>();

before(async () => {
  t = await build({ RELEASE_ERROR_USERS: '2' });
  admin = await login(t.app, ADMIN);
  member = await login(t.app, MEMBER);
  other = await login(t.app, OTHER_MEMBER);
  writeShellProvides(t.config.staticRoot);
  const [soci] = await t.database.db.select({ id: categories.id }).from(categories).where(eq(categories.name, 'Soci'));
  members = soci!.id;
  for (const { folder } of DOMAIN_APPS) v1[folder] = publish(folder);
  assert.equal((await compose({ apps: v1 })).statusCode, 201);
});
after(async () => {
  await t.close();
  removeFakeBuilds();
});

describe('access', () => {
  test('compose with an audience, promote, withdraw: anonymous 401, a member 403', async () => {
    const calls: [string, unknown][] = [
      ['/api/v1/platform/releases', { apps: { 'mf-registry': 'x' }, audience: { categories: [members] } }],
      ['/api/v1/platform/releases/1/promote', undefined],
      ['/api/v1/platform/releases/1/withdraw', {}],
    ];
    for (const [url, body] of calls) {
      assert.equal((await call(t.app, null, 'POST', url, body)).statusCode, 401, url);
      assert.equal((await call(t.app, member, 'POST', url, body)).statusCode, 403, url);
    }
  });
});

describe('a preview for one category', () => {
  test('the whole-set check applies: a preview the shell cannot serve is refused with its reasons, nothing out', async () => {
    const bad = publish('mf-registry', { requires: { react: '^18.0.0' }, label: 'old react' });
    const res = await compose({ apps: { 'mf-registry': bad }, audience: { categories: [members] } });
    assert.equal(res.statusCode, 422, res.body);
    assert.match(res.json<{ reasons: { message: string }[] }>().reasons[0]!.message, /react/);
    assert.equal((await releases()).preview, null);
    const empty = await compose({ apps: { 'mf-registry': v1['mf-registry'] }, audience: { categories: [] } });
    assert.equal(empty.statusCode, 400);
  });

  test('its audience gets the preview, everyone else the live release; promote makes it live for all', async () => {
    const v2 = publish('mf-registry', { label: 'preview' });
    const dry = await compose({ apps: { 'mf-registry': v2 }, audience: { categories: [members] }, dryRun: true });
    assert.equal(dry.statusCode, 200, dry.body);
    assert.equal((await releases()).preview, null, 'a dry run changes nothing');

    const res = await compose({ apps: { 'mf-registry': v2 }, audience: { categories: [members] } });
    assert.equal(res.statusCode, 201, res.body);
    const made = res.json<{ release: { number: number; kind: string; preview: boolean; live: boolean; audience: { categories: string[] } } }>()
      .release;
    assert.deepEqual([made.kind, made.preview, made.live, made.audience.categories], ['preview', true, false, [members]]);

    assert.equal(await remotesOf(member), manifest(v2), 'a member of Soci');
    assert.equal(await remotesOf(other), manifest(v2));
    assert.equal(await remotesOf(admin), manifest(v1['mf-registry']!), 'Amministratori: not in the audience');
    assert.equal(await remotesOf(null), manifest(v1['mf-registry']!), 'signed out');

    const second = await compose({ apps: { 'mf-booking': v1['mf-booking'] }, audience: { categories: [members] } });
    assert.equal(second.statusCode, 409);
    assert.equal(second.json<{ code: string }>().code, 'PREVIEW_ALREADY_OUT');

    const history = await releases();
    assert.equal(history.preview, made.number);
    assert.notEqual(history.live, made.number);

    const promoted = await call(t.app, admin, 'POST', `/api/v1/platform/releases/${made.number}/promote`);
    assert.equal(promoted.statusCode, 200, promoted.body);
    assert.equal(promoted.json<{ live: boolean }>().live, true);
    for (const who of [member, admin, null]) assert.equal(await remotesOf(who), manifest(v2));
    const after = await releases();
    assert.deepEqual([after.live, after.preview], [made.number, null]);
    assert.ok(after.data.find((r) => r.number === made.number)?.promotedAt);

    const again = await call(t.app, admin, 'POST', `/api/v1/platform/releases/${made.number}/promote`);
    assert.equal(again.statusCode, 409);
    assert.equal(again.json<{ code: string }>().code, 'NOT_THE_PREVIEW');
    assert.equal((await call(t.app, admin, 'POST', '/api/v1/platform/releases/9999/withdraw', {})).statusCode, 404);
  });

  test('withdraw: the audience is back on the live release', async () => {
    const live = (await remotesOf(member))!;
    const v3 = publish('mf-registry', { label: 'withdrawn' });
    const made = (await compose({ apps: { 'mf-registry': v3 }, audience: { categories: [members] } })).json<{ release: { number: number } }>()
      .release;
    assert.equal(await remotesOf(member), manifest(v3));
    const res = await call(t.app, admin, 'POST', `/api/v1/platform/releases/${made.number}/withdraw`, { note: 'Non pronta' });
    assert.equal(res.statusCode, 200, res.body);
    assert.ok(res.json<{ withdrawnAt: string }>().withdrawnAt);
    assert.equal(await remotesOf(member), live);
    assert.equal((await releases()).preview, null);
  });

  test('reports from the audience past the threshold withdraw the preview by itself; the live release stays', async () => {
    const before = await releases();
    const v4 = publish('mf-booking', { label: 'broken preview' });
    const made = (await compose({ apps: { 'mf-booking': v4 }, audience: { categories: [members] } })).json<{ release: { number: number } }>().release;
    // Issue 40: a report counts for a version the session was served, from a member who can open the app there.
    const body = { app: 'mf-booking', version: v4, route: '/book-session', kind: 'load', message: 'ChunkLoadError' };
    for (const who of [member, other]) {
      await remotesOf(who);
      assert.equal((await call(t.app, who, 'POST', '/api/v1/platform/client-errors', body)).statusCode, 204);
    }
    const after = await releases();
    assert.equal(after.preview, null);
    assert.equal(after.live, before.live);
    const withdrawn = after.data.find((r) => r.number === made.number)!;
    assert.ok(withdrawn.withdrawnAt);
    assert.match(withdrawn.note ?? '', /Anteprima ritirata automaticamente: 2 utenti/);
    const served = await t.app.inject({ method: 'GET', url: '/remotes.json', headers: { cookie: member } });
    assert.notEqual(served.json<Record<string, string>>().mf_booking, `/releases/mf-booking/${v4}/mf-manifest.json`);
  });

  test('prune keeps the preview’s versions', async () => {
    const v5 = publish('mf-registry', { label: 'kept preview' });
    await compose({ apps: { 'mf-registry': v5 }, audience: { categories: [members] } });
    const res = await call(t.app, admin, 'POST', '/api/v1/platform/versions/prune', { keep: 1 });
    assert.equal(res.statusCode, 200, res.body);
    assert.ok(!res.json<{ removed: { version: string }[] }>().removed.some((r) => r.version === v5));
    assert.equal(await remotesOf(member), manifest(v5));
  });
});

test('/remotes.json says whether its answer is the set everyone gets (x-remotes-shared), for the service worker', async () => {
  const header = async (cookie: string | null) =>
    (await t.app.inject({ method: 'GET', url: '/remotes.json', headers: cookie ? { cookie } : {} })).headers['x-remotes-shared'];
  const state = await releases();
  if (state.preview !== null) await call(t.app, admin, 'POST', `/api/v1/platform/releases/${state.preview}/withdraw`, {});
  assert.equal(await header(member), '1');
  const v6 = publish('mf-registry', { label: 'shared header' });
  const made = (await compose({ apps: { 'mf-registry': v6 }, audience: { categories: [members] } })).json<{ release: { number: number } }>();
  assert.equal(await header(member), '0', "a member of the preview's audience gets their own set");
  assert.equal(await header(admin), '1');
  assert.equal(await header(null), '1');
  await call(t.app, admin, 'POST', `/api/v1/platform/releases/${made.release.number}/withdraw`, {});
});
