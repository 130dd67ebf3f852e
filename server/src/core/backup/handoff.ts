/**
 * `npm run backup` while the server runs on the embedded database (issue 28): the folder is the server's (one process
 * per PGlite folder), so the command asks the server to write the archive. It leaves a request file in DATA_DIR and
 * sends the server SIGUSR2 (its pid is in the folder's lock); the server writes the archive with its own instance and
 * answers in a result file. Only who may write DATA_DIR and signal the server's process can ask.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { CoreConfig } from '../config';
import type { Database } from '../db/client';
import { type BackupResult, createBackup } from './backup';

const REQUEST = /^backup-request-([0-9a-f-]{36})\.json$/;
const resultFile = (dataDir: string, token: string) => path.join(dataDir, `backup-result-${token}.json`);

/** The live server holding the embedded database's folder, if any (its lock file names it). */
export function serverHoldingDataDir(dataDir: string): number | null {
  try {
    const { pid } = JSON.parse(fs.readFileSync(`${path.join(dataDir, 'pgdata')}.lock`, 'utf8')) as { pid?: number };
    if (typeof pid !== 'number' || pid === process.pid) return null;
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/** In the server (main.ts, embedded database only): answers the backup requests the command leaves. */
export function serveBackupRequests(config: CoreConfig, database: Database, now: () => Date, log: (err: unknown) => void): () => void {
  let busy = Promise.resolve();
  const handle = () => {
    busy = busy
      .then(async () => {
        for (const name of fs.readdirSync(config.dataDir)) {
          const token = REQUEST.exec(name)?.[1];
          if (!token) continue;
          const file = path.join(config.dataDir, name);
          let answer: BackupResult | { error: string };
          try {
            const { backupDir } = JSON.parse(fs.readFileSync(file, 'utf8')) as { backupDir: string };
            fs.rmSync(file, { force: true });
            answer = await createBackup({ config, backupDir, now: now(), database });
          } catch (err) {
            log(err);
            answer = { error: err instanceof Error ? err.message : String(err) };
          }
          // Written whole, then renamed: the command never reads half an answer.
          fs.writeFileSync(`${resultFile(config.dataDir, token)}.tmp`, JSON.stringify(answer));
          fs.renameSync(`${resultFile(config.dataDir, token)}.tmp`, resultFile(config.dataDir, token));
        }
      })
      .catch(log);
  };
  process.on('SIGUSR2', handle);
  return () => process.removeListener('SIGUSR2', handle);
}

/** In the command: asks the server `pid` for an archive in `backupDir` and waits for its answer (at most `timeoutMs`). */
export async function requestBackup(dataDir: string, pid: number, backupDir: string, timeoutMs = 30 * 60_000): Promise<BackupResult> {
  const token = randomUUID();
  fs.writeFileSync(path.join(dataDir, `backup-request-${token}.json`), JSON.stringify({ backupDir }));
  process.kill(pid, 'SIGUSR2');
  const result = resultFile(dataDir, token);
  for (const started = Date.now(); Date.now() - started < timeoutMs;) {
    if (fs.existsSync(result)) {
      const answer = JSON.parse(fs.readFileSync(result, 'utf8')) as BackupResult | { error: string };
      fs.rmSync(result, { force: true });
      if ('error' in answer) throw new Error(`Il server non ha scritto la copia: ${answer.error}`);
      return answer;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  fs.rmSync(path.join(dataDir, `backup-request-${token}.json`), { force: true });
  throw new Error(`Il server (processo ${pid}) non ha risposto entro ${timeoutMs / 60_000} minuti`);
}
