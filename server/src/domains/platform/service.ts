import type { ComposeResponse, PlatformRelease, PruneResponse, PublishedVersion, ReleaseReason } from 'shared-api/contract';
import type { Db, DbOrTx, Tx } from '../../core/db/client';
import type { Clock } from '../../core/time';
import { DomainError } from '../../core/errors';
import type { Upload } from '../../core/files/uploads';
import { type DomainAppRef, checkRelease, droppedSlots, readShellProvides } from './check';
import { type ReleaseRepository, type ReleaseRow } from './repository';
import { publishLocalBuilds } from './local-builds';
import { sameSet, servesPreview, toApiRelease } from './release-view';
import type { RolloutPlan } from './rollout';
import { type Actor, type RolloutRequest, byActor, rolloutAction } from './rollout-actions';
import { deleteDetached, detachUnusedVersions, versionsInUse } from './retention';
import { type PublishInput, publishArchive } from './publish-archive';
import { listVersions } from './releases-root';

/** A candidate release refused by the whole-set check: 422 with every reason, nothing changed. */
export class ReleaseRefused extends DomainError {
  constructor(readonly reasons: ReleaseReason[]) {
    super('RELEASE_REFUSED', `La release non può andare in linea: ${reasons.map((r) => r.message).join('; ')}`, { reasons });
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
  /** The time releases are stamped with (the app's clock: a test's own). */
  clock: Clock;
  /** A rollout's evidence, kept with a step advanced or aborted by hand (rollout-evidence.ts). */
  rolloutFigures?: (preview: ReleaseRow, live: ReleaseRow) => Promise<Record<string, unknown>>;
}

/** Releases of the domain apps: published versions, the live set, composing, rolling back, /remotes.json. */
export class PlatformService {
  constructor(private readonly o: PlatformOptions) {}

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

  async releases(limit = 200): Promise<{ data: PlatformRelease[]; live: number | null; preview: number | null }> {
    const pointers = await this.pointers();
    const rows = await this.o.repo.history(limit);
    return { data: rows.map((r) => toApiRelease(r, pointers)), ...pointers };
  }

  async pointers(db: DbOrTx = this.o.db): Promise<{ live: number | null; preview: number | null }> {
    const [live, preview] = [await this.o.repo.live(db), await this.o.repo.preview(db)];
    return { live: live?.number ?? null, preview: preview?.number ?? null };
  }

  /** The releases served now: the live one, and the preview when one is out. */
  async served(): Promise<{ live: ReleaseRow | null; preview: ReleaseRow | null }> {
    return { live: await this.o.repo.live(), preview: await this.o.repo.preview() };
  }

  /** federation name → manifest URL of the live release; null when there is no release yet. */
  async liveRemotes(): Promise<Record<string, string> | null> {
    const live = await this.o.repo.live();
    return live ? this.remotesOf(live.apps) : null;
  }

  async hasPreview(): Promise<boolean> {
    return (await this.o.repo.preview()) !== null;
  }

  /**
   * The preview's lines for a member it serves: one of its audience (the user's category), and, during a rollout,
   * one whose place is within the step's share (sticky: rollout.ts); null for everyone else.
   */
  async previewRemotesFor(user: { id: string; categoryId: string | null } | null): Promise<Record<string, string> | null> {
    if (!user) return null;
    const preview = await this.o.repo.preview();
    return preview && servesPreview(preview, user) ? this.remotesOf(preview.apps) : null;
  }

  private remotesOf(apps: Record<string, string>): Record<string, string> {
    const remotes: Record<string, string> = {};
    for (const { folder, federationName } of this.o.apps) {
      const version = apps[folder];
      if (version) remotes[federationName] = this.manifestUrl(folder, version);
    }
    return remotes;
  }

