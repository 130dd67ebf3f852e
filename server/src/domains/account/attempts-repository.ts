import { and, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client';
import { rowsOf } from '../../core/db/rows';
import { type Clock, systemClock } from '../../core/time';
import { auth_attempts } from './tables';

export type AttemptKind = 'login' | 'login_account' | 'forgot_password';

export interface AttemptLimit {
  /** Length of a counting window, from its first attempt. */
  windowMs: number;
  /** Attempts let through in a window; the next ones are refused until the window ends. */
  max: number;
  /**
   * A growing delay instead of a hard stop: after `free` attempts, each attempt let through makes the next wait
   * baseMs × 2^(n − free − 1), at most capMs. Never a permanent lock: the wait always ends.
   */
  delay?: { free: number; baseMs: number; capMs: number };
}

/**
 * The throttle limits (docs/decisions.md, "Login throttling counted in the database, in one statement"), counted in
 * the database so every server process shares them:
 * - login: 10 failed sign-ins per e-mail + IP in 15 minutes;
 * - login_account: per account whatever the address (rotating addresses gains nothing): 20 failures in a day
 *   are free, then each one waits a delay doubling from 1 s up to 15 minutes;
 * - forgot_password: 5 requests per e-mail + IP in an hour.
 */
export const ATTEMPT_LIMITS: Record<AttemptKind, AttemptLimit> = {
  login: { windowMs: 15 * 60 * 1000, max: 10 },
  login_account: {
    windowMs: 24 * 60 * 60 * 1000,
    max: Number.MAX_SAFE_INTEGER,
    delay: { free: 20, baseMs: 1000, capMs: 15 * 60 * 1000 },
  },
  forgot_password: { windowMs: 60 * 60 * 1000, max: 5 },
};

const normalise = (email: string) => email.trim().toLowerCase();
export const attemptKey = (email: string, ip: string) => `${normalise(email)}|${ip}`;
export const accountKey = (email: string) => normalise(email);

/** How often the periodic housekeeping (a recurring job) drops counters whose window has passed. */
export const PRUNE_INTERVAL_MINUTES = 10;

export class AttemptRepository {
  constructor(
    private readonly db: DbOrTx,
    private readonly clock: Clock = systemClock,
  ) {}

  /** The injected clock's time as a statement parameter: the database's own now() would ignore a moved test clock. */
  private now() {
    return sql`${this.clock.now().toISOString()}::timestamptz`;
  }

  /**
   * Counts an attempt and decides in ONE statement whether it may go ahead: the counter row of (kind, key) is
   * inserted or updated under its row lock, and the update happens only when the attempt is allowed (the window
   * has passed, or it is under the limit and not inside a delay). A returned row = allowed; none = refused.
   * Concurrent requests queue on the row lock, so no more than the limit ever get through.
   */
  async reserve(kind: AttemptKind, key: string): Promise<boolean> {
    const { windowMs, max, delay } = ATTEMPT_LIMITS[kind];
    const now = this.now();
    const window = sql`make_interval(secs => ${windowMs / 1000})`;
    const expired = sql`auth_attempts.created_at <= ${now} - ${window}`;
    const blockedUntil = delay
      ? sql`CASE WHEN ${expired} OR auth_attempts.attempts + 1 <= ${delay.free} THEN NULL
             ELSE ${now} + make_interval(secs => least(${delay.baseMs / 1000}::float8 * power(2, least(auth_attempts.attempts - ${delay.free}, 30)), ${delay.capMs / 1000}::float8)) END`
      : sql`NULL`;
    const rows = await this.db.execute<{ attempts: number }>(sql`
      INSERT INTO auth_attempts (kind, key, attempts, created_at, blocked_until)
      VALUES (${kind}, ${key}, 1, ${now}, NULL)
      ON CONFLICT (kind, key) DO UPDATE SET
        attempts = CASE WHEN ${expired} THEN 1 ELSE auth_attempts.attempts + 1 END,
        created_at = CASE WHEN ${expired} THEN ${now} ELSE auth_attempts.created_at END,
        blocked_until = ${blockedUntil}
      WHERE ${expired}
         OR (auth_attempts.attempts < ${max}::bigint AND (auth_attempts.blocked_until IS NULL OR auth_attempts.blocked_until <= ${now}))
      RETURNING attempts`);
    return rowsOf(rows).length === 1;
  }

  /** A success forgets its counters (the e-mail + IP one and the account's), in one statement. */
  async clear(...counters: readonly [AttemptKind, string][]): Promise<void> {
    if (!counters.length) return;
    await this.db.delete(auth_attempts).where(or(...counters.map(([kind, key]) => and(eq(auth_attempts.kind, kind), eq(auth_attempts.key, key)))));
  }

  /** Drops counters whose window has passed and whose delay has ended: the table holds only live counters. */
  async prune(): Promise<void> {
    const now = this.now();
    for (const [kind, { windowMs }] of Object.entries(ATTEMPT_LIMITS)) {
      await this.db.execute(sql`
        DELETE FROM auth_attempts
        WHERE kind = ${kind} AND created_at <= ${now} - make_interval(secs => ${windowMs / 1000})
          AND (blocked_until IS NULL OR blocked_until <= ${now})`);
    }
  }
}
