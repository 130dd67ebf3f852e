/**
 * build(): the whole app on a fresh database, the same test files on both drivers, on the test kit's clock (the run's
 * TEST_NOW, never the system's date):
 * - default: an in-memory PGlite loaded from a dump of a migrated, seeded database (made once, cached in the temp folder);
 * - DATABASE_URL set: a fresh database test_<random> cloned from a migrated, seeded template on that PostgreSQL server
 *   (made once per schema and instant, shared by every test process), dropped at close.
 */
import { setAuditContext, systemAuditContext } from '../core/audit/context';
import { unitOfWork } from '../core/db/unit-of-work';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { type BuildOptions, buildApp, loadAppConfig, migrateDatabase, seedIfEmpty } from '../app';
import type { AppConfig } from '../core/config';
import { type Database, dumpPglite, openDatabase } from '../core/db/client';
import { CORE_MIGRATIONS } from '../core/db/migrations';
import PgBoss from 'pg-boss';
import { JobRunner, pgBossDbOf } from '../core/jobs/runner';
import { jobDefinitions } from '../core/plugins/services';
import { domains } from '../domains';
import type { DeliveredMail } from '../core/mail/mailer';
import { countRequests, countStatements } from './sql-stats';
import { MailLog, TEST_START_MS, TestClock, createScratchDatabase, templateDatabase, templateFolder } from 'test-kit';

/**
 * Runs a job's work as the job runner does (one unit of work with the system's audit context, core/db/unit-of-work):
 * for a test that calls a job's service directly. Outside one, the services' writes are refused under tests.
 */
export const asJob = <T>(t: Pick<TestApp, 'database' | 'app'>, work: () => Promise<T>): Promise<T> =>
  unitOfWork(t.database.db, { kind: 'job', label: 'test', begin: (tx) => setAuditContext(tx, systemAuditContext(t.app.services.clock)) }, work);

export const ADMIN = { email: 'admin@circolo.example', password: 'Admin-2026!' };
export const MEMBER = { email: 'marco.rossi@circolo.example', password: 'Socio-2026!' };
export const OTHER_MEMBER = { email: 'giulia.bianchi@circolo.example', password: 'Socio-2026!' };

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  /** The `MAIL {…}` lines the mailer printed. */
  mailLines: string[];
  /** The same mails, read by the test kit's mail reader. */
  mail: MailLog;
  /**
   * Every mail delivered, whole (body and links), oldest first: the outbox blanks them on delivery (issue 39), so this
   * is where a test reads what a mail said.
   */
  delivered: DeliveredMail[];
  /** The app's clock: starts at the test's instant (TEST_NOW) and runs on until the test moves or freezes it. */
  clock: TestClock;
  close(): Promise<void>;
}

let hashed: string | null = null;
function sourceHash(): string {
  hashed ??= computeSourceHash();
  return hashed;
}

function computeSourceHash(): string {
  const hash = createHash('sha256');
  const add = (file: string) => hash.update(file).update(fs.readFileSync(file));
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else add(p);
    }
  };
  walk(CORE_MIGRATIONS);
  // The job runner makes pg-boss's schema and the app's queues in the dump (a queue missing there is made at start).
  add(path.join(import.meta.dirname, '..', 'core', 'jobs', 'runner.ts'));
  add(path.join(import.meta.dirname, '..', 'core', 'plugins', 'services.ts'));
  // Every domain's seed: a changed seed makes a new dump.
  walk(path.join(import.meta.dirname, '..', 'domains'));
  // The seed lays the demo week out from the instant it is made at.
  hash.update(String(TEST_START_MS));
  // Templates made before their seed's files were kept beside them (seededFilesDir) lack those files: made anew.
  hash.update('seeded files kept');
  // Dumps made before pg-boss's cron queue was made in them (migrateAndSeed) lack it: made anew.
  hash.update('pg-boss cron queue made');
  return hash.digest('hex').slice(0, 16);
}

/**
 * Where the seed's stored files (the demo certificates' scans…) are kept beside the database template: the template's
 * file rows need their bytes, so each test app's DATA_DIR gets a copy (a file written by the seed of another process
 * would otherwise be missing, and only the test file that made the template would find it).
 */
const seededFilesDir = () => path.join(os.tmpdir(), `club-portal-test-files-${sourceHash()}`);

