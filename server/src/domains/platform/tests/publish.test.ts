/**
 * POST /platform/versions (issue 12: "Publishing an existing version is refused (409 from the API)"): a build
 * archive published as a version, the version computed as the command computes it; the republish refused; '*' only;
 * bad archives (path traversal, absolute paths, links, not gzip, wrong manifest) refused with nothing changed; two
 * publishes of one build racing: exactly one 201. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import * as tar from 'tar';
import { ADMIN, MEMBER, type TestApp, build, call, login } from '../../../testing/helper';
import { versionOf } from '../releases-root';
import { folderBytes } from '../retention';
import { type FakeBuild, fakeBuild, writeShellProvides, removeFakeBuilds } from './fixtures';

let t: TestApp;
let admin: string;
let member: string;
const temp: string[] = [];

before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
  member = await login(t.app, MEMBER);
  writeShellProvides(t.config.staticRoot);
});
after(async () => {
  await t.close();
  for (const dir of temp) fs.rmSync(dir, { recursive: true, force: true });
  removeFakeBuilds();
});

/** A build of `folder` and its .tar.gz as `tar -czf - -C dist .` makes it. */
async function packedBuild(folder: string, fake: FakeBuild = {}): Promise<{ dist: string; archive: Buffer; version: string }> {
  const dist = fakeBuild(folder, fake);
  const file = path.join(os.tmpdir(), `build-${path.basename(dist)}.tar.gz`);
  temp.push(file);
  await tar.c({ gzip: true, cwd: dist, file, portable: true }, ['.']);
  return { dist, archive: fs.readFileSync(file), version: versionOf(dist, '0.1.0') };
}

/** A .tar.gz written entry by entry, so it can hold what no honest tool writes. */
function craftedArchive(entries: { path: string; type?: string; linkpath?: string; body?: string }[]): Buffer {
  const blocks: Buffer[] = [];
  for (const e of entries) {
    const body = Buffer.from(e.body ?? '');
    const header = new tar.Header({
      path: e.path,
      mode: 0o644,
      uid: 0,
      gid: 0,
      size: e.type && e.type !== 'File' ? 0 : body.length,
      mtime: new Date(0),
      type: (e.type ?? 'File') as 'File',
      linkpath: e.linkpath ?? '',
    });
    const block = Buffer.alloc(512);
    header.encode(block, 0);
    blocks.push(block);
    if (!e.type || e.type === 'File') blocks.push(body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return zlib.gzipSync(Buffer.concat(blocks));
}

function form(fields: Record<string, string>, archive?: Buffer, fileName = 'build.tar.gz'): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  if (archive) body.append('archive', new Blob([new Uint8Array(archive)]), fileName);
  return body;
}

const publish = (fields: Record<string, string>, archive?: Buffer, cookie: string | null = admin) =>
  call(t.app, cookie, 'POST', '/api/v1/platform/versions', form(fields, archive));

/** Every path under the releases root, so a refusal can be shown to change nothing. */
function tree(dir = t.config.releasesDir, base = dir): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return [path.relative(base, p), ...(e.isDirectory() ? tree(p, base) : [])];
  });
}

