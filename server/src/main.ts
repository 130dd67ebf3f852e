import { buildApp, loadAppConfig } from './app';
import { DEFAULT_ADMIN_PASSWORD } from './core/config';
import { DataDirInUseError } from './core/db/data-dir-lock';
import { serveBackupRequests } from './core/backup/handoff';
import { NO_KEY_MESSAGE } from './core/backup/encryption';

/** `pnpm --filter server start`: migrate, seed an empty database, serve the API and the built portal. */

let running: Awaited<ReturnType<typeof buildApp>> | null = null;
let stopAsked = false;
let closing = false;
/**
 * The orderly stop (SIGINT, SIGTERM, the supervisor gone): the app closes, its job runner and its database with it
 * (PGlite must be closed to leave its files consistent). Listened for from the first line: a signal's default action
 * while the app is still starting would end the process at once, leaving a job its runner had just claimed marked
 * as running for 15 minutes (a test's server stopped right after it served left one so in the demo club's template).
 * Asked for before the app is built, the stop waits for it.
 */
const shutdown = () => {
  stopAsked = true;
  if (!running || closing) return;
  closing = true;
  running.close().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

const config = loadAppConfig();
const app = await buildApp(config).catch((err: unknown) => {
  if (!(err instanceof DataDirInUseError)) throw err;
  // Said plainly, without a stack: the person starting the server has a second one running.
  console.error(err.message);
  process.exit(1);
});
running = app;
if (stopAsked) {
  shutdown();
  // process.exit ends it once the app is closed.
  await new Promise(() => {});
}
try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  // The embedded database must be closed even when the port is taken.
  await app.close();
  throw err;
}

const port = (app.server.address() as { port: number }).port;
console.log(`Portale del circolo: http://localhost:${port}`);
console.log(
  config.seedAdminPassword === DEFAULT_ADMIN_PASSWORD
    ? `Accesso amministratore: ${config.seedAdminEmail} / ${DEFAULT_ADMIN_PASSWORD}`
    : `Accesso amministratore: ${config.seedAdminEmail} (password da SEED_ADMIN_PASSWORD)`,
);
console.log(`Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/pgdata`}`);

// The nightly backup writes nothing without the club's key (issue 39): said at start, not only at 03:30.
if (config.backupDir && !config.backupKey && !config.backupKeyFile) console.warn(`BACKUP_DIR è impostata ma ${NO_KEY_MESSAGE}`);

// `npm run backup` asks this server for the embedded database's archive (core/backup/handoff.ts).
if (app.database.driver === 'pglite') {
  serveBackupRequests(
    config,
    app.database,
    () => new Date(),
    (err) => app.log.error({ err }, 'Copia di backup non riuscita'),
  );
}

// Under npm start's supervisor (scripts/supervise.mjs): tell it the server is up, so an exit from now on is a crash
// it restarts, while an exit before this is a start-up error (port taken, data folder in use) it reports and stops
// on; and stop with it if it goes away.
if (process.send) {
  process.send({ ready: port });
  process.on('disconnect', shutdown);
  process.channel?.unref();
}
