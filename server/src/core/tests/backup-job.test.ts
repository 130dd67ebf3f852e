/**
 * The daily backup (issue 28): without BACKUP_DIR there is no job; with it, the job writes one dated archive through
 * the running server's own database and keeps the newest BACKUP_KEEP. BACKUP_KEEP must be a whole number from 1.
 * Archives are encrypted (issue 39): mode 0600, no member's address in their bytes, nothing written without a key; a
 * wrong key, a manifest of format 99, newer migrations, a foreign database and a 300 MB zero file are refused with one
 * Italian sentence and the target untouched.
 * The embedded database of the test app only: the PostgreSQL dump is tested end to end in backup.test.ts.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { knownSchema } from '../../app';
import { type TestApp, build } from '../../testing/helper';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { RestoreRefused, backupFileName, createBackup, pruneBackups, restoreBackup } from '../backup/backup';
import { packBackup } from '../backup/archive';
import { BackupKeyMissing, backupKeyOf, scryptWorkFactor } from '../backup/encryption';
import { openDatabase } from '../db/client';
import { BACKUP_JOB, backupJobs } from '../backup/job';
import { parseBackupKeep } from '../config';

const KEY = 'frase segreta della copia di prova';
const skip = process.env.DATABASE_URL ? 'il database integrato soltanto (PostgreSQL: backup.test.ts)' : false;
let t: TestApp;
let dir: string;
before(async () => {
  if (skip) return;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-copie-'));
  t = await build({ BACKUP_DIR: dir, BACKUP_KEEP: '2', BACKUP_KEY: KEY });
});
after(async () => {
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('BACKUP_KEEP: 14 unless set, a whole number from 1', () => {
  assert.equal(parseBackupKeep(undefined), 14);
  assert.equal(parseBackupKeep(' 3 '), 3);
  for (const bad of ['0', '-1', '2.5', 'tanti']) assert.throws(() => parseBackupKeep(bad), /BACKUP_KEEP non valido/);
});

test("a passphrase seals archives at age's scrypt work factor, 18; under tests at 10, recorded in each archive", () => {
  const was = process.env.NODE_ENV;
  try {
    for (const [env, factor] of [
      ['production', 18],
      [undefined, 18],
      ['development', 18],
      ['test', 10],
    ] as const) {
      if (env === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = env;
      assert.equal(scryptWorkFactor(), factor, String(env));
    }
  } finally {
    if (was === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = was;
  }
});

test('no backup job without BACKUP_DIR', { skip }, () => {
  assert.deepEqual(backupJobs({ ...t.config, backupDir: null }, t.database), []);
});

test('the daily job writes a dated archive and keeps the newest BACKUP_KEEP', { skip }, async () => {
  const [job] = backupJobs(t.config, t.database);
  assert.equal(job?.name, BACKUP_JOB);
  assert.equal(job.schedule, '30 3 * * *');
  // Two older archives and a file that is not one.
  const older = [new Date('2026-11-20T02:30:00Z'), new Date('2026-11-21T02:30:00Z')].map(backupFileName);
  for (const name of [...older, 'appunti.txt']) fs.writeFileSync(path.join(dir, name), 'x');
  // The optional remotes.json of DATA_DIR goes along.
  fs.writeFileSync(path.join(t.config.dataDir, 'remotes.json'), '{"mf_registry":"/remoti/registry/"}');
  const newest = backupFileName(t.clock.freeze());
  await job.run(undefined as never, t.app.services);
  t.clock.release();
  const left = fs.readdirSync(dir).sort();
  assert.deepEqual(left, ['appunti.txt', older[1], newest].sort(), 'the newest two archives, the other file untouched');
  assert.ok(fs.statSync(path.join(dir, newest)).size > 100_000);
  // Private, and unreadable without its key: an age file, no member's address in its bytes.
  assert.equal(fs.statSync(path.join(dir, newest)).mode & 0o777, 0o600);
  const bytes = fs.readFileSync(path.join(dir, newest));
  assert.ok(bytes.subarray(0, 30).toString('latin1').startsWith('age-encryption.org/v1'));
  // Sealed with the passphrase at the tests' scrypt work factor (the archive records it; production's is age's 18).
  assert.match(bytes.subarray(0, 200).toString('latin1'), /\n-> scrypt \S+ 10\n/);
  for (const email of ['marco.rossi@circolo.example', 'admin@circolo.example', 'circolo.example']) assert.equal(bytes.indexOf(email), -1, email);
  assert.deepEqual(pruneBackups(dir, 1), [older[1]]);

  // Restored into a fresh folder: the database folder, the files and remotes.json; a second restore there is refused.
  const target = path.join(dir, 'ripristino');
  const config = { ...t.config, dataDir: target, releasesDir: path.join(target, 'releases') };
  await restoreBackup({ config, archive: path.join(dir, newest), migrate: () => Promise.resolve(), known: knownSchema() });
  assert.ok(fs.existsSync(path.join(target, 'pgdata', 'PG_VERSION')));
  assert.equal(fs.readFileSync(path.join(target, 'remotes.json'), 'utf8'), '{"mf_registry":"/remoti/registry/"}');
  assert.deepEqual(fs.readdirSync(path.join(target, 'files')).sort(), fs.readdirSync(path.join(t.config.dataDir, 'files')).sort());
  await assert.rejects(
    restoreBackup({ config, archive: path.join(dir, newest), migrate: () => Promise.resolve(), known: knownSchema() }),
    RestoreRefused,
  );
});

/** An archive made by hand (packBackup, as the job does) from `build` filling a staging folder. */
async function handMade(name: string, fill: (staging: string) => Promise<void> | void): Promise<string> {
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-a-mano-'));
  try {
    await fill(staging);
    const out = path.join(dir, name);
    await packBackup({ staging, out, entries: fs.readdirSync(staging), key: backupKeyOf({ backupKey: KEY, backupKeyFile: null }) });
    return out;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

const manifest = (over: Record<string, unknown>) =>
  JSON.stringify({
    format: 'portale-backup',
    version: 2,
    created_at: '2026-11-25T09:00:00Z',
    database: { driver: 'pglite' },
    migrations: [...knownSchema().migrations],
    ...over,
  });

test('without a key nothing is written, and the message says how to set one', { skip }, async () => {
  const before_ = fs.readdirSync(dir).sort();
  await assert.rejects(
    createBackup({ config: { ...t.config, backupKey: null, backupKeyFile: null }, backupDir: dir, now: t.clock.now(), database: t.database }),
    (err: Error) => err instanceof BackupKeyMissing && /imposta BACKUP_KEY/.test(err.message),
  );
  assert.deepEqual(fs.readdirSync(dir).sort(), before_);
});

test('a wrong key, a newer or foreign archive are refused with one Italian sentence, the target untouched', { skip }, async () => {
  const made = await createBackup({ config: t.config, backupDir: path.join(dir, 'altre'), now: t.clock.now(), database: t.database });
  const target = path.join(dir, 'bersaglio');
  const config = { ...t.config, dataDir: target, releasesDir: path.join(target, 'releases') };
  const restore = (archive: string, key = KEY) =>
    restoreBackup({ config: { ...config, backupKey: key }, archive, migrate: () => Promise.resolve(), known: knownSchema() });
  const refused = async (archive: string, message: RegExp, key?: string) => {
    await assert.rejects(
      restore(archive, key),
      (err: Error) => err instanceof RestoreRefused && message.test(err.message) && !err.message.includes('\n'),
    );
    assert.equal(fs.existsSync(target), false, 'the target is untouched');
  };
  await refused(made.file, /La chiave non apre questo archivio/, 'un’altra frase qualsiasi');

  const v99 = await handMade('v99.tar.gz.age', (s) => fs.writeFileSync(path.join(s, 'manifest.json'), manifest({ version: 99 })));
  await refused(v99, /formato 99/);
  const newer = await handMade('newer.tar.gz.age', (s) =>
    fs.writeFileSync(path.join(s, 'manifest.json'), manifest({ migrations: [...knownSchema().migrations, '1899999999000'] })),
  );
  await refused(newer, /più recente/);

  // A database that is not the portal's (another table, a function), its manifest claiming this version's migrations.
  const foreign = await handMade('estraneo.tar.gz.age', async (s) => {
    fs.writeFileSync(path.join(s, 'manifest.json'), manifest({}));
    const other = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      await other.db.execute(sql`create table altro (x text)`);
      await other.db.execute(sql`create function f() returns int language sql as 'select 1'`);
      const client = (other.db as unknown as { $client: PGlite }).$client;
      fs.mkdirSync(path.join(s, 'database'));
      fs.writeFileSync(path.join(s, 'database', 'pglite.tar.gz'), Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer()));
    } finally {
      await other.close();
    }
  });
  await refused(foreign, /non è una copia di questo portale/);

  // Expanding past the bound: a 300 MB file of zeros.
  const bomb = await handMade('zeri.tar.gz.age', (s) => {
    fs.writeFileSync(path.join(s, 'manifest.json'), manifest({}));
    fs.writeFileSync(path.join(s, 'zeri'), Buffer.alloc(300 * 1024 * 1024));
  });
  await refused(bomb, /si espande oltre/);
});
