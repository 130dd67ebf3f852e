import path from 'node:path';
import fp from 'fastify-plugin';
import { ambientDb, onWriteOutsideUnitOfWork, rawDb } from '../db/unit-of-work';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import type { BuiltServices, CoreServices, Domain, Services } from '../domain';
import { AuditNames } from '../audit/names';
import { fileAuditNames } from '../files/audit-names';
import { FileReaders } from '../files/readers';
import { FileRepository } from '../files/repository';
import { FileStore } from '../files/store';
import { type JobDefinition, JobRunner } from '../jobs/runner';
import { Mailer, type MailerOptions, mailJob } from '../mail/mailer';
import { SigningKeys, useSigningKeys } from '../secrets';
import { PersonalData } from '../personal-data/service';
import { backupJobs } from '../backup/job';
import { type Clock, systemClock } from '../time';
import type { Transporter } from 'nodemailer';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    services: Services;
    jobs: JobRunner<Services>;
  }
}

export interface ServicesOptions {
  config: AppConfig;
  database: Database;
  domains: readonly Domain[];
  /** Close the database with the app (false when the caller owns it). */
  ownsDatabase: boolean;
  mailLog?: (line: string) => void;
  /** Each mail once delivered, whole (tests: the outbox blanks its body and links then). */
  mailDelivered?: MailerOptions['onDelivered'];
  /** A nodemailer transport instead of SMTP_URL's (tests). */
  mailTransport?: Transporter;
  /** How often idle job workers poll (seconds; tests shorten it). */
  jobPollingSeconds?: number;
  /** The clock the rules read (tests pass their own). */
  clock?: Clock;
}

/** Every job the app declares: core's and every domain's. */
export const jobDefinitions = (config: AppConfig, database: Database, domains: readonly Domain[]): JobDefinition<never, Services>[] => [
  mailJob,
  ...backupJobs(config, database),
  ...domains.flatMap((domain) => domain.jobs ?? []),
];

/**
 * Core's services (database, file store, job runner, mailer), then each domain's in list order, built once and shared
 * by every route; then the job runner starts the workers of core's jobs and of every domain's.
 */
export default fp<ServicesOptions>(
  async (app, { config, database, domains, ownsDatabase, mailLog, mailDelivered, mailTransport, jobPollingSeconds, clock = systemClock }) => {
    // The services' handle: every query runs in the current unit of work (a mutating request's, a job's); a write
    // outside one is refused under tests and logged in production (core/db/unit-of-work).
    const db = ambientDb(rawDb(database.db), { guard: true });
    onWriteOutsideUnitOfWork((message) => app.log.error(message));
    // The keys that sign feed addresses and unsubscribe links: from the environment or DATA_DIR's key file, never the
    // database; the services' handle and the database itself sign alike.
    const signingKeys = new SigningKeys(config, clock);
    useSigningKeys(db, signingKeys);
    useSigningKeys(database.db, signingKeys);
    const jobs = new JobRunner<Services>(database, {
      clock,
      timeZone: config.clubTimezone,
      pollingIntervalSeconds: jobPollingSeconds,
      onError: (err) => app.log.error({ err }, 'Job runner'),
    });
    const mailer = new Mailer({
      db,
      smtp: mailTransport ?? config.smtpUrl,
      from: config.mailFrom,
      jobs,
      clock,
      log: mailLog,
      onDelivered: mailDelivered,
      printLinks: config.development,
      onError: (err) => app.log.error({ err }, 'Invio email non riuscito: resta nella mail_outbox e sarà ritentato'),
    });
    const files = new FileRepository(db, new FileStore(path.join(config.dataDir, 'files')));
    const personalParts = domains.flatMap((domain) => (domain.personalData ? [{ domain: domain.name, ...domain.personalData }] : []));
    const core: CoreServices = {
      db,
      config,
      clock,
      mailer,
      jobs,
      files,
      personalData: new PersonalData(db, files, personalParts, clock),
      fileReaders: new FileReaders(domains.flatMap((domain) => domain.fileHolders ?? [])),
      auditNames: new AuditNames([...fileAuditNames, ...domains.flatMap((domain) => domain.auditNames ?? [])]),
    };
    const services: BuiltServices = { ...core };
    for (const domain of domains) Object.assign(services, domain.services?.(core, services));
    if (!services.sessionResolver) throw new Error('Nessun dominio fornisce le sessioni (sessionResolver)');
    await jobs.start(jobDefinitions(config, database, domains), services as Services);

    app.decorate('config', config);
    app.decorate('database', database);
    app.decorate('services', services as Services);
    app.decorate('jobs', jobs);
    app.addHook('onClose', async () => {
      await jobs.stop();
      for (const domain of domains) await domain.onStop?.(services as Services);
      mailer.close();
      if (ownsDatabase) await database.close();
    });
  },
  { name: 'services' },
);
