/**
 * Releases across real server processes: the first start of a fresh clone publishes the built apps and makes them
 * the live release; releases survive a restart (PGlite and PostgreSQL); two servers on one PostgreSQL see the same
 * live release, whichever of them composed or rolled back (PostgreSQL only; from a copy of the seeded demo club, test-kit's
 * copyOfPortal, since its subject is not the first start).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { after, test } from 'node:test';
import { DOMAIN_APPS } from 'shared-api/domain-apps';
import { ADMIN } from '../../../testing/helper';
import { Client, type ServerProcess, TEST_START_MS, copyOfPortal, createScratchDatabase, serverScript, startServerProcess } from 'test-kit';
import { publishVersion } from '../releases-root';
import { fakeBuild, removeFakeBuilds, writeShellProvides } from './fixtures';

const cleanups: (() => Promise<void> | void)[] = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  removeFakeBuilds();
});

/** A data folder (a new one, or `dir`) that is also the static root, with a built shell and a build of every domain app. */
function freshClone(dir?: string): string {
  if (!dir) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-portal-releases-'));
    const made = dir;
    cleanups.push(() => fs.rmSync(made, { recursive: true, force: true }));
  }
  writeShellProvides(dir);
  for (const { folder } of DOMAIN_APPS) {
    const build = fakeBuild(folder);
    fs.mkdirSync(path.join(dir, folder), { recursive: true });
    fs.renameSync(build, path.join(dir, folder, 'dist'));
    fs.writeFileSync(path.join(dir, folder, 'package.json'), JSON.stringify({ name: folder, version: '2.3.4' }));
  }
  return dir;
}

async function start(env: { DATA_DIR: string } & Record<string, string>): Promise<ServerProcess> {
  // Fake builds: nothing a browser could load, so no headless check after a switch.
  const { DATA_DIR, DATABASE_URL, ...more } = env;
  const server = await startServerProcess({
    dataDir: DATA_DIR,
    databaseUrl: DATABASE_URL ?? null,
    env: { STATIC_ROOT: DATA_DIR, LOG_LEVEL: 'error', RELEASE_HEALTH_CHECK: 'off', ...more },
  });
  cleanups.push(() => server.stop());
  return server;
}

const remotesOf = async (server: ServerProcess) => (await fetch(`${server.url}/remotes.json`)).json() as Promise<Record<string, string>>;

async function admin(server: ServerProcess): Promise<Client> {
  const client = new Client(server.url);
  await client.login(ADMIN.email, ADMIN.password);
  return client;
}

