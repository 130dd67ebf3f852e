import { eq, sql } from 'drizzle-orm';
import type { SessionUser } from 'shared-api/contract';
import type { Db } from '../../core/db/client';
import { users } from '../registry/tables';
import { DomainError } from '../../core/errors';
import type { Mailer } from '../../core/mail/mailer';
import { passwordResetMail } from './mail-templates';
import type { UserRepository } from '../registry';
import { ATTEMPT_LIMITS, type AttemptRepository, attemptKey } from './attempts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../../core/passwords';
import type { CurrentUser } from '../../core/domain';
import type { SessionRepository } from './sessions';
import { INVALID_TOKEN_MESSAGE, type UserTokenKind, type UserTokenRepository } from './user-tokens';

export const FORGOT_PASSWORD_MESSAGE = 'Se l\'indirizzo è registrato riceverai un\'email con il link per reimpostare la password.';

export interface AuthServiceDeps {
  db: Db;
  users: UserRepository;
  sessions: SessionRepository;
  attempts: AttemptRepository;
  tokens: UserTokenRepository;
  mailer: Mailer;
  publicUrl: string;
}

export const toSessionUser = (u: Omit<CurrentUser, 'sessionId'>): SessionUser => ({
  _id: u.id,
  name: u.name,
  surname: u.surname,
  email: u.email,
  has_accepted_terms: u.has_accepted_terms,
  permissions: u.permissions,
});

/** Sign-in, sign-out, the e-mailed links and the password of the signed-in user (spec 000 §7 Auth, DESIGN §3). */
export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  /** Checks a password for an address, counting failures per e-mail + IP. */
  private async checkCredentials(email: string, password: string, ip: string) {
    const { users: repo, attempts } = this.deps;
    const key = attemptKey(email, ip);
    const failures = await attempts.recentCount('login', key);
    if (failures >= ATTEMPT_LIMITS.login.max) throw new DomainError('TOO_MANY_LOGIN_ATTEMPTS');
    const user = await repo.findForLogin(email);
    const correct = user?.password_hash ? await verifyPassword(user.password_hash, password) : await verifyAgainstNothing(password);
    if (!user || !correct) {
      await attempts.record('login', key);
      return { user: null, key, failures };
    }
    return { user, key, failures };
  }

  async login(email: string, password: string, ip: string): Promise<{ user: SessionUser; token: string }> {
    const { sessions, attempts } = this.deps;
    const { user, key, failures } = await this.checkCredentials(email, password, ip);
    if (!user) throw new DomainError('LOGIN_FAILED');
    if (user.is_deactivated) throw new DomainError('ACCOUNT_DEACTIVATED');
    if (failures > 0) await attempts.clear('login', key);
    const token = await sessions.create(user.id);
    return {
      token,
      user: toSessionUser({ ...user, has_accepted_terms: user.terms_accepted_at !== null }),
    };
  }

  /** Same answer whether the address exists or not; the mail goes only to active users. */
  async forgotPassword(email: string, ip: string): Promise<void> {
    const { db, users: repo, attempts, tokens, mailer, publicUrl } = this.deps;
    const key = attemptKey(email, ip);
    if ((await attempts.recentCount('forgot_password', key)) >= ATTEMPT_LIMITS.forgot_password.max) {
      throw new DomainError('TOO_MANY_RESET_REQUESTS');
    }
    await attempts.record('forgot_password', key);
    const user = await repo.findForLogin(email);
    if (!user || user.is_deactivated) return;
    const token = await tokens.issue(db, user.id, 'reset');
    const link = `${publicUrl}/change-password?uid=${user.id}&token=${encodeURIComponent(token)}`;
    await mailer.send(passwordResetMail(user, link));
  }

  /**
   * Sets the password from an e-mailed link (invitation or reset) and answers the user's e-mail so the page can sign in.
   * Every other session of the user ends.
   */
  async setPasswordWithToken(kind: UserTokenKind, userId: string, token: string, password: string): Promise<string> {
    const { db, tokens } = this.deps;
    const passwordHash = await hashPassword(password);
    const email = await db.transaction(async (tx) => {
      if (!(await tokens.consume(tx, userId, kind, token))) throw new DomainError('INVALID_TOKEN', INVALID_TOKEN_MESSAGE);
      const [updated] = await tx
        .update(users)
        .set({
          password_hash: passwordHash,
          registration_completed_at: sql`coalesce(${users.registration_completed_at}, now())`,
          updated_at: new Date(),
        })
        .where(eq(users.id, userId))
        .returning({ email: users.email });
      if (!updated) throw new DomainError('INVALID_TOKEN', INVALID_TOKEN_MESSAGE);
      return updated.email;
    });
    await this.deps.sessions.deleteAllOf(userId);
    return email;
  }

  /** The old-password step of the change-password dialog; wrong answers count as failed logins. */
  async verifyPassword(user: CurrentUser, password: string, ip: string): Promise<boolean> {
    const { user: found, key, failures } = await this.checkCredentials(user.email, password, ip);
    if (found && failures > 0) await this.deps.attempts.clear('login', key);
    return Boolean(found && found.id === user.id);
  }

  /** New password for the signed-in user; their other sessions end. */
  async updatePassword(user: CurrentUser, newPassword: string): Promise<void> {
    const passwordHash = await hashPassword(newPassword);
    await this.deps.users.update(user.id, { password_hash: passwordHash });
    await this.deps.sessions.deleteAllOf(user.id, user.sessionId);
  }

  async acceptTerms(userId: string): Promise<void> {
    await this.deps.users.update(userId, { terms_accepted_at: new Date() });
  }
}
