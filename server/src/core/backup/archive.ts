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
