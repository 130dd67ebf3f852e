/**
 * The archive of a build sent to POST /platform/versions: a .tar.gz whose root holds the built files (what
 * `tar -czf app.tar.gz -C dist .` makes). Read with node-tar, in two passes: the listing refuses the whole archive
 * when any entry is not a plain file or folder (links, devices), names an absolute path, a `..` step or a
 * backslash, or when the archive goes over the limits; only then is it extracted, with the same filter, no owner
 * taken from the archive, into a private folder. Nothing is extracted from an archive that was refused.
 *
 * The listing is a stream with a bound (issue 25): it stops at the first entry whose declared size takes the archive
 * over the limit, and it stops inflating once more than the limit has come out, whatever the headers say (a 3 MB
 * archive declaring 3 GB was inflated whole before its refusal, 9 s of the request thread). The whole preparation
 * (listing, extraction, the version's hash) runs on a worker thread: prepareBuildArchive, through core/workers.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as tar from 'tar';
import type { DomainAppRef } from './check';
import { MANIFEST_FILE, type ManifestSummary, summarizeManifest, versionOf } from './releases-root';
import { folderBytes } from './retention';

/** The limits of one build archive (docs/releases.md): today's builds are about 2.5 MB for 60-odd files. */
export const ARCHIVE_LIMITS = {
  /** The .tar.gz as sent. */
  maxArchiveBytes: 50 * 1024 * 1024,
  maxArchiveMb: 50,
  /** The sum of the files' sizes once extracted. */
  maxExtractedBytes: 200 * 1024 * 1024,
  maxExtractedMb: 200,
  maxEntries: 10_000,
  /** mf-manifest.json, read whole to check it (a real one is a few KB). */
  maxManifestBytes: 1024 * 1024,
  maxManifestMb: 1,
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

/** What the file system's refusals mean, for the one who publishes. */
const FS_PROBLEMS: Record<string, string> = {
  EEXIST: 'esiste già',
  ENOTDIR: 'un file dove serve una cartella',
  EISDIR: 'una cartella dove serve un file',
  ENOSPC: 'spazio su disco esaurito',
  ENAMETOOLONG: 'nome troppo lungo',
};

/**
 * An extraction's failure as the publisher may read it (issue 39: it showed the server's absolute path, e.g.
 * "EEXIST: file already exists, mkdir '/srv/…/releases/.uploads/…/dist/a'"): a file system error names its entry
 * inside the archive; any other message keeps no path outside it.
 */
function extractionProblem(err: unknown, into: string): string {
  const { code, path: at } = (err ?? {}) as NodeJS.ErrnoException;
  if (code && at) return `${path.relative(into, at).split(path.sep).join('/') || '.'}: ${FS_PROBLEMS[code] ?? code}`;
  return errorText(err)
    .split(into + path.sep)
    .join('')
    .replace(/(?:[A-Za-z]:)?[\\/][^\s'"()]*/g, '…');
}

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
const ZSTD_MAGIC = Buffer.from([0x28, 0xb5, 0x2f, 0xfd]);

/** What a tar stream of files within the limits can hold: the files, a header (and a long-name header) per entry, padding. */
const MAX_TAR_BYTES = ARCHIVE_LIMITS.maxExtractedBytes + ARCHIVE_LIMITS.maxEntries * 3 * 512 + 10 * 512;

/**
 * Lists the archive as it inflates and refuses it (ArchiveRefused) on the first entry that may not be extracted or
 * that takes it over a limit, or once the inflated stream is longer than files within the limits can make.
 */
async function inspect(archiveFile: string): Promise<void> {
  let refusal: ArchiveRefused | null = null;
  const refuse = (message: string) => void (refusal ??= new ArchiveRefused(message));
  let entries = 0;
  let bytes = 0;
  const parser = new tar.Parser({
    strict: true,
    onReadEntry: (entry) => {
      entries++;
      bytes += entry.size ?? 0;
      const problem = entryProblem(entry.path, entry.type);
      if (problem) refuse(problem);
      else if (entries > ARCHIVE_LIMITS.maxEntries) refuse(`l'archivio contiene più di ${ARCHIVE_LIMITS.maxEntries} voci`);
      else if (bytes > ARCHIVE_LIMITS.maxExtractedBytes) refuse(`i file dell'archivio superano ${ARCHIVE_LIMITS.maxExtractedMb} MB`);
      entry.resume();
    },
  });
  parser.on('error', (err: Error) => refuse(`l'archivio non è un .tar.gz leggibile (${errorText(err)})`));
  const source = fs.createReadStream(archiveFile);
  const gunzip = zlib.createGunzip();
  source.on('error', (err) => gunzip.destroy(err));
  let inflated = 0;
  try {
    for await (const chunk of source.pipe(gunzip) as AsyncIterable<Buffer>) {
      // tar's parser would inflate a compressed stream inside it again, past this count: one layer only.
      if (inflated === 0 && (chunk.subarray(0, 2).equals(GZIP_MAGIC) || chunk.subarray(0, 4).equals(ZSTD_MAGIC)))
        refuse("l'archivio contiene un altro archivio compresso: comprimi la cartella della build una volta sola");
      inflated += chunk.length;
      if (inflated > MAX_TAR_BYTES) refuse(`i file dell'archivio superano ${ARCHIVE_LIMITS.maxExtractedMb} MB`);
      else parser.write(chunk);
      if (refusal) break;
    }
    if (!refusal)
      await new Promise<void>((resolve) => {
        for (const event of ['finish', 'end', 'error', 'abort']) parser.once(event, () => resolve());
        parser.end();
      });
  } catch (err) {
    refuse(`l'archivio non è un .tar.gz leggibile (${errorText(err)})`);
  } finally {
    source.destroy();
    gunzip.destroy();
  }
  // Set by the callbacks above, which the compiler's narrowing does not follow.
  const refused = refusal as ArchiveRefused | null;
  if (refused) throw refused;
  if (entries === 0) throw new ArchiveRefused("l'archivio è vuoto");
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
    throw new ArchiveRefused(`l'archivio non si può estrarre (${extractionProblem(err, into)})`);
  }
  normalise(into);
}

/**
 * The extracted build is a build of that app: a manifest within its limit, readable, naming the app, with its remote
 * entry present. Answers what the manifest says; throws ArchiveRefused.
 */
function checkManifest(dist: string, app: Pick<DomainAppRef, 'folder' | 'federationName'>): ManifestSummary {
  const file = path.join(dist, MANIFEST_FILE);
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat?.isFile()) throw new ArchiveRefused(`${MANIFEST_FILE} mancante alla radice dell'archivio`);
  if (stat.size > ARCHIVE_LIMITS.maxManifestBytes) throw new ArchiveRefused(`${MANIFEST_FILE} supera ${ARCHIVE_LIMITS.maxManifestMb} MB`);
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    throw new ArchiveRefused(`${MANIFEST_FILE} non è un JSON valido`);
  }
  const summary = summarizeManifest(raw && typeof raw === 'object' ? raw : {});
  if (summary.name !== app.federationName)
    throw new ArchiveRefused(`il manifest è di ${summary.name ?? 'nessuna app'}, non di ${app.folder} (${app.federationName})`);
  const entry = summary.remoteEntry?.path;
  const entryFile = entry ? path.resolve(dist, entry) : null;
  if (!entryFile?.startsWith(dist + path.sep) || !fs.statSync(entryFile, { throwIfNoEntry: false })?.isFile()) {
    throw new ArchiveRefused(`il remote entry indicato dal manifest (${entry ?? 'nessuno'}) non è nell'archivio`);
  }
  return summary;
}

