/**
 * Errors from members' browsers, per version (issue 29): the shell reports a domain app's load failure, a render
 * error its boundary caught and an unhandled rejection inside a domain route. Reports are rate limited per member and
 * per network address (quotas that signing in again does not reset) and stored masked; when distinct users' reports
 * of one app pass the threshold within the window, the served release that brought that app's version is rolled back
 * by itself (a preview: withdrawn) and the platform team is mailed.
 *
 * Issue 40: a report counts only when it names a domain app of the portal, comes from a member who can open that app
 * at the reported route (the route table's permissions), and names a version its own session was served
 * (exposures.ts); anything else is not stored and decides nothing.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { opensAppAt } from 'shared-api/portal-routes';
import type { ClientErrorPayload, PlatformRelease, ReleaseDetail } from 'shared-api/contract';
import type { CurrentUser } from '../../core/domain';
import { DomainError, invalidInput } from '../../core/errors';
import type { Mailer } from '../../core/mail/mailer';
import { type Clock, todayIn } from '../../core/time';
import type { DomainAppRef } from './check';
import type { ClientErrorRepository } from './client-errors-repository';
import type { ExposureRepository } from './exposures';
import { servedSince, servedUntil, toApiRelease } from './release-view';
import type { Verdict } from './rollout';
import { rolloutFigures } from './rollout-evidence';
import type { ReleaseRepository, ReleaseRow } from './repository';
import type { PlatformService } from './service';

/**
 * At most `limit` reports per member, and `addressLimit` per network address, in `windowMs`: a broken page in a loop
 * cannot flood the table, and signing in again does not start a new count (the quota is the member's, not the
 * session's). The address's limit is higher: a club's members may share one address.
 */
export const CLIENT_ERROR_RATE = { limit: 30, addressLimit: 300, windowMs: 10 * 60_000 } as const;

/** The key of the addresses' quota rows: a keyed hash, so no address is stored; new at each start. */
const ADDRESS_KEY = randomBytes(32);
const addressSubject = (address: string) => `address:${createHmac('sha256', ADDRESS_KEY).update(address).digest('hex').slice(0, 32)}`;

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;
const NUMBER = /\d+/g;

/** No personal data in a stored message: e-mail addresses and every run of digits (ids, phone numbers, codes) masked. */
export const maskMessage = (message: string): string => message.replace(EMAIL, '[email]').replace(NUMBER, '#');

export interface ClientErrorOptions {
  repo: ClientErrorRepository;
  exposures: ExposureRepository;
  /** The portal's domain apps (shared-api's list): a report names one of them. */
  apps: readonly DomainAppRef[];
  releases: ReleaseRepository;
  platform: PlatformService;
  clock: Clock;
  mailer: Mailer;
  threshold: { users: number; windowMin: number };
  timeZone: string;
  publicUrl: string;
}

export class ClientErrorService {
  constructor(private readonly o: ClientErrorOptions) {}

  /**
   * Stores one report when it counts; answers whether it was stored and the release rolled back (or withdrawn)
   * because of it, if any. A report of a version this session was never served is not stored and changes nothing.
   */
  async report(
    user: CurrentUser,
    input: ClientErrorPayload,
    address: string | null,
  ): Promise<{ stored: boolean; rolledBack: PlatformRelease | null }> {
    const now = this.o.clock.now();
    const { limit, addressLimit, windowMs } = CLIENT_ERROR_RATE;
    if ((await this.o.repo.countReport(`user:${user.id}`, now, windowMs)) > limit) throw new DomainError('CLIENT_ERRORS_RATE_LIMITED');
    if (address && (await this.o.repo.countReport(addressSubject(address), now, windowMs)) > addressLimit)
      throw new DomainError('CLIENT_ERRORS_RATE_LIMITED');
    const ref = this.o.apps.find((a) => a.folder === input.app);
    if (!ref) throw invalidInput(`app: ${input.app} non è un'app di dominio del portale`);
    if (!opensAppAt(user.permissions, ref.federationName, input.route)) throw new DomainError('FORBIDDEN');
    if (!(await this.o.exposures.wasServed(user.sessionId, input.app, input.version))) return { stored: false, rolledBack: null };
    await this.o.repo.insert({
      ...input,
      message: maskMessage(input.message),
      route: maskMessage(input.route),
      user_id: user.id,
      session_id: user.sessionId,
      created_at: now,
    });
    return { stored: true, rolledBack: await this.checkThreshold(input.app, input.version, now) };
  }

