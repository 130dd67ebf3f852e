/**
 * Backups a club can restore (issue 28): `npm run backup` while the server runs, `npm run restore` into a fresh data
 * folder (or an empty PostgreSQL database), then a second server on the restored data answers with the same users,
 * the same member's data (bookings, charges, payments, certificate files byte for byte) and the same ledger totals.
 * On PGlite (the command asks the running server for the snapshot) and, with DATABASE_URL, on PostgreSQL through
 * pg_dump and through the library's logical dump (no pg_dump on the PATH). A restore over data is refused.
 * The source server starts from a copy of the seeded demo club (test-kit's copyOfPortal); the restores go into an
 * empty folder and an empty database, as a club's would.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { unzipSync } from 'fflate';
import {
  Client,
  type ScratchDatabase,
  type ServerProcess,
  TEST_START_MS,
  copyOfPortal,
  createScratchDatabase,
  serverScript,
  startServerProcess,
} from 'test-kit';
import pg from 'pg';
import { knownSchema, migrateDatabase } from '../../app';
import { openDatabase } from '../db/client';
import { ADMIN, MEMBER } from '../../testing/helper';
import { packBackup } from '../backup/archive';
import { backupKeyOf } from '../backup/encryption';
import { SERVER_ROOT } from '../paths';

const baseUrl = process.env.DATABASE_URL ?? null;
/** The club's backup passphrase (archives are age files, issue 39). */
const BACKUP_KEY = 'la frase della copia del circolo';
const cleanups: (() => Promise<void> | void)[] = [];
const tempDir = (label: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `portale-${label}-`));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};
const scratch = async (label: string): Promise<ScratchDatabase> => {
  const db = await createScratchDatabase(baseUrl!, label);
  cleanups.push(() => db.drop());
  return db;
};

/** How many tables the database at `url` holds outside PostgreSQL's own schemas. */
async function tableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

/** Runs the backup command (the build as `npm run backup` runs it, or the sources without one) and answers its output. */
function command(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...serverScript('backup-cli'), ...args], {
      cwd: SERVER_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('close', (code) => resolve({ code, out }));
  });
}

/** What must survive: every user's e-mail, the member's dati.json and files, the ledger's totals. */
async function snapshot(server: ServerProcess) {
  const admin = new Client(server.url);
  await admin.login(ADMIN.email, ADMIN.password);
  const users = (await admin.request('GET', '/api/v1/user?limit=500')).json as { data: { _id: string; email: string }[] };
  const member = users.data.find((u) => u.email === MEMBER.email)!;
  const zip = await fetch(`${server.url}/api/v1/user/${member._id}/export`, { headers: { cookie: admin.cookie! } });
  assert.equal(zip.status, 200);
  const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
  const { generato_il: _at, sessioni_aperte: _sessions, ...dati } = JSON.parse(Buffer.from(files['dati.json']!).toString('utf8'));
  delete files['dati.json'];
  const balance = (await admin.request('GET', '/api/v1/finance/trial-balance?fiscal_year=2026-2027')).json;
  return {
    emails: users.data.map((u) => u.email).sort(),
    dati,
    files: Object.fromEntries(Object.entries(files).map(([name, data]) => [name, Buffer.from(data).toString('base64')])),
    balance,
  };
}

