import { eq, sql } from 'drizzle-orm';
import type { SessionUser, UpdateMeBody } from 'shared-api/contract';
import type { Db } from '../../core/db/client';
import { users } from '../registry/tables';
import { DomainError, isUniqueViolation } from '../../core/errors';
import type { Jobs } from '../../core/jobs/runner';
import type { Mailer } from '../../core/mail/mailer';
import { emailChangedMail, passwordResetMail } from './mail-templates';
import { EMAIL_TAKEN_MESSAGE, type UserRepository } from '../registry';
import { type AttemptRepository, accountKey, attemptKey } from './attempts-repository';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../../core/passwords';
import type { CurrentUser } from '../../core/domain';
import { fieldsOnly, recordAudit } from '../../core/audit/context';
import type { Clock } from '../../core/time';
import type { SessionRepository } from './sessions-repository';
import { INVALID_TOKEN_MESSAGE, type UserTokenKind, type UserTokenRepository } from './user-tokens-repository';

export const FORGOT_PASSWORD_MESSAGE = "Se l'indirizzo è registrato riceverai un'email con il link per reimpostare la password.";

export interface AuthServiceDeps {
  db: Db;
  users: UserRepository;
  sessions: SessionRepository;
  attempts: AttemptRepository;
  tokens: UserTokenRepository;
  mailer: Mailer;
  jobs: Jobs;
  publicUrl: string;
  clock: Clock;
}

/** The job forgot-password queues: the address the reset link is asked for (declared in the account domain). */
export const PASSWORD_RESET_MAIL_JOB = 'account.password-reset-mail';
export interface PasswordResetMailJob {
  email: string;
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

  /**
   * Checks a password for an address. Each check first takes a slot of two throttles, each counted and decided in
   * one statement: e-mail + IP (a hard limit) and the account alone (a growing delay, whatever the address).
   * Only a check holding both slots reaches the password hash; a success gives both back.
   */
  private async checkCredentials(email: string, password: string, ip: string) {
    const { user, correct } = await this.credentials(email, password, ip);
    return correct ? user : null;
  }

  /** The throttled check of checkCredentials, answering the account found (if any) whether the password is right or not. */
  private async credentials(email: string, password: string, ip: string) {
    const { users: repo, attempts } = this.deps;
    const key = attemptKey(email, ip);
    const account = accountKey(email);
    if (!(await attempts.reserve('login', key))) throw new DomainError('TOO_MANY_LOGIN_ATTEMPTS');
    if (!(await attempts.reserve('login_account', account))) throw new DomainError('LOGIN_DELAYED');
    const user = await repo.findForLogin(email);
    const correct = user?.password_hash ? await verifyPassword(user.password_hash, password) : await verifyAgainstNothing(password);
    if (!user || !correct) return { user, correct: false };
    await attempts.clear(['login', key], ['login_account', account]);
    return { user, correct: true };
  }

  /**
   * A refused sign-in is an entry of its own (issue 38): on the account it named when there is one (an unknown address
   * is not written down), with the refusal's code. Only refusals that took a throttle slot are written, so their number
   * is bounded by the throttles; those the throttles themselves refuse are not.
   */
  private async refuseSignIn(userId: string | null, code: 'LOGIN_FAILED' | 'ACCOUNT_DEACTIVATED'): Promise<never> {
    await this.deps.db.transaction((tx) =>
      recordAudit(tx, this.deps.clock, {
        action: 'sign-in-refused',
        entity: 'users',
        entityId: userId,
        actor: null,
        changes: { reason: { before: null, after: code } },
      }),
    );
    throw new DomainError(code);
  }

  async login(email: string, password: string, ip: string): Promise<{ user: SessionUser; token: string }> {
    const { user, correct } = await this.credentials(email, password, ip);
    if (!user || !correct) return this.refuseSignIn(user?.id ?? null, 'LOGIN_FAILED');
    if (user.is_deactivated) return this.refuseSignIn(user.id, 'ACCOUNT_DEACTIVATED');
    // The sign-in is in the audit log (the member's 'Attività recente'): the request has no user yet, so it names them.
    const token = await this.deps.db.transaction(async (tx) => {
      const created = await this.deps.sessions.create(user.id, tx);
      await recordAudit(tx, this.deps.clock, { action: 'sign-in', entity: 'users', entityId: user.id, actor: user.id });
      return created;
    });
    return {
      token,
      user: toSessionUser({ ...user, has_accepted_terms: user.terms_accepted_at !== null }),
    };
  }

