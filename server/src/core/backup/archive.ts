/**
 * Packing and unpacking a backup archive (issue 28, encrypted since issue 39), on a worker thread (core/workers): gzip,
 * tar and age of a club's files and releases would otherwise take the request thread for seconds.
 *
 * An archive is an age file (encryption.ts) of a .tar.gz whose root holds manifest.json, database/ (the database's
 * dump), files/ (the uploaded files) and releases/ (the published domain apps), streamed from tar through gzip and age
 * to the file, written with mode 0600. Unpacking decrypts into the restore's private work folder, then takes only
 * plain files and folders with relative names inside the target (no links, no absolute paths, no `..`), within the
 * size bounds (maxBytes).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import { type BackupKey, decryptStream, encryptStream } from './encryption';

const PLAIN = new Set(['File', 'OldFile', 'ContiguousFile', 'Directory']);
const safeName = (name: string) => !name.startsWith('/') && !name.includes('\\') && !name.includes('\0') && !name.split('/').includes('..');

/** Writes `entries` of `staging` (links followed: files/ and releases/ point at the live folders) encrypted to `out`; answers its size. */
export async function packBackup({
  staging,
  out,
  entries,
  key,
}: {
  staging: string;
  out: string;
  entries: string[];
  key: BackupKey;
}): Promise<number> {
  const partial = `${out}.partial`;
  try {
    const packed = tar.c({ gzip: { level: 6 }, cwd: staging, follow: true, portable: true }, entries) as unknown as AsyncIterable<Buffer>;
    await pipeline(await encryptStream(key, Readable.from(packed)), fs.createWriteStream(partial, { mode: 0o600 }));
    // Whatever the umask: only the server's user reads a backup.
    fs.chmodSync(partial, 0o600);
    // Renamed once complete: a dated archive in BACKUP_DIR is always a whole one.
    fs.renameSync(partial, out);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  return fs.statSync(out).size;
}

/**
 * Decrypts `archive` to `plain` (a file in the restore's private work folder), then extracts it into the empty folder
 * `into`; refuses (throws, one Italian sentence) a wrong key, an entry that is not a plain relative file or folder,
 * or contents larger than `maxBytes` (each entry and all together).
 */
export async function unpackBackup({
  archive,
  plain,
  into,
  key,
  maxBytes,
}: {
  archive: string;
  plain: string;
  into: string;
  key: BackupKey;
  maxBytes: number;
}): Promise<void> {
  await pipeline(await decryptStream(key, fs.createReadStream(archive)), fs.createWriteStream(plain, { mode: 0o600 })).catch((err: unknown) => {
    throw new Error(err instanceof Error && /chiave/.test(err.message) ? err.message : "L'archivio è danneggiato: la decifratura non è riuscita.");
  });
  let problem: string | null = null;
  let total = 0;
  try {
    await tar.t({
      file: plain,
      onReadEntry: (entry) => {
        if (!PLAIN.has(entry.type) || !safeName(entry.path))
          problem ??= `L'archivio contiene una voce non ammessa (${entry.path}): non è una copia del portale.`;
        total += entry.size ?? 0;
        if (total > maxBytes) problem ??= `L'archivio si espande oltre ${Math.round(maxBytes / 1024 / 1024)} MB: rifiutato.`;
      },
    });
  } catch (err) {
    // tar's own bound on a gzip's expansion (1000 to 1) says the same as ours.
    if (err instanceof Error && /decompression ratio/.test(err.message)) throw new Error("L'archivio si espande oltre misura: rifiutato.");
    throw new Error("L'archivio è danneggiato: il contenuto non si legge come una copia del portale.", { cause: err });
  }
  if (problem) throw new Error(problem);
  fs.mkdirSync(into, { recursive: true });
  await tar.x({
    file: plain,
    cwd: into,
    strict: true,
    preserveOwner: false,
    filter: (p, entry) => safeName(p) && PLAIN.has((entry as tar.ReadEntry).type),
  });
  fs.rmSync(plain, { force: true });
}

/**
 * What a base backup of the embedded database leaves out of its data folder (PostgreSQL's own list for
 * pg_basebackup): the running server's files, and the folders whose content a restored server makes anew. The
 * folders themselves are kept, empty. pg_wal's segments are copied after pg_backup_stop (copyWalSegments).
 */
const SKIPPED_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'backup_label.old', 'tablespace_map', 'tablespace_map.old']);
const EMPTIED_FOLDERS = new Set(['pg_wal', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);
const skippedAnywhere = (name: string) => name === 'pg_internal.init' || name.startsWith('pgsql_tmp');

/**
 * Copies the embedded database's live data folder `from` into the new folder `to`, file by file, between
 * pg_backup_start and pg_backup_stop (backup.ts): the server keeps writing meanwhile, so a file may be copied half
 * old, half new, or vanish (a dropped table): the WAL from the backup's start, replayed on opening, makes every
 * page whole again (pg_backup_start turns on full-page writes). Answers the files and bytes copied.
 */
export async function copyDataFolder({ from, to }: { from: string; to: string }): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  const walk = async (rel: string): Promise<void> => {
    const entries = await fs.promises.readdir(path.join(from, rel), { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    });
    await fs.promises.mkdir(path.join(to, rel), { recursive: true, mode: 0o700 });
    for (const entry of entries) {
      const name = path.join(rel, entry.name);
      if (skippedAnywhere(entry.name) || (rel === '' && SKIPPED_FILES.has(entry.name))) continue;
      if (entry.isDirectory()) {
        if (rel === '' && EMPTIED_FOLDERS.has(entry.name)) await fs.promises.mkdir(path.join(to, name), { mode: 0o700 });
        else await walk(name);
      } else if (entry.isFile()) {
        try {
          await fs.promises.copyFile(path.join(from, name), path.join(to, name));
          bytes += (await fs.promises.stat(path.join(to, name))).size;
          files++;
        } catch (err) {
          // Removed since the folder was listed (a dropped or truncated relation): the WAL says so.
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        }
      }
    }
  };
  await walk('');
  await fs.promises.mkdir(path.join(to, 'pg_wal', 'archive_status'), { recursive: true, mode: 0o700 });
  await fs.promises.mkdir(path.join(to, 'pg_wal', 'summaries'), { recursive: true, mode: 0o700 });
  return { files, bytes };
}

/** A WAL segment's file name: timeline and segment, 24 hexadecimal digits (they sort in WAL order within a timeline). */
const SEGMENT = /^[0-9A-F]{24}$/;

/**
 * Copies the WAL segments `first` to `last` (pg_walfile_name of the backup's start and stop, both included) and the
 * timelines' history files from the live pg_wal `from` into the backup's pg_wal `to`, after pg_backup_stop. The
 * backup's replication slot kept every one of them since the start. Answers how many segments were copied.
 */
export async function copyWalSegments({ from, to, first, last }: { from: string; to: string; first: string; last: string }): Promise<number> {
  let copied = 0;
  const names = (await fs.promises.readdir(from)).sort();
  // The slot kept them, so a missing end is a bug, not a race: the archive would not open.
  for (const end of [first, last]) if (!names.includes(end)) throw new Error(`Copia del database: manca il segmento WAL ${end}.`);
  for (const name of names) {
    const segment = SEGMENT.test(name) && name >= first && name <= last;
    if (!segment && !name.endsWith('.history')) continue;
    await fs.promises.copyFile(path.join(from, name), path.join(to, name));
    if (segment) copied++;
  }
  return copied;
}