  /**
   * Checks the set the live release becomes with `apps` changed and, unless dryRun, makes it live — or, with an audience,
   * the preview served to those categories only. Under the live pointer's lock: concurrent composes run one by one.
   */
  async compose(
    apps: Record<string, string>,
    { dryRun = false, audience, rollout }: { dryRun?: boolean; audience?: { categories: string[] } | undefined; rollout?: RolloutPlan | undefined },
    actor: Actor,
  ): Promise<ComposeResponse> {
    // A rollout goes out as a preview (issue 40): to its audience, if any, and within it to the step's share.
    const asPreview = !!audience || !!rollout;
    const made = await this.o.db.transaction(async (tx) => {
      const live = await this.o.repo.lockLive(tx);
      if (asPreview && (await this.o.repo.preview(tx))) throw new DomainError('PREVIEW_ALREADY_OUT');
      const candidate = { ...(live?.apps ?? {}), ...apps };
      const changed = new Set(Object.keys(apps).filter((app) => live?.apps[app] !== apps[app]));
      const warnings = await this.checkCandidate(candidate, live);
      const row = {
        apps: candidate,
        kind: asPreview ? 'preview' : 'compose',
        based_on: live?.number ?? null,
        restores: null,
        note: null,
        audience: audience ? { categories: [...new Set(audience.categories)] } : null,
        created_by: actor?.id ?? null,
        created_by_name: actor ? `${actor.name} ${actor.surname}` : null,
        created_at: this.o.clock.now(),
        rollout: rollout ?? null,
        rollout_step: rollout ? 0 : null,
        rollout_step_at: rollout ? this.o.clock.now() : null,
        rollout_paused_at: null,
      };
      if (dryRun) {
        const view = toApiRelease({ ...row, number: 0, promoted_at: null, withdrawn_at: null }, { live: null });
        return { dryRun: true as const, changed, warnings, release: { ...view, number: null } };
      }
      const inserted = asPreview ? await this.o.repo.insertPreview(tx, row) : await this.o.repo.insertLive(tx, row);
      if (rollout)
        await this.o.repo.addEvent(tx, {
          release_number: inserted.number,
          at: this.o.clock.now(),
          action: 'start',
          step: 0,
          percent: rollout.steps[0]!,
          ...byActor(actor),
          reason: null,
        });
      const pointers = asPreview ? { live: live?.number ?? null, preview: inserted.number } : { live: inserted.number };
      return { dryRun: false as const, changed, warnings, release: toApiRelease(inserted, pointers) };
    });
    if (made.dryRun || !this.o.health || made.release.number === null)
      return { dryRun: made.dryRun, warnings: made.warnings, release: made.release, health: null, rolledBackTo: null };

    const toCheck = this.o.apps
      .filter((a) => made.changed.has(a.folder))
      .map((a) => ({ app: a.folder, federationName: a.federationName, manifestUrl: this.manifestUrl(a.folder, made.release.apps[a.folder]!) }));
    const health = { ...(await this.o.health.check(toCheck)), checked: toCheck.map((c) => c.app) };
    if (health.ok) return { dryRun: false, warnings: made.warnings, release: made.release, health, rolledBackTo: null };
    const why = `il controllo dopo il passaggio alla release ${made.release.number} non è riuscito (${health.reason})`;
    if (asPreview) {
      const withdrawn = await this.withdraw(made.release.number, actor, `Ritirata automaticamente: ${why}`);
      return { dryRun: false, warnings: made.warnings, release: withdrawn, health, rolledBackTo: null };
    }
    const back = await this.autoRollback(made.release.number, `Ripristino automatico: ${why}`);
    return { dryRun: false, warnings: made.warnings, release: { ...made.release, live: back === null }, health, rolledBackTo: back };
  }

  /** The whole-set check (check.ts), a set equal to the live one refused (422, every reason); answers its warnings. */
  private async checkCandidate(candidate: Record<string, string>, live: ReleaseRow | null): Promise<string[]> {
    const reasons = await this.wholeSetReasons(candidate);
    if (reasons.length === 0 && live && sameSet(candidate, live.apps)) {
      const message = `Queste versioni sono già quelle della release ${live.number} in linea`;
      reasons.push({ app: '*', version: null, dependency: null, required: null, provided: null, message });
    }
    if (reasons.length > 0) throw new ReleaseRefused(reasons);
    return droppedSlots(candidate, live?.apps ?? null, this.o.releasesDir);
  }

  /** Every reason the whole-set check finds against `candidate` (a version missing from the releases root among them). */
  private wholeSetReasons(candidate: Record<string, string>): Promise<ReleaseReason[]> {
    return checkRelease({
      candidate,
      apps: this.o.apps,
      releasesDir: this.o.releasesDir,
      releasesUrl: this.o.releasesUrl,
      provides: readShellProvides(this.o.staticRoot),
    });
  }

  /** The preview release `number` becomes the live one for everyone (the same history entry, stamped promoted). */
  async promote(number: number): Promise<PlatformRelease> {
    return this.o.db.transaction(async (tx) => {
      const live = await this.o.repo.lockLive(tx);
      const preview = await this.o.repo.preview(tx);
      if (preview?.number !== number) throw new DomainError((await this.o.repo.get(tx, number)) ? 'NOT_THE_PREVIEW' : 'RELEASE_NOT_FOUND');
      // The release it replaces is the one live now (issue 40): an automatic rollback of it goes back there.
      const row = await this.o.repo.promotePreview(tx, number, this.o.clock.now(), live?.number ?? null);
      return toApiRelease(row, { live: number });
    });
  }