  /**
   * The preview, then the live release: the first serving this version whose reports passed the threshold goes back.
   * A preview in a progressive rollout is judged by the guarded comparison instead (checkRollout), never by a count.
   */
  private async checkThreshold(app: string, version: string, now: Date): Promise<PlatformRelease | null> {
    const { live, preview } = await this.o.platform.served();
    const { users, windowMin } = this.o.threshold;
    for (const release of [preview, live]) {
      if (!release || release.apps[app] !== version) continue;
      if (release.rollout && release === preview) {
        const outcome = await this.checkRollout();
        return outcome.action === 'abort' ? outcome.release : null;
      }
      const since = new Date(Math.max(servedSince(release).getTime(), now.getTime() - windowMin * 60_000));
      const reporters = await this.o.repo.distinctUsers(app, version, since);
      if (reporters < users) continue;
      const what = release.kind === 'preview' ? 'Anteprima ritirata automaticamente' : 'Ripristino automatico';
      const note = `${what}: ${reporters} utenti hanno segnalato errori di ${app} ${version} in ${windowMin} minuti (soglia ${users})`;
      const back = await this.o.platform.rollBackOnReports(release.number, app, note);
      if (back) await this.tellPlatformTeam(release, back, note);
      return back;
    }
    return null;
  }

  /**
   * The guarded comparison of the rollout under way (issue 40), at each stored report of its versions and each
   * minute on the job runner: over the step's window, the share of sessions served the new release that reported an
   * error of a changed app, against the same share on the live release. A regression (rollout.ts: enough exposure on
   * both sides and the sequential test past its bound) aborts the rollout, mails the team and keeps the figures in the
   * history; a step held its time with enough exposure and no regression advances (past the last: live for all).
   */
  async checkRollout(): Promise<{ action: 'none' | 'advance' | 'abort' | 'complete'; release: PlatformRelease | null; verdict: Verdict | null }> {
    const none = { action: 'none' as const, release: null, verdict: null };
    const { live, preview } = await this.o.platform.served();
    if (!live || !preview?.rollout || preview.rollout_step === null || preview.rollout_paused_at) return none;
    const plan = preview.rollout;
    const step = preview.rollout_step;
    const { since, verdict, figures } = await rolloutFigures(this.o.exposures, preview, live);
    const percent = (r: number) => `${(r * 100).toFixed(1).replace('.', ',')} %`;
    const rates = `${percent(verdict.rateNew)} delle sessioni con errori sulla release ${preview.number} (${figures.newWithErrors} su ${figures.newSessions}) contro ${percent(verdict.rateOld)} sulla ${live.number} (${figures.oldWithErrors} su ${figures.oldSessions})`;
    const now = this.o.clock.now();
    try {
      if (verdict.regression) {
        const reason = `Regressione: ${rates}`;
        const release = await this.o.platform.rolloutAction({
          number: preview.number,
          action: 'abort',
          actor: null,
          reason,
          figures,
          expectStep: step,
        });
        await this.tellRolloutAborted(preview.number, reason);
        return { action: 'abort', release, verdict };
      }
      const held = now.getTime() - since.getTime() >= plan.holdMinutes * 60_000;
      if (held && verdict.enoughExposure) {
        const reason = `Passo del ${plan.steps[step]} % tenuto ${plan.holdMinutes} minuti senza regressione: ${rates}`;
        const release = await this.o.platform.rolloutAction({
          number: preview.number,
          action: 'advance',
          actor: null,
          reason,
          figures,
          expectStep: step,
        });
        return { action: release.live ? 'complete' : 'advance', release, verdict };
      }
    } catch (err) {
      // Someone (another check, the team) moved the rollout meanwhile: their decision stands.
      if (err instanceof DomainError) return { ...none, verdict };
      throw err;
    }
    return { ...none, verdict };
  }

