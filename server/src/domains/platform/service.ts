import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ComposeResponse, PlatformRelease, PruneResponse, PublishedVersion, ReleaseReason } from 'shared-api/contract';
import type { Db, Tx } from '../../core/db/client';
import type { CurrentUser } from '../../core/domain';
import { DomainError } from '../../core/errors';
import { type Upload, acceptUpload } from '../../core/files/uploads';
import { offThreadModule, runOffThread } from '../../core/workers/pool';
import { ARCHIVE_LIMITS, type PreparedArchive, type prepareBuildArchive } from './archive';
import { type DomainAppRef, checkRelease, readShellProvides } from './check';
import { type ReleaseRepository, type ReleaseRow } from './repository';
import { removeUnusedVersions, versionsInUse } from './retention';
import { MANIFEST_FILE, VersionExistsError, listVersions, publishVersion, readVersion, summarizeManifest, versionOf } from './releases-root';

/** A candidate release refused by the whole-set check: 422 with every reason, nothing changed. */
export class ReleaseRefused extends DomainError {
  constructor(readonly reasons: ReleaseReason[]) {
    super('RELEASE_REFUSED', `La release non può andare in linea: ${reasons.map((r) => r.message).join('; ')}`);
  }
}

/** The headless check of the changed remotes after a switch (health.ts); absent when not configured. */
export interface HealthChecker {
  check(remotes: { app: string; federationName: string; manifestUrl: string }[]): Promise<{ ok: boolean; reason: string | null }>;
}

export interface PlatformOptions {
  db: Db;
  repo: ReleaseRepository;
  apps: readonly DomainAppRef[];
  releasesDir: string;
  releasesUrl: string;
  staticRoot: string;
  health?: HealthChecker | null;
}

type Actor = Pick<CurrentUser, 'id' | 'name' | 'surname'> | null;

/** What a build archive may be: gzip, detected from its content. */
const ARCHIVE_TYPES: ReadonlySet<string> = new Set(['application/gzip']);
/** Uploads wait here, on the releases root's file system (so the final rename is atomic), never served (a dot folder). */
const UPLOADS_FOLDER = '.uploads';

/** The module whose prepareBuildArchive runs on a worker thread. */
const ARCHIVE_MODULE = offThreadModule('domains/platform/archive');

const archiveRefused = (why: string) => new DomainError('RELEASE_ARCHIVE_INVALID', `Archivio della build non valido: ${why}`);

const sameSet = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

/** Releases of the domain apps: published versions, the live set, composing, rolling back, /remotes.json. */
export class PlatformService {
  constructor(private readonly o: PlatformOptions) {}

  private toApi(row: ReleaseRow, liveNumber: number | null): PlatformRelease {
    return {
      number: row.number,
      apps: row.apps,
      kind: row.kind as PlatformRelease['kind'],
      basedOn: row.based_on,
      restores: row.restores,
      note: row.note,
      createdBy: row.created_by ? { id: row.created_by, name: row.created_by_name ?? '' } : null,
      createdAt: row.created_at.toISOString(),
      live: row.number === liveNumber,
    };
  }

  manifestUrl(folder: string, version: string): string {
    return `${this.o.releasesUrl}/${folder}/${version}/mf-manifest.json`;
  }

  versions(): { data: PublishedVersion[]; shell: { shared: Record<string, string> } | null } {
    return {
      data: listVersions(
        this.o.releasesDir,
        this.o.apps.map((a) => a.folder),
      ),
      shell: readShellProvides(this.o.staticRoot),
    };
  }

  async releases(limit = 200): Promise<{ data: PlatformRelease[]; live: number | null }> {
    const live = await this.o.repo.live();
    const rows = await this.o.repo.history(limit);
    return { data: rows.map((r) => this.toApi(r, live?.number ?? null)), live: live?.number ?? null };
  }

