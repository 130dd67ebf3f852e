import type { JobDefinition } from '../../core/jobs/runner';
import type { Mailer } from '../../core/mail/mailer';
import type { Services } from '../../core/domain';
import { type AttemptRepository, PRUNE_INTERVAL_MINUTES } from './attempts-repository';
import type { SessionRepository } from './sessions-repository';
import { TOKEN_LIFETIME_MS } from './user-tokens-repository';

/**
 * How long the outbox keeps a mail's text and links: the longest life of an e-mailed link (the invitation's
 * 7 days). After that the row keeps recipient, subject and status only.
 */
export const OUTBOX_BODY_RETENTION_MS = TOKEN_LIFETIME_MS.invitation;

export const HOUSEKEEPING_JOB = 'account.housekeeping';

/**
 * The account domain's clean-up: throttle counters whose window has passed, expired sessions, and the bodies and
 * links of old mails. It runs as a recurring job of the job runner (housekeepingJob), once per period across every
 * server process on the database.
 */
export class Housekeeping {
  constructor(private readonly deps: { attempts: AttemptRepository; sessions: SessionRepository; mailer: Mailer }) {}

  /** One pass. */
  async runOnce(): Promise<void> {
    await this.deps.attempts.prune();
    await this.deps.sessions.purgeExpired();
    await this.deps.mailer.redactOlderThan(OUTBOX_BODY_RETENTION_MS);
  }
}

/** At start and every PRUNE_INTERVAL_MINUTES, claimed once across processes; a failed pass is retried by the runner. */
export const housekeepingJob: JobDefinition<never, Services> = {
  name: HOUSEKEEPING_JOB,
  recurring: { everyMinutes: PRUNE_INTERVAL_MINUTES },
  run: (_data, { account }) => account.housekeeping.runOnce(),
};
