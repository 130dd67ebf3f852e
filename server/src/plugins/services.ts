import path from 'node:path';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { AuthService } from '../services/auth/account';
import { AttemptRepository } from '../services/auth/attempts';
import { SessionRepository } from '../services/auth/sessions';
import { UserTokenRepository } from '../services/auth/user-tokens';
import { FileRepository } from '../services/files/repository';
import { FileStore } from '../services/files/store';
import { Mailer } from '../services/mail/mailer';
import { CategoryRepository } from '../services/registry/categories';
import { ReferenceRepository } from '../services/registry/references';
import { UserRepository } from '../services/users/repository';
import { UserRegistry } from '../services/users/registry';

export interface Services {
  auth: AuthService;
  sessions: SessionRepository;
  attempts: AttemptRepository;
  users: UserRepository;
  userRegistry: UserRegistry;
  categories: CategoryRepository;
  references: ReferenceRepository;
  files: FileRepository;
  mailer: Mailer;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    services: Services;
  }
}

export interface ServicesOptions {
  config: AppConfig;
  database: Database;
  /** Close the database with the app (false when the caller owns it). */
  ownsDatabase: boolean;
  mailLog?: (line: string) => void;
}

/** The database, the repositories, the file store and the mailer, built once and shared by every route. */
export default fp<ServicesOptions>(
  async (app, { config, database, ownsDatabase, mailLog }) => {
    const { db } = database;
    const sessions = new SessionRepository(db, config.clubTimezone);
    const attempts = new AttemptRepository(db);
    const tokens = new UserTokenRepository();
    const users = new UserRepository(db, config.clubTimezone);
    const files = new FileRepository(db, new FileStore(path.join(config.dataDir, 'files')));
    const mailer = new Mailer({
      db,
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      log: mailLog,
      onError: (err) => app.log.error({ err }, 'Invio email non riuscito: resta nella mail_outbox'),
    });
    const services: Services = {
      sessions,
      attempts,
      users,
      files,
      mailer,
      auth: new AuthService({ db, users, sessions, attempts, tokens, mailer, publicUrl: config.publicUrl }),
      userRegistry: new UserRegistry({ db, users, files, tokens, sessions, mailer, publicUrl: config.publicUrl, clubTimezone: config.clubTimezone }),
      categories: new CategoryRepository(db),
      references: new ReferenceRepository(db),
    };
    app.decorate('config', config);
    app.decorate('database', database);
    app.decorate('services', services);
    app.addHook('onClose', async () => {
      mailer.close();
      if (ownsDatabase) await database.close();
    });
  },
  { name: 'services' },
);