/** Migrates and seeds a database at the run's instant, with pg-boss's schema made, as every test app starts from. */
async function migrateAndSeed(database: Database, config: AppConfig): Promise<void> {
  await migrateDatabase(database);
  await seedIfEmpty(database, { ...config, dataDir: seededFilesDir() }, new TestClock(TEST_START_MS));
  // pg-boss's schema and the app's queues too, so each test app's job runner finds them made (creating the app's
  // queues took 0.65 CPU-s of each PGlite test app's start).
  const jobs = new JobRunner(database, { work: false });
  await jobs.start(jobDefinitions(config, database, domains), {});
  await jobs.stop();
  // And pg-boss's own queue of its cron (its timekeeper makes it when a runner that works starts): made at every test
  // app's start, it took about 0.9 s of PGlite's time (a queue is a partition table with its indexes).
  await new PgBoss({ db: pgBossDbOf(database.db), schedule: false, supervise: false }).createQueue(PGBOSS_CRON_QUEUE);
}

/** pg-boss 10's queue of the jobs its cron offers (timekeeper.js, QUEUES.SEND_IT). */
const PGBOSS_CRON_QUEUE = '__pgboss__send-it';

/**
 * A dump's bytes handed to PGlite as they are: it reads a Blob whole (arrayBuffer) and copies each file out of the tar,
 * so the bytes read once serve every test app of the process. Node's Blob would copy 45 MB in and read it out again
 * in chunks for each app (about 0.4 CPU-s an app).
 */
class DumpBytes extends Blob {
  constructor(private readonly held: ArrayBuffer) {
    super([]);
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.held);
  }
}

let dumpInProcess: Blob | null = null;

/**
 * The test apps' PGlite shared_buffers: its default, 128 MB, is zeroed by every start (0.45 CPU-s of the 1.2 an open
 * took, --liftoff-only); the seeded database is about 12 MB.
 */
const TEST_SHARED_BUFFERS = '16MB';

/** A migrated, seeded PGlite as a dump, built once per schema version and reused by every test file. */
async function seededPgliteDump(config: AppConfig): Promise<Blob> {
  dumpInProcess ??= await readOrMakeDump(config);
  return dumpInProcess;
}

/**
 * The dump is made by one process (test-kit's templateFolder: the others wait for it); each made its own before, and
 * a CI run's first PGlite files, started together, each spent about 6 CPU-s migrating and seeding the same database.
 */
async function readOrMakeDump(config: AppConfig): Promise<Blob> {
  const bytes = (data: Uint8Array) => new DumpBytes(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer);
  let made = null as Uint8Array | null;
  const folder = await templateFolder(`club-portal-test-db-${sourceHash()}`, async (dir) => {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      await migrateAndSeed(database, config);
      made = new Uint8Array(await (await dumpPglite(database)).arrayBuffer());
      fs.writeFileSync(path.join(dir, 'db.tar'), made);
    } finally {
      await database.close();
    }
  });
  return bytes(made ?? fs.readFileSync(path.join(folder, 'db.tar')));
}

/** The template's name once known to this process: each test app asked the server again on a connection of its own. */
let templateName: Promise<string> | null = null;

/**
 * The scratch databases' settings: a commit does not wait for the WAL's flush to disk (a throwaway database: what a
 * crash of the server would lose does not matter, and a query answers the same). The template is made as before.
 */
const TEST_POSTGRES_SETTINGS = { synchronous_commit: 'off' };

async function freshPostgres(baseUrl: string, config: AppConfig): Promise<{ database: Database; drop: () => Promise<void> }> {
  templateName ??= templateDatabase(baseUrl, sourceHash(), async (url) => {
    const database = await openDatabase({ kind: 'pg', url });
    try {
      await migrateAndSeed(database, config);
    } finally {
      await database.close();
    }
  }).catch((err: unknown) => {
    templateName = null; // the next app tries again
    throw err;
  });
  const scratch = await createScratchDatabase(baseUrl, 'test', await templateName, TEST_POSTGRES_SETTINGS);
  const database = await openDatabase({ kind: 'pg', url: scratch.url });
  return { database, drop: () => scratch.drop() };
}

export interface BuildTestOptions {
  /** A nodemailer transport the mailer sends through (as if SMTP_URL were set). */
  mailTransport?: BuildOptions['mailTransport'];
  /** How often idle job workers poll, in seconds (0.5 at least). */
  jobPollingSeconds?: number;
  /** The log's level and where its lines go (tests of what the log holds); silent by default. */
  log?: { level: string; lines: string[] };
}