test('a fresh clone’s first start publishes its builds as the live release; releases survive a restart', async () => {
  const dir = freshClone();
  const db = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL, 'releases') : null;
  if (db) cleanups.push(() => db.drop());
  const env = { DATA_DIR: dir, ...(db ? { DATABASE_URL: db.url } : {}) };

  let server = await start(env);
  const first = await remotesOf(server);
  for (const { folder, federationName } of DOMAIN_APPS)
    assert.match(first[federationName] ?? '', new RegExp(`^/releases/${folder}/2\\.3\\.4-[0-9a-f]{8}/mf-manifest\\.json$`));
  const entry = await fetch(`${server.url}${first.mf_registry!.replace('mf-manifest.json', 'remoteEntry.js')}`);
  assert.equal(entry.status, 200);
  assert.equal(entry.headers.get('cache-control'), 'public, max-age=31536000, immutable');

  const v2 = publishVersion({
    releasesDir: path.join(dir, 'releases'),
    app: 'mf-registry',
    distDir: fakeBuild('mf-registry', { label: 'v2' }),
    packageVersion: '2.3.5',
  }).version;
  let client = await admin(server);
  const composed = await client.request('POST', '/api/v1/platform/releases', { apps: { 'mf-registry': v2 } });
  assert.equal(composed.status, 201, composed.text);
  const before = (await client.request('GET', '/api/v1/platform/releases')).json as { data: { kind: string }[]; live: number };
  assert.deepEqual(
    before.data.map((r) => r.kind),
    ['compose', 'initial'],
  );

  await server.stop();
  server = await start(env);
  client = await admin(server);
  const afterRestart = (await client.request('GET', '/api/v1/platform/releases')).json as { data: { kind: string }[]; live: number };
  assert.deepEqual(afterRestart, before, 'the same history and live release; the start added none over a team release');
  assert.equal((await remotesOf(server)).mf_registry, `/releases/mf-registry/${v2}/mf-manifest.json`);

  // The platform team's command wraps the same calls.
  const compose = (...args: string[]) =>
    spawnSync(process.execPath, [...serverScript('domains/platform/cli'), 'compose', ...args], {
      env: { ...process.env, PORTAL_URL: server.url, PLATFORM_EMAIL: ADMIN.email, PLATFORM_PASSWORD: ADMIN.password },
      encoding: 'utf8',
    });
  const listed = compose('versions');
  assert.equal(listed.status, 0, listed.stderr);
  assert.match(listed.stdout, new RegExp(`mf-registry ${v2.replace(/\./g, '\\.')}`));
  const react17 = publishVersion({
    releasesDir: path.join(dir, 'releases'),
    app: 'mf-registry',
    distDir: fakeBuild('mf-registry', { label: 'r17', requires: { react: '^17.0.0' } }),
    packageVersion: '2.3.6',
  }).version;
  const refused = compose('set', `mf-registry=${react17}`);
  assert.equal(refused.status, 1);
  assert.match(refused.stderr, /Rifiutato \(422\)[\s\S]*mf-registry 2\.3\.6-[0-9a-f]{8}: richiede react \^17\.0\.0, la shell fornisce 19\.3\.1/);
  const dry = compose('set', `mf-registry=${first.mf_registry!.split('/')[3]}`, '--dry-run');
  assert.equal(dry.status, 0, dry.stderr);
  assert.match(dry.stdout, /Controllo superato \(prova: nulla è cambiato\)/);
  const back = compose('rollback', '--note', 'prova del comando');
  assert.equal(back.status, 0, back.stderr);
  assert.match(back.stdout, /rollback → 1 .*«prova del comando»/);
  assert.match(compose('releases').stdout, /^\* \d+ .* rollback/m);
  assert.equal((await remotesOf(server)).mf_registry, first.mf_registry);
  // Retention: what the last release does not use goes (v2 and the refused build), the live one's stays.
  assert.equal(compose('prune', '--keep', '0').status, 1);
  const pruned = compose('prune', '--keep', '1');
  assert.equal(pruned.status, 0, pruned.stderr);
  for (const gone of [v2, react17]) assert.match(pruned.stdout, new RegExp(`Rimossa mf-registry ${gone.replace(/\./g, '\\.')}`));
  assert.match(pruned.stdout, /2 versioni rimosse, .* liberati\./);
  assert.ok(!fs.existsSync(path.join(dir, 'releases', 'mf-registry', v2)));
  // A progressive rollout from the command (issue 40): started, paused, aborted, each said back.
  const stepped = publishVersion({
    releasesDir: path.join(dir, 'releases'),
    app: 'mf-registry',
    distDir: fakeBuild('mf-registry', { label: 'steps' }),
    packageVersion: '2.3.7',
  }).version;
  const started = compose('set', `mf-registry=${stepped}`, '--rollout', '50,100', '--hold', '5', '--min-sessions', '10');
  assert.equal(started.status, 0, started.stderr);
  assert.match(started.stdout, /In distribuzione progressiva \(50 → 100 %\)/);
  const rolloutNumber = /^\s*(\d+) /m.exec(started.stdout.split('\n')[1] ?? '')?.[1];
  assert.ok(rolloutNumber, started.stdout);
  const paused = compose('pause', rolloutNumber, '--reason', 'verifica');
  assert.equal(paused.status, 0, paused.stderr);
  assert.match(paused.stdout, /al 50 %, sospesa/);
  const aborted = compose('abort', rolloutNumber, '--reason', 'prova');
  assert.equal(aborted.status, 0, aborted.stderr);
  assert.match(aborted.stdout, /interrotta/);
  assert.equal(compose('abort', rolloutNumber).status, 1, 'no longer the preview');
  assert.ok(fs.existsSync(path.join(dir, 'releases', 'mf-registry', first.mf_registry!.split('/')[3]!)));

  // With PORTAL_URL set, `publish` sends the build to the portal's API; the same build again is refused there (409).
  const app = fs.mkdtempSync(path.join(os.tmpdir(), 'club-portal-app-'));
  cleanups.push(() => fs.rmSync(app, { recursive: true, force: true }));
  fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'mf-registry', version: '2.4.0' }));
  fs.renameSync(fakeBuild('mf-registry', { label: 'through the API' }), path.join(app, 'dist'));
  const publishCommand = () =>
    spawnSync(process.execPath, [...serverScript('domains/platform/cli'), 'publish', 'mf-registry', path.join(app, 'dist')], {
      env: {
        ...process.env,
        PORTAL_URL: server.url,
        PLATFORM_EMAIL: ADMIN.email,
        PLATFORM_PASSWORD: ADMIN.password,
        RELEASES_DIR: path.join(app, 'not-here'),
      },
      encoding: 'utf8',
    });
  const published = publishCommand();
  assert.equal(published.status, 0, published.stderr);
  const [, version] = /Pubblicata mf-registry (2\.4\.0-[0-9a-f]{8}) su /.exec(published.stdout) ?? [];
  assert.ok(version, published.stdout);
  assert.ok(fs.existsSync(path.join(dir, 'releases', 'mf-registry', version, 'remoteEntry.js')), "in the portal's releases root");
  assert.ok(!fs.existsSync(path.join(app, 'not-here')), 'nothing written locally');
  const again = publishCommand();
  assert.equal(again.status, 1);
  assert.match(again.stderr, /Rifiutato \(409\): La versione 2\.4\.0-[0-9a-f]{8} di mf-registry è già pubblicata/);
});

