import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Another live process holds the embedded database's folder. */
export class DataDirInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly pid: number,
  ) {
    super(
      `La cartella dei dati ${folder} è già usata da un altro server (processo ${pid}). ` +
        `Fermalo prima di avviarne un altro su questa cartella, oppure indica un'altra cartella con DATA_DIR. ` +
        `Per più server insieme serve PostgreSQL (DATABASE_URL).`,
    );
    this.name = 'DataDirInUseError';
  }
}

interface LockContent {
  pid: number;
  /** Tells this lock from an older one left by a process that had the same pid (a restarted container). */
  token: string;
  startedAt: string;
}

/** Locks held by this process, by token. */
const held = new Set<string>();

function readLock(file: string): LockContent | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockContent>;
    return typeof parsed.pid === 'number' && typeof parsed.token === 'string' ? (parsed as LockContent) : null;
  } catch {
    return null;
  }
}

function isLive(lock: LockContent): boolean {
  if (lock.pid === process.pid) return held.has(lock.token);
  try {
    process.kill(lock.pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Creates the lock file with its whole content at once (link fails when the file exists), or returns false. */
function create(file: string, content: LockContent): boolean {
  const temp = `${file}.${content.token}.tmp`;
  fs.writeFileSync(temp, JSON.stringify(content));
  try {
    fs.linkSync(temp, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/**
 * One server per embedded database folder (issue 7 finding 2: two servers on one PGlite folder both ran and lost
 * acknowledged writes). A lock file beside the folder (`<folder>.lock`) names the process holding it; a live holder
 * makes this throw DataDirInUseError, a dead one's lock is taken over. Returns the release function.
 */
export function lockDataDir(folder: string): () => void {
  const file = `${path.resolve(folder)}.lock`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const mine: LockContent = { pid: process.pid, token: randomUUID(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 5; attempt++) {
    if (create(file, mine)) {
      held.add(mine.token);
      const release = () => {
        if (!held.delete(mine.token)) return;
        if (readLock(file)?.token === mine.token) fs.rmSync(file, { force: true });
        process.removeListener('exit', release);
      };
      // A process ending without closing the database (process.exit) still leaves the folder free.
      process.on('exit', release);
      return release;
    }
    const holder = readLock(file);
    if (holder && isLive(holder)) throw new DataDirInUseError(path.resolve(folder), holder.pid);
    // A stale lock: move it aside (rename is atomic, so of two processes taking it over only one moves it) and
    // check that what was moved is the stale lock read above, not one a faster process has just created.
    const aside = `${file}.${mine.token}.stale`;
    try {
      fs.renameSync(file, aside);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    const moved = readLock(aside);
    if (moved && holder && moved.token !== holder.token) {
      // Put the fresh lock back where it was (link fails if yet another one is there: that one stands).
      try {
        fs.linkSync(aside, file);
      } catch {
        /* another lock is in place */
      }
    }
    fs.rmSync(aside, { force: true });
  }
  const holder = readLock(file);
  throw new DataDirInUseError(path.resolve(folder), holder?.pid ?? 0);
}
