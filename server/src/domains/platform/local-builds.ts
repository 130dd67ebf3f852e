/**
 * Start-up: publishes each domain app's local build (staticRoot/<folder>/dist) as a version when that build is new;
 * then, until the platform team has composed a release by hand, makes the newest local builds live ('initial' the
 * first time, 'start' after), so a fresh clone's `npm start` works with no step.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../core/db/client';
import type { DomainAppRef } from './check';
import { sameSet } from './release-view';
import { VersionExistsError, publishVersion, versionOf } from './releases-root';
import type { ReleaseRepository } from './repository';

export interface LocalBuildsDeps {
  db: Db;
  repo: ReleaseRepository;
  apps: readonly DomainAppRef[];
  releasesDir: string;
  staticRoot: string;
  now: () => Date;
}

export async function publishLocalBuilds(o: LocalBuildsDeps, log: (line: string) => void = () => {}): Promise<void> {
  const built: Record<string, string> = {};
  for (const { folder } of o.apps) {
    const distDir = path.join(o.staticRoot, folder, 'dist');
    if (!fs.existsSync(path.join(distDir, 'mf-manifest.json'))) continue;
    const pkg = readPackageVersion(path.join(o.staticRoot, folder));
    try {
      built[folder] = publishVersion({ releasesDir: o.releasesDir, app: folder, distDir, packageVersion: pkg, now: o.now() }).version;
      log(`Pubblicata ${folder} ${built[folder]} (build locale)`);
    } catch (err) {
      if (!(err instanceof VersionExistsError)) throw err;
      built[folder] = versionOf(distDir, pkg);
    }
  }
  if (o.apps.some((a) => !built[a.folder])) return;
  await o.db.transaction(async (tx) => {
    const live = await o.repo.lockLive(tx);
    if (live && (sameSet(live.apps, built) || (await o.repo.hasTeamRelease(tx)))) return;
    await o.repo.insertLive(tx, {
      apps: built,
      kind: live ? 'start' : 'initial',
      based_on: live?.number ?? null,
      note: 'Build locali pubblicate all’avvio',
      created_at: o.now(),
    });
  });
}

export function readPackageVersion(dir: string): string {
  try {
    return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}
