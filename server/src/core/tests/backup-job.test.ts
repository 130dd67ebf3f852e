/**
 * The daily backup (issue 28): without BACKUP_DIR there is no job; with it, the job writes one dated archive through
 * the running server's own database and keeps the newest BACKUP_KEEP. BACKUP_KEEP must be a whole number from 1.
 * The embedded database of the test app only: the PostgreSQL dump is tested end to end in backup.test.ts.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { type TestApp, build } from '../../testing/helper';
import { RestoreRefused, backupFileName, pruneBackups, restoreBackup } from '../backup/backup';
import { BACKUP_JOB, backupJobs } from '../backup/job';
import { parseBackupKeep } from '../config';

const skip = process.env.DATABASE_URL ? 'il database integrato soltanto (PostgreSQL: backup.test.ts)' : false;
let t: TestApp;
let dir: string;
before(async () => {
  if (skip) return;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-copie-'));
  t = await build({ BACKUP_DIR: dir, BACKUP_KEEP: '2' });
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
  assert.deepEqual(pruneBackups(dir, 1), [older[1]]);

  // Restored into a fresh folder: the database folder, the files and remotes.json; a second restore there is refused.
  const target = path.join(dir, 'ripristino');
  const config = { ...t.config, dataDir: target, releasesDir: path.join(target, 'releases') };
  await restoreBackup({ config, archive: path.join(dir, newest), migrate: () => Promise.resolve() });
  assert.ok(fs.existsSync(path.join(target, 'pgdata', 'PG_VERSION')));
  assert.equal(fs.readFileSync(path.join(target, 'remotes.json'), 'utf8'), '{"mf_registry":"/remoti/registry/"}');
  assert.deepEqual(fs.readdirSync(path.join(target, 'files')).sort(), fs.readdirSync(path.join(t.config.dataDir, 'files')).sort());
  await assert.rejects(restoreBackup({ config, archive: path.join(dir, newest), migrate: () => Promise.resolve() }), RestoreRefused);
});
