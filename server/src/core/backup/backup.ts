/**
 * Backups a club can restore (issue 28): one dated archive in BACKUP_DIR holding the database, the uploaded files
 * and the published releases, written while the server runs; restored into an empty DATA_DIR (or an empty PostgreSQL
 * database) and never over data.
 *
 * - PGlite: the server's own instance writes its data folder as one archive (dumpDataDir): no statement runs
 *   meanwhile, so it is a consistent snapshot. With no server on the folder, the command opens it itself.
 * - PostgreSQL: pg_dump when the machine has it, otherwise the library's logical dump (postgres.ts).
 * The files and releases are read after the database: a file uploaded in between is in the archive without its row
 * (harmless), never the reverse, unless it was deleted in that moment.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { CoreConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { offThreadModule, runOffThread } from '../workers/pool';
import type { packBackup, unpackBackup } from './archive';
import { type PostgresDumpKind, dumpPostgres, postgresIsEmpty, restorePostgres } from './postgres';

const ARCHIVE_MODULE = offThreadModule('core/backup/archive');
const FORMAT = 'portale-backup';
const PREFIX = 'portale-backup-';
/** A backup's file name: portale-backup-2026-11-27T03-15-00Z.tar.gz (UTC, sorts by date). */
const NAME = /^portale-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/;

export interface BackupManifest {
  format: typeof FORMAT;
  version: 1;
  created_at: string;
  database: { driver: 'pglite' } | { driver: 'pg'; kind: PostgresDumpKind };
}

export interface BackupResult {
  file: string;
  size: number;
}

/** What an archive holds besides the database: the uploaded files, the releases root, the optional remotes.json. */
const copiedPlaces = (config: CoreConfig) =>
  [
    ['files', path.join(config.dataDir, 'files')],
    ['releases', config.releasesDir],
    ['remotes.json', path.join(config.dataDir, 'remotes.json')],
  ] as const;

export const backupFileName = (now: Date) =>
  `${PREFIX}${now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-')}.tar.gz`;

/** The configured database's part: into `dir`, from the running server's `database` when given. */
async function dumpDatabase(config: CoreConfig, dir: string, database: Database | undefined, log: (line: string) => void) {
  fs.mkdirSync(dir, { recursive: true });
  if (config.databaseUrl) return { driver: 'pg' as const, kind: await dumpPostgres(config.databaseUrl, dir, log) };
  const own = database ?? (await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pgdata') }));
  try {
    const client = (own.db as unknown as { $client: PGlite }).$client;
    // Between transactions (PGlite's transaction lock) and between statements (dumpDataDir takes the query lock): the
    // folder as one commit left it; its WAL goes along, which the restored database replays on opening.
    const dump = await client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
    fs.writeFileSync(path.join(dir, 'pglite.tar.gz'), Buffer.from(await dump.arrayBuffer()));
  } finally {
    if (!database) await own.close();
  }
  return { driver: 'pglite' as const };
}

/**
 * Writes one archive to `backupDir` and answers its path and size. `database`: the running server's (the daily job);
 * without it the command reads the database itself (PGlite: only when no server holds the folder).
 */
export async function createBackup(options: {
  config: CoreConfig;
  backupDir: string;
  now: Date;
  database?: Database;
  log?: (line: string) => void;
}): Promise<BackupResult> {
  const { config, backupDir, now, database, log = () => {} } = options;
  fs.mkdirSync(backupDir, { recursive: true });
  const staging = fs.mkdtempSync(path.join(backupDir, '.in-corso-'));
  try {
    const manifest: BackupManifest = {
      format: FORMAT,
      version: 1,
      created_at: now.toISOString(),
      database: await dumpDatabase(config, path.join(staging, 'database'), database, log),
    };
    fs.writeFileSync(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
    const entries = ['manifest.json', 'database'];
    // The live folders are linked in and read through the links (tar follows them).
    for (const [name, source] of copiedPlaces(config)) {
      if (!fs.existsSync(source)) continue;
      fs.symlinkSync(source, path.join(staging, name), fs.statSync(source).isDirectory() ? 'dir' : 'file');
      entries.push(name);
    }
    const file = path.join(backupDir, backupFileName(now));
    const size = await runOffThread<Parameters<typeof packBackup>[0], number>(ARCHIVE_MODULE, 'packBackup', { staging, out: file, entries });
    return { file, size };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Keeps the newest `keep` archives of `backupDir` (by their dated names) and deletes the older; answers the deleted. */
export function pruneBackups(backupDir: string, keep: number): string[] {
  const archives = fs
    .readdirSync(backupDir)
    .filter((name) => NAME.test(name))
    .sort()
    .reverse();
  const old = archives.slice(Math.max(keep, 1));
  for (const name of old) fs.rmSync(path.join(backupDir, name), { force: true });
  return old;
}

const isEmptyFolder = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;

/** A restore refused before anything was written; the message says why, in Italian. */
export class RestoreRefused extends Error {}

/**
 * Restores `archive` into the configured places: DATA_DIR (and RELEASES_DIR) must be empty or missing, and with
 * DATABASE_URL the database must hold no table. `migrate` prepares an empty PostgreSQL database's schema for a
 * logical dump (the caller's list of migrations: core knows no domain's).
 */
export async function restoreBackup(options: { config: CoreConfig; archive: string; migrate: () => Promise<void> }): Promise<void> {
  const { config, archive, migrate } = options;
  if (!fs.existsSync(archive)) throw new RestoreRefused(`Archivio non trovato: ${archive}`);
  if (!isEmptyFolder(config.dataDir))
    throw new RestoreRefused(`La cartella dei dati ${config.dataDir} non è vuota: il ripristino va fatto in una cartella vuota`);
  if (!isEmptyFolder(config.releasesDir)) throw new RestoreRefused(`La cartella delle versioni ${config.releasesDir} non è vuota`);
  if (config.databaseUrl && !(await postgresIsEmpty(config.databaseUrl))) {
    throw new RestoreRefused('Il database PostgreSQL di DATABASE_URL non è vuoto: il ripristino va fatto in un database vuoto');
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-ripristino-'));
  try {
    await runOffThread<Parameters<typeof unpackBackup>[0], void>(ARCHIVE_MODULE, 'unpackBackup', { archive, into: work });
    const manifestFile = path.join(work, 'manifest.json');
    const manifest = fs.existsSync(manifestFile) ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest) : null;
    if (manifest?.format !== FORMAT) throw new RestoreRefused(`${archive} non è una copia del portale (manca manifest.json)`);
    const { database } = manifest;
    if (database.driver === 'pg' && !config.databaseUrl) throw new RestoreRefused('La copia è di un database PostgreSQL: indica DATABASE_URL');
    if (database.driver === 'pglite' && config.databaseUrl) throw new RestoreRefused('La copia è del database integrato: togli DATABASE_URL');

    fs.mkdirSync(config.dataDir, { recursive: true });
    if (database.driver === 'pglite') {
      const dump = fs.readFileSync(path.join(work, 'database', 'pglite.tar.gz'));
      const restored = await openDatabase({
        kind: 'pglite',
        dataDir: path.join(config.dataDir, 'pgdata'),
        loadDataDir: new Blob([new Uint8Array(dump)]),
      });
      await restored.close();
    } else {
      await restorePostgres(config.databaseUrl!, path.join(work, 'database'), database.kind, migrate);
    }
    for (const [name, target] of copiedPlaces(config)) {
      const source = path.join(work, name);
      if (!fs.existsSync(source)) continue;
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.cpSync(source, target, { recursive: true });
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
