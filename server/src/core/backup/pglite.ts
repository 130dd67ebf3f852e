/**
 * An online base backup of the embedded database (issue 38): PostgreSQL's low-level backup API on the running PGlite,
 * so the request thread is never held for the whole copy. dumpDataDir, before, built the whole folder's archive in
 * memory on the request thread with no statement running meanwhile: 1.0–1.6 s of a stopped portal for a few hundred
 * MB (bench/README.md).
 *
 * 1. The dirty shared buffers are written out a few at a time (pg_buffercache_evict, a step per statement, a turn of
 *    the event loop between steps): pg_backup_start's checkpoint runs on the request thread (PGlite has no
 *    checkpointer process to spread it) and would otherwise write up to shared_buffers (128 MB) in one stretch.
 * 2. A temporary physical replication slot keeps every WAL segment from the checkpoint on (a checkpoint during the
 *    copy would otherwise recycle them), then pg_backup_start(fast := false).
 * 3. The data folder is copied file by file on a worker thread (archive.ts copyDataFolder) while the portal keeps
 *    reading and writing: torn pages are made whole by the WAL replayed on opening (full-page writes are on during a
 *    backup).
 * 4. pg_backup_stop answers the backup_label (and tablespace map), written into the copy, then the WAL segments from
 *    the start to the stop are copied (copyWalSegments). Opened, the copy replays them and is the database as of a
 *    commit at or after the stop: a transaction committed during the copy is there whole or not at all.
 */
import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as turn } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';
import { offThreadModule, runOffThread } from '../workers/pool';
import type { copyDataFolder, copyWalSegments } from './archive';

const ARCHIVE_MODULE = offThreadModule('core/backup/archive');
/** Where the copy's helper extension lives, out of the portal's own schema (audit_attach walks `public`). */
const HELPER_SCHEMA = 'portale_copia';
/** Shared buffers evicted by one statement: 2 MB at most to write, a few ms of the request thread. */
const EVICT_STEP = 256;
const SLOT = 'portale_copia';

/** The folder of an embedded database kept on disk, or null (in memory: only dumpDataDir copies it). */
export function pgliteFolder(client: PGlite): string | null {
  const dir = client.dataDir;
  if (!dir || /^[a-z]+:\/\//.test(dir)) return null;
  return path.resolve(dir.replace(/^file:\/\//, ''));
}

/** Writes out the dirty shared buffers in steps, so the backup's checkpoint has little left to write. */
async function writeOutDirtyBuffers(client: PGlite, log: (line: string) => void): Promise<void> {
  try {
    await client.exec(`create schema if not exists ${HELPER_SCHEMA}; create extension if not exists pg_buffercache with schema ${HELPER_SCHEMA}`);
    const [summary] = (
      await client.query<{ dirty: number; buffers: number }>(
        `select buffers_dirty::int as dirty, (buffers_used + buffers_unused)::int as buffers from ${HELPER_SCHEMA}.pg_buffercache_summary()`,
      )
    ).rows;
    if (!summary || summary.dirty < EVICT_STEP) return;
    for (let first = 1; first <= summary.buffers; first += EVICT_STEP) {
      await client.query(
        `select count(*) from generate_series($1::int, $2::int) as b, ${HELPER_SCHEMA}.pg_buffercache_evict(b) as e where e.buffer_flushed`,
        [first, first + EVICT_STEP - 1],
      );
      await turn();
    }
  } catch (err) {
    // Only slower: the checkpoint writes them all at once.
    log(`Copia del database: buffer non scritti in anticipo (${(err as Error).message.split('\n')[0]})`);
  }
}

let running: Promise<unknown> = Promise.resolve();

/**
 * Copies the running embedded database `client`, whose data folder is `source`, into the new folder `target`: a
 * folder PGlite opens (backup_label and the WAL to replay included). One at a time per process (the slot and the
 * session's backup are one each).
 */
export function pgliteBaseBackup(client: PGlite, source: string, target: string, log: (line: string) => void = () => {}) {
  const done = running.then(() => baseBackup(client, source, target, log));
  running = done.catch(() => undefined);
  return done;
}

async function baseBackup(client: PGlite, source: string, target: string, log: (line: string) => void) {
  await writeOutDirtyBuffers(client, log);
  await client.query(`select pg_create_physical_replication_slot($1, true, true)`, [SLOT]);
  let stopped = false;
  try {
    await client.query(`select pg_backup_start('portale', false)`);
    const copied = await runOffThread<Parameters<typeof copyDataFolder>[0], Awaited<ReturnType<typeof copyDataFolder>>>(
      ARCHIVE_MODULE,
      'copyDataFolder',
      { from: source, to: target },
    );
    const [stop] = (
      await client.query<{ labelfile: string; spcmapfile: string | null; last: string }>(
        `select labelfile, spcmapfile, pg_walfile_name(lsn) as last from pg_backup_stop(false)`,
      )
    ).rows;
    stopped = true;
    const first = /^START WAL LOCATION: .* \(file ([0-9A-F]{24})\)$/m.exec(stop?.labelfile ?? '')?.[1];
    if (!stop || !first) throw new Error('Copia del database: pg_backup_stop non ha dato un backup_label leggibile.');
    await fs.promises.writeFile(path.join(target, 'backup_label'), stop.labelfile, { mode: 0o600 });
    if (stop.spcmapfile) await fs.promises.writeFile(path.join(target, 'tablespace_map'), stop.spcmapfile, { mode: 0o600 });
    const segments = await runOffThread<Parameters<typeof copyWalSegments>[0], number>(ARCHIVE_MODULE, 'copyWalSegments', {
      from: path.join(source, 'pg_wal'),
      to: path.join(target, 'pg_wal'),
      first,
      last: stop.last,
    });
    return { ...copied, segments };
  } finally {
    if (!stopped) await client.query(`select pg_backup_stop(false)`).catch(() => undefined);
    await client.query(`select pg_drop_replication_slot($1)`, [SLOT]).catch(() => undefined);
  }
}
