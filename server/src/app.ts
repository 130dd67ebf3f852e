import path from 'node:path';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type AppConfig, loadConfig } from './core/config';
import { type Database, openDatabase } from './core/db/client';
import { collectMigrations, migrationsFolder } from './core/db/migrations';
import { attachAuditTriggers, auditContext } from './core/audit/context';
import type { Domain } from './core/domain';
import type { KnownSchema } from './core/backup/postgres';
import fileRoutes from './core/files/routes';
import personalDataRoutes from './core/personal-data/routes';
import { type LogDestination, loggerOptions } from './core/logging';
import { type Clock, systemClock } from './core/time';
import { importLegacySecrets } from './core/secrets';
import errors from './core/plugins/errors';
import multipartForms from './core/plugins/multipart';
import openapi from './core/plugins/openapi';
import origin from './core/plugins/origin';
import requestLimits from './core/plugins/request-limits';
import securityHeaders from './core/plugins/security-headers';
import services, { type ServicesOptions } from './core/plugins/services';
import session from './core/plugins/session';
import unitOfWork from './core/plugins/unit-of-work';
import { systemWork } from './core/db/unit-of-work';
import staticHost from './core/plugins/static';
import { domains } from './domains';
import { closeWorkerPool, startWorkerPool } from './core/workers/pool';

export interface BuildOptions {
  /** A database the caller opened and prepared (tests); by default the app opens, migrates and seeds its own. */
  database?: Database;
  /** Where the outbox's `MAIL {…}` lines go when no SMTP is configured (stdout by default). */
  mailLog?: (line: string) => void;
  /** Each mail once delivered, whole (tests: the outbox keeps only its recipient, subject, time and state). */
  mailDelivered?: ServicesOptions['mailDelivered'];
  /** Where the log goes (stdout by default): tests read what it holds. */
  logStream?: LogDestination;
  /** A nodemailer transport instead of SMTP_URL's (tests). */
  mailTransport?: ServicesOptions['mailTransport'];
  /** How often idle job workers poll, in seconds (tests shorten it). */
  jobPollingSeconds?: number;
  /** The clock sessions, links and throttling read (tests pass one they move). */
  clock?: ServicesOptions['clock'];
}

/**
 * On an empty database, each domain's demo seed in list order (the registry's categories and members before anything
 * that points at them). The first seed answers whether the database was empty; if not, nothing else is seeded.
 */
export async function seedIfEmpty(
  database: Database,
  config: AppConfig,
  clock: Clock = systemClock,
  list: readonly Domain[] = domains,
): Promise<void> {
  // One instant for the whole demo club: its week, its certificates and its sign-ups are of the same day.
  const now = clock.now();
  const [first, ...rest] = list;
  if ((await first?.seed?.(database.db, config, now)) === false) return;
  for (const domain of rest) await domain.seed?.(database.db, config, now);
}

/** The settings of the whole app from the environment: core's and every domain's section (README lists the variables). */
export const loadAppConfig = (env: NodeJS.ProcessEnv = process.env, list: readonly Domain[] = domains): AppConfig =>
  loadConfig(
    env,
    list.flatMap((domain) => (domain.settings ? [domain.settings] : [])),
  );

/** Every domain's migrations folder (core's own is always applied). */
export const migrationFolders = (list: readonly Domain[] = domains): string[] =>
  list.flatMap((domain) => (domain.migrations ? [migrationsFolder(domain.migrations)] : []));

/**
 * This version's schema as a restore checks an archive against it (core/backup): the migrations by their journal time
 * (what a backup's manifest lists) and the tables they create (schema.name; drizzle's journal included).
 */
export function knownSchema(list: readonly Domain[] = domains): KnownSchema {
  const migrations = collectMigrations(migrationFolders(list));
  const tables = new Set(['drizzle.__drizzle_migrations']);
  for (const m of migrations)
    for (const statement of m.sql)
      for (const found of statement.matchAll(/CREATE TABLE(?: IF NOT EXISTS)?\s+(?:"?(\w+)"?\.)?"?(\w+)"?/gi))
        tables.add(`${found[1] ?? 'public'}.${found[2]}`);
  return { migrations: new Set(migrations.map((m) => String(m.folderMillis))), tables };
}