  private async tellRolloutAborted(number: number, reason: string): Promise<void> {
    const team = await this.o.repo.platformTeam(todayIn(this.o.timeZone, this.o.clock.now()));
    const link = `${this.o.publicUrl}/platform/releases`;
    await this.o.mailer.queueAll(
      team.map(({ email, name }) => ({
        to: email,
        subject: `Distribuzione della release ${number} interrotta automaticamente`,
        text: `Ciao ${name},\n\nla distribuzione progressiva della release ${number} è stata interrotta automaticamente.\n${reason}.\nChi la riceveva torna alla release in linea alla prossima navigazione.\n\nI dettagli sono nella pagina Rilasci: ${link}\n`,
        links: [link],
      })),
    );
  }

  private async tellPlatformTeam(release: ReleaseRow, back: PlatformRelease, note: string): Promise<void> {
    const team = await this.o.repo.platformTeam(todayIn(this.o.timeZone, this.o.clock.now()));
    const link = `${this.o.publicUrl}/platform/releases`;
    const subject =
      release.kind === 'preview'
        ? `Release ${release.number} in anteprima ritirata automaticamente`
        : `Release ${release.number} ripristinata automaticamente`;
    const outcome = back.kind === 'auto-rollback' ? `È di nuovo in linea l'insieme della release ${back.restores} (release ${back.number}).` : '';
    await this.o.mailer.queueAll(
      team.map(({ email, name }) => ({
        to: email,
        subject,
        text: `Ciao ${name},\n\n${note}.\n${outcome}\n\nI dettagli sono nella pagina Rilasci: ${link}\n`,
        links: [link],
      })),
    );
  }

  /** GET /platform/releases/{n}: the release and, per app, the reports of its version while it was served. */
  async detail(number: number): Promise<ReleaseDetail> {
    const row = await this.o.releases.get(this.o.releases.db, number);
    if (!row) throw new DomainError('RELEASE_NOT_FOUND');
    const pointers = await this.o.platform.pointers();
    const from = servedSince(row);
    const to = servedUntil(row, await this.o.releases.after(number));
    const errors = [];
    for (const [app, version] of Object.entries(row.apps)) {
      const summary = await this.o.repo.summary(app, version, from, to);
      errors.push({
        app,
        version,
        count: summary.count,
        users: summary.users,
        first: summary.first?.toISOString() ?? null,
        last: summary.last?.toISOString() ?? null,
        topMessages: summary.topMessages.map((m) => ({ ...m, kind: m.kind as ClientErrorPayload['kind'] })),
      });
    }
    const events = (await this.o.releases.events(number)).map((e) => ({
      at: e.at.toISOString(),
      action: e.action as 'start' | 'advance' | 'pause' | 'resume' | 'abort' | 'complete',
      step: e.step,
      percent: e.percent,
      by: e.by_id ? { id: e.by_id, name: e.by_name ?? '' } : null,
      reason: e.reason,
      figures: e.figures ?? null,
    }));
    // The step under way: the same figures the next check decides on (none once the rollout is over).
    let evidence: ReleaseDetail['evidence'] = null;
    if (row.rollout && row.rollout_step !== null && pointers.preview === number && pointers.live !== null) {
      const live = await this.o.releases.get(this.o.releases.db, pointers.live);
      if (live) {
        const { verdict, figures } = await rolloutFigures(this.o.exposures, row, live);
        evidence = { ...figures, enoughExposure: verdict.enoughExposure, regression: verdict.regression };
      }
    }
    return { release: toApiRelease(row, pointers), errors, events, evidence };
  }
}
