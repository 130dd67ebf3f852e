import { buildApp, loadAppConfig } from './app';
import { DEFAULT_ADMIN_PASSWORD } from './core/config';
import { DataDirInUseError } from './core/db/data-dir-lock';
import { serveBackupRequests } from './core/backup/handoff';

/** `pnpm --filter server start`: migrate, seed an empty database, serve the API and the built portal. */
const config = loadAppConfig();
const app = await buildApp(config).catch((err: unknown) => {
  if (!(err instanceof DataDirInUseError)) throw err;
  // Said plainly, without a stack: the person starting the server has a second one running.
  console.error(err.message);
  process.exit(1);
});
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

// `npm run backup` asks this server for the embedded database's archive (core/backup/handoff.ts).
if (app.database.driver === 'pglite') {
  serveBackupRequests(
    config,
    app.database,
    () => new Date(),
    (err) => app.log.error({ err }, 'Copia di backup non riuscita'),
  );
}

let closing = false;
const shutdown = () => {
  if (closing) return;
  closing = true;
  // Closing the app closes the database (PGlite must be closed to leave its files consistent).
  app.close().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

// Under npm start's supervisor (scripts/supervise.mjs): tell it the server is up, so an exit from now on is a crash
// it restarts, while an exit before this is a start-up error (port taken, data folder in use) it reports and stops
// on; and stop with it if it goes away.
if (process.send) {
  process.send({ ready: port });
  process.on('disconnect', shutdown);
  process.channel?.unref();
}
