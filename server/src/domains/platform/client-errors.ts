/**
 * Errors from members' browsers, per version (issue 29): the shell reports a domain app's load failure, a render
 * error its boundary caught and an unhandled rejection inside a domain route. Reports are rate limited per session and
 * stored masked; when distinct users' reports of one app pass the threshold within the window, the served release
 * that brought that app's version is rolled back by itself (a preview: withdrawn) and the platform team is mailed.
 */
import type { ClientErrorPayload, PlatformRelease, ReleaseDetail } from 'shared-api/contract';
import type { CurrentUser } from '../../core/domain';
import { DomainError } from '../../core/errors';
import type { Mailer } from '../../core/mail/mailer';
import { type Clock, todayIn } from '../../core/time';
import type { ClientErrorRepository } from './client-errors-repository';
import { servedSince, servedUntil, toApiRelease } from './release-view';
import type { ReleaseRepository, ReleaseRow } from './repository';
import type { PlatformService } from './service';

/** At most this many reports per session in RATE_WINDOW_MS: a broken page in a loop cannot flood the table. */
export const CLIENT_ERROR_RATE = { limit: 30, windowMs: 10 * 60_000 } as const;

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;
const NUMBER = /\d+/g;

/** No personal data in a stored message: e-mail addresses and every run of digits (ids, phone numbers, codes) masked. */
export const maskMessage = (message: string): string => message.replace(EMAIL, '[email]').replace(NUMBER, '#');

export interface ClientErrorOptions {
  repo: ClientErrorRepository;
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

  /** Stores one report; answers the release rolled back (or withdrawn) because of it, if any. */
  async report(user: CurrentUser, input: ClientErrorPayload): Promise<{ rolledBack: PlatformRelease | null }> {
    const now = this.o.clock.now();
    const count = await this.o.repo.countReport(user.sessionId, now, CLIENT_ERROR_RATE.windowMs);
    if (count > CLIENT_ERROR_RATE.limit) throw new DomainError('CLIENT_ERRORS_RATE_LIMITED');
    await this.o.repo.insert({ ...input, message: maskMessage(input.message), route: maskMessage(input.route), user_id: user.id, created_at: now });
    return { rolledBack: await this.checkThreshold(input.app, input.version, now) };
  }

  /** The preview, then the live release: the first serving this version whose reports passed the threshold goes back. */
  private async checkThreshold(app: string, version: string, now: Date): Promise<PlatformRelease | null> {
    const { live, preview } = await this.o.platform.served();
    const { users, windowMin } = this.o.threshold;
    for (const release of [preview, live]) {
      if (!release || release.apps[app] !== version) continue;
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
    return { release: toApiRelease(row, pointers), errors };
  }
}