/** The build stamp the portal's build leaves in dist: not part of a published version. */
const BUILD_STAMP = '.built';

/**
 * What prepareBuildArchive answers: the version of the extracted build, what its manifest says and the bytes of its
 * files (a published version's size less its release.json), or why the archive is refused.
 */
export type PreparedArchive = { ok: true; version: string; manifest: ManifestSummary; bytes: number } | { ok: false; refused: string };

/**
 * The heavy part of a publication, on a worker thread (platform service, through core/workers): the archive listed,
 * extracted into `into`, its manifest checked as a build of `app`, its version computed from the files and its size
 * counted, so that the request thread only renames the folder into place. Refusals come back as values.
 */
export async function prepareBuildArchive(input: {
  archiveFile: string;
  into: string;
  packageVersion: string;
  app: Pick<DomainAppRef, 'folder' | 'federationName'>;
}): Promise<PreparedArchive> {
  let manifest: ManifestSummary;
  try {
    await extractBuildArchive(input.archiveFile, input.into);
    manifest = checkManifest(input.into, input.app);
  } catch (err) {
    if (err instanceof ArchiveRefused) return { ok: false, refused: err.message };
    throw err;
  }
  fs.rmSync(path.join(input.into, BUILD_STAMP), { force: true });
  return { ok: true, version: versionOf(input.into, input.packageVersion), manifest, bytes: folderBytes(input.into) };
}