export async function build(env: Record<string, string> = {}, options: BuildTestOptions = {}): Promise<TestApp> {
  const { log, ...buildOptions } = options;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-portal-test-'));
  const config: AppConfig = {
    // No headless release check: these apps answer through inject, nothing listens for a browser.
    ...loadAppConfig({
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://portale.test',
      STATIC_ROOT: path.join(dataDir, 'static'),
      RELEASE_HEALTH_CHECK: 'off',
      ...env,
    }),
    logLevel: log?.level ?? false,
  };
  const baseUrl = process.env.DATABASE_URL;
  let database: Database;
  let drop = async () => {};
  if (baseUrl) {
    ({ database, drop } = await freshPostgres(baseUrl, config));
  } else {
    database = await openDatabase({ kind: 'pglite', dataDir: null, loadDataDir: await seededPgliteDump(config), sharedBuffers: TEST_SHARED_BUFFERS });
  }
  countStatements(database);
  const seededFiles = path.join(seededFilesDir(), 'files');
  if (fs.existsSync(seededFiles)) fs.cpSync(seededFiles, path.join(dataDir, 'files'), { recursive: true });
  const mailLines: string[] = [];
  const mail = new MailLog();
  const delivered: DeliveredMail[] = [];
  const clock = new TestClock();
  const app = await buildApp(config, {
    ...buildOptions,
    database,
    clock,
    mailLog: (line) => {
      mailLines.push(line);
      mail.read(line);
    },
    mailDelivered: (sent) => void delivered.push(sent),
    ...(log ? { logStream: { write: (line: string) => void log.lines.push(line) } } : {}),
  });
  await app.ready();
  countRequests(app);
  return {
    app,
    database,
    config,
    mailLines,
    mail,
    delivered,
    clock,
    async close() {
      // Work queued at start (e.g. the certificates' expiry warnings) finishes before the app and its pool close.
      await dueJobsDone(database);
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function cookieOf(res: LightMyRequestResponse): string {
  const header = res.headers['set-cookie'];
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) throw new Error(`no session cookie (status ${res.statusCode}: ${res.body})`);
  const [cookie = ''] = value.split(';');
  return cookie;
}

export async function login(app: FastifyInstance, who: { email: string; password: string }, ip = '127.0.0.1'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: who, remoteAddress: ip });
  if (res.statusCode !== 200) throw new Error(`login ${who.email} → ${res.statusCode} ${res.body}`);
  return cookieOf(res);
}

/** inject with the session cookie; JSON body unless a multipart form is given. */
export async function call(
  app: FastifyInstance,
  cookie: string | null,
  method: InjectOptions['method'],
  url: string,
  body?: unknown,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (body instanceof FormData) {
    const encoded = new Response(body);
    headers['content-type'] = encoded.headers.get('content-type')!;
    return app.inject({ method, url, headers, payload: Buffer.from(await encoded.arrayBuffer()) });
  }
  return app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }) });
}

/**
 * Deletes every certificate of a member through the staff API (as the certificates page does), for tests that start
 * from a member without one: the demo club gives every member an approved medical certificate.
 */
export async function removeCertificates(app: FastifyInstance, staffCookie: string, email: string): Promise<void> {
  const [user] = (await call(app, staffCookie, 'GET', `/api/v1/user?limit=500&reducedDetails=true&q=${encodeURIComponent(email)}`)).json().data as {
    _id: string;
    email: string;
  }[];
  if (user?.email !== email) throw new Error(`utente ${email} non trovato`);
  const list = (await call(app, staffCookie, 'GET', '/api/v1/certificate?limit=500')).json().data as { _id: string; user: { _id: string } }[];
  for (const certificate of list.filter((c) => c.user._id === user._id)) {
    const res = await call(app, staffCookie, 'DELETE', `/api/v1/certificate/${certificate._id}/user/${user._id}`);
    if (res.statusCode !== 204) throw new Error(`certificato di ${email} non eliminato: ${res.statusCode} ${res.body}`);
  }
}

/**
 * The link of the last mail delivered to an address (an invitation or a reset carries one), from the app's copy of the
 * delivered mails: it holds every mail, also where the log's MAIL line leaves links out (production) or is not printed
 * (SMTP). A mail still queued is waited for (up to 10 s).
 */
