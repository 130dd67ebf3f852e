/**
 * The releases root (RELEASES_DIR): every published version of every domain app, as `<folder>/<version>/`, a copy
 * of the app's built files plus `release.json` (who published it and when). A version folder is never written again:
 * publishing makes the copy under a temporary name and renames it into place, and a version that exists is refused.
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { folderBytes } from './retention';

/** Written beside the app's files in each version folder. */
export const RELEASE_INFO = 'release.json';
/** The Module Federation manifest every version must carry. */
export const MANIFEST_FILE = 'mf-manifest.json';

/** Compressed copies are derived from the files they sit beside; the build stamp is not part of the app. */
const DERIVED = /\.(?:br|gz)$|^\.built$/;
/** A version: the package.json version, a dash, 8 hex digits of the built files' hash (e.g. 0.1.0-3f9a1c2b). */
export const VERSION_PATTERN = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.]+)?-[0-9a-f]{8}$/;
const FOLDER_PATTERN = /^[a-z0-9][a-z0-9-]*$/;

export interface ReleaseInfo {
  app: string;
  version: string;
  publishedAt: string;
  publishedBy: string | null;
  /** Bytes of the version's files (compressed copies included), counted once at publication (issue 38). */
  bytes?: number;
}

export class VersionExistsError extends Error {
  constructor(
    readonly app: string,
    readonly version: string,
  ) {
    super(`La versione ${version} di ${app} è già pubblicata: una versione pubblicata non si sovrascrive`);
    this.name = 'VersionExistsError';
  }
}

function filesOf(dir: string, base = dir): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesOf(p, base));
    else if (entry.isFile() && !DERIVED.test(entry.name)) out.push(path.relative(base, p).split(path.sep).join('/'));
  }
  return out.sort();
}

/** The version a build gets: package version + the first 8 hex digits of sha256 over its files' names and contents. */
export function versionOf(distDir: string, packageVersion: string): string {
  const files = filesOf(distDir);
  if (!files.includes(MANIFEST_FILE)) throw new Error(`${distDir} non contiene ${MANIFEST_FILE}: non è la build di un'app di dominio`);
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(distDir, file)))
      .update('\0');
  return `${packageVersion}-${hash.digest('hex').slice(0, 8)}`;
}

export interface PublishOptions {
  releasesDir: string;
  /** The app's folder name (mf-registry). */
  app: string;
  distDir: string;
  packageVersion: string;
  publishedBy?: string | null;
  now?: Date;
  /**
   * distDir is a private folder on the releases root's file system (an extracted upload, without its build stamp): it
   * is renamed into place instead of copied; when it is not (the version exists), the caller removes it
   * (asynchronously: it may hold 200 MB).
   */
  move?: boolean;
  /** The version versionOf gave for distDir already (it hashes every file: done once, off the request thread). */
  version?: string;
  /** The bytes of distDir's files, counted already (off the request thread, with the version): not walked again. */
  filesBytes?: number;
}

/**
 * Copies a build into `<releasesDir>/<app>/<version>/` and answers the version. Refuses (VersionExistsError) when
 * that version exists; two publishers of the same build race on the final rename, and only one wins.
 */
export function publishVersion({
  releasesDir,
  app,
  distDir,
  packageVersion,
  publishedBy = null,
  now = new Date(),
  move = false,
  version: computed,
  filesBytes,
}: PublishOptions): ReleaseInfo {
  if (!FOLDER_PATTERN.test(app)) throw new Error(`Nome di app non valido: ${app}`);
  const version = computed ?? versionOf(distDir, packageVersion);
  const appDir = path.join(releasesDir, app);
  const target = path.join(appDir, version);
  if (fs.existsSync(target)) throw new VersionExistsError(app, version);
  fs.mkdirSync(appDir, { recursive: true });
  const incoming = move ? distDir : path.join(appDir, `.incoming-${randomUUID()}`);
  try {
    // Every file, the compressed copies included (the static host sends them as they are); a moved folder comes
    // without its build stamp already (archive.ts).
    if (!move) fs.cpSync(distDir, incoming, { recursive: true, filter: (src) => path.basename(src) !== '.built' });
    const info = withSize({ app, version, publishedAt: now.toISOString(), publishedBy }, filesBytes ?? folderBytes(incoming));
    fs.writeFileSync(path.join(incoming, RELEASE_INFO), releaseInfoText(info));
    // The existence check above is advisory: the rename settles a race (a non-empty target makes it fail).
    if (fs.existsSync(target)) throw new VersionExistsError(app, version);
    try {
      fs.renameSync(incoming, target);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOTEMPTY' || code === 'EEXIST') throw new VersionExistsError(app, version);
      throw err;
    }
    return info;
  } finally {
    if (!move) fs.rmSync(incoming, { recursive: true, force: true });
  }
}

/** The text of a version's release.json. */
export const releaseInfoText = (info: ReleaseInfo): string => `${JSON.stringify(info, null, 2)}\n`;

/**
 * The record with the version folder's size: the files' bytes and release.json's own (which holds the number, hence
 * the few rounds until its length settles).
 */
function withSize(info: ReleaseInfo, filesBytes: number): ReleaseInfo {
  let bytes = filesBytes;
  for (let round = 0; round < 5; round++) {
    const next = filesBytes + Buffer.byteLength(releaseInfoText({ ...info, bytes }));
    if (next === bytes) break;
    bytes = next;
  }
  return { ...info, bytes };
}

