/**
 * Retention of published versions (issue 29): POST /platform/versions/prune { keep } removes the versions the last
 * `keep` releases do not use, never the live release's nor the one a rollback restores, and answers what went and
 * the bytes freed. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { DOMAIN_APPS } from 'shared-api/domain-apps';
import { ADMIN, MEMBER, type TestApp, build, call, login } from '../../../testing/helper';
import { publishVersion } from '../releases-root';
import { folderBytes } from '../retention';
import { type FakeBuild, fakeBuild, writeShellProvides, removeFakeBuilds } from './fixtures';

let t: TestApp;
let admin: string;
let member: string;

function publish(folder: string, fake: FakeBuild = {}): string {
  const dist = fakeBuild(folder, fake);
  return publishVersion({ releasesDir: t.config.releasesDir, app: folder, distDir: dist, packageVersion: '0.1.0' }).version;
}
const versionDir = (app: string, version: string) => path.join(t.config.releasesDir, app, version);
const prune = (keep: unknown, cookie: string | null = admin) => call(t.app, cookie, 'POST', '/api/v1/platform/versions/prune', { keep });

before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
  member = await login(t.app, MEMBER);
  writeShellProvides(t.config.staticRoot);
});
after(async () => {
  await t.close();
  removeFakeBuilds();
});

test('anonymous 401, a member 403, a keep below 1 or not an integer 400; nothing removed', async () => {
  const lone = publish('mf-registry', { label: 'lone' });
  assert.equal((await prune(1, null)).statusCode, 401);
  assert.equal((await prune(1, member)).statusCode, 403);
  assert.equal((await prune(0)).statusCode, 400);
  assert.equal((await prune(1.5)).statusCode, 400);
  assert.equal((await call(t.app, admin, 'POST', '/api/v1/platform/versions/prune', {})).statusCode, 400);
  assert.ok(fs.existsSync(versionDir('mf-registry', lone)));
  fs.rmSync(versionDir('mf-registry', lone), { recursive: true });
});

test('keeps the last N releases’ versions, the live one’s and the rollback target’s; answers what went and the bytes', async () => {
  const v1 = Object.fromEntries(DOMAIN_APPS.map(({ folder }) => [folder, publish(folder)]));
  const [v2, v3, v4] = ['v2', 'v3', 'v4'].map((label) => publish('mf-registry', { label }));
  const compose = async (apps: Record<string, string>) =>
    assert.equal((await call(t.app, admin, 'POST', '/api/v1/platform/releases', { apps })).statusCode, 201);
  await compose(v1); // release 1
  await compose({ 'mf-registry': v2! }); // 2
  await compose({ 'mf-registry': v3! }); // 3
  // Back to release 2's set (registry v2): a rollback from here would restore release 1 (registry v1).
  assert.equal((await call(t.app, admin, 'POST', '/api/v1/platform/releases/rollback', {})).statusCode, 201);
  const sizes = { v3: folderBytes(versionDir('mf-registry', v3!)), v4: folderBytes(versionDir('mf-registry', v4!)) };
  assert.ok(sizes.v3 > 0);

  const res = await prune(1);
  assert.equal(res.statusCode, 200, res.body);
  const body = res.json<{ keep: number; removed: { app: string; version: string; bytes: number }[]; bytesFreed: number }>();
  assert.deepEqual(
    body.removed.map((r) => r.version).sort(),
    [v3, v4].sort(),
    'v3 (only in release 3) and v4 (never released) go; v2 is live, v1 the rollback target',
  );
  assert.equal(body.bytesFreed, sizes.v3 + sizes.v4);
  assert.ok(!fs.existsSync(versionDir('mf-registry', v3!)) && !fs.existsSync(versionDir('mf-registry', v4!)));
  for (const [app, version] of Object.entries(v1)) assert.ok(fs.existsSync(versionDir(app, version)), `${app} ${version} kept`);
  assert.ok(fs.existsSync(versionDir('mf-registry', v2!)));
  // Nothing half-removed is left beside the versions, and the list no longer names them.
  assert.deepEqual(fs.readdirSync(path.join(t.config.releasesDir, 'mf-registry')).sort(), [v1['mf-registry'], v2].sort());
  const listed = (await call(t.app, admin, 'GET', '/api/v1/platform/versions')).json<{ data: { version: string }[] }>().data.map((v) => v.version);
  assert.ok(!listed.includes(v3!) && !listed.includes(v4!));

  // The rollback target survived: rolling back still works and serves files that exist.
  const back = await call(t.app, admin, 'POST', '/api/v1/platform/releases/rollback', {});
  assert.equal(back.statusCode, 201, back.body);
  assert.equal(back.json<{ apps: Record<string, string> }>().apps['mf-registry'], v1['mf-registry']);
  const entry = await t.app.inject({ method: 'GET', url: `/releases/mf-registry/${v1['mf-registry']}/remoteEntry.js` });
  assert.equal(entry.statusCode, 200);

  // A removed version cannot be composed again.
  const refused = await call(t.app, admin, 'POST', '/api/v1/platform/releases', { apps: { 'mf-registry': v3 } });
  assert.equal(refused.statusCode, 422);
  // Live is now release 1's set, with nothing before it: v2 is used by no kept release any more.
  assert.deepEqual(
    (await prune(1)).json<{ removed: { version: string }[] }>().removed.map((r) => r.version),
    [v2],
  );
  assert.equal((await prune(1)).json<{ removed: unknown[] }>().removed.length, 0, 'a third prune finds nothing more');
});
