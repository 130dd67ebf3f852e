/**
 * Issue 38: how long a backup of the embedded database holds every other request. An on-disk PGlite (the seeded
 * portal, test-kit's copyOfPortal, opened in this process as the server opens it) with BENCH_BACKUP_ROWS audit
 * entries (default 1,000,000, written by one INSERT … SELECT generate_series, the log's indexes built after), a few
 * hundred MB. Each round first dirties part of the log (an UPDATE of 30,000 entries, outside the measure), then copies
 * the database while a primary-key read of one entry runs every 2 ms: the longest of those reads (the wait of a
 * request that came during the copy), the event loop's longest delay (server/src/testing/event-loop.ts), the copy's
 * time. Paired in each round, one after the other:
 *  - before: main's database step, `_runExclusiveTransaction(() => dumpDataDir('gzip'))` streamed to a file;
 *  - after: the online base backup (core/backup/pglite.ts) into a folder;
 * then once the whole archive as the daily job writes it (createBackup: base backup, tar, gzip and age on a worker).
 * Baseline: the same reads with nothing else running. BENCH_BACKUP_ROUNDS (default 3) rounds.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { TEST_START_MS, copyOfPortal } from 'test-kit';
import { fillAuditLog } from './audit-fill';
import { type Database, createBackup, loadCoreConfig, longestLoopDelay, openDatabase, pgliteBaseBackup, rowsOf } from 'server/testing';

/** What the bench calls of the PGlite instance (bench/ does not depend on PGlite itself). */
interface PGlite {
  query(text: string, params?: unknown[]): Promise<unknown>;
  _runExclusiveTransaction<T>(work: () => Promise<T>): Promise<T>;
  dumpDataDir(compression: 'gzip'): Promise<Blob>;
}
type BackedUp = Parameters<typeof pgliteBaseBackup>[0];

const ROWS = Number(process.env.BENCH_BACKUP_ROWS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_BACKUP_ROUNDS ?? 3);

// The log as the audit bench fills it, then written out: the copies start from a checkpointed folder.
async function fill(database: Database): Promise<void> {
  await fillAuditLog(database, ROWS);
  await database.db.execute(sql`checkpoint`);
}

const folderBytes = (dir: string): number =>
  fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .reduce((sum, e) => (e.isFile() ? sum + fs.statSync(path.join(e.parentPath, e.name)).size : sum), 0);

/** `work` while a primary-key read runs every 2 ms: the longest read, the loop's longest delay, the work's time. */
async function measure(client: PGlite, id: string, work: () => Promise<unknown>) {
  // The longest statement of the work's own (the reads aside): on PGlite each holds the thread while it runs.
  let longestStatement = { ms: 0, text: '' };
  const wrapped = client as unknown as Record<'query' | 'exec', (text: string, ...rest: unknown[]) => Promise<unknown>>;
  const originals = { query: wrapped.query, exec: wrapped.exec };
  for (const name of ['query', 'exec'] as const) {
    wrapped[name] = async (text, ...rest) => {
      const started = performance.now();
      try {
        return await originals[name].call(client, text, ...rest);
      } finally {
        const ms = performance.now() - started;
        if (!text.startsWith('select * from audit_log where id') && ms > longestStatement.ms) longestStatement = { ms, text: text.slice(0, 40) };
      }
    };
  }
  let running = true;
  let longestRead = 0;
  let reads = 0;
  const reader = (async () => {
    while (running) {
      const started = performance.now();
      await client.query('select * from audit_log where id = $1', [id]);
      longestRead = Math.max(longestRead, performance.now() - started);
      reads++;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  })();
  const m = await longestLoopDelay(async () => {
    try {
      return await work();
    } finally {
      running = false;
    }
  });
  await reader;
  Object.assign(wrapped, originals);
  return {
    'copia ms': Math.round(m.elapsedMs),
    'lettura più lunga ms': +longestRead.toFixed(1),
    'ritardo max ms': +m.longestMs.toFixed(1),
    letture: reads,
    'istruzione più lunga': longestStatement.ms ? `${longestStatement.ms.toFixed(0)} ms ${longestStatement.text}` : '',
  };
}

export async function benchBackup(): Promise<void> {
  const origin = await copyOfPortal(TEST_START_MS, null);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-copia-'));
  const config = { ...loadCoreConfig({ DATA_DIR: origin.dataDir, BACKUP_KEY: 'frase del banco di prova' }), databaseUrl: null };
  const source = path.join(origin.dataDir, 'pgdata');
  const database = await openDatabase({ kind: 'pglite', dataDir: source });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  try {
    const filled = performance.now();
    await fill(database);
    const fillSeconds = (performance.now() - filled) / 1000;
    const [{ id }] = rowsOf<{ id: string }>(await database.db.execute(sql`select id from audit_log order by at desc limit 1 offset 1000`)) as [
      { id: string },
    ];
    const dirty = (round: number) =>
      client.query(
        `update audit_log set ip = ip || '.${round}' where id in (select id from audit_log order by at desc limit 30000 offset ${round * 30000})`,
      );
    const rows: Record<string, string | number>[] = [];
    rows.push({
      misura: 'baseline: sole letture per 3 s',
      ...(await measure(client, id, () => new Promise((resolve) => setTimeout(resolve, 3000)))),
    });
    for (let round = 1; round <= ROUNDS; round++) {
      await dirty(2 * round);
      const dump = path.join(work, `prima-${round}.tar.gz`);
      rows.push({
        misura: `prima (dumpDataDir), giro ${round}`,
        ...(await measure(client, id, async () => {
          const blob = await client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
          await pipeline(Readable.fromWeb(blob.stream() as unknown as WebReadableStream<Uint8Array>), fs.createWriteStream(dump));
        })),
        MB: +(fs.statSync(dump).size / 1024 / 1024).toFixed(1),
      });
      fs.rmSync(dump, { force: true });
      await dirty(2 * round + 1);
      const folder = path.join(work, `dopo-${round}`);
      rows.push({
        misura: `dopo (copia a caldo), giro ${round}`,
        ...(await measure(client, id, () => pgliteBaseBackup(client as unknown as BackedUp, source, folder))),
        MB: +(folderBytes(folder) / 1024 / 1024).toFixed(1),
      });
      fs.rmSync(folder, { recursive: true, force: true });
    }
    await dirty(0);
    const archive = path.join(work, 'archivi');
    rows.push({
      misura: 'dopo: archivio intero (createBackup: copia, tar, gzip, age)',
      ...(await measure(client, id, () => createBackup({ config, backupDir: archive, now: new Date(), database }))),
      MB: +(fs.readdirSync(archive).reduce((s, f) => s + fs.statSync(path.join(archive, f)).size, 0) / 1024 / 1024).toFixed(1),
    });
    console.log(
      `\nCopia del database integrato, ${ROWS.toLocaleString('it-IT')} voci del registro (riempito in ${fillSeconds.toFixed(0)} s, ${(folderBytes(source) / 1024 / 1024).toFixed(0)} MB su disco); letture per chiave primaria ogni 2 ms durante la copia; obiettivo ≤ 100 ms; carico medio ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')} su ${os.availableParallelism()} core`,
    );
    console.table(rows);
  } finally {
    await database.close();
    await origin.remove();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
