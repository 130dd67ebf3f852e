/**
 * No rollback onto what is not there (issue 40): after `prune { keep: 1 }`, neither repeated manual rollbacks nor
 * members' load-failure reports make a pruned version live; every rollback runs the whole-set check first, and the
 * automatic one goes back one step only, to the release the rolled-out one replaced, never along a chain of
 * rollbacks. The live set's manifests answer 200 throughout. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { DOMAIN_APPS } from 'shared-api/domain-apps';
import { ADMIN, MEMBER, OTHER_MEMBER, type TestApp, build, call, login } from '../../../testing/helper';
import { publishVersion } from '../releases-root';
import { type FakeBuild, fakeBuild, removeFakeBuilds, writeShellProvides } from './fixtures';

const THIRD = { email: 'luca.ferrari@circolo.example', password: 'Socio-2026!' };

let t: TestApp;
let admin: string;
const members: string[] = [];

function publish(folder: string, fake: FakeBuild = {}): string {
  const dist = fakeBuild(folder, fake);
  return publishVersion({ releasesDir: t.config.releasesDir, app: folder, distDir: dist, packageVersion: '0.1.0' }).version;
}
const compose = async (apps: Record<string, string>) => {
  const res = await call(t.app, admin, 'POST', '/api/v1/platform/releases', { apps });
  assert.equal(res.statusCode, 201, res.body);
  return res.json<{ release: { number: number } }>().release.number;
};
const rollback = () => call(t.app, admin, 'POST', '/api/v1/platform/releases/rollback', {});
const releases = async () =>
  (await call(t.app, admin, 'GET', '/api/v1/platform/releases')).json<{
    data: { number: number; kind: string; restores: number | null; apps: Record<string, string> }[];
    live: number;
  }>();
const remotesOf = async (cookie: string | null) =>
  (await t.app.inject({ method: 'GET', url: '/remotes.json', headers: cookie ? { cookie } : {} })).json<Record<string, string>>();

/** Every manifest of the set /remotes.json serves answers 200. */
async function liveManifestsAnswer(): Promise<void> {
  const remotes = await remotesOf(null);
  for (const { federationName } of DOMAIN_APPS) {
    const res = await t.app.inject({ method: 'GET', url: remotes[federationName]! });
    assert.equal(res.statusCode, 200, `${remotes[federationName]} → ${res.statusCode}`);
  }
}
/** Each member, served the live set (their /remotes.json), reports mf-booking failing to load. */
async function loadFailures(): Promise<void> {
  for (const m of members) {
    const version = /\/mf-booking\/([^/]+)\//.exec((await remotesOf(m)).mf_booking!)![1]!;
    const body = { app: 'mf-booking', version, route: '/book-session', kind: 'load', message: 'ChunkLoadError' };
    assert.equal((await call(t.app, m, 'POST', '/api/v1/platform/client-errors', body)).statusCode, 204);
  }
}

before(async () => {
  t = await build({ RELEASE_ERROR_USERS: '3', RELEASE_ERROR_WINDOW_MIN: '15' });
  admin = await login(t.app, ADMIN);
  for (const who of [MEMBER, OTHER_MEMBER, THIRD]) members.push(await login(t.app, who));
  writeShellProvides(t.config.staticRoot);
});
after(async () => {
  await t.close();
  removeFakeBuilds();
});

test('after prune { keep: 1 }: repeated manual rollbacks and load-failure reports never make a pruned version live', async () => {
  const v1 = Object.fromEntries(DOMAIN_APPS.map(({ folder }) => [folder, publish(folder)]));
  const [b2, b3, b4] = ['b2', 'b3', 'b4'].map((label) => publish('mf-booking', { label }));
  await compose(v1);
  await compose({ 'mf-booking': b2! });
  const r3 = await compose({ 'mf-booking': b3! });
  await compose({ 'mf-booking': b4! });

  // keep 1: the live release (b4) and the one a rollback restores (b3) stay; v1's and b2's booking builds go.
  const pruned = await call(t.app, admin, 'POST', '/api/v1/platform/versions/prune', { keep: 1 });
  assert.equal(pruned.statusCode, 200, pruned.body);
  const removed = pruned.json<{ removed: { app: string; version: string }[] }>().removed.map((r) => r.version);
  assert.ok(removed.includes(b2!) && removed.includes(v1['mf-booking']!));
  assert.ok(!fs.existsSync(path.join(t.config.releasesDir, 'mf-booking', b2!)));

  // The first rollback restores release 3 (b3, kept); the next ones would walk onto b2, then v1: refused, 422.
  const first = await rollback();
  assert.equal(first.statusCode, 201, first.body);
  assert.equal(first.json<{ restores: number }>().restores, r3);
  const live = (await releases()).live;
  for (let i = 0; i < 3; i++) {
    const again = await rollback();
    assert.equal(again.statusCode, 422, again.body);
    assert.equal(again.json<{ code: string }>().code, 'RELEASE_REFUSED');
    assert.match(again.body, new RegExp(b2!));
    assert.equal((await releases()).live, live);
    await liveManifestsAnswer();
  }

  // Members' browsers report the live set's booking build (b3) failing to load, twice over: the live release is
  // itself a rollback, so no automatic rollback walks further back (onto the pruned b2).
  await loadFailures();
  await loadFailures();
  assert.equal((await releases()).live, live);
  await liveManifestsAnswer();

  // A new release (b5), reported by three served members: the automatic rollback goes back one step, to the release
  // b5 replaced (b3, there); reports of b3 after that change nothing more.
  const b5 = publish('mf-booking', { label: 'b5' });
  const r6 = await compose({ 'mf-booking': b5 });
  assert.equal((await call(t.app, admin, 'POST', '/api/v1/platform/versions/prune', { keep: 1 })).statusCode, 200);
  await loadFailures();
  const after = await releases();
  assert.equal(after.data[0]?.kind, 'auto-rollback');
  assert.equal(after.data[0]?.restores, live);
  assert.equal(after.data[0]?.apps['mf-booking'], b3);
  assert.notEqual(after.live, r6);
  await liveManifestsAnswer();
  await loadFailures();
  assert.equal((await releases()).live, after.live);
  await liveManifestsAnswer();
  // A manual rollback from there would restore release 4 (b4, pruned by the second prune): refused.
  const manual = await rollback();
  assert.equal(manual.statusCode, 422, manual.body);
  assert.match(manual.body, new RegExp(b4!));
  await liveManifestsAnswer();
});

test('the automatic rollback refuses a target whose versions are gone; the live release stays', async () => {
  const [c1, c2] = ['c1', 'c2'].map((label) => publish('mf-booking', { label }));
  const before = await compose({ 'mf-booking': c1! });
  const broken = await compose({ 'mf-booking': c2! });
  // The release c2 replaced loses its booking build by hand (not by prune, which keeps it): nothing to go back to.
  fs.rmSync(path.join(t.config.releasesDir, 'mf-booking', c1!), { recursive: true });
  await loadFailures();
  const after = await releases();
  assert.equal(after.live, broken);
  assert.ok(after.data.every((r) => r.number <= broken || r.restores !== before));
  await liveManifestsAnswer();
});