  /** federation name → manifest URL of the live release; null when there is no release yet. */
  async liveRemotes(): Promise<Record<string, string> | null> {
    const live = await this.o.repo.live();
    if (!live) return null;
    const remotes: Record<string, string> = {};
    for (const { folder, federationName } of this.o.apps) {
      const version = live.apps[folder];
      if (version) remotes[federationName] = this.manifestUrl(folder, version);
    }
    return remotes;
  }

  /**
   * Checks the set the live release becomes with `apps` changed and, unless dryRun, makes it live: all under the
   * lock of the live pointer, so concurrent composes run one after the other and each builds on the one before.
   */
  async compose(apps: Record<string, string>, dryRun: boolean, actor: Actor): Promise<ComposeResponse> {
    const made = await this.o.db.transaction(async (tx) => {
      const live = await this.o.repo.lockLive(tx);
      const candidate = { ...(live?.apps ?? {}), ...apps };
      const changed = new Set(Object.keys(apps).filter((app) => live?.apps[app] !== apps[app]));
      const reasons = await checkRelease({
        candidate,
        apps: this.o.apps,
        releasesDir: this.o.releasesDir,
        releasesUrl: this.o.releasesUrl,
        provides: readShellProvides(this.o.staticRoot),
      });
      if (reasons.length === 0 && live && sameSet(candidate, live.apps)) {
        reasons.push({
          app: '*',
          version: null,
          dependency: null,
          required: null,
          provided: null,
          message: `Queste versioni sono già quelle della release ${live.number} in linea`,
        });
      }
      if (reasons.length > 0) throw new ReleaseRefused(reasons);
      const row = {
        apps: candidate,
        kind: 'compose',
        based_on: live?.number ?? null,
        restores: null,
        note: null,
        created_by: actor?.id ?? null,
        created_by_name: actor ? `${actor.name} ${actor.surname}` : null,
      };
      if (dryRun) {
        return { dryRun: true as const, changed, release: { ...this.toApi({ ...row, number: 0, created_at: new Date() }, null), number: null } };
      }
      const inserted = await this.o.repo.insertLive(tx, row);
      return { dryRun: false as const, changed, release: this.toApi(inserted, inserted.number) };
    });
    if (made.dryRun || !this.o.health || made.release.number === null)
      return { dryRun: made.dryRun, release: made.release, health: null, rolledBackTo: null };

    const toCheck = this.o.apps
      .filter((a) => made.changed.has(a.folder))
      .map((a) => ({ app: a.folder, federationName: a.federationName, manifestUrl: this.manifestUrl(a.folder, made.release.apps[a.folder]!) }));
    const health = { ...(await this.o.health.check(toCheck)), checked: toCheck.map((c) => c.app) };
    if (health.ok) return { dryRun: false, release: made.release, health, rolledBackTo: null };
    const back = await this.rollback(
      actor,
      `Ripristino automatico: il controllo dopo il passaggio alla release ${made.release.number} non è riuscito (${health.reason})`,
      made.release.number,
    );
    return { dryRun: false, release: { ...made.release, live: false }, health, rolledBackTo: back };
  }

  /**
   * Makes the release before the live one live again, as a new history entry pointing back (restores). Rolling back a
   * rollback goes one step further back. `onlyIfLive`: the automatic rollback acts only if its release is still live.
   */
  async rollback(actor: Actor, note: string | null, onlyIfLive?: number): Promise<PlatformRelease> {
    return this.o.db.transaction(async (tx) => {
      const live = await this.o.repo.lockLive(tx);
      if (!live) throw new DomainError('NO_PREVIOUS_RELEASE');
      if (onlyIfLive !== undefined && live.number !== onlyIfLive) return this.toApi(live, live.number);
      const { original, target } = await this.rollbackTarget(tx, live);
      if (!target)
        throw new DomainError('NO_PREVIOUS_RELEASE', `Non esiste una release precedente alla ${original?.number ?? live.number} a cui tornare.`);
      const inserted = await this.o.repo.insertLive(tx, {
        apps: target.apps,
        kind: onlyIfLive !== undefined ? 'auto-rollback' : 'rollback',
        based_on: live.number,
        restores: target.number,
        note,
        created_by: actor?.id ?? null,
        created_by_name: actor ? `${actor.name} ${actor.surname}` : null,
      });
      return this.toApi(inserted, inserted.number);
    });
  }

