/**
 * Backups a club can restore (issue 28): one dated archive in BACKUP_DIR holding the database, the uploaded files
 * and the published releases, written while the server runs; restored into an empty DATA_DIR (or an empty PostgreSQL
 * database) and never over data.
 *
 * - PGlite: an online base backup of the server's own instance (pglite.ts, issue 38): pg_backup_start, the data
 *   folder copied on a worker thread while the portal keeps working, pg_backup_stop, the WAL in between; restored,
 *   it replays that WAL and is the database as one commit left it. With no server on the folder, the command opens it
 *   itself. A database in memory (tests) is still written whole by dumpDataDir (pglite.tar.gz, as before).
 * - PostgreSQL: pg_dump when the machine has it, otherwise the library's logical dump (postgres.ts).
 * The files and releases are read after the database: a file uploaded in between is in the archive without its row
 * (harmless), never the reverse, unless it was deleted in that moment.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { CoreConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { offThreadModule, runOffThread } from '../workers/pool';
import type { packBackup, unpackBackup } from './archive';
import { type KnownSchema, type PostgresDumpKind, PostgresRestoreRefused, dumpPostgres, postgresIsEmpty, restorePostgres } from './postgres';
import { backupKeyOf } from './encryption';
import { rowsOf } from '../db/rows';
import { pgliteBaseBackup, pgliteFolder } from './pglite';
import { SIGNING_KEY_FILE } from '../secrets';

const ARCHIVE_MODULE = offThreadModule('core/backup/archive');
const FORMAT = 'portale-backup';
const PREFIX = 'portale-backup-';
/**
 * A backup's file name: portale-backup-2026-11-27T03-15-00Z.tar.gz.age (UTC, sorts by date); archives of before
 * issue 39 end in .tar.gz (unencrypted: pruned like the others, restored no more).
 */
const NAME = /^portale-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz(\.age)?$/;

/**
 * The manifest's format version this code writes (1: unencrypted archives, issue 28; 2: encrypted, issue 39; 3: the
 * embedded database as a base backup's folder, database/pgdata, issue 38).
 */
export const MANIFEST_VERSION = 3;
/** The versions a restore reads: 2's embedded database is database/pglite.tar.gz (dumpDataDir). */
const READABLE_VERSIONS: readonly number[] = [2, 3];

export interface BackupManifest {
  format: typeof FORMAT;
  version: number;
  created_at: string;
  /** pglite: `kind` 'base-backup' = database/pgdata (pglite.ts), none = database/pglite.tar.gz (dumpDataDir). */
  database: { driver: 'pglite'; kind?: 'base-backup' } | { driver: 'pg'; kind: PostgresDumpKind };
  /**
   * The migrations the database had, by their journal time (drizzle.__drizzle_migrations.created_at, the journal's
   * `when`: unique per migration and unchanged if its text is touched up): a restore refuses unknown ones.
   */
  migrations: string[];
}

