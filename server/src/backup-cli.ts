/**
 * `npm run backup` and `npm run restore -- <archive>` (issue 28, docs/backup.md), with the server's settings
 * (DATA_DIR, DATABASE_URL, RELEASES_DIR, BACKUP_DIR):
 *
 *   backup             one dated archive in BACKUP_DIR (default DATA_DIR/../backup): database, uploaded files,
 *                      published releases; while the server runs too. Prints its path and size.
 *   restore <archive>  into an empty DATA_DIR (or an empty PostgreSQL database): refuses one holding data.
 */
import path from 'node:path';
import { loadAppConfig, migrateDatabase } from './app';
import { openDatabase } from './core/db/client';
import { RestoreRefused, createBackup, restoreBackup } from './core/backup/backup';
import { requestBackup, serverHoldingDataDir } from './core/backup/handoff';
import { DataDirInUseError } from './core/db/data-dir-lock';
import { closeWorkerPool } from './core/workers/pool';

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB` : `${Math.ceil(bytes / 1024)} KB`);

async function backup() {
  const config = loadAppConfig();
  const backupDir = config.backupDir ?? path.join(path.dirname(config.dataDir), 'backup');
  const server = config.databaseUrl ? null : serverHoldingDataDir(config.dataDir);
  const result = server
    ? await requestBackup(config.dataDir, server, backupDir)
    : await createBackup({ config, backupDir, now: new Date(), log: (line) => console.error(line) });
  console.log(`Copia scritta: ${result.file} (${size(result.size)})`);
}

async function restore(archive: string | undefined) {
  if (!archive) throw new RestoreRefused('Uso: npm run restore -- <archivio .tar.gz>');
  const config = loadAppConfig();
  await restoreBackup({
    config,
    archive: path.resolve(archive),
    migrate: async () => {
      const database = await openDatabase({ kind: 'pg', url: config.databaseUrl! });
      try {
        await migrateDatabase(database);
      } finally {
        await database.close();
      }
    },
  });
  console.log(`Ripristinata ${archive} in ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}: avvia il server su questi dati.`);
}

const [command, ...args] = process.argv.slice(2);
try {
  if (command === 'backup') await backup();
  else if (command === 'restore') await restore(args[0]);
  else throw new RestoreRefused('Comandi: backup | restore <archivio>');
} catch (err) {
  process.exitCode = 1;
  console.error(err instanceof RestoreRefused || err instanceof DataDirInUseError ? err.message : err);
} finally {
  await closeWorkerPool();
}
