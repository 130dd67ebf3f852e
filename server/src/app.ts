import path from 'node:path';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { seedIfEmpty } from './db/seed';
import errors from './plugins/errors';
import openapi from './plugins/openapi';
import services from './plugins/services';
import staticHost from './plugins/static';
import apiRoutes from './routes';
import { AttemptRepository } from './services/auth/attempts';
import { SessionRepository } from './services/auth/sessions';

export interface BuildOptions {
  /** A database the caller opened and prepared (tests); by default the app opens, migrates and seeds its own. */
  database?: Database;
  /** Where the outbox's `MAIL {…}` lines go when no SMTP is configured (stdout by default). */
  mailLog?: (line: string) => void;
}

/** Opens the configured database (PostgreSQL or the embedded PGlite), applies the migrations and seeds an empty one. */
export async function prepareDatabase(config: AppConfig): Promise<Database> {
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'pg', url: config.databaseUrl } : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pgdata') },
  );
  try {
    await database.migrate();
    await seedIfEmpty(database.db, config);
    await new AttemptRepository(database.db).purgeOld();
    await new SessionRepository(database.db, config.clubTimezone).purgeExpired();
    return database;
  } catch (err) {
    await database.close();
    throw err;
  }
}

/**
 * The whole server: plugins (errors, OpenAPI, database and services), the API under /api/v1,
 * then the static host of the built front ends.
 */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const database = options.database ?? (await prepareDatabase(config));
  const app = Fastify({
    logger: config.logLevel ? { level: config.logLevel } : false,
    trustProxy: config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errors);
  // Answers over 1 KB go out brotli or gzip when the browser accepts it (built assets come pre-compressed).
  await app.register(compress, { threshold: 1024 });
  await app.register(openapi);
  await app.register(services, { config, database, ownsDatabase: !options.database, mailLog: options.mailLog });
  await app.register(apiRoutes, { prefix: '/api/v1' });
  await app.register(staticHost);
  return app;
}
