import type { FastifyPluginAsync } from 'fastify';
import type { BuiltServices, Domain } from '../../core/domain';
import { UserRepository } from '../registry';
import { AttemptRepository } from './attempts-repository';
import { accountPersonalData } from './personal-data';
import { Housekeeping, housekeepingJob } from './housekeeping';
import { invitationMail } from './mail-templates';
import { ProfileService } from './profile';
import profileRoutes from './profile-routes';
import authRoutes from './routes';
import { AuthService, PASSWORD_RESET_MAIL_JOB, type PasswordResetMailJob } from './service';
import { SessionRepository } from './sessions-repository';
import termsRoutes from './terms-routes';
import { UserTokenRepository } from './user-tokens-repository';

/** The shell's own domain: sign-in with sessions, e-mailed links and throttling; the member's profile; the terms. */
export interface AccountServices {
  auth: AuthService;
  profile: ProfileService;
  sessions: SessionRepository;
  attempts: AttemptRepository;
  tokens: UserTokenRepository;
  housekeeping: Housekeeping;
}

declare module '../../core/domain' {
  interface Services {
    account: AccountServices;
  }
}

const certificatesOf = (services: BuiltServices) => {
  if (!services.certificates) throw new Error('Il dominio certificates non fornisce il suo servizio');
  return services.certificates.certificates;
};

const routes: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(profileRoutes, { prefix: '/user' });
  await app.register(termsRoutes, { prefix: '/pdf' });
};

export const account: Domain = {
  name: 'account',
  migrations: 'domains/account/migrations',
  // Sign-ins are recorded by the login itself (core/audit recordAudit), not as session rows.
  unaudited: ['sessions', 'user_tokens', 'auth_attempts'],
  services({ db, config, mailer, jobs, clock }, services) {
    const sessions = new SessionRepository(db, config.clubTimezone, clock);
    const attempts = new AttemptRepository(db, clock);
    const tokens = new UserTokenRepository(clock);
    const users = new UserRepository(db, config.clubTimezone, clock);
    const auth = new AuthService({ db, users, sessions, attempts, tokens, mailer, jobs, publicUrl: config.publicUrl, clock });
    const housekeeping = new Housekeeping({ attempts, sessions, mailer });
    return {
      sessionResolver: sessions,
      account: {
        auth,
        // The certificates domain comes later in the list: its service is read when a profile is.
        profile: new ProfileService({ users, auth, medicalOf: (userId) => certificatesOf(services).medicalOf(userId) }),
        sessions,
        attempts,
        tokens,
        housekeeping,
      },
      // The registry invites the users it creates and ends the sessions of those it deactivates (its AccountPort).
      accountPort: {
        async issueInvitation(tx, user) {
          const token = await tokens.issue(tx, user.id, 'invitation');
          const link = `${config.publicUrl}/complete-registration?uid=${user.id}&token=${encodeURIComponent(token)}`;
          return () => mailer.send(invitationMail(user, link));
        },
        endSessionsOf: (userId) => sessions.deleteAllOf(userId),
      },
    };
  },
  routes,
  personalData: accountPersonalData,
  jobs: [
    {
      // Forgot-password's lookup, token and mail, after the request has answered; a failed run is retried by the runner.
      name: PASSWORD_RESET_MAIL_JOB,
      // The mail is delivered by SMTP within the run: no transaction held meanwhile (core/db/unit-of-work).
      unitOfWork: 'deferred',
      run: ({ email }: PasswordResetMailJob, { account }) => account.auth.sendResetLink(email),
    },
    housekeepingJob,
  ],
};
