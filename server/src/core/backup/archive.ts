/**
 * Packing and unpacking a backup archive (issue 28), on a worker thread (core/workers): gzip and tar of a club's
 * files and releases would otherwise take the request thread for seconds.
 *
 * An archive is a .tar.gz whose root holds manifest.json, database/ (the database's dump), files/ (the uploaded
 * files) and releases/ (the published domain apps). Unpacking takes only plain files and folders with relative names
 * inside the target (no links, no absolute paths, no `..`).
 */
import fs from 'node:fs';
import * as tar from 'tar';

const PLAIN = new Set(['File', 'OldFile', 'ContiguousFile', 'Directory']);
const safeName = (name: string) => !name.startsWith('/') && !name.includes('\\') && !name.includes('\0') && !name.split('/').includes('..');

/** Writes `entries` of `staging` (links followed: files/ and releases/ point at the live folders) to `out`; answers its size. */
export async function packBackup({ staging, out, entries }: { staging: string; out: string; entries: string[] }): Promise<number> {
  const partial = `${out}.partial`;
  await tar.c({ gzip: { level: 6 }, cwd: staging, file: partial, follow: true, portable: true }, entries);
  // Renamed once complete: a dated archive in BACKUP_DIR is always a whole one.
  fs.renameSync(partial, out);
  return fs.statSync(out).size;
}

/** Extracts an archive into the empty folder `into`; refuses (throws) an entry that is not a plain relative file or folder. */
export async function unpackBackup({ archive, into }: { archive: string; into: string }): Promise<void> {
  let problem: string | null = null;
  await tar.t({
    file: archive,
    onReadEntry: (entry) => {
      if (!PLAIN.has(entry.type) || !safeName(entry.path)) problem ??= `voce non ammessa nell'archivio: ${entry.path} (${entry.type})`;
    },
  });
  if (problem) throw new Error(problem);
  fs.mkdirSync(into, { recursive: true });
  await tar.x({
    file: archive,
    cwd: into,
    strict: true,
    preserveOwner: false,
    filter: (p, entry) => safeName(p) && PLAIN.has((entry as tar.ReadEntry).type),
  });
}