const skip = process.env.DATABASE_URL ? false : 'DATABASE_URL non impostato: due server su un PostgreSQL si provano solo nel passaggio su PostgreSQL';

test('two servers on one PostgreSQL see the same live release, whichever changed it', { skip }, async () => {
  const copy = await copyOfPortal(TEST_START_MS, process.env.DATABASE_URL!);
  cleanups.push(() => copy.remove());
  const databaseUrl = copy.databaseUrl!;
  const shared = freshClone(copy.dataDir);
  const releasesDir = path.join(shared, 'releases');
  // Each process has its own data folder; the releases root is shared (as DATA_DIR/files is), like a mounted volume.
  const a = await start({ DATA_DIR: shared, DATABASE_URL: databaseUrl, RELEASES_DIR: releasesDir });
  const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-portal-releases-b-'));
  cleanups.push(() => fs.rmSync(otherDir, { recursive: true, force: true }));
  const b = await start({ DATA_DIR: otherDir, STATIC_ROOT: shared, DATABASE_URL: databaseUrl, RELEASES_DIR: releasesDir });
  assert.deepEqual(await remotesOf(b), await remotesOf(a));

  const v2 = publishVersion({
    releasesDir,
    app: 'mf-registry',
    distDir: fakeBuild('mf-registry', { label: 'two-servers' }),
    packageVersion: '2.3.5',
  }).version;
  const onA = await admin(a);
  assert.equal((await onA.request('POST', '/api/v1/platform/releases', { apps: { 'mf-registry': v2 } })).status, 201);
  assert.equal((await remotesOf(b)).mf_registry, `/releases/mf-registry/${v2}/mf-manifest.json`, 'B serves what A composed');

  const onB = await admin(b);
  const back = await onB.request('POST', '/api/v1/platform/releases/rollback', {});
  assert.equal(back.status, 201, back.text);
  assert.notEqual((await remotesOf(a)).mf_registry, `/releases/mf-registry/${v2}/mf-manifest.json`, 'A serves what B rolled back');
  assert.deepEqual(await remotesOf(a), await remotesOf(b));
});