/** What a version's manifest says, as the checks and the API read it. */
export interface ManifestSummary {
  /** Federation name (mf_registry). */
  name: string | null;
  /** Shared module → the range it requires; null when the manifest has no `shared` list. */
  shared: Record<string, string> | null;
  /** Exposed paths ('./routes'); null when the manifest has no `exposes` list. */
  exposes: string[] | null;
  buildVersion: string | null;
  /** The remote entry file, relative to the version folder, and its type ('global' script or ES 'module'). */
  remoteEntry: { path: string; type: string } | null;
}

export interface PublishedVersion extends ManifestSummary {
  app: string;
  version: string;
  publishedAt: string | null;
  publishedBy: string | null;
  /** Why the manifest could not be read, when it could not. */
  problem: string | null;
  /** Bytes of the version's files (compressed copies included); null when they could not be read. */
  bytes: number | null;
}

interface RawManifest {
  name?: unknown;
  shared?: unknown;
  exposes?: unknown;
  metaData?: { buildInfo?: { buildVersion?: unknown }; remoteEntry?: { name?: unknown; path?: unknown; type?: unknown } };
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

export function summarizeManifest(raw: RawManifest): ManifestSummary {
  const shared = Array.isArray(raw.shared)
    ? Object.fromEntries(
        (raw.shared as { name?: unknown; requiredVersion?: unknown; version?: unknown }[])
          .filter((s) => typeof s?.name === 'string')
          .map((s) => [s.name as string, str(s.requiredVersion) ?? str(s.version) ?? '*']),
      )
    : null;
  const exposes = Array.isArray(raw.exposes)
    ? (raw.exposes as { path?: unknown; name?: unknown }[])
        .map((e) => str(e?.path) ?? (typeof e?.name === 'string' ? `./${e.name}` : ''))
        .filter(Boolean)
    : null;
  const entry = raw.metaData?.remoteEntry;
  const entryName = str(entry?.name);
  return {
    name: str(raw.name),
    shared,
    exposes,
    buildVersion: str(raw.metaData?.buildInfo?.buildVersion),
    remoteEntry: entryName ? { path: [str(entry?.path), entryName].filter(Boolean).join('/'), type: str(entry?.type) ?? 'global' } : null,
  };
}

const EMPTY_SUMMARY: ManifestSummary = { name: null, shared: null, exposes: null, buildVersion: null, remoteEntry: null };

/**
 * Sizes of versions published before sizes were recorded, counted once per process (a version folder never changes):
 * GET /platform/versions reads the recorded size and walks no version's files again (issue 38).
 */
const countedBytes = new Map<string, number | null>();

function bytesOf(dir: string, recorded: unknown): number | null {
  if (typeof recorded === 'number' && Number.isInteger(recorded) && recorded >= 0) return recorded;
  if (!countedBytes.has(dir)) {
    let bytes: number | null = null;
    try {
      bytes = folderBytes(dir);
    } catch {
      /* unreadable: no size */
    }
    if (countedBytes.size >= 10_000) countedBytes.clear();
    countedBytes.set(dir, bytes);
  }
  return countedBytes.get(dir) ?? null;
}

/** One published version, read from its folder; null when there is no such folder. */
export function readVersion(releasesDir: string, app: string, version: string): PublishedVersion | null {
  if (!FOLDER_PATTERN.test(app) || version.startsWith('.') || version.includes('/') || version.includes('\\')) return null;
  const dir = path.join(releasesDir, app, version);
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) return null;
  let info: Partial<ReleaseInfo> = {};
  try {
    info = JSON.parse(fs.readFileSync(path.join(dir, RELEASE_INFO), 'utf8')) as ReleaseInfo;
  } catch {
    /* a version copied by hand: no publication record */
  }
  const base = { app, version, publishedAt: info.publishedAt ?? null, publishedBy: info.publishedBy ?? null, bytes: bytesOf(dir, info.bytes) };
  try {
    const raw = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST_FILE), 'utf8')) as RawManifest;
    return { ...base, ...summarizeManifest(raw), problem: null };
  } catch (err) {
    const problem = (err as NodeJS.ErrnoException).code === 'ENOENT' ? `${MANIFEST_FILE} mancante` : `${MANIFEST_FILE} non è un JSON valido`;
    return { ...base, ...EMPTY_SUMMARY, problem };
  }
}

/** Every published version of the given apps, newest publication first within each app. */
export function listVersions(releasesDir: string, apps: readonly string[]): PublishedVersion[] {
  const out: PublishedVersion[] = [];
  for (const app of apps) {
    const appDir = path.join(releasesDir, app);
    if (!fs.existsSync(appDir)) continue;
    const versions = fs
      .readdirSync(appDir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
      .map((e) => readVersion(releasesDir, app, e.name))
      .filter((v): v is PublishedVersion => v !== null)
      .sort((a, b) => (b.publishedAt ?? '').localeCompare(a.publishedAt ?? '') || b.version.localeCompare(a.version));
    out.push(...versions);
  }
  return out;
}

/** Whether a file of a version exists (the remote entry the manifest names). */
export function versionFileExists(releasesDir: string, app: string, version: string, file: string): boolean {
  const dir = path.join(releasesDir, app, version);
  const target = path.resolve(dir, file);
  if (!target.startsWith(dir + path.sep)) return false;
  return fs.existsSync(target) && fs.statSync(target).isFile();
}
