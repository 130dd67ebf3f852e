/**
 * Retention of published versions (issue 29): the versions no recent release uses are removed from the releases
 * root. Kept whatever `keep` says: the versions of the live release, of the preview release and of the release a
 * rollback would restore (the live one's predecessor), so neither a rollback nor an open tab of the preview breaks.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface RemovedVersion {
  app: string;
  version: string;
  bytes: number;
}

/** Bytes of every file under a folder (the compressed copies included: they are freed too). */
export function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) total += folderBytes(p);
    else if (entry.isFile()) total += fs.statSync(p).size;
  }
  return total;
}

/** app → the versions the kept releases use. */
export function versionsInUse(releases: readonly { apps: Record<string, string> }[]): Map<string, Set<string>> {
  const used = new Map<string, Set<string>>();
  for (const { apps } of releases)
    for (const [app, version] of Object.entries(apps)) {
      const set = used.get(app) ?? new Set<string>();
      set.add(version);
      used.set(app, set);
    }
  return used;
}

export interface DetachedVersion {
  app: string;
  version: string;
  /** The folder's new (dot) name, out of the served tree. */
  trash: string;
  /** The size recorded at publication (release.json), null for a version published before sizes were recorded. */
  bytes: number | null;
}

/**
 * Renames each version folder of `apps` that `used` does not name out of the served tree (a dot name: never served,
 * never listed), so a version disappears at once and whole. Quick: one rename per folder, nothing read but each
 * version's release.json; the files go later (deleteDetached), outside the caller's transaction.
 */
export function detachUnusedVersions(releasesDir: string, apps: readonly string[], used: Map<string, Set<string>>): DetachedVersion[] {
  const detached: DetachedVersion[] = [];
  for (const app of apps) {
    const appDir = path.join(releasesDir, app);
    if (!fs.existsSync(appDir)) continue;
    for (const entry of fs.readdirSync(appDir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith('.') || used.get(app)?.has(entry.name)) continue;
      const dir = path.join(appDir, entry.name);
      const bytes = recordedBytes(dir);
      const trash = path.join(appDir, `.removing-${randomUUID()}`);
      fs.renameSync(dir, trash);
      detached.push({ app, version: entry.name, trash, bytes });
    }
  }
  return detached.sort((a, b) => a.app.localeCompare(b.app) || a.version.localeCompare(b.version));
}

/** The size a version's release.json recorded at publication, or null. */
export function recordedBytes(dir: string): number | null {
  try {
    const info = JSON.parse(fs.readFileSync(path.join(dir, 'release.json'), 'utf8')) as { bytes?: unknown };
    return typeof info.bytes === 'number' && Number.isInteger(info.bytes) && info.bytes >= 0 ? info.bytes : null;
  } catch {
    return null;
  }
}

/** Bytes of every file under a folder, without blocking the event loop (a version published before sizes were recorded). */
async function folderBytesAsync(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await fs.promises.readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await folderBytesAsync(p);
    else if (entry.isFile()) total += (await fs.promises.stat(p)).size;
  }
  return total;
}

/** Deletes the detached folders asynchronously; answers each version with its bytes (recorded, else counted now). */
export async function deleteDetached(detached: readonly DetachedVersion[]): Promise<RemovedVersion[]> {
  const removed: RemovedVersion[] = [];
  for (const { app, version, trash, bytes } of detached) {
    const size = bytes ?? (await folderBytesAsync(trash).catch(() => 0));
    await fs.promises.rm(trash, { recursive: true, force: true });
    removed.push({ app, version, bytes: size });
  }
  return removed;
}