describe('publishing a version through the API', () => {
  test('an archive that fails while extracting is refused in Italian, naming no folder of the server (issue 39)', async () => {
    const published = () => tree().filter((entry) => !entry.startsWith('.uploads'));
    const before = published();
    // A file 'a', then 'a/b': extracting the second needs 'a' to be a folder, and the extraction fails on it.
    const res = await publish(
      { app: 'mf-storage', packageVersion: '0.1.0' },
      craftedArchive([
        { path: 'a', body: 'file' },
        { path: 'a/b', body: 'file' },
      ]),
    );
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(res.json().code, 'RELEASE_ARCHIVE_INVALID');
    const message: string = res.json().message;
    assert.match(message, /^Archivio della build non valido: /);
    for (const root of [t.config.dataDir, t.config.releasesDir, os.tmpdir(), process.cwd()])
      assert.ok(!message.includes(root), `${root} in: ${message}`);
    assert.doesNotMatch(message, /(^|[\s'"(])\/[A-Za-z]/, `no absolute path: ${message}`);
    assert.match(message, /\(a: esiste già\)$/, 'the entry inside the archive, and what went wrong');
    // Nothing is published (the refused upload's own copy, under .uploads, goes asynchronously).
    assert.deepEqual(published(), before);
  });

  test('anonymous 401, a member 403, and nothing is written', async () => {
    const { archive } = await packedBuild('mf-registry', { label: 'access' });
    const before = tree();
    const anonymous = await publish({ app: 'mf-registry', packageVersion: '0.1.0' }, archive, null);
    assert.equal(anonymous.statusCode, 401, anonymous.body);
    const forbidden = await publish({ app: 'mf-registry', packageVersion: '0.1.0' }, archive, member);
    assert.equal(forbidden.statusCode, 403, forbidden.body);
    assert.deepEqual(tree(), before);
  });

  test('201 with the version summary; served, listed, and the same version the command computes', async () => {
    const { archive, version } = await packedBuild('mf-registry', { label: 'api-1' });
    const from = t.clock.now().getTime();
    const res = await publish({ app: 'mf-registry', packageVersion: '0.1.0', version }, archive);
    const to = t.clock.now().getTime();
    assert.equal(res.statusCode, 201, res.body);
    const body = res.json<{
      app: string;
      version: string;
      exposes: string[];
      publishedBy: string;
      publishedAt: string;
      problem: string | null;
      remoteEntry: { path: string };
    }>();
    assert.equal(body.app, 'mf-registry');
    // Stamped by the server's clock (the suite's instant), not the machine's date.
    const at = Date.parse(body.publishedAt);
    assert.ok(at >= from && at <= to, `${body.publishedAt} is not the suite's clock (${new Date(from).toISOString()})`);
    assert.equal(body.version, version);
    assert.match(version, /^0\.1\.0-[0-9a-f]{8}$/);
    assert.deepEqual(body.exposes, ['./routes']);
    assert.equal(body.problem, null);
    assert.match(body.publishedBy, /\S/);
    const entry = await t.app.inject({ method: 'GET', url: `/releases/mf-registry/${version}/remoteEntry.js` });
    assert.equal(entry.statusCode, 200);
    assert.match(entry.body, /api-1/);
    const list = await call(t.app, admin, 'GET', '/api/v1/platform/versions');
    const listed = list.json<{ data: Record<string, unknown>[] }>().data.find((v) => v.app === 'mf-registry' && v.version === version);
    // The answer is made without reading the folder back: the same as what the list reads from it.
    assert.deepEqual(Object.fromEntries(Object.keys(body).map((k) => [k, listed?.[k]])), body);
    assert.equal(res.json().bytes, folderBytes(path.join(t.config.releasesDir, 'mf-registry', version)));
    assert.ok(!tree().some((p) => p.includes('.uploads') && p.split(path.sep).length > 1), 'the upload folder is emptied');
  });

  test('the size is recorded at publication (release.json): the versions list reads it and walks no version’s files', async () => {
    const { archive, version } = await packedBuild('mf-registry', { label: 'sized' });
    assert.equal((await publish({ app: 'mf-registry', packageVersion: '0.1.0' }, archive)).statusCode, 201);
    const dir = path.join(t.config.releasesDir, 'mf-registry', version);
    const bytes = folderBytes(dir);
    assert.equal(JSON.parse(fs.readFileSync(path.join(dir, 'release.json'), 'utf8')).bytes, bytes);
    // A file slipped in by hand afterwards: the list still answers the recorded size, so it did not walk the folder.
    fs.writeFileSync(path.join(dir, 'extra.txt'), 'x'.repeat(1000));
    try {
      const list = (await call(t.app, admin, 'GET', '/api/v1/platform/versions')).json<{ data: { app: string; version: string; bytes: number }[] }>();
      assert.equal(list.data.find((v) => v.app === 'mf-registry' && v.version === version)?.bytes, bytes);
    } finally {
      fs.rmSync(path.join(dir, 'extra.txt'));
    }
  });

  test('publishing it again: 409 VERSION_ALREADY_PUBLISHED, the folder untouched', async () => {
    const { archive, version } = await packedBuild('mf-registry', { label: 'api-again' });
    assert.equal((await publish({ app: 'mf-registry', packageVersion: '0.1.0' }, archive)).statusCode, 201);
    const entry = path.join(t.config.releasesDir, 'mf-registry', version, 'remoteEntry.js');
    const before = { mtime: fs.statSync(entry).mtimeMs, tree: tree() };
    const again = await publish({ app: 'mf-registry', packageVersion: '0.1.0' }, archive);
    assert.equal(again.statusCode, 409, again.body);
    assert.equal(again.json().code, 'VERSION_ALREADY_PUBLISHED');
    assert.match(again.json().message, new RegExp(`${version.replace(/\./g, '\\.')} di mf-registry è già pubblicata`));
    assert.equal(fs.statSync(entry).mtimeMs, before.mtime);
    assert.deepEqual(tree(), before.tree);
  });

  test('two publishes of one build at once: exactly one 201, the other 409', async () => {
    const { archive, version } = await packedBuild('mf-booking', { label: 'race' });
    const answers = await Promise.all([
      publish({ app: 'mf-booking', packageVersion: '0.1.0' }, archive),
      publish({ app: 'mf-booking', packageVersion: '0.1.0' }, archive),
    ]);
    assert.deepEqual(answers.map((a) => a.statusCode).sort(), [201, 409], answers.map((a) => a.body).join('\n'));
    assert.ok(fs.existsSync(path.join(t.config.releasesDir, 'mf-booking', version, 'mf-manifest.json')));
    const versions = fs.readdirSync(path.join(t.config.releasesDir, 'mf-booking')).filter((n) => n === version);
    assert.equal(versions.length, 1);
  });

  describe('refusals change nothing', () => {
    /** What the answer must say, where the reason is the point of the test. */
    const MESSAGES: Record<string, RegExp> = {
      'an entry climbing out with ..': /percorso che esce dalla cartella.*\.\.\/\.\.\/evil\.js/,
      'an absolute path': /percorso assoluto.*\/tmp\/evil\.js/,
      'a symbolic link': /SymbolicLink.*nessun collegamento/,
      'a build without mf-manifest.json': /mf-manifest\.json mancante/,
      "another app's build": /mf_finance, non di mf-storage/,
      'a version that does not match the files': /non 0\.1\.0-00000000/,
      'a manifest over 1 MB': /mf-manifest\.json supera 1 MB/,
    };
    const refusals: [string, () => Promise<{ fields: Record<string, string>; archive?: Buffer }>, number, string][] = [
      [
        'an entry climbing out with ..',
        async () => ({
          fields: { app: 'mf-storage', packageVersion: '0.1.0' },
          archive: craftedArchive([
            { path: 'mf-manifest.json', body: '{}' },
            { path: '../../evil.js', body: 'pwned' },
          ]),
        }),
        400,
        'RELEASE_ARCHIVE_INVALID',
      ],
      [
        'an absolute path',
        async () => ({ fields: { app: 'mf-storage', packageVersion: '0.1.0' }, archive: craftedArchive([{ path: '/tmp/evil.js', body: 'pwned' }]) }),
        400,
        'RELEASE_ARCHIVE_INVALID',
      ],
      [
        'a symbolic link',
        async () => ({
          fields: { app: 'mf-storage', packageVersion: '0.1.0' },
          archive: craftedArchive([{ path: 'remoteEntry.js', type: 'SymbolicLink', linkpath: '/etc/passwd' }]),
        }),
        400,
        'RELEASE_ARCHIVE_INVALID',
      ],
      [
        'not a gzip',
        async () => ({ fields: { app: 'mf-storage', packageVersion: '0.1.0' }, archive: Buffer.from('solo testo, nessun archivio') }),
        400,
        'FILE_TYPE_NOT_ALLOWED',
      ],
      [
        'a gzip that is not a tar',
        async () => ({ fields: { app: 'mf-storage', packageVersion: '0.1.0' }, archive: zlib.gzipSync(Buffer.alloc(4096, 7)) }),
        400,
        'RELEASE_ARCHIVE_INVALID',
      ],
      ['no archive', async () => ({ fields: { app: 'mf-storage', packageVersion: '0.1.0' } }), 400, 'RELEASE_ARCHIVE_INVALID'],
      [
        'a build without mf-manifest.json',
        async () => ({
          fields: { app: 'mf-storage', packageVersion: '0.1.0' },
          archive: craftedArchive([{ path: 'remoteEntry.js', body: 'var x;' }]),
        }),
        400,
        'RELEASE_ARCHIVE_INVALID',
      ],
      [
        'a manifest over 1 MB',
        async () => ({
          fields: { app: 'mf-storage', packageVersion: '0.1.0' },
          archive: craftedArchive([
            {
              path: 'mf-manifest.json',
              body: JSON.stringify({
                name: 'mf_storage',
                metaData: { remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
                padding: 'x'.repeat(1024 * 1024),
              }),
            },
            { path: 'remoteEntry.js', body: 'var mf_storage;' },
          ]),
        }),
        400,
        'RELEASE_ARCHIVE_INVALID',
      ],
      [
        "another app's build",
        async () => ({
          fields: { app: 'mf-storage', packageVersion: '0.1.0' },
          archive: (await packedBuild('mf-finance', { label: 'other' })).archive,
        }),
        400,
        'RELEASE_ARCHIVE_INVALID',
      ],
      [
        'a version that does not match the files',
        async () => ({
          fields: { app: 'mf-storage', packageVersion: '0.1.0', version: '0.1.0-00000000' },
          archive: (await packedBuild('mf-storage', { label: 'mismatch' })).archive,
        }),
        400,
        'RELEASE_ARCHIVE_INVALID',
      ],
      [
        'an unknown app',
        async () => ({
          fields: { app: 'mf-nessuna', packageVersion: '0.1.0' },
          archive: (await packedBuild('mf-storage', { label: 'unknown' })).archive,
        }),
        400,
        'VALIDATION_FAILED',
      ],
      [
        'a package version that is not one',
        async () => ({
          fields: { app: 'mf-storage', packageVersion: 'latest' },
          archive: (await packedBuild('mf-storage', { label: 'pkg' })).archive,
        }),
        400,
        'VALIDATION_FAILED',
      ],
    ];
    for (const [name, make, status, code] of refusals) {
      test(name, async () => {
        const { fields, archive } = await make();
        const before = tree();
        const res = await publish(fields, archive);
        assert.equal(res.statusCode, status, res.body);
        assert.equal(res.json().code, code, res.body);
        assert.match(res.json().message, /\S/);
        assert.match(res.json().message, MESSAGES[name] ?? /\S/);
        assert.deepEqual(
          tree().filter((p) => !p.startsWith('.uploads')),
          before.filter((p) => !p.startsWith('.uploads')),
        );
        assert.ok(!tree().some((p) => p.startsWith(`.uploads${path.sep}`)), 'no upload left behind');
        assert.ok(
          !fs.existsSync(path.join(t.config.releasesDir, 'evil.js')) && !fs.existsSync(path.join(path.dirname(t.config.releasesDir), 'evil.js')),
        );
      });
    }
  });
});