  /** Drops the preview release `number`: its audience is served the live release again; `note` says why. */
  async withdraw(number: number, _actor: Actor, note: string | null = null): Promise<PlatformRelease> {
    return this.o.db.transaction(async (tx) => {
      const live = await this.o.repo.lockLive(tx);
      const preview = await this.o.repo.preview(tx);
      if (preview?.number !== number) throw new DomainError((await this.o.repo.get(tx, number)) ? 'NOT_THE_PREVIEW' : 'RELEASE_NOT_FOUND');
      const row = await this.o.repo.withdrawPreview(tx, number, this.o.clock.now(), note);
      return toApiRelease(row, { live: live?.number ?? null });
    });
  }

  /**
   * The error reports' rollback (issue 29): when `number` is still served — the live release, or the preview — and
   * going back changes `app`'s version, rolls it back (a live one: a new 'auto-rollback' entry; a preview: withdrawn),
   * with `note` saying why. Null when someone acted first or going back would serve the same version of the app.
   */
  async rollBackOnReports(number: number, app: string, note: string): Promise<PlatformRelease | null> {
    return this.o.db.transaction(async (tx) => {
      const live = await this.o.repo.lockLive(tx);
      const preview = await this.o.repo.preview(tx);
      if (preview?.number === number) {
        if (live?.apps[app] === preview.apps[app]) return null;
        return toApiRelease(await this.o.repo.withdrawPreview(tx, number, this.o.clock.now(), note), { live: live?.number ?? null });
      }
      if (!live || live.number !== number) return null;
      const target = await this.replaced(tx, live);
      if (!target || target.apps[app] === live.apps[app]) return null;
      // Never onto what is not there (issue 40): a target whose versions were pruned is refused, nothing changes.
      if ((await this.wholeSetReasons(target.apps)).length > 0) return null;
      const inserted = await this.o.repo.insertLive(tx, {
        apps: target.apps,
        kind: 'auto-rollback',
        based_on: live.number,
        restores: target.number,
        note,
        created_at: this.o.clock.now(),
      });
      return toApiRelease(inserted, { live: inserted.number, preview: preview?.number ?? null });
    });
  }

  /** A rollout's pause, resume, advance or abort (rollout-actions.ts). */
  rolloutAction(request: RolloutRequest): Promise<PlatformRelease> {
    const { db, repo, clock, rolloutFigures: figuresFor } = this.o;
    return rolloutAction({ db, repo, now: () => clock.now(), pointers: (tx) => this.pointers(tx), figuresFor }, request);
  }

  /**
   * The automatic rollback after a failed health check (issue 40): when `number` is still live, makes the release it
   * replaced live again — one step, never along a chain of rollbacks — provided that release passes the whole-set
   * check. Null when nothing changed (someone acted first, no such release, or its versions are no longer there).
   */
  private async autoRollback(number: number, note: string): Promise<PlatformRelease | null> {
    return this.o.db.transaction(async (tx) => {
      const live = await this.o.repo.lockLive(tx);
      if (!live || live.number !== number) return null;
      const target = await this.replaced(tx, live);
      if (!target || (await this.wholeSetReasons(target.apps)).length > 0) return null;
      const inserted = await this.o.repo.insertLive(tx, {
        apps: target.apps,
        kind: 'auto-rollback',
        based_on: live.number,
        restores: target.number,
        note,
        created_at: this.o.clock.now(),
      });
      const preview = await this.o.repo.preview(tx);
      return toApiRelease(inserted, { live: inserted.number, preview: preview?.number ?? null });
    });
  }

  /**
   * Makes the release before the live one live again, as a new history entry pointing back (restores). Rolling back a
   * rollback goes one step further back. Its versions pass the whole-set check first, as `restore` does: a target
   * whose versions were pruned is refused (422) and nothing changes.
   */
  async rollback(actor: Actor, note: string | null): Promise<PlatformRelease> {
    return this.o.db.transaction(async (tx) => {
      const live = await this.o.repo.lockLive(tx);
      if (!live) throw new DomainError('NO_PREVIOUS_RELEASE');
      const { original, target } = await this.rollbackTarget(tx, live);
      if (!target)
        throw new DomainError('NO_PREVIOUS_RELEASE', `Non esiste una release precedente alla ${original?.number ?? live.number} a cui tornare.`);
      await this.checkCandidate(target.apps, live);
      const inserted = await this.o.repo.insertLive(tx, {
        apps: target.apps,
        kind: 'rollback',
        based_on: live.number,
        restores: target.number,
        note,
        created_by: actor?.id ?? null,
        created_by_name: actor ? `${actor.name} ${actor.surname}` : null,
        created_at: this.o.clock.now(),
      });
      return toApiRelease(inserted, { live: inserted.number });
    });
  }