/** Size bounds of a restore: the archive, and what it may expand to (all entries together). */
export const RESTORE_LIMITS = { archiveBytes: 20 * 1024 ** 3, minExpandedBytes: 256 * 1024 ** 2, expansionRatio: 50 };

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
    .replace(/:/g, '-')}.tar.gz.age`;

/** The configured database's part: into `dir`, from the running server's `database` when given. */
async function dumpDatabase(config: CoreConfig, dir: string, database: Database | undefined, log: (line: string) => void) {
  fs.mkdirSync(dir, { recursive: true });
  if (config.databaseUrl) {
    const migrations = await postgresMigrations(config.databaseUrl);
    return { database: { driver: 'pg' as const, kind: await dumpPostgres(config.databaseUrl, dir, log) }, migrations };
  }
  const own = database ?? (await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pgdata') }));
  try {
    const client = (own.db as unknown as { $client: PGlite }).$client;
    const folder = pgliteFolder(client);
    if (folder) {
      await pgliteBaseBackup(client, folder, path.join(dir, 'pgdata'), log);
      return { database: { driver: 'pglite' as const, kind: 'base-backup' as const }, migrations: await pgliteMigrations(own) };
    }
    // In memory: between transactions (PGlite's transaction lock) and between statements (dumpDataDir takes the query lock): the
    // folder as one commit left it; its WAL goes along, which the restored database replays on opening.
    const dump = await client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
    // Streamed to the staging folder (private, mode 0700): the request thread is not held writing it (issue 38).
    await pipeline(
      Readable.fromWeb(dump.stream() as unknown as WebReadableStream<Uint8Array>),
      fs.createWriteStream(path.join(dir, 'pglite.tar.gz'), { mode: 0o600 }),
    );
    return { database: { driver: 'pglite' as const }, migrations: await pgliteMigrations(own) };
  } finally {
    if (!database) await own.close();
  }
}

/** The migrations recorded in an embedded database. */
const pgliteMigrations = async (database: Database) =>
  rowsOf<{ at: string }>(await database.db.execute(sql`select created_at::text as at from drizzle.__drizzle_migrations order by id`)).map(
    (r) => r.at,
  );

/** The migrations recorded in the PostgreSQL database at `url`. */
async function postgresMigrations(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ at: string }>('select created_at::text as at from drizzle.__drizzle_migrations order by id');
    return rows.map((r) => r.at);
  } finally {
    await client.end();
  }
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
  // No key, nothing written (BackupKeyMissing says how to set one).
  const key = backupKeyOf(config);
  fs.mkdirSync(backupDir, { recursive: true, mode: 0o700 });
  const staging = fs.mkdtempSync(path.join(backupDir, '.in-corso-'));
  try {
    const dumped = await dumpDatabase(config, path.join(staging, 'database'), database, log);
    const manifest: BackupManifest = {
      format: FORMAT,
      version: MANIFEST_VERSION,
      created_at: now.toISOString(),
      database: dumped.database,
      migrations: dumped.migrations,
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
    const size = await runOffThread<Parameters<typeof packBackup>[0], number>(ARCHIVE_MODULE, 'packBackup', { staging, out: file, entries, key });
    return { file, size };
  } finally {
    // Asynchronously: the staging folder holds the embedded database's copy (hundreds of MB, thousands of files).
    await fs.promises.rm(staging, { recursive: true, force: true });
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

/** Empty, or holding only the signing key file (put there before a restore so the links keep working, core/secrets.ts). */
const isEmptyFolder = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).every((name) => name === SIGNING_KEY_FILE);

/** A restore refused before anything was written; the message says why, in Italian. */
export class RestoreRefused extends Error {}

/** The restore's refusal of an archive whose migrations this version does not know (a newer portal's, or none). */
function checkMigrations(recorded: unknown, known: ReadonlySet<string>): void {
  if (!Array.isArray(recorded) || recorded.length === 0)
    throw new RestoreRefused('La copia non registra le migrazioni del portale: non è una copia di questo portale.');
  if (recorded.some((at) => typeof at !== 'string' || !known.has(at))) {
    throw new RestoreRefused(
      'La copia è di una versione del portale più recente di questa: ripristinala con quella versione o aggiorna prima il portale.',
    );
  }
}

/**
 * Restores `archive` into the configured places: DATA_DIR (and RELEASES_DIR) must be empty or missing, and with
 * DATABASE_URL the database must hold no table. `migrate` makes an empty PostgreSQL database's schema, up to a
 * journal time when given (the caller's list of migrations: core knows no domain's); `knownMigrations` are this version's
 * migrations' journal times and the tables they make (knownSchema() of app.ts). Everything is checked in a private work folder before the target is touched: the key, the
 * sizes, the manifest (format, version, migrations) and, for the embedded database, the restored database's own
 * record of its migrations. Every refusal is a RestoreRefused with one Italian sentence.
 */
export async function restoreBackup(options: {
  config: CoreConfig;
  archive: string;
  migrate: (upTo?: number) => Promise<void>;
  known: KnownSchema;
}): Promise<void> {
  const { config, archive, migrate, known } = options;
  const knownMigrations = known.migrations;
  if (!fs.existsSync(archive)) throw new RestoreRefused(`Archivio non trovato: ${archive}`);
  const archiveBytes = fs.statSync(archive).size;
  if (archiveBytes > RESTORE_LIMITS.archiveBytes)
    throw new RestoreRefused(`L'archivio supera ${RESTORE_LIMITS.archiveBytes / 1024 ** 3} GB: rifiutato.`);
  if (!isEmptyFolder(config.dataDir))
    throw new RestoreRefused(`La cartella dei dati ${config.dataDir} non è vuota: il ripristino va fatto in una cartella vuota`);
  if (!isEmptyFolder(config.releasesDir)) throw new RestoreRefused(`La cartella delle versioni ${config.releasesDir} non è vuota`);
  if (config.databaseUrl && !(await postgresIsEmpty(config.databaseUrl))) {
    throw new RestoreRefused('Il database PostgreSQL di DATABASE_URL non è vuoto: il ripristino va fatto in un database vuoto');
  }
  let key;
  try {
    key = backupKeyOf(config);
  } catch (err) {
    throw new RestoreRefused((err as Error).message);
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-ripristino-'));
  try {
    const into = path.join(work, 'archivio');
    const maxBytes = Math.max(RESTORE_LIMITS.minExpandedBytes, archiveBytes * RESTORE_LIMITS.expansionRatio);
    await runOffThread<Parameters<typeof unpackBackup>[0], void>(ARCHIVE_MODULE, 'unpackBackup', {
      archive,
      plain: path.join(work, 'archivio.tar.gz'),
      into,
      key,
      maxBytes,
    }).catch((err: unknown) => {
      throw new RestoreRefused(err instanceof Error ? err.message.split('\n')[0]! : String(err));
    });
    const manifestFile = path.join(into, 'manifest.json');
    let manifest: BackupManifest | null = null;
    try {
      manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
    } catch {
      manifest = null;
    }
    if (manifest?.format !== FORMAT) throw new RestoreRefused(`${archive} non è una copia del portale (manca manifest.json).`);
    if (typeof manifest.version !== 'number' || !READABLE_VERSIONS.includes(manifest.version)) {
      throw new RestoreRefused(`La copia ha il formato ${String(manifest.version)}, che questa versione del portale non legge: rifiutata.`);
    }
    checkMigrations(manifest.migrations, knownMigrations);
    const { database } = manifest;
    if (database.driver === 'pg' && !config.databaseUrl) throw new RestoreRefused('La copia è di un database PostgreSQL: indica DATABASE_URL');
    if (database.driver === 'pglite' && config.databaseUrl) throw new RestoreRefused('La copia è del database integrato: togli DATABASE_URL');

    if (database.driver === 'pglite') {
      // Loaded and checked in the work folder; moved into DATA_DIR only when it is this portal's, of this version or older.
      // A base backup's folder replays its WAL on opening; a dump is loaded into an empty folder.
      const loaded = path.join(work, 'pgdata');
      const folder = path.join(into, 'database', 'pgdata');
      const dump = path.join(into, 'database', 'pglite.tar.gz');
      const baseBackup = manifest.version >= 3 && database.kind === 'base-backup';
      const present = baseBackup
        ? fs.existsSync(path.join(folder, 'PG_VERSION')) && fs.existsSync(path.join(folder, 'backup_label'))
        : fs.existsSync(dump);
      if (!present) throw new RestoreRefused('La copia non contiene il database: non è una copia del portale.');
      if (baseBackup) fs.renameSync(folder, loaded);
      const opening = baseBackup
        ? openDatabase({ kind: 'pglite', dataDir: loaded })
        : openDatabase({ kind: 'pglite', dataDir: loaded, loadDataDir: await fs.openAsBlob(dump) });
      const restored = await opening.catch(() => {
        throw new RestoreRefused('Il database della copia non si apre: archivio danneggiato o non del portale.');
      });
      try {
        const recorded = await restored.db
          .execute(sql`select created_at::text as at from drizzle.__drizzle_migrations`)
          .then((r) => rowsOf<{ at: string }>(r).map((row) => row.at))
          .catch(() => null);
        checkMigrations(recorded, knownMigrations);
      } finally {
        await restored.close();
      }
      fs.mkdirSync(config.dataDir, { recursive: true });
      fs.cpSync(loaded, path.join(config.dataDir, 'pgdata'), { recursive: true });
    } else {
      await restorePostgres({
        url: config.databaseUrl!,
        dir: path.join(into, 'database'),
        kind: database.kind,
        migrate,
        archiveMigrations: manifest.migrations,
        known,
      }).catch((err: unknown) => {
        throw err instanceof PostgresRestoreRefused ? new RestoreRefused(err.message) : err;
      });
      fs.mkdirSync(config.dataDir, { recursive: true });
    }
    for (const [name, target] of copiedPlaces(config)) {
      const source = path.join(into, name);
      if (!fs.existsSync(source)) continue;
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.cpSync(source, target, { recursive: true });
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
