/**
 * Databases for tests: a scratch PostgreSQL database per test (empty, or cloned from a template), the template itself
 * (migrated and seeded once per schema and instant, shared by every test process of a run), and the embedded
 * database's equivalent, a PGlite data folder made once and copied.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface ScratchDatabase {
  /** The new database's address (the base URL with its own database name). */
  url: string;
  name: string;
  /** Drops it, closing whatever connections are still open on it. */
  drop(): Promise<void>;
}

async function onServer<T>(baseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const withDatabase = (baseUrl: string, name: string): string => {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

const checkName = (label: string) => {
  if (!/^[a-z][a-z0-9_]*$/.test(label)) throw new Error(`nome non valido per un database di prova: ${label}`);
};

/**
 * Creates a database `<prefix>_<random>` on the PostgreSQL server of `baseUrl`: empty, or a copy of `template`
 * (CREATE DATABASE … TEMPLATE, a file copy that takes a fraction of migrating and seeding); `settings` are set on it
 * (ALTER DATABASE … SET: every session on it starts with them; a template's own are not copied).
 */
export async function createScratchDatabase(
  baseUrl: string,
  prefix = 'test',
  template?: string,
  settings: Record<string, string> = {},
): Promise<ScratchDatabase> {
  checkName(prefix);
  if (template) checkName(template);
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(baseUrl, async (client) => {
    // Two clones of one template at the same instant can meet PostgreSQL's "being accessed by other users" check: retry.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
        break;
      } catch (err) {
        if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    for (const [setting, value] of Object.entries(settings)) {
      checkName(setting);
      await client.query(`ALTER DATABASE ${name} SET ${setting} = ${client.escapeLiteral(value)}`);
    }
  });
  return {
    url: withDatabase(baseUrl, name),
    name,
    drop: () => onServer(baseUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/**
 * The template database `tpl_<key>` on the server of `baseUrl`, made by `prepare` (given its address; it must close
 * every connection it opens) the first time any process asks for that key. Concurrent callers wait on an advisory lock;
 * the template appears under its name only once complete, so a crash half-way leaves nothing a later run would trust.
 */
export async function templateDatabase(baseUrl: string, key: string, prepare: (url: string) => Promise<void>): Promise<string> {
  const name = `tpl_${key}`;
  checkName(name);
  const lockId = parseInt(key.replace(/[^0-9a-f]/g, '').slice(0, 12) || '0', 16) % 2 ** 31;
  return onServer(baseUrl, async (client) => {
    await client.query('select pg_advisory_lock($1)', [lockId]);
    try {
      const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount) return name;
      const building = `${name}_wip`;
      await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${building}`);
      try {
        await prepare(withDatabase(baseUrl, building));
        await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      } catch (err) {
        await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
        throw err;
      }
      // Templates of earlier schemas or instants, left by earlier runs a day or more ago, go.
      const stale = await client.query<{ datname: string }>(
        `select datname from pg_database where datname like 'tpl\\_%' and datname <> $1
           and (pg_stat_file('base/' || oid || '/PG_VERSION', true)).modification < now() - interval '1 day'`,
        [name],
      );
      for (const { datname } of stale.rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined);
      return name;
    } finally {
      await client.query('select pg_advisory_unlock($1)', [lockId]);
    }
  });
}

const TEMPLATES_DIR = path.join(os.tmpdir(), 'club-portal-templates');

/**
 * The embedded database's template: a folder made by `prepare` (given an empty folder) once per key and kept in the
 * temporary folder; concurrent callers each wait for the first (the folder appears under its name only once complete).
 */
export async function templateFolder(key: string, prepare: (dir: string) => Promise<void>): Promise<string> {
  const final = path.join(TEMPLATES_DIR, key);
  if (fs.existsSync(final)) return final;
  fs.mkdirSync(TEMPLATES_DIR, { recursive: true });
  const lock = `${final}.lock`;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      // Another process is making it: wait for it, or take over a lock left by one that died (older than five minutes).
      if (fs.existsSync(final)) return final;
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 300_000) fs.rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    if (fs.existsSync(final)) return final;
    const building = `${final}.wip`;
    fs.rmSync(building, { recursive: true, force: true });
    fs.mkdirSync(building);
    await prepare(building);
    fs.renameSync(building, final);
    return final;
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * A fresh temporary folder holding a copy of `template` (or empty without one). The files under the subfolders named in
 * `linked` are hard links to the template's instead of copies: only for files nothing rewrites in place (a release's
 * files: a version is published into a new folder and removed whole), where a copy and its removal cost the most.
 */
export function copyOfFolder(template: string | null, label = 'portale', linked: readonly string[] = []): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${label}-`));
  if (!template) return dir;
  fs.cpSync(template, dir, { recursive: true, filter: (src) => !linked.includes(path.relative(template, src)) });
  for (const sub of linked) if (fs.existsSync(path.join(template, sub))) linkTree(path.join(template, sub), path.join(dir, sub));
  return dir;
}

function linkTree(from: string, to: string): void {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    if (entry.isDirectory()) linkTree(path.join(from, entry.name), path.join(to, entry.name));
    else fs.linkSync(path.join(from, entry.name), path.join(to, entry.name));
  }
}
