/**
 * The demo club as the browser tests start from it: a data folder (and, on PostgreSQL, a database) that the real
 * server migrated and seeded once, at a given instant, then copied for each test file — a folder copy and a
 * CREATE DATABASE … TEMPLATE instead of migrating and seeding on every start.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { copyOfFolder, createScratchDatabase, templateFolder } from './databases';
import { REPO_ROOT, startServerProcess } from './server-process';

/** The seed is made this long before the test's instant, so what a test creates is always newer than the demo club. */
const SEEDED_BEFORE_MS = 10 * 60_000;

/**
 * A hash of what makes the demo club: the server's sources (migrations and seeds among them), the entry that runs, and
 * the domain apps' builds the server publishes at its first start (DATA_DIR/releases and the live release): a template
 * made before the front ends were built (an API test's server, say) had none, and every browser file's server then
 * published the five apps again (about 12 MB, 590 files, copied at its start and removed after it).
 */
function serverSourcesHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name === 'tests' || entry.name === 'testing') continue;
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else hash.update(p).update(fs.readFileSync(p));
    }
  };
  walk(path.join(REPO_ROOT, 'server', 'src'));
  walk(path.join(REPO_ROOT, 'shared-api', 'src'));
  hash.update(process.env.PORTAL_SERVER_ENTRY ?? 'tsx');
  for (const app of fs
    .readdirSync(REPO_ROOT)
    .filter((name) => name.startsWith('mf-'))
    .sort()) {
    const manifest = path.join(REPO_ROOT, app, 'dist', 'mf-manifest.json');
    if (fs.existsSync(manifest)) hash.update(app).update(fs.readFileSync(manifest));
  }
  return hash.digest('hex').slice(0, 12);
}

export interface PortalCopy {
  dataDir: string;
  /** The copied PostgreSQL database (null on the embedded one, whose data lives in dataDir). */
  databaseUrl: string | null;
  /** Drops the copied database and removes the folder. */
  remove(): Promise<void>;
}

async function databaseExists(baseUrl: string, name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return ((await client.query('select 1 from pg_database where datname = $1', [name])).rowCount ?? 0) > 0;
  } finally {
    await client.end();
  }
}

async function onServer(baseUrl: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Makes (once per server version, instant and database kind) the seeded demo club and answers where its template lives:
 * the folder, and on PostgreSQL (`baseUrl`) the template database's name.
 */
export async function portalTemplate(instantMs: number, baseUrl: string | null): Promise<{ dataDir: string; database: string | null }> {
  const key = `${serverSourcesHash()}_${Math.round(instantMs / 1000).toString(36)}_${baseUrl ? 'pg' : 'lite'}`;
  const database = baseUrl ? `tpl_${key}` : null;
  const make = async (dir: string) => {
    let url: string | null = null;
    if (baseUrl && database) {
      await onServer(baseUrl, [`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`, `CREATE DATABASE ${database}`]);
      const address = new URL(baseUrl);
      address.pathname = `/${database}`;
      url = address.toString();
    }
    const server = await startServerProcess({
      dataDir: dir,
      databaseUrl: url,
      clockStartMs: instantMs - SEEDED_BEFORE_MS,
      env: { LOG_LEVEL: 'error', RELEASE_HEALTH_CHECK: 'off' },
    });
    await server.stop();
  };
  let dataDir = await templateFolder(key, make);
  // A PostgreSQL server reset since the folder was made: make both again.
  if (baseUrl && database && !(await databaseExists(baseUrl, database))) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    dataDir = await templateFolder(key, make);
  }
  return { dataDir, database };
}

/**
 * A copy of the demo club at `instantMs` for one test file: its own folder and, on PostgreSQL, its own database.
 * `linkReleases`: the published apps (DATA_DIR/releases, about 12 MB in 590 files) hard-linked to the template's, for
 * a server that only publishes new versions and removes old ones (the browser files' servers), never one a backup is
 * restored into (a restore copies over the files in place). Copy and removal: about 0.3–0.45 CPU-s → 0.04.
 */
export async function copyOfPortal(instantMs: number, baseUrl: string | null, { linkReleases = false } = {}): Promise<PortalCopy> {
  const template = await portalTemplate(instantMs, baseUrl);
  const dataDir = copyOfFolder(template.dataDir, 'portale-e2e', linkReleases ? ['releases'] : []);
  const scratch = baseUrl && template.database ? await createScratchDatabase(baseUrl, 'e2e', template.database) : null;
  return {
    dataDir,
    databaseUrl: scratch?.url ?? null,
    async remove() {
      await scratch?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
