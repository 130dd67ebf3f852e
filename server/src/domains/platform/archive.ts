/**
 * The archive of a build sent to POST /platform/versions: a .tar.gz whose root holds the built files (what
 * `tar -czf app.tar.gz -C dist .` makes). Read with node-tar, in two passes: the listing refuses the whole archive
 * when any entry is not a plain file or folder (links, devices), names an absolute path, a `..` step or a
 * backslash, or when the archive goes over the limits; only then is it extracted, with the same filter, no owner
 * taken from the archive, into a private folder. Nothing is extracted from an archive that was refused.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';

/** The limits of one build archive (docs/releases.md): today's builds are about 2.5 MB for 60-odd files. */
export const ARCHIVE_LIMITS = {
  /** The .tar.gz as sent. */
  maxArchiveBytes: 50 * 1024 * 1024,
  maxArchiveMb: 50,
  /** The sum of the files' sizes once extracted. */
  maxExtractedBytes: 200 * 1024 * 1024,
  maxExtractedMb: 200,
  maxEntries: 10_000,
} as const;

/** An archive refused before anything was extracted; the message says why, in Italian. */
export class ArchiveRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveRefused';
  }
}

const PLAIN_TYPES = new Set(['File', 'OldFile', 'ContiguousFile', 'Directory']);

/** Why an entry may not be extracted; null when it may. */
export function entryProblem(entryPath: string, type: string): string | null {
  if (!PLAIN_TYPES.has(type)) return `l'archivio contiene ${entryPath} di tipo ${type}: sono ammessi solo file e cartelle (nessun collegamento)`;
  if (entryPath.includes('\0') || entryPath.includes('\\')) return `nome non ammesso nell'archivio: ${JSON.stringify(entryPath)}`;
  if (entryPath.startsWith('/') || /^[A-Za-z]:/.test(entryPath)) return `percorso assoluto non ammesso nell'archivio: ${entryPath}`;
  if (entryPath.split('/').includes('..')) return `percorso che esce dalla cartella non ammesso nell'archivio: ${entryPath}`;
  return null;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Lists the archive and refuses it (ArchiveRefused) on the first entry that may not be extracted or over the limits. */
async function inspect(archiveFile: string): Promise<void> {
  const problems: string[] = [];
  let entries = 0;
  let bytes = 0;
  try {
    await tar.t({
      file: archiveFile,
      strict: true,
      onReadEntry: (entry) => {
        entries++;
        bytes += entry.size ?? 0;
        const problem = entryProblem(entry.path, entry.type);
        if (problem) problems.push(problem);
      },
    });
  } catch (err) {
    throw new ArchiveRefused(`l'archivio non è un .tar.gz leggibile (${errorText(err)})`);
  }
  if (problems.length) throw new ArchiveRefused(problems[0]!);
  if (entries === 0) throw new ArchiveRefused("l'archivio è vuoto");
  if (entries > ARCHIVE_LIMITS.maxEntries) throw new ArchiveRefused(`l'archivio contiene più di ${ARCHIVE_LIMITS.maxEntries} voci`);
  if (bytes > ARCHIVE_LIMITS.maxExtractedBytes) throw new ArchiveRefused(`i file dell'archivio superano ${ARCHIVE_LIMITS.maxExtractedMb} MB`);
}

/** Every extracted path is a plain file or folder, readable by the server (an archive may carry mode 000). */
function normalise(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      fs.chmodSync(p, 0o755);
      normalise(p);
    } else if (entry.isFile()) {
      fs.chmodSync(p, 0o644);
    } else {
      throw new ArchiveRefused(`l'archivio contiene ${entry.name}, che non è un file`);
    }
  }
}

/**
 * Extracts `archiveFile` into the folder `into` (created here, must not exist), after the listing accepted it.
 * Throws ArchiveRefused for an archive that may not be extracted; the caller removes `into` whatever happens.
 */
export async function extractBuildArchive(archiveFile: string, into: string): Promise<void> {
  await inspect(archiveFile);
  fs.mkdirSync(into);
  try {
    await tar.x({
      file: archiveFile,
      cwd: into,
      strict: true,
      preservePaths: false,
      preserveOwner: false,
      noMtime: true,
      // The listing refused these already; the filter keeps the extraction honest even so.
      filter: (entryPath, entry) => entryProblem(entryPath, 'type' in entry ? entry.type : 'File') === null,
    });
  } catch (err) {
    throw new ArchiveRefused(`l'archivio non si può estrarre (${errorText(err)})`);
  }
  normalise(into);
}