export async function lastMailLink(t: Pick<TestApp, 'delivered'>, to: string): Promise<string> {
  const row = await lastMailTo(t, to);
  const [link] = row.links;
  if (!link) throw new Error(`the last mail to ${to} carries no link`);
  return link;
}

/** The last mail delivered to an address (with a subject matching `subject`), waited for up to `timeoutMs` when none is yet. */
export async function lastMailTo(t: Pick<TestApp, 'delivered'>, to: string, subject: RegExp = /./, timeoutMs = 10_000): Promise<DeliveredMail> {
  for (const started = performance.now(); ;) {
    const row = t.delivered.findLast((m) => m.to.toLowerCase() === to.toLowerCase() && subject.test(m.subject));
    if (row) return row;
    if (performance.now() - started > timeoutMs) throw new Error(`no mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every mail delivered to an address so far, oldest first. */
export const mailsDeliveredTo = (t: Pick<TestApp, 'delivered'>, to: string): DeliveredMail[] =>
  t.delivered.filter((m) => m.to.toLowerCase() === to.toLowerCase());

/** Jobs of this kind waiting or running in the database (pg-boss states created, retry, active). */
export async function unfinishedJobs(database: Database, name: string): Promise<{ id: string; data: Record<string, unknown>; state: string }[]> {
  const result = await database.db.execute(
    sql`select id, data, state from pgboss.job where name = ${name} and state in ('created', 'retry', 'active') order by created_on`,
  );
  return (result as { rows: { id: string; data: Record<string, unknown>; state: string }[] }).rows;
}

/** Waits until the job runner has finished every job of this kind queued so far (the test's own timeout bounds the wait). */
export async function jobsDone(database: Database, name: string): Promise<void> {
  while ((await unfinishedJobs(database, name)).length > 0) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Waits, at most 10 s, until no job that is due has yet to run (the runner works them off in the background). */
async function dueJobsDone(database: Database): Promise<void> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    // The app's own jobs only: pg-boss's internal '__pgboss__send-it' jobs (its schedules' offers, made at start) wait
    // for its cron worker, about 5 s on PGlite, and closing before them loses nothing a test checks.
    const result = await database.db.execute(
      sql`select count(*)::int as n from pgboss.job
          where state in ('created', 'retry', 'active') and start_after <= now() and not starts_with(name, '__pgboss__')`,
    );
    if (((result as { rows: { n: number }[] }).rows[0]?.n ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function linkParams(link: string): { userId: string; token: string; path: string } {
  const url = new URL(link);
  return { userId: url.searchParams.get('uid')!, token: url.searchParams.get('token')!, path: url.pathname };
}

let counter = 0;
/** A unique address per call, so tests sharing a database never collide. */
export const uniqueEmail = (label = 'socio') => `${label}.${process.pid.toString(36)}${(counter++).toString(36)}@test.example`;

/** A complete, valid payload of POST /user (an adult member of 'Soci'). */
export function userPayload(categoryId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    member_id: `T-${counter++}`,
    name: 'Anna',
    surname: 'Verdi',
    email: uniqueEmail('anna'),
    phone_number: '+39 340 1112233',
    fiscal_code: 'VRDNNA90A41H501J',
    birth_date: '1990-01-01',
    birth_province: 'RM',
    birth_place: 'Roma',
    residence_address: 'Via del Corso 1',
    residence_province: 'RM',
    residence_place: 'Roma',
    residence_postal_code: '00186',
    gender: 'F',
    category: categoryId,
    qualifications: [],
    reservation_rules: [],
    mailing_list_classes: [],
    ...overrides,
  };
}

/** Id of a seeded category by name. */
export async function categoryId(app: FastifyInstance, cookie: string, name: string): Promise<string> {
  const res = await call(app, cookie, 'GET', `/api/v1/user/category?limit=0&q=${encodeURIComponent(name)}`);
  const found = (res.json().data as { _id: string; name: string }[]).find((c) => c.name === name);
  if (!found) throw new Error(`category ${name} not found`);
  return found._id;
}

/**
 * The database's own clock, as a mark between rows written before and after it (columns such as the outbox's
 * created_at take the database's now(), not the test's clock).
 */
export async function databaseMark(t: Pick<TestApp, 'database'>): Promise<Date> {
  const result = await t.database.db.execute(sql`select clock_timestamp() as at`);
  return new Date((result as { rows: { at: string | Date }[] }).rows[0]?.at ?? Number.NaN);
}
