import { and, count, eq, gte, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client';
import { type Clock, systemClock } from '../../core/time';
import { auth_attempts } from './tables';

export type AttemptKind = 'login' | 'forgot_password';

/** Limits per e-mail + IP, counted in the database so every server process shares them (DESIGN §2). */
export const ATTEMPT_LIMITS: Record<AttemptKind, { max: number; windowMs: number }> = {
  login: {
    max: 10,
    windowMs: 15 * 60 * 1000,
  },
  forgot_password: {
    max: 5,
    windowMs: 60 * 60 * 1000,
  },
};

export const attemptKey = (email: string, ip: string) => `${email.trim().toLowerCase()}|${ip}`;

export class AttemptRepository {
  constructor(
    private readonly db: DbOrTx,
    private readonly clock: Clock = systemClock,
  ) {}

  private ago(ms: number): Date {
    return new Date(this.clock.now().getTime() - ms);
  }

  /** Attempts of this kind for this key within the window. */
  async recentCount(kind: AttemptKind, key: string): Promise<number> {
    const { windowMs } = ATTEMPT_LIMITS[kind];
    const [row] = await this.db
      .select({ n: count() })
      .from(auth_attempts)
      .where(and(eq(auth_attempts.kind, kind), eq(auth_attempts.key, key), gte(auth_attempts.created_at, this.ago(windowMs))));
    return row?.n ?? 0;
  }

  async record(kind: AttemptKind, key: string): Promise<void> {
    const { windowMs } = ATTEMPT_LIMITS[kind];
    await this.db.insert(auth_attempts).values({ kind, key, created_at: this.clock.now() });
    // Rows older than the window count for nothing any more.
    await this.db
      .delete(auth_attempts)
      .where(and(eq(auth_attempts.kind, kind), eq(auth_attempts.key, key), lt(auth_attempts.created_at, this.ago(windowMs))));
  }

  async clear(kind: AttemptKind, key: string): Promise<void> {
    await this.db.delete(auth_attempts).where(and(eq(auth_attempts.kind, kind), eq(auth_attempts.key, key)));
  }

  /** Drops what no window can count any more (run at start). */
  async purgeOld(): Promise<void> {
    await this.db.delete(auth_attempts).where(lt(auth_attempts.created_at, this.ago(24 * 60 * 60 * 1000)));
  }
}