let source: ServerProcess;
let sourceEnv: Record<string, string>;
let before_: Awaited<ReturnType<typeof snapshot>>;
before(async () => {
  const origin = await copyOfPortal(TEST_START_MS, baseUrl);
  cleanups.push(() => origin.remove());
  const { dataDir, databaseUrl } = origin;
  sourceEnv = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', LOG_LEVEL: 'error', BACKUP_KEY };
  source = await startServerProcess({ dataDir, databaseUrl, env: { LOG_LEVEL: 'error', BACKUP_KEY } });
  cleanups.push(() => source.stop());
  // Changes of this run, so the copy is not only the demo seed: a new phone, a booking of the member.
  const member = new Client(source.url);
  await member.login(MEMBER.email, MEMBER.password);
  assert.equal((await member.request('PATCH', '/api/v1/user/me', { phone_number: '+39 333 7654321' })).status, 200);
  const memberId = (await member.request('GET', '/api/v1/user/me')).json._id as string;
  const admin = new Client(source.url);
  await admin.login(ADMIN.email, ADMIN.password);
  const table = await admin.request('POST', '/api/v1/training-session/game-tables', { number: 77, description: 'Tavolo della copia' });
  assert.equal(table.status, 201, table.text);
  const qualifications = (await admin.request('GET', '/api/v1/user/qualification?limit=0')).json.data.map((q: { _id: string }) => q._id);
  const session = await admin.request('POST', '/api/v1/training-session', {
    title: 'Turno della copia',
    day: '2026-12-02',
    start_time: '18:00',
    end_time: '19:30',
    participant_qualifications: qualifications,
    game_tables: [table.json._id],
  });
  assert.equal(session.status, 201, session.text);
  const booked = await admin.request('POST', `/api/v1/training-session/${session.json.data[0]._id}/book`, {
    partnersId: [memberId],
    date: '2026-12-02',
    admin: true,
  });
  assert.equal(booked.status, 201, booked.text);
  // The booking's notices are mailed by a job of their own: taken once they are out, so the copy made after holds the
  // same state of each mail.
  for (let round = 0; round < 120; round++) {
    before_ = await snapshot(source);
    if (!JSON.stringify(before_.dati).includes('"stato":"queued"')) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  assert.ok(before_.dati.prenotazioni.length > 0, 'the member has bookings');
  assert.ok(Object.keys(before_.files).length > 0, 'the member has certificate files');
  assert.ok(before_.balance.totals.debit > 0, 'the ledger has entries');
});
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function backupRestoreAndCompare(label: string, extraEnv: Record<string, string> = {}) {
  const backupDir = tempDir(`copie-${label}`);
  const keyless = await command(['backup'], { ...sourceEnv, BACKUP_DIR: backupDir, BACKUP_KEY: '', ...extraEnv });
  assert.notEqual(keyless.code, 0, 'no key, no backup');
  assert.match(keyless.out, /^Copia non scritta: manca la chiave delle copie: imposta BACKUP_KEY[^\n]*\n$/);
  assert.deepEqual(fs.readdirSync(backupDir), [], 'nothing written');
  const made = await command(['backup'], { ...sourceEnv, BACKUP_DIR: backupDir, ...extraEnv });
  assert.equal(made.code, 0, made.out);
  const [archive] = fs.readdirSync(backupDir).filter((name) => name.endsWith('.tar.gz.age'));
  assert.ok(archive, made.out);
  assert.match(made.out, new RegExp(`Copia scritta: ${backupDir}/portale-backup-[\\dT:Z-]+\\.tar\\.gz\\.age \\(\\d+`));
  assert.equal(fs.statSync(path.join(backupDir, archive)).mode & 0o777, 0o600);
  const bytes = fs.readFileSync(path.join(backupDir, archive));
  for (const email of before_.emails) assert.equal(bytes.indexOf(email), -1, `${email} is not readable in the archive`);

  const target = tempDir(`ripristino-${label}`);
  fs.rmSync(target, { recursive: true });
  const db = baseUrl ? await scratch(`backup_${label}`) : null;
  const targetEnv = { DATA_DIR: target, DATABASE_URL: db?.url ?? '', BACKUP_KEY };
  const wrong = await command(['restore', path.join(backupDir, archive)], { ...targetEnv, BACKUP_KEY: 'un’altra frase' });
  assert.notEqual(wrong.code, 0, 'a wrong key is refused');
  assert.match(wrong.out, /^La chiave non apre questo archivio[^\n]*\n$/, 'one Italian sentence, no stack');
  assert.equal(fs.existsSync(target), false, 'the folder is untouched');
  if (db) assert.equal(await tableCount(db.url), 0, 'the database is untouched');
  const restored = await command(['restore', path.join(backupDir, archive)], targetEnv);
  assert.equal(restored.code, 0, restored.out);
  const again = await command(['restore', path.join(backupDir, archive)], targetEnv);
  assert.notEqual(again.code, 0, 'a restore over data is refused');
  assert.match(again.out, /non è vuot/);

  const copy = await startServerProcess({ dataDir: target, databaseUrl: db?.url ?? null, env: { LOG_LEVEL: 'error' } });
  try {
    assert.deepEqual(await snapshot(copy), before_);
  } finally {
    await copy.stop();
  }
}

test('backup while the server runs, restore into a fresh folder or database: a second server has the same data', async () => {
  await backupRestoreAndCompare('principale');
});

test('PostgreSQL without pg_dump: the logical dump restores the same data', { skip: baseUrl ? false : 'solo con DATABASE_URL' }, async () => {
  // An empty folder as the PATH: pg_dump and pg_restore are not found (node's own folder may hold them: /usr/bin).
  await backupRestoreAndCompare('logico', { PATH: tempDir('senza-pg-dump') });
});

test(
  'PostgreSQL: a foreign pg_dump (another table, a function), a newer archive and format 99 are refused, the database untouched; an older one is migrated forward',
  { skip: baseUrl ? false : 'solo con DATABASE_URL' },
  async () => {
    // A database that is not the portal's: a table of its own and a function that would write if it ran.
    const other = await scratch('estraneo');
    const client = new pg.Client({ connectionString: other.url });
    await client.connect();
    await client.query(`create table altro (x text); insert into altro values ('a')`);
    await client.query(`create function danno() returns trigger language plpgsql as $$ begin raise exception 'eseguita'; end $$`);
    await client.end();
    const work = tempDir('estraneo');
    const staging = path.join(work, 'staging');
    fs.mkdirSync(path.join(staging, 'database'), { recursive: true });
    execFileSync('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${path.join(staging, 'database', 'postgres.dump')}`,
      `--dbname=${other.url}`,
    ]);
    const manifest = (over: Record<string, unknown>) =>
      JSON.stringify({
        format: 'portale-backup',
        version: 2,
        created_at: '2026-11-25T09:00:00Z',
        database: { driver: 'pg', kind: 'pg_dump' },
        migrations: [...knownSchema().migrations],
        ...over,
      });
    const key = backupKeyOf({ backupKey: BACKUP_KEY, backupKeyFile: null });
    const pack = async (name: string, manifestText: string) => {
      fs.writeFileSync(path.join(staging, 'manifest.json'), manifestText);
      const out = path.join(work, name);
      await packBackup({ staging, out, entries: ['manifest.json', 'database'], key });
      return out;
    };
    const target = await scratch('bersaglio');
    const env = { DATA_DIR: path.join(work, 'dati'), DATABASE_URL: target.url, BACKUP_KEY };
    for (const [archive, reason] of [
      [await pack('estraneo.tar.gz.age', manifest({})), /contiene la tabella public\.altro/],
      [await pack('nuovo.tar.gz.age', manifest({ migrations: [...knownSchema().migrations, '1899999999000'] })), /più recente/],
      [await pack('v99.tar.gz.age', manifest({ version: 99 })), /formato 99/],
    ] as const) {
      const refused = await command(['restore', archive], env);
      assert.notEqual(refused.code, 0, refused.out);
      assert.match(refused.out, reason);
      assert.match(refused.out, /^[^\n]+\n$/, 'one sentence, no stack');
      assert.equal(await tableCount(target.url), 0, 'the database is untouched');
      assert.equal(fs.existsSync(env.DATA_DIR), false, `the folder is untouched: ${refused.out}`);
    }

    // An older portal's copy (its last migration not yet made) is restored and migrated forward.
    const all = [...knownSchema().migrations].sort();
    const older = await scratch('vecchio');
    const database = await openDatabase({ kind: 'pg', url: older.url });
    try {
      await migrateDatabase(database, undefined, Number(all.at(-2)));
    } finally {
      await database.close();
    }
    execFileSync('pg_dump', ['--format=custom', `--file=${path.join(staging, 'database', 'postgres.dump')}`, `--dbname=${older.url}`]);
    const archive = await pack('vecchio.tar.gz.age', manifest({ migrations: all.slice(0, -1) }));
    const restored = await command(['restore', archive], env);
    assert.equal(restored.code, 0, restored.out);
    const check = new pg.Client({ connectionString: target.url });
    await check.connect();
    try {
      const { rows } = await check.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
      assert.equal(rows[0]!.n, all.length, 'migrated forward to this version');
    } finally {
      await check.end();
    }
  },
);
