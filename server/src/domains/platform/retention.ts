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

/**
 * Removes each version folder of `apps` that `used` does not name. A folder is first renamed out of the served tree
 * (a dot name: never served, never listed), so a version disappears at once and whole, then deleted.
 */
export function removeUnusedVersions(releasesDir: string, apps: readonly string[], used: Map<string, Set<string>>): RemovedVersion[] {
  const removed: RemovedVersion[] = [];
  for (const app of apps) {
    const appDir = path.join(releasesDir, app);
    if (!fs.existsSync(appDir)) continue;
    for (const entry of fs.readdirSync(appDir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith('.') || used.get(app)?.has(entry.name)) continue;
      const dir = path.join(appDir, entry.name);
      const bytes = folderBytes(dir);
      const trash = path.join(appDir, `.removing-${randomUUID()}`);
      fs.renameSync(dir, trash);
      fs.rmSync(trash, { recursive: true, force: true });
      removed.push({ app, version: entry.name, bytes });
    }
  }
  return removed.sort((a, b) => a.app.localeCompare(b.app) || a.version.localeCompare(b.version));
}
