import type { Mailer } from '../../core/mail/mailer';
import { type AttemptRepository, PRUNE_INTERVAL_MS } from './attempts';
import type { SessionRepository } from './sessions';
import { TOKEN_LIFETIME_MS } from './user-tokens';

/**
 * How long the outbox keeps a mail's text and links: the longest life of an e-mailed link (the invitation's
 * 7 days). After that the row keeps recipient, subject and status only.
 */
export const OUTBOX_BODY_RETENTION_MS = TOKEN_LIFETIME_MS.invitation;

/**
 * The account domain's periodic clean-up, at start and every PRUNE_INTERVAL_MS while the server runs (not only
 * at start): throttle counters whose window has passed, expired sessions, and the bodies and links of old mails.
 */
export class Housekeeping {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly deps: { attempts: AttemptRepository; sessions: SessionRepository; mailer: Mailer },
    private readonly onError: (err: unknown) => void,
  ) {}

  /** One pass; a pass already under way is not doubled. */
  runOnce(): Promise<void> {
    this.running ??= (async () => {
      try {
        await this.deps.attempts.prune();
        await this.deps.sessions.purgeExpired();
        await this.deps.mailer.redactOlderThan(OUTBOX_BODY_RETENTION_MS);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  async start(): Promise<void> {
    await this.runOnce();
    this.timer = setInterval(() => {
      this.runOnce().catch(this.onError);
    }, PRUNE_INTERVAL_MS);
    // The clean-up never keeps the process alive by itself.
    this.timer.unref();
  }

  /** Stops the timer and waits for a pass under way, so the database can close after it. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }
}
