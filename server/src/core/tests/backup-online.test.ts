/**
 * The embedded database's online backup (issue 38, core/backup/pglite.ts): while the archive is written, transactions
 * keep committing, each a new row with its audit entry and a counter row moved to it. Restored, the database is the
 * one of a commit: the new rows are a gapless run from the first with every one's audit entry, the counter names the
 * last of them, everything committed before the backup started is there, and every other table holds what the
 * source holds. The archive's database is a base backup's folder (manifest version 3), not a dump.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import type { PGlite } from '@electric-sql/pglite';
import { TEST_START_MS, copyOfPortal } from 'test-kit';
import { knownSchema } from '../../app';
import { createBackup, restoreBackup } from '../backup/backup';
import { unpackBackup } from '../backup/archive';
import { backupKeyOf } from '../backup/encryption';
import { loadCoreConfig } from '../config';
import { type Database, openDatabase } from '../db/client';

const skip = process.env.DATABASE_URL ? 'il database integrato soltanto (PostgreSQL: backup.test.ts)' : false;
const KEY = 'frase della copia a caldo';
/** The rows written during the test: game tables numbered from FIRST; the counter row is COUNTER. */
const FIRST = 20_000;
const COUNTER = 19_999;
const cleanups: (() => Promise<void> | void)[] = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const clientOf = (database: Database) => (database.db as unknown as { $client: PGlite }).$client;

/** Row counts of every table of the portal's schema. */
async function tableCounts(client: PGlite): Promise<Record<string, number>> {
  const tables = await client.query<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) counts[name] = (await client.query<{ n: number }>(`select count(*)::int as n from "${name}"`)).rows[0]!.n;
  return counts;
}

test('a backup taken while transactions commit restores to one commit, every row with its audit entry', { skip }, async () => {
  const origin = await copyOfPortal(TEST_START_MS, null);
  cleanups.push(() => origin.remove());
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-copia-a-caldo-'));
  cleanups.push(() => fs.rmSync(work, { recursive: true, force: true }));
  const config = { ...loadCoreConfig({ DATA_DIR: origin.dataDir, BACKUP_KEY: KEY }), databaseUrl: null };
  const source = await openDatabase({ kind: 'pglite', dataDir: path.join(origin.dataDir, 'pgdata') });
  cleanups.push(() => source.close());
  const client = clientOf(source);
  await client.query(`insert into game_tables (number, description) values ($1, 'nessuno')`, [COUNTER]);

  // Each transaction: a new table numbered n, the counter moved to n, both audited (the trigger, in the same commit).
  let committed = 0;
  let writing = true;
  const write = async () => {
    await client.transaction(async (tx) => {
      const n = FIRST + committed;
      await tx.query(`select set_config('audit.context', '{"action":"copia-a-caldo"}', true)`);
      await tx.query(`insert into game_tables (number, description) values ($1, $2)`, [n, `tavolo ${n}`]);
      await tx.query(`update game_tables set description = $1 where number = $2`, [`ultimo ${n}`, COUNTER]);
    });
    committed++;
  };
  // A commit per turn of the event loop, as requests come: PGlite's statements alone never leave the microtask queue.
  const writer = (async () => {
    while (writing) {
      await write();
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  // Some before the backup starts: they must all be in it.
  while (committed < 20) await new Promise((resolve) => setImmediate(resolve));
  const before = committed;
  const backupDir = path.join(work, 'copie');
  const made = await createBackup({ config, backupDir, now: new Date(TEST_START_MS), database: source }).finally(() => {
    writing = false;
  });
  await writer;
  const total = committed;
  assert.ok(total > before, `transactions committed while the backup ran (${before} before, ${total} at the end)`);

  // The archive holds a base backup's folder, not a dump.
  const unpacked = path.join(work, 'aperto');
  await unpackBackup({
    archive: made.file,
    plain: path.join(work, 'piano.tar.gz'),
    into: unpacked,
    key: backupKeyOf(config),
    maxBytes: 2 * 1024 ** 3,
  });
  const manifest = JSON.parse(fs.readFileSync(path.join(unpacked, 'manifest.json'), 'utf8')) as { version: number; database: unknown };
  assert.deepEqual([manifest.version, manifest.database], [3, { driver: 'pglite', kind: 'base-backup' }]);
  assert.match(fs.readFileSync(path.join(unpacked, 'database', 'pgdata', 'backup_label'), 'utf8'), /^START WAL LOCATION: /);
  assert.equal(fs.existsSync(path.join(unpacked, 'database', 'pglite.tar.gz')), false);

  const target = path.join(work, 'ripristino');
  await restoreBackup({
    config: { ...config, dataDir: target, releasesDir: path.join(target, 'releases') },
    archive: made.file,
    migrate: () => Promise.resolve(),
    known: knownSchema(),
  });
  const restored = await openDatabase({ kind: 'pglite', dataDir: path.join(target, 'pgdata') });
  cleanups.push(() => restored.close());
  const copy = clientOf(restored);

  const numbers = (await copy.query<{ n: number }>(`select number as n from game_tables where number >= $1 order by number`, [FIRST])).rows.map(
    (r) => r.n,
  );
  const kept = numbers.length;
  assert.ok(kept >= before && kept <= total, `${kept} of the ${total} commits, at least the ${before} before the backup`);
  assert.deepEqual(
    numbers,
    Array.from({ length: kept }, (_, i) => FIRST + i),
    'a gapless run from the first: no commit lost in between',
  );
  const counter = (await copy.query<{ d: string }>(`select description as d from game_tables where number = $1`, [COUNTER])).rows[0]?.d;
  assert.equal(counter, `ultimo ${FIRST + kept - 1}`, 'the counter names the last row kept: each commit whole');
  const unaudited = await copy.query<{ n: number }>(
    `select count(*)::int as n from game_tables g where g.number >= $1
       and not exists (select 1 from audit_log a where a.entity = 'game_tables' and a.entity_id = g.id::text and a.action = 'copia-a-caldo')`,
    [FIRST],
  );
  assert.equal(unaudited.rows[0]!.n, 0, 'every row kept has its audit entry');
  const audited = await copy.query<{ n: number }>(`select count(*)::int as n from audit_log where action = 'copia-a-caldo'`);
  assert.equal(audited.rows[0]!.n, 2 * kept, 'and no audit entry of a commit not kept (an insert and the counter’s change each)');

  // Every other table as the source has it; the two written ones short of the commits after the copy's point.
  const [sourceCounts, copyCounts] = [await tableCounts(client), await tableCounts(copy)];
  assert.deepEqual(copyCounts, {
    ...sourceCounts,
    game_tables: sourceCounts.game_tables! - (total - kept),
    audit_log: sourceCounts.audit_log! - 2 * (total - kept),
  });
});