  /** The release a rollback of `live` restores: the one before it (a rollback's own: one step further back). */
  private async rollbackTarget(tx: Tx, live: ReleaseRow): Promise<{ original: ReleaseRow | null; target: ReleaseRow | null }> {
    const original = live.restores !== null ? await this.o.repo.get(tx, live.restores) : live;
    const targetNumber = original?.based_on ?? null;
    return { original, target: targetNumber !== null ? await this.o.repo.get(tx, targetNumber) : null };
  }

  /**
   * Removes the published versions the last `keep` releases do not use; the live release's, the preview's and the
   * rollback target's versions are kept whatever `keep` is. Under the live pointer's lock: no compose, rollback or
   * preview picks a version while its folder goes.
   */
  async prune(keep: number): Promise<PruneResponse> {
    return this.o.db.transaction(async (tx) => {
      const live = await this.o.repo.lockLive(tx);
      const kept: { apps: Record<string, string> }[] = await this.o.repo.history(keep, tx);
      if (live) {
        kept.push(live);
        const { target } = await this.rollbackTarget(tx, live);
        if (target) kept.push(target);
      }
      const removed = removeUnusedVersions(
        this.o.releasesDir,
        this.o.apps.map((a) => a.folder),
        versionsInUse(kept),
      );
      return { keep, removed, bytesFreed: removed.reduce((sum, r) => sum + r.bytes, 0) };
    });
  }

  /**
   * POST /platform/versions: publishes an uploaded build archive as a version of `app`, the version computed exactly
   * as the command computes it (versionOf: package version + hash of the built files). The archive is checked and
   * extracted into a private folder on the releases root's file system, its manifest read, then renamed into place
   * (publishVersion with move): a refusal changes nothing, and of two publishers of one build only one wins (409).
   */
  async publishArchive(
    input: { app: string; packageVersion: string; version?: string | undefined },
    upload: Upload | undefined,
    actor: Actor,
  ): Promise<PublishedVersion> {
    const ref = this.o.apps.find((a) => a.folder === input.app);
    if (!ref)
      throw new DomainError(
        'VALIDATION_FAILED',
        `app: app di dominio sconosciuta (${input.app}); sono ${this.o.apps.map((a) => a.folder).join(', ')}`,
      );
    if (!upload) throw archiveRefused('manca il file (campo archive, un .tar.gz della cartella dist)');
    if (upload.tooLarge) throw new DomainError('FILE_TOO_LARGE', `L'archivio supera la dimensione massima di ${ARCHIVE_LIMITS.maxArchiveMb} MB`);
    await acceptUpload(upload, ARCHIVE_TYPES);

    const work = path.join(this.o.releasesDir, UPLOADS_FOLDER, randomUUID());
    await fs.promises.mkdir(work, { recursive: true });
    try {
      const archiveFile = path.join(work, 'build.tar.gz');
      await fs.promises.writeFile(archiveFile, upload.data);
      const dist = path.join(work, 'dist');
      // Listing, extraction and the version's hash read up to 200 MB: on a worker thread (archive.ts).
      const task: Parameters<typeof prepareBuildArchive>[0] = { archiveFile, into: dist, packageVersion: input.packageVersion };
      const prepared = await runOffThread<typeof task, PreparedArchive>(ARCHIVE_MODULE, 'prepareBuildArchive', task);
      if (!prepared.ok) throw archiveRefused(prepared.refused);
      this.checkUploadedManifest(dist, ref);
      const { version } = prepared;
      if (input.version !== undefined && input.version !== version) {
        throw archiveRefused(`la versione calcolata dai file è ${version}, non ${input.version} (stessa versione del pacchetto? stessi file?)`);
      }
      try {
        publishVersion({
          releasesDir: this.o.releasesDir,
          app: ref.folder,
          distDir: dist,
          packageVersion: input.packageVersion,
          publishedBy: actor ? `${actor.name} ${actor.surname}` : null,
          move: true,
          version,
        });
      } catch (err) {
        if (err instanceof VersionExistsError) throw new DomainError('VERSION_ALREADY_PUBLISHED', err.message);
        throw err;
      }
      const published = readVersion(this.o.releasesDir, ref.folder, version);
      if (!published) throw new Error(`La versione ${version} di ${ref.folder} non si legge dopo la pubblicazione`);
      return published;
    } finally {
      await fs.promises.rm(work, { recursive: true, force: true });
    }
  }

