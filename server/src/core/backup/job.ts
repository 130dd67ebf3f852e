/**
 * The daily backup (issue 28): with BACKUP_DIR set, one archive a night through the job runner (one process of
 * several runs it), then only the newest BACKUP_KEEP are kept.
 */
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import type { Services } from '../domain';
import type { JobDefinition } from '../jobs/runner';
import { createBackup, pruneBackups } from './backup';

export const BACKUP_JOB = 'core.backup';

/** The backup job when BACKUP_DIR is set (none otherwise): at 03:30, club time. */
export function backupJobs(config: AppConfig, database: Database): JobDefinition<never, Services>[] {
  const { backupDir, backupKeep } = config;
  if (!backupDir) return [];
  return [
    {
      name: BACKUP_JOB,
      schedule: '30 3 * * *',
      retry: { retryLimit: 2, retryDelaySeconds: 600, retryBackoff: false },
      // The dump is not a transaction's work: none held while it runs (core/db/unit-of-work).
      unitOfWork: 'deferred',
      async run(_data, { clock }) {
        // The embedded database is read through the server's own instance (its folder is this process's).
        await createBackup({ config, backupDir, now: clock.now(), database: database.driver === 'pglite' ? database : undefined });
        pruneBackups(backupDir, backupKeep);
      },
    },
  ];
}
