import path from 'node:path';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import type { BuiltServices, CoreServices, Domain, Services } from '../domain';
import { FileRepository } from '../files/repository';
import { FileStore } from '../files/store';
import { Mailer } from '../mail/mailer';

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
  domains: readonly Domain[];
  /** Close the database with the app (false when the caller owns it). */
  ownsDatabase: boolean;
  mailLog?: (line: string) => void;
}

/** Core's services (database, file store, mailer), then each domain's in list order, built once and shared by every route. */
export default fp<ServicesOptions>(
  async (app, { config, database, domains, ownsDatabase, mailLog }) => {
    const { db } = database;
    const mailer = new Mailer({
      db,
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      log: mailLog,
      printLinks: config.development,
      onError: (err) => app.log.error({ err }, 'Invio email non riuscito: resta nella mail_outbox'),
    });
    const core: CoreServices = { db, config, mailer, files: new FileRepository(db, new FileStore(path.join(config.dataDir, 'files'))) };
    const services: BuiltServices = { ...core };
    for (const domain of domains) Object.assign(services, domain.services?.(core, services));
    if (!services.sessionResolver) throw new Error('Nessun dominio fornisce le sessioni (sessionResolver)');

    app.decorate('config', config);
    app.decorate('database', database);
    app.decorate('services', services as Services);
    app.addHook('onClose', async () => {
      for (const domain of domains) await domain.onStop?.(services as Services);
      mailer.close();
      if (ownsDatabase) await database.close();
    });
  },
  { name: 'services' },
);
