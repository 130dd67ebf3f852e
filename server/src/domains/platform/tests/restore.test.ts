/**
 * The releases page's calls (issue 29): 'Ripristina' on any earlier release (POST /platform/releases/rollback { to }),
 * each version's size, and the platform team opened to a category given platform_access. Runs on PGlite and, with
 * DATABASE_URL, on PostgreSQL.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { DOMAIN_APPS } from 'shared-api/domain-apps';
import { ADMIN, MEMBER, type TestApp, build, call, login } from '../../../testing/helper';
import { createCategory, registeredUser } from '../../../testing/reliability/actors';
import { publishVersion } from '../releases-root';
import { folderBytes } from '../retention';
import { type FakeBuild, fakeBuild, removeFakeBuilds, writeShellProvides } from './fixtures';

let t: TestApp;
let admin: string;
let member: string;

function publish(folder: string, fake: FakeBuild = {}): string {
  const dist = fakeBuild(folder, fake);
  return publishVersion({ releasesDir: t.config.releasesDir, app: folder, distDir: dist, packageVersion: '0.1.0' }).version;
}
const restore = (body: unknown, cookie: string | null = admin) => call(t.app, cookie, 'POST', '/api/v1/platform/releases/rollback', body);
const compose = async (apps: Record<string, string>) => {
  const res = await call(t.app, admin, 'POST', '/api/v1/platform/releases', { apps });
  assert.equal(res.statusCode, 201, res.body);
  return res.json<{ release: { number: number } }>().release.number;
};
interface Release {
  number: number;
  apps: Record<string, string>;
  kind: string;
  restores: number | null;
  basedOn: number | null;
  live: boolean;
}

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

test('each published version answers its size on the server', async () => {
  const v = publish('mf-registry', { label: 'size' });
  const body = (await call(t.app, admin, 'GET', '/api/v1/platform/versions')).json<{ data: { app: string; version: string; bytes: number }[] }>();
  const row = body.data.find((r) => r.app === 'mf-registry' && r.version === v);
  assert.equal(row?.bytes, folderBytes(path.join(t.config.releasesDir, 'mf-registry', v)));
  assert.ok(row.bytes > 0);
});

test('Ripristina: any earlier release goes live again as a new rollback entry pointing at it; 401, 403, 404, 422', async () => {
  const v1 = Object.fromEntries(DOMAIN_APPS.map(({ folder }) => [folder, publish(folder)]));
  const [v2, v3] = ['r2', 'r3'].map((label) => publish('mf-registry', { label }));
  const first = await compose(v1);
  await compose({ 'mf-registry': v2! });
  const third = await compose({ 'mf-registry': v3! });

  assert.equal((await restore({ to: first }, null)).statusCode, 401);
  assert.equal((await restore({ to: first }, member)).statusCode, 403);
  assert.equal((await restore({ to: 'uno' })).statusCode, 400);
  const missing = await restore({ to: 9999 });
  assert.equal(missing.statusCode, 404, missing.body);
  assert.equal(missing.json().code, 'RELEASE_NOT_FOUND');
  // The live release's own set: refused by the whole-set check, nothing changes.
  const same = await restore({ to: third });
  assert.equal(same.statusCode, 422, same.body);
  assert.equal(same.json().code, 'RELEASE_REFUSED');
  assert.match(same.json<{ reasons: { message: string }[] }>().reasons[0]!.message, /già quelle della release/);

  const res = await restore({ to: first, note: 'di nuovo la prima' });
  assert.equal(res.statusCode, 201, res.body);
  const back = res.json<Release>();
  assert.equal(back.kind, 'rollback');
  assert.equal(back.restores, first);
  assert.equal(back.basedOn, third);
  assert.equal(back.live, true);
  assert.deepEqual(back.apps, v1);
  const remotes = (await t.app.inject({ method: 'GET', url: '/remotes.json' })).json<Record<string, string>>();
  assert.equal(remotes.mf_registry, `/releases/mf-registry/${v1['mf-registry']}/mf-manifest.json`);

  // A version removed since: the release that used it is refused with the reason, and nothing changes.
  fs.rmSync(path.join(t.config.releasesDir, 'mf-registry', v2!), { recursive: true });
  const pruned = await restore({ to: first + 1 });
  assert.equal(pruned.statusCode, 422, pruned.body);
  assert.ok(pruned.json<{ reasons: { app: string }[] }>().reasons.some((r) => r.app === 'mf-registry'));
  assert.equal((await call(t.app, admin, 'GET', '/api/v1/platform/releases')).json<{ live: number }>().live, back.number);
});

test('a category given platform_access reaches the releases, not the developer override', async () => {
  const category = await createCategory(t, admin, 'Squadra piattaforma', ['platform_access']);
  const platform = await registeredUser(t, admin, category, 'piattaforma');
  assert.equal((await call(t.app, platform.cookie, 'GET', '/api/v1/platform/releases')).statusCode, 200);
  assert.equal((await call(t.app, platform.cookie, 'GET', '/api/v1/platform/versions')).statusCode, 200);
  assert.equal((await call(t.app, platform.cookie, 'GET', '/api/v1/platform/override')).statusCode, 403);
  assert.equal((await call(t.app, platform.cookie, 'GET', '/api/v1/user/category')).statusCode, 403);
});