  /** POST /auth/logout: the session ends, and the sign-out is an entry of its own (issue 38). */
  async logout(user: CurrentUser): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await this.deps.sessions.delete(user.sessionId, tx);
      await recordAudit(tx, this.deps.clock, { action: 'sign-out', entity: 'users', entityId: user.id, actor: user.id });
    });
  }

  /**
   * Same answer, and the same work before it, whether the address exists or not (finding 14): the request only
   * counts the attempt and queues the job PASSWORD_RESET_MAIL_JOB with the address; looking the address up,
   * issuing the token and sending the mail are the job's, run by the job runner after the answer.
   */
  async forgotPassword(email: string, ip: string): Promise<void> {
    if (!(await this.deps.attempts.reserve('forgot_password', attemptKey(email, ip)))) throw new DomainError('TOO_MANY_RESET_REQUESTS');
    await this.deps.jobs.send(PASSWORD_RESET_MAIL_JOB, { email } satisfies PasswordResetMailJob);
  }

  /** The job's work: the reset mail, only to an active user (nothing for an unknown or deactivated address). */
  async sendResetLink(email: string): Promise<void> {
    const { db, users: repo, tokens, mailer, publicUrl } = this.deps;
    const user = await repo.findForLogin(email);
    if (!user || user.is_deactivated) return;
    // A unit of work of its own: the job holds none while the mail goes out (its definition, index.ts).
    const token = await db.transaction((tx) => tokens.issue(tx, user.id, 'reset'));
    const link = `${publicUrl}/change-password?uid=${user.id}&token=${encodeURIComponent(token)}`;
    await mailer.send(passwordResetMail(user, link));
  }

  /**
   * Sets the password from an e-mailed link (invitation or reset) and answers the user's e-mail so the page can sign in.
   * Every other session of the user ends. The log gets an entry of its own, naming the field and not its value: a
   * password set from an invitation, or reset from a link (so an account taken over through a reset link shows as a
   * reset, before the sign-in that follows it).
   */
  async setPasswordWithToken(kind: UserTokenKind, userId: string, token: string, password: string): Promise<string> {
    const { db, tokens } = this.deps;
    const passwordHash = await hashPassword(password);
    const email = await db.transaction(async (tx) => {
      if (!(await tokens.consume(tx, userId, kind, token))) {
        // An invitation followed a second time: the registration is done, say so (issue 44 item 8).
        if (kind === 'invitation' && (await tokens.wasUsed(tx, userId, kind, token))) throw new DomainError('INVITATION_ALREADY_USED');
        throw new DomainError('INVALID_TOKEN', INVALID_TOKEN_MESSAGE);
      }
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
      await recordAudit(tx, this.deps.clock, {
        action: kind === 'reset' ? 'password-reset' : 'password-set',
        entity: 'users',
        entityId: userId,
        actor: userId,
        changes: fieldsOnly(['password']),
      });
      return updated.email;
    });
    await this.deps.sessions.deleteAllOf(userId);
    return email;
  }

  /**
   * The old-password step of the change-password dialog; wrong answers count as failed logins. A right one marks
   * this session as recently verified, which changing the password or the e-mail requires (signing in does not).
   */
  async verifyPassword(user: CurrentUser, password: string, ip: string): Promise<boolean> {
    const found = await this.checkCredentials(user.email, password, ip);
    const correct = Boolean(found && found.id === user.id);
    if (correct) await this.deps.sessions.markVerified(user.sessionId);
    return correct;
  }

  private async requireRecentVerification(user: CurrentUser): Promise<void> {
    if (!(await this.deps.sessions.recentlyVerified(user.sessionId))) throw new DomainError('REAUTH_REQUIRED');
  }

  /**
   * New password for the signed-in user, after a recent password check in this session; their other sessions end. The
   * change is an entry of its own in the log (the field named, never its value).
   */
  async updatePassword(user: CurrentUser, newPassword: string): Promise<void> {
    await this.requireRecentVerification(user);
    const passwordHash = await hashPassword(newPassword);
    await this.deps.db.transaction(async (tx) => {
      await tx.update(users).set({ password_hash: passwordHash, updated_at: this.deps.clock.now() }).where(eq(users.id, user.id));
      await recordAudit(tx, this.deps.clock, { action: 'password-change', entity: 'users', entityId: user.id, changes: fieldsOnly(['password']) });
    });
    await this.deps.sessions.deleteAllOf(user.id, user.sessionId);
  }

  /**
   * PATCH /user/me: phone and e-mail. A new e-mail needs a recent password check in this session (like the
   * password) and the old address is told of the change.
   */
  async updateContacts(user: CurrentUser, changes: UpdateMeBody): Promise<void> {
    const { users: repo, mailer } = this.deps;
    const { phone_number, email } = changes;
    const emailChanges = email !== undefined && email !== user.email;
    if (emailChanges) {
      await this.requireRecentVerification(user);
      if (await repo.emailTaken(email, user.id)) throw new DomainError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);
    }
    try {
      await repo.update(user.id, { ...(phone_number !== undefined ? { phone_number } : {}), ...(emailChanges ? { email } : {}) });
    } catch (err) {
      if (isUniqueViolation(err, 'users_email_key')) throw new DomainError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);
      throw err;
    }
    if (emailChanges) await mailer.send(emailChangedMail(user, user.email));
  }

  async acceptTerms(userId: string): Promise<void> {
    await this.deps.users.update(userId, { terms_accepted_at: new Date() });
  }
}
