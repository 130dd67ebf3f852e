/**
 * Releases of the domain apps through the API (issue 12): published versions, compose with the whole-set check,
 * dry runs, refusals with every reason and nothing changed, history, rollback, /remotes.json derived from the live
 * release, immutable versions, concurrent composes serialised. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { InjectOptions } from 'fastify';
import { DOMAIN_APPS } from 'shared-api/domain-apps';
import { and, eq } from 'drizzle-orm';
import { audit_log } from '../../../core/db/tables';
import { ADMIN, MEMBER, type TestApp, build, call, login } from '../../../testing/helper';
import { VersionExistsError, publishVersion } from '../releases-root';
import { type FakeBuild, PROVIDED, fakeBuild, writeShellProvides, removeFakeBuilds } from './fixtures';

let t: TestApp;
let admin: string;
let member: string;

function publish(folder: string, build: FakeBuild = {}): string {
  const dist = fakeBuild(folder, build);
  return publishVersion({ releasesDir: t.config.releasesDir, app: folder, distDir: dist, packageVersion: '0.1.0' }).version;
}

const v1: Record<string, string> = {};

before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
  member = await login(t.app, MEMBER);
  writeShellProvides(t.config.staticRoot);
  for (const { folder } of DOMAIN_APPS) v1[folder] = publish(folder);
});
after(async () => {
  await t.close();
  removeFakeBuilds();
});

const remotes = async () => (await t.app.inject({ method: 'GET', url: '/remotes.json' })).json<Record<string, string>>();
interface History {
  data: {
    number: number;
    apps: Record<string, string>;
    live: boolean;
    kind: string;
    basedOn: number | null;
    restores: number | null;
    createdBy: { name: string } | null;
  }[];
  live: number | null;
}
const releases = async () => (await call(t.app, admin, 'GET', '/api/v1/platform/releases')).json<History>();
const compose = (apps: Record<string, string>, dryRun?: boolean, cookie = admin) =>
  call(t.app, cookie, 'POST', '/api/v1/platform/releases', { apps, ...(dryRun === undefined ? {} : { dryRun }) });

describe('access', () => {
  const calls: [InjectOptions['method'], string, unknown?][] = [
    ['GET', '/api/v1/platform/versions'],
    ['GET', '/api/v1/platform/releases'],
    ['POST', '/api/v1/platform/releases', { apps: { 'mf-registry': 'x' } }],
    ['POST', '/api/v1/platform/releases/rollback', {}],
  ];
  test('anonymous 401, a member 403', async () => {
    for (const [method, url, body] of calls) {
      assert.equal((await call(t.app, null, method, url, body)).statusCode, 401, `${method} ${url}`);
      assert.equal((await call(t.app, member, method, url, body)).statusCode, 403, `${method} ${url}`);
    }
  });
});

describe('versions and releases', () => {
  test('every published version is listed with its manifest summary', async () => {
    const res = await call(t.app, admin, 'GET', '/api/v1/platform/versions');
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json<{
      data: { app: string; version: string; shared: Record<string, string>; exposes: string[]; buildVersion: string; publishedAt: string }[];
      shell: { shared: Record<string, string> };
    }>();
    assert.deepEqual(body.shell.shared, PROVIDED);
    const registry = body.data.find((v) => v.app === 'mf-registry');
    assert.equal(registry?.version, v1['mf-registry']);
    assert.match(registry!.version, /^0\.1\.0-[0-9a-f]{8}$/);
    assert.equal(registry?.shared.react, `^${PROVIDED.react}`);
    assert.deepEqual(registry?.exposes, ['./routes']);
    assert.equal(registry?.buildVersion, '0.1.0');
    assert.ok(!Number.isNaN(Date.parse(registry.publishedAt)));
  });

  test('publishing an existing version is refused and the folder is not touched', () => {
    const dist = fakeBuild('mf-registry');
    const entry = path.join(t.config.releasesDir, 'mf-registry', v1['mf-registry']!, 'remoteEntry.js');
    const before = fs.statSync(entry).mtimeMs;
    assert.throws(
      () => publishVersion({ releasesDir: t.config.releasesDir, app: 'mf-registry', distDir: dist, packageVersion: '0.1.0' }),
      VersionExistsError,
    );
    assert.equal(fs.statSync(entry).mtimeMs, before);
  });

  test('before any release /remotes.json is the built-in map', async () => {
    assert.equal((await releases()).live, null);
    assert.equal((await remotes()).mf_registry, '/apps/mf-registry/mf-manifest.json');
  });

  test('composing every app makes release 1 live; /remotes.json follows it, revalidated on every read', async () => {
    const dry = await compose(v1, true);
    assert.equal(dry.statusCode, 200, dry.body);
    assert.equal(dry.json().release.number, null);
    assert.equal((await releases()).live, null, 'a dry run changes nothing');

    const res = await compose(v1);
    assert.equal(res.statusCode, 201, res.body);
    const first = res.json<{ release: { number: number; live: boolean; createdBy: { name: string } } }>().release;
    assert.equal(first.live, true);
    assert.match(first.createdBy.name, /\S/);
    const manifest = await t.app.inject({ method: 'GET', url: '/remotes.json' });
    assert.equal(manifest.headers['cache-control'], 'private, no-cache');
    assert.equal(manifest.json().mf_registry, `/releases/mf-registry/${v1['mf-registry']}/mf-manifest.json`);
    assert.equal(manifest.json().mf_booking, `/releases/mf-booking/${v1['mf-booking']}/mf-manifest.json`);

    // The audit log (issue 28) records the release, by whom, with the versions it put live.
    const [entry] = await t.database.db
      .select()
      .from(audit_log)
      .where(and(eq(audit_log.entity, 'platform_releases'), eq(audit_log.entity_id, String(first.number))));
    assert.equal(entry?.action, 'release');
    assert.ok(entry.actor_user_id);
    assert.deepEqual((entry.changes as Record<string, { after: unknown }>).apps?.after, v1);
  });

  test('versions are served at a stable address with immutable cache headers; the publication record is not', async () => {
    const entry = await t.app.inject({ method: 'GET', url: `/releases/mf-registry/${v1['mf-registry']}/remoteEntry.js` });
    assert.equal(entry.statusCode, 200);
    assert.equal(entry.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(entry.headers['access-control-allow-origin'], '*');
    const manifest = await t.app.inject({ method: 'GET', url: `/releases/mf-registry/${v1['mf-registry']}/mf-manifest.json` });
    assert.equal(manifest.statusCode, 200);
    assert.equal((await t.app.inject({ method: 'GET', url: `/releases/mf-registry/${v1['mf-registry']}/release.json` })).statusCode, 404);
  });

  test('a new version of one app: the others keep theirs; the history is newest first with the live one marked', async () => {
    const v2 = publish('mf-registry', { label: 'v2' });
    const res = await compose({ 'mf-registry': v2 });
    assert.equal(res.statusCode, 201, res.body);
    const live = (await remotes()).mf_registry;
    assert.equal(live, `/releases/mf-registry/${v2}/mf-manifest.json`);
    assert.equal((await remotes()).mf_booking, `/releases/mf-booking/${v1['mf-booking']}/mf-manifest.json`);
    const history = await releases();
    assert.deepEqual(
      history.data.map((r) => r.live),
      [true, false],
    );
    assert.ok(history.data[0]!.number > history.data[1]!.number);
    assert.equal(history.live, history.data[0]!.number);

    const same = await compose({ 'mf-registry': v2 });
    assert.equal(same.statusCode, 422, 'the live set again is refused');
  });

  test('a set that cannot work is refused with every reason, and nothing changes', async () => {
    const before = await releases();
    const remotesBefore = await remotes();
    const react17 = publish('mf-registry', { label: 'v3', requires: { react: '^17.0.0' } });
    const noRoutes = publish('mf-booking', { label: 'no-routes', exposes: ['./widgets'] });
    const noShared = publish('mf-storage', { label: 'no-shared', omitShared: true });
    const noEntry = publish('mf-finance', { label: 'no-entry', withoutRemoteEntry: true });
    const ownZustand = publish('mf-certificates', { label: 'own-zustand', requires: { zustand: null } });

    const res = await compose({
      'mf-registry': react17,
      'mf-booking': noRoutes,
      'mf-storage': noShared,
      'mf-finance': noEntry,
      'mf-certificates': ownZustand,
      'mf-nothing': '1.0.0-00000000',
    });
    assert.equal(res.statusCode, 422, res.body);
    const body = res.json<{
      code: string;
      reasons: {
        app: string;
        version: string | null;
        dependency: string | null;
        required: string | null;
        provided: string | null;
        message: string;
      }[];
    }>();
    assert.equal(body.code, 'RELEASE_REFUSED');
    const react = body.reasons.find((r) => r.app === 'mf-registry' && r.dependency === 'react');
    assert.deepEqual(
      { ...react, message: undefined },
      { app: 'mf-registry', version: react17, dependency: 'react', required: '^17.0.0', provided: PROVIDED.react, message: undefined },
    );
    assert.match(react!.message, /mf-registry .*react.*\^17\.0\.0.*19\.3\.1/);
    assert.ok(
      body.reasons.some((r) => r.app === 'mf-booking' && r.dependency === './routes'),
      res.body,
    );
    assert.ok(
      body.reasons.some((r) => r.app === 'mf-storage' && /shared/.test(r.message)),
      res.body,
    );
    assert.ok(
      body.reasons.some((r) => r.app === 'mf-finance' && /remote entry/.test(r.message)),
      res.body,
    );
    assert.ok(
      body.reasons.some((r) => r.app === 'mf-certificates' && r.dependency === 'zustand'),
      res.body,
    );
    assert.ok(
      body.reasons.some((r) => r.app === 'mf-nothing'),
      res.body,
    );

    // A dry run answers the same, and an unpublished version is named too.
    const dry = await compose({ 'mf-registry': '0.1.0-deadbeef' }, true);
    assert.equal(dry.statusCode, 422);
    assert.match(dry.json().reasons[0].message, /mf-registry 0\.1\.0-deadbeef: versione non pubblicata/);

    assert.deepEqual(await releases(), before);
    assert.deepEqual(await remotes(), remotesBefore);
  });

  test('a shell that does not say what it provides refuses every compose', async () => {
    const file = path.join(t.config.staticRoot, 'shell', 'dist', 'provides.json');
    fs.rmSync(file);
    try {
      const res = await compose({ 'mf-registry': v1['mf-registry']! }, true);
      assert.equal(res.statusCode, 422);
      assert.ok(res.json<{ reasons: { app: string }[] }>().reasons.some((r) => r.app === 'shell'));
    } finally {
      writeShellProvides(t.config.staticRoot);
    }
  });

  test('bad input is a 400 and changes nothing', async () => {
    for (const body of [
      {},
      { apps: {} },
      { apps: { 'mf-registry': '' } },
      { apps: { 'mf-registry': 3 } },
      { apps: { 'mf-registry': 'x' }, dryRun: 'yes' },
    ]) {
      const res = await call(t.app, admin, 'POST', '/api/v1/platform/releases', body);
      assert.equal(res.statusCode, 400, JSON.stringify(body));
    }
  });

  test('rollback makes the previous release live again as a new entry; one more step goes further back', async () => {
    const history = await releases();
    const [current, previous] = history.data;
    const res = await call(t.app, admin, 'POST', '/api/v1/platform/releases/rollback', {});
    assert.equal(res.statusCode, 201, res.body);
    const back = res.json<{ number: number; kind: string; restores: number; apps: Record<string, string>; live: boolean }>();
    assert.equal(back.kind, 'rollback');
    assert.equal(back.restores, previous!.number);
    assert.deepEqual(back.apps, previous!.apps);
    assert.ok(back.number > current!.number);
    assert.equal((await remotes()).mf_registry, `/releases/mf-registry/${v1['mf-registry']}/mf-manifest.json`);

    // Release 1 had nothing before it.
    const none = await call(t.app, admin, 'POST', '/api/v1/platform/releases/rollback', {});
    assert.equal(none.statusCode, 409, none.body);
    assert.equal(none.json().code, 'NO_PREVIOUS_RELEASE');
    assert.equal((await releases()).live, back.number);
  });

  test('concurrent composes run one after the other: each builds on the one before, none is lost', async () => {
    const registry = publish('mf-registry', { label: 'race-registry' });
    const booking = publish('mf-booking', { label: 'race-booking' });
    const before = (await releases()).live!;
    const [a, b] = await Promise.all([compose({ 'mf-registry': registry }), compose({ 'mf-booking': booking })]);
    assert.equal(a.statusCode, 201, a.body);
    assert.equal(b.statusCode, 201, b.body);
    const numbers = [a.json().release.number as number, b.json().release.number as number].sort((x, y) => x - y);
    const history = await releases();
    const [later, earlier] = [history.data.find((r) => r.number === numbers[1])!, history.data.find((r) => r.number === numbers[0])!];
    assert.equal(earlier.basedOn, before);
    assert.equal(later.basedOn, earlier.number, 'the second compose read the first one’s result');
    assert.equal(later.live, true);
    assert.equal(later.apps['mf-registry'], registry);
    assert.equal(later.apps['mf-booking'], booking);
    const live = await remotes();
    assert.equal(live.mf_registry, `/releases/mf-registry/${registry}/mf-manifest.json`);
    assert.equal(live.mf_booking, `/releases/mf-booking/${booking}/mf-manifest.json`);
  });

  test('a hand-written DATA_DIR/remotes.json still overrides the release (the operator’s emergency lever)', async () => {
    const file = path.join(t.config.dataDir, 'remotes.json');
    fs.writeFileSync(file, JSON.stringify({ mf_registry: 'https://cdn.example/mf-registry/mf-manifest.json' }));
    try {
      assert.deepEqual(await remotes(), { mf_registry: 'https://cdn.example/mf-registry/mf-manifest.json' });
    } finally {
      fs.rmSync(file);
    }
    assert.match((await remotes()).mf_registry!, /^\/releases\//);
  });
});