  /** The uploaded build is a build of that app: a readable manifest naming the app, with its remote entry present. */
  private checkUploadedManifest(dist: string, ref: DomainAppRef): void {
    let raw: unknown;
    try {
      raw = JSON.parse(fs.readFileSync(path.join(dist, MANIFEST_FILE), 'utf8'));
    } catch (err) {
      throw archiveRefused(
        (err as NodeJS.ErrnoException).code === 'ENOENT'
          ? `${MANIFEST_FILE} mancante alla radice dell'archivio`
          : `${MANIFEST_FILE} non è un JSON valido`,
      );
    }
    const summary = summarizeManifest(raw && typeof raw === 'object' ? raw : {});
    if (summary.name !== ref.federationName)
      throw archiveRefused(`il manifest è di ${summary.name ?? 'nessuna app'}, non di ${ref.folder} (${ref.federationName})`);
    const entry = summary.remoteEntry?.path;
    const entryFile = entry ? path.resolve(dist, entry) : null;
    if (!entryFile?.startsWith(dist + path.sep) || !fs.existsSync(entryFile) || !fs.statSync(entryFile).isFile()) {
      throw archiveRefused(`il remote entry indicato dal manifest (${entry ?? 'nessuno'}) non è nell'archivio`);
    }
  }

  /**
   * Start-up: publishes each domain app's local build (staticRoot/<folder>/dist) as a version when that build is new;
   * then, until the platform team has composed a release by hand, makes the newest local builds live ('initial' the
   * first time, 'start' after), so a fresh clone's `npm start` works with no step.
   */
  async publishLocalBuilds(log: (line: string) => void = () => {}): Promise<void> {
    const built: Record<string, string> = {};
    for (const { folder } of this.o.apps) {
      const distDir = path.join(this.o.staticRoot, folder, 'dist');
      if (!fs.existsSync(path.join(distDir, 'mf-manifest.json'))) continue;
      const pkg = readPackageVersion(path.join(this.o.staticRoot, folder));
      try {
        built[folder] = publishVersion({ releasesDir: this.o.releasesDir, app: folder, distDir, packageVersion: pkg }).version;
        log(`Pubblicata ${folder} ${built[folder]} (build locale)`);
      } catch (err) {
        if (!(err instanceof VersionExistsError)) throw err;
        built[folder] = versionOf(distDir, pkg);
      }
    }
    if (this.o.apps.some((a) => !built[a.folder])) return;
    await this.o.db.transaction(async (tx) => {
      const live = await this.o.repo.lockLive(tx);
      if (live && (sameSet(live.apps, built) || (await this.o.repo.hasTeamRelease(tx)))) return;
      await this.o.repo.insertLive(tx, {
        apps: built,
        kind: live ? 'start' : 'initial',
        based_on: live?.number ?? null,
        note: 'Build locali pubblicate all’avvio',
      });
    });
  }
}

export function readPackageVersion(dir: string): string {
  try {
    return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}