/** Core's tables the audit log does not record: the mail outbox (its bodies hold links until delivered). */
const CORE_UNAUDITED = ['mail_outbox'];

/**
 * Applies the migrations not yet applied: core's and every domain's (each domain's folder), in the journal's order;
 * then the audit log's trigger on every table but the unaudited ones (a new table is audited from its first start).
 */
export async function migrateDatabase(database: Database, list: readonly Domain[] = domains, upTo?: number): Promise<void> {
  await database.migrate(migrationFolders(list), upTo);
  // Part of the journal only (a restore's first step): the audit log's trigger is attached with the rest.
  if (upTo !== undefined) return;
  await attachAuditTriggers(database.db, [...CORE_UNAUDITED, ...list.flatMap((domain) => domain.unaudited ?? [])]);
}

/** Opens the configured database (PostgreSQL or the embedded PGlite), applies the migrations and seeds an empty one. */
export async function prepareDatabase(config: AppConfig, clock: Clock = systemClock): Promise<Database> {
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'pg', url: config.databaseUrl } : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pgdata') },
  );
  try {
    // The signing secrets an older version kept in the database go to the key file before the migration drops them.
    await importLegacySecrets(database.db, config.dataDir, clock.now());
    await migrateDatabase(database);
    await seedIfEmpty(database, config, clock);
    return database;
  } catch (err) {
    await database.close();
    throw err;
  }
}

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/**
 * The whole server, read top to bottom: core plugins (errors, OpenAPI, services of core and of every domain),
 * the API under /api/v1 (multipart forms where a route takes files, body limits and NUL checks, sessions and access,
 * then each domain's routes), the static host.
 */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const database = options.database ?? (await prepareDatabase(config, options.clock));
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    // A hop count trusts that many proxies in front of the server (what Fastify does for a number, typed as a function).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
  });
  // The worker threads of heavy work (core/workers): one started now, so the first heavy call finds it ready; they end
  // with the server.
  startWorkerPool();
  app.addHook('onClose', closeWorkerPool);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errors);
  // Answers over 1 KB go out brotli or gzip when the browser accepts it (built assets come pre-compressed).
  await app.register(compress, { threshold: 1024 });
  await app.register(openapi);
  await app.register(services, {
    config,
    database,
    domains,
    ownsDatabase: !options.database,
    mailLog: options.mailLog,
    mailDelivered: options.mailDelivered,
    mailTransport: options.mailTransport,
    jobPollingSeconds: options.jobPollingSeconds,
    clock: options.clock,
  });
  await app.register(securityHeaders);
  // Every mutating route's handler (the API's and the domains' root routes) runs in one transaction carrying its audit
  // context (core/plugins/unit-of-work).
  await app.register(unitOfWork);
  await app.register(
    async (api) => {
      await api.register(origin);
      await api.register(multipartForms);
      await api.register(requestLimits);
      await api.register(auditContext);
      await api.register(session);
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      for (const domain of domains) if (domain.routes) await api.register(domain.routes);
      await api.register(fileRoutes, { prefix: '/files' });
      await api.register(personalDataRoutes, { prefix: '/user' });
      api.setNotFoundHandler((request, reply) =>
        reply.code(404).send({ code: 'NOT_FOUND', message: `Risorsa non trovata: ${request.method} ${request.url.split('?')[0]}` }),
      );
    },
    { prefix: '/api/v1' },
  );
  for (const domain of domains) if (domain.rootRoutes) await app.register(domain.rootRoutes);
  await app.register(staticHost);
  await systemWork('avvio', async () => {
    for (const domain of domains) await domain.onStart?.(app.services, database);
  });
  return app;
}
