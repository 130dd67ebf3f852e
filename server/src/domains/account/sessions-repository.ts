import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Permission } from 'shared-api/contract';
import type { DbOrTx } from '../../core/db/client';
import { categories, users } from '../registry/tables';
import { sessions } from './tables';
import { type Clock, systemClock, todayIn } from '../../core/time';
import { isActiveUser } from '../registry';
import type { CurrentUser, SessionResolver } from '../../core/domain';
import { SESSION_DAYS } from '../../core/plugins/session';
import { hashSecret, newSecret } from './tokens';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Sessions kept per user: signing in once more drops the oldest beyond these (docs/decisions.md, "Sessions: a
 * hashed cookie token, 30 days, at most 10 per user").
 */
export const MAX_SESSIONS_PER_USER = 10;

/** How long a confirmed password (POST /auth/verifypassword) allows changing the password or the e-mail. */
export const REAUTH_WINDOW_MS = 5 * 60 * 1000;

export class SessionRepository implements SessionResolver {
  private readonly findByHash: ReturnType<typeof SessionRepository.prepareFind>;

  constructor(
    private readonly db: DbOrTx,
    private readonly clubTimezone: string,
    private readonly clock: Clock = systemClock,
  ) {
    this.findByHash = SessionRepository.prepareFind(db);
  }

  /** In the caller's transaction when it passes one (the sign-in's audit entry is written with it). */
  async create(userId: string, db: DbOrTx = this.db): Promise<string> {
    const { token, hash } = newSecret();
    const expiresAt = new Date(this.clock.now().getTime() + SESSION_DAYS * DAY_MS).toISOString();
    // Only the newest few sessions of a user live on: sign-ins cannot pile up rows without end. One statement: the
    // DELETE reads the table as it was before the INSERT beside it, so it keeps the newest MAX − 1 earlier sessions.
    await db.execute(sql`
      WITH created AS (INSERT INTO sessions (token_hash, user_id, expires_at) VALUES (${hash}, ${userId}, ${expiresAt}::timestamptz) RETURNING id)
      DELETE FROM sessions WHERE user_id = ${userId} AND id NOT IN (
        SELECT id FROM sessions WHERE user_id = ${userId} ORDER BY created_at DESC, id LIMIT ${MAX_SESSIONS_PER_USER - 1})`);
    return token;
  }

  /** The user confirmed their password in this session just now. */
  async markVerified(sessionId: string): Promise<void> {
    await this.db.update(sessions).set({ verified_at: this.clock.now() }).where(eq(sessions.id, sessionId));
  }

  /** True when the password was confirmed in this session within the last REAUTH_WINDOW_MS. */
  async recentlyVerified(sessionId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), gt(sessions.verified_at, new Date(this.clock.now().getTime() - REAUTH_WINDOW_MS))));
    return Boolean(row);
  }

  /**
   * Every API request runs this lookup: prepared once per repository, so the database parses and plans it
   * once instead of on every request.
   */
  private static prepareFind(db: DbOrTx) {
    return db
      .select({
        sessionId: sessions.id,
        expires_at: sessions.expires_at,
        id: users.id,
        name: users.name,
        surname: users.surname,
        email: users.email,
        terms_accepted_at: users.terms_accepted_at,
        permissions: categories.permissions,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.user_id))
      .innerJoin(categories, eq(categories.id, users.category_id))
      .where(
        and(
          eq(sessions.token_hash, sql.placeholder('hash')),
          gt(sessions.expires_at, sql`${sql.placeholder('now')}::timestamptz`),
          isActiveUser(sql.placeholder('today')),
        ),
      )
      .limit(1)
      .prepare('session_find');
  }

  /** The session's user, or null when the token is unknown, expired, or the user is deactivated. */
  async find(token: string): Promise<CurrentUser | null> {
    const now = this.clock.now();
    const [row] = await this.findByHash.execute({ hash: hashSecret(token), now: now.toISOString(), today: todayIn(this.clubTimezone, now) });
    if (!row) return null;
    // Sliding expiry, written at most once a day per session.
    if (row.expires_at.getTime() - now.getTime() < (SESSION_DAYS - 1) * DAY_MS) {
      await this.db
        .update(sessions)
        .set({ expires_at: new Date(now.getTime() + SESSION_DAYS * DAY_MS) })
        .where(eq(sessions.id, row.sessionId));
    }
    return {
      id: row.id,
      name: row.name,
      surname: row.surname,
      email: row.email,
      has_accepted_terms: row.terms_accepted_at !== null,
      permissions: row.permissions as Permission[],
      sessionId: row.sessionId,
    };
  }

  /** Drops expired sessions (at start and by the periodic housekeeping). */
  async purgeExpired(): Promise<void> {
    await this.db.delete(sessions).where(lt(sessions.expires_at, this.clock.now()));
  }

  async delete(sessionId: string, db: DbOrTx = this.db): Promise<void> {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
  }

  /** Ends every session of a user, except the one making the request when given. */
  async deleteAllOf(userId: string, exceptSessionId?: string): Promise<void> {
    await this.db
      .delete(sessions)
      .where(exceptSessionId ? and(eq(sessions.user_id, userId), ne(sessions.id, exceptSessionId)) : eq(sessions.user_id, userId));
  }
}