  /**
   * Makes the earlier release `to` live again (the releases page's 'Ripristina'): a new 'rollback' entry pointing back
   * at it. Its versions pass the whole-set check again, so a version pruned since refuses it (422) and nothing changes.
   */
  async restore(to: number, actor: Actor, note: string | null): Promise<PlatformRelease> {
    return this.o.db.transaction(async (tx) => {
      const live = await this.o.repo.lockLive(tx);
      const target = await this.o.repo.get(tx, to);
      if (!target) throw new DomainError('RELEASE_NOT_FOUND');
      await this.checkCandidate(target.apps, live);
      const inserted = await this.o.repo.insertLive(tx, {
        apps: target.apps,
        kind: 'rollback',
        based_on: live?.number ?? null,
        restores: target.number,
        note,
        created_by: actor?.id ?? null,
        created_by_name: actor ? `${actor.name} ${actor.surname}` : null,
        created_at: this.o.clock.now(),
      });
      const preview = await this.o.repo.preview(tx);
      return toApiRelease(inserted, { live: inserted.number, preview: preview?.number ?? null });
    });
  }

  /**
   * The release `live` replaced, which an automatic rollback restores; none when `live` is itself a rollback (an
   * automatic rollback never walks a chain of them).
   */
  private async replaced(tx: Tx, live: ReleaseRow): Promise<ReleaseRow | null> {
    if (live.restores !== null || live.based_on === null) return null;
    return this.o.repo.get(tx, live.based_on);
  }

  /** The release a rollback of `live` restores: the one before it (a rollback's own: one step further back). */
  private async rollbackTarget(tx: Tx, live: ReleaseRow): Promise<{ original: ReleaseRow | null; target: ReleaseRow | null }> {
    const original = live.restores !== null ? await this.o.repo.get(tx, live.restores) : live;
    const targetNumber = original?.based_on ?? null;
    return { original, target: targetNumber !== null ? await this.o.repo.get(tx, targetNumber) : null };
  }

  /**
   * Removes the published versions the last `keep` releases do not use; the live release's, the preview's and every
   * version a rollback could still reach (the manual rollback's target, the automatic one's) are kept whatever `keep`
   * is. Under the live pointer's lock the folders are only renamed out of the served tree (no compose, rollback or
   * preview picks a version while it goes); the files are deleted after the commit, asynchronously (issue 38).
   */
  async prune(keep: number): Promise<PruneResponse> {
    const detached = await this.o.db.transaction(async (tx) => {
      const live = await this.o.repo.lockLive(tx);
      const kept: { apps: Record<string, string> }[] = await this.o.repo.history(keep, tx);
      const preview = await this.o.repo.preview(tx);
      if (preview) kept.push(preview);
      if (live) {
        kept.push(live);
        const { target } = await this.rollbackTarget(tx, live);
        if (target) kept.push(target);
        const replaced = await this.replaced(tx, live);
        if (replaced) kept.push(replaced);
      }
      return detachUnusedVersions(
        this.o.releasesDir,
        this.o.apps.map((a) => a.folder),
        versionsInUse(kept),
      );
    });
    const removed = await deleteDetached(detached);
    return { keep, removed, bytesFreed: removed.reduce((sum, r) => sum + r.bytes, 0) };
  }

  /** POST /platform/versions (publish-archive.ts). */
  publishArchive(input: PublishInput, upload: Upload | undefined, actor: Actor): Promise<PublishedVersion> {
    return publishArchive({ releasesDir: this.o.releasesDir, apps: this.o.apps, now: () => this.o.clock.now() }, input, upload, actor);
  }

  /** Start-up: the local builds published and, until the team composes by hand, made live (local-builds.ts). */
  publishLocalBuilds(log: (line: string) => void = () => {}): Promise<void> {
    return publishLocalBuilds(
      {
        db: this.o.db,
        repo: this.o.repo,
        apps: this.o.apps,
        releasesDir: this.o.releasesDir,
        staticRoot: this.o.staticRoot,
        now: () => this.o.clock.now(),
      },
      log,
    );
  }
}
