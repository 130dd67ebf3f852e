/**
 * `npm run backup` and `npm run restore -- <archive>` (issue 28, docs/backup.md), with the server's settings
 * (DATA_DIR, DATABASE_URL, RELEASES_DIR, BACKUP_DIR):
 *
 *   backup             one dated archive in BACKUP_DIR (default DATA_DIR/../backup): database, uploaded files,
 *                      published releases; while the server runs too. Prints its path and size.
 *   restore <archive>  into an empty DATA_DIR (or an empty PostgreSQL database): refuses one holding data.
 *   backup genera-chiave  prints a new age key for BACKUP_KEY_FILE (`npm run backup -- genera-chiave > chiave.txt`;
 *                      mode 0600, a copy kept away from the server).
 *   ruota-chiave-firma [giorni]  a new key for feed addresses and unsubscribe links (npm run rotate-signing-key); the
 *                      old one still verifies for `giorni` days (30 by default), core/secrets.ts.
 *
 * Archives are encrypted with BACKUP_KEY or BACKUP_KEY_FILE (issue 39); without either nothing is written. Every
 * failure is printed as one Italian sentence, without a stack trace.
 */
import path from 'node:path';
import { knownSchema, loadAppConfig, migrateDatabase } from './app';
import { openDatabase } from './core/db/client';
import { RestoreRefused, createBackup, restoreBackup } from './core/backup/backup';
import { backupKeyOf, newBackupKeyFile } from './core/backup/encryption';
import { requestBackup, serverHoldingDataDir } from './core/backup/handoff';
import { closeWorkerPool } from './core/workers/pool';
import { DEFAULT_GRACE_DAYS, SIGNING_KEY_FILE, rotateSigningKeys } from './core/secrets';

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB` : `${Math.ceil(bytes / 1024)} KB`);

async function backup() {
  const config = loadAppConfig();
  const backupDir = config.backupDir ?? path.join(path.dirname(config.dataDir), 'backup');
  // Without a key, nothing is written: the message says how to set one.
  backupKeyOf(config);
  const server = config.databaseUrl ? null : serverHoldingDataDir(config.dataDir);
  const result = server
    ? await requestBackup(config.dataDir, server, backupDir)
    : await createBackup({ config, backupDir, now: new Date(), log: (line) => console.error(line) });
  console.log(`Copia scritta: ${result.file} (${size(result.size)})`);
}

async function restore(archive: string | undefined) {
  if (!archive) throw new RestoreRefused('Uso: npm run restore -- <archivio .tar.gz.age>');
  const config = loadAppConfig();
  await restoreBackup({
    config,
    archive: path.resolve(archive),
    known: knownSchema(),
    migrate: async (upTo) => {
      const database = await openDatabase({ kind: 'pg', url: config.databaseUrl! });
      try {
        await migrateDatabase(database, undefined, upTo);
      } finally {
        await database.close();
      }
    },
  });
  console.log(`Ripristinata ${archive} in ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}: avvia il server su questi dati.`);
}

function rotate(days: string | undefined) {
  const graceDays = days === undefined ? DEFAULT_GRACE_DAYS : Number(days);
  if (!Number.isInteger(graceDays) || graceDays < 0 || graceDays > 365) throw new Error(`Giorni non validi: "${days}" (da 0 a 365)`);
  const config = loadAppConfig();
  const { validUntil } = rotateSigningKeys(config, new Date(), graceDays);
  console.log(
    `Nuova chiave di firma in ${path.join(config.dataDir, SIGNING_KEY_FILE)}: i link firmati con la precedente valgono fino al ${validUntil.toISOString()}. I server in esecuzione la leggono entro un secondo.`,
  );
}

const [command, ...args] = process.argv.slice(2);
try {
  if (command === 'backup' && args[0] === 'genera-chiave') process.stdout.write(await newBackupKeyFile());
  else if (command === 'backup') await backup();
  else if (command === 'restore') await restore(args[0]);
  else if (command === 'ruota-chiave-firma') rotate(args[0]);
  else throw new RestoreRefused('Comandi: backup [genera-chiave] | restore <archivio> | ruota-chiave-firma [giorni]');
} catch (err) {
  process.exitCode = 1;
  // One sentence, no stack: the refusals are written for the club's operator (BACKUP_DEBUG=1 shows the whole error).
  const message = err instanceof Error ? err.message.split('\n')[0] : String(err);
  console.error(process.env.BACKUP_DEBUG === '1' || !(err instanceof Error) ? err : message);
} finally {
  await closeWorkerPool();
}
