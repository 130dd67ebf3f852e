/**
 * The booking engine under load, on the real server process (PGlite or a scratch PostgreSQL database):
 * - contention: N members (500 on PostgreSQL, 100 on PGlite) each book the same occurrence with their own partner at
 *   once: exactly one 201 expected, every other answer SESSION_ALREADY_BOOKED; p50/p99 latency next to the same number
 *   of concurrent GET /auth/me (baseline);
 * - throughput (PostgreSQL): distinct bookings per second with 50 connections over many members and occurrences,
 *   next to pgbench's simple-update TPS (-c 50) on the same PostgreSQL server in the same run;
 * - calendar (PostgreSQL): a month of the admin calendar over 50 tables, 5,000 members, two years of groups and
 *   500,000 bookings, through the service in-process: p95 and SQL statements per request, next to a primary-key read.
 * BENCH_BOOKING_DB=pg|pglite picks one database; BENCH_BOOKING_PARTS=contention,throughput,calendar picks parts.
 * Calendar only: BENCH_KEEP_DB=1 keeps its filled database (the name is printed), BENCH_CALENDAR_DB=<name> measures a
 * kept one without filling, BENCH_CALENDAR_MEASURES=1,2 runs some measures (0 is the baseline), BENCH_EXPLAIN=1 prints
 * the plans of its statements.
 */
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { type Database, loadAppConfig, migrateDatabase, openDatabase, seedIfEmpty } from 'server/testing';
import { createScratchDatabase } from 'test-kit';
import { startServer } from 'e2e/support/server';
import { calendar } from './booking-calendar.ts';
import {
  BASE_URL,
  PASSWORD,
  RefusedCallsError,
  addDays,
  addMembers,
  assertMostlyAccepted,
  percentile,
  rowsOf,
  todayInRome,
} from './booking-support.ts';

/** The server process on the prepared database, with its env alone (not the runner's DATABASE_URL). */
async function startBenchServer(env: Record<string, string>): Promise<Awaited<ReturnType<typeof startServer>>> {
  const saved = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  try {
    return await startServer(env);
  } finally {
    if (saved !== undefined) process.env.DATABASE_URL = saved;
  }
}

/** A database with the demo club, migrated and seeded; PGlite in its own data folder (the server opens it after). */
async function prepare(kind: 'pg' | 'pglite'): Promise<{ database: Database; env: Record<string, string>; cleanup: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-booking-'));
  const config = loadAppConfig({ DATA_DIR: dataDir });
  if (kind === 'pg') {
    const scratch = await createScratchDatabase(BASE_URL, 'bench');
    const database = await openDatabase({ kind: 'pg', url: scratch.url });
    await migrateDatabase(database);
    await seedIfEmpty(database, config);
    return {
      database,
      env: { DATABASE_URL: scratch.url, DATA_DIR: dataDir },
      cleanup: async () => (await scratch.drop(), rmSync(dataDir, { recursive: true, force: true })),
    };
  }
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pgdata') });
  await migrateDatabase(database);
  await seedIfEmpty(database, config);
  return { database, env: { DATA_DIR: dataDir, DATABASE_URL: '' }, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

async function loginAll(url: string, emails: string[], parallel = 4): Promise<string[]> {
  const cookies: string[] = emails.map(() => '');
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < emails.length) {
        const i = next++;
        const res = await fetch(`${url}/api/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: emails[i], password: PASSWORD }),
        });
        if (!res.ok) throw new Error(`login ${emails[i]}: ${res.status} ${await res.text()}`);
        cookies[i] = res.headers.get('set-cookie')!.split(';')[0]!;
      }
    }),
  );
  return cookies;
}

async function timed(work: () => Promise<Response>): Promise<{ ms: number; status: number; code?: string }> {
  const start = performance.now();
  const res = await work();
  const body = (await res.json().catch(() => ({}))) as { code?: string };
  return { ms: performance.now() - start, status: res.status, code: body.code };
}

async function contention(kind: 'pg' | 'pglite'): Promise<void> {
  const n = kind === 'pg' ? 500 : 100;
  const { database, env, cleanup } = await prepare(kind);
  await addMembers(database, 2 * n);
  const tomorrow = addDays(todayInRome(), 1);
  const [session] = await rowsOf<{ id: string }>(
    database,
    sql`insert into training_sessions (specific_date, title, start_time, duration_minutes, game_table_id)
        values (${tomorrow}, 'Conteso', '20:00', 60, (select id from game_tables where number = 1)) returning id`,
  );
  await database.db.execute(
    sql`insert into training_session_qualifications (session_id, qualification_id) select ${session!.id}, id from qualifications`,
  );
  const users = await rowsOf<{ id: string; email: string }>(database, sql`select id, email from users where email like 'bench.%' order by email`);
  await database.close();

  // The server process on that database (its own data folder for PGlite).
  const server = await startBenchServer(env);
  try {
    const bookers = users.slice(0, n);
    const partners = users.slice(n, 2 * n);
    const cookies = await loginAll(
      server.url,
      bookers.map((u) => u.email),
    );
    const headers = (cookie: string) => ({ cookie, 'content-type': 'application/json' });

    const base = await Promise.all(cookies.map((cookie) => timed(() => fetch(`${server.url}/api/v1/auth/me`, { headers: { cookie } }))));
    const answers = await Promise.all(
      cookies.map((cookie, i) =>
        timed(() =>
          fetch(`${server.url}/api/v1/training-session/${session!.id}/book`, {
            method: 'POST',
            headers: headers(cookie),
            body: JSON.stringify({ partnersId: [partners[i]!.id] }),
          }),
        ),
      ),
    );
    const created = answers.filter((a) => a.status === 201).length;
    const already = answers.filter((a) => a.status === 409 && a.code === 'SESSION_ALREADY_BOOKED').length;
    const other = answers.length - created - already;
    // Exactly one booking, every other answer 'already booked': anything else (a refusal for another reason) measured
    // no contention.
    if (created !== 1 || other !== 0)
      throw new RefusedCallsError(
        `Contesa: attesi un 201 e ${n - 1} 'già prenotato', avuti ${created} 201, ${already} 'già prenotato' e ${other} altri: ${JSON.stringify(answers.filter((a) => a.status !== 409 || a.code !== 'SESSION_ALREADY_BOOKED').slice(0, 3))}`,
      );
    const stats = (list: { ms: number }[]) => {
      const sorted = list.map((a) => a.ms).sort((a, b) => a - b);
      return { p50: +percentile(sorted, 50).toFixed(1), p99: +percentile(sorted, 99).toFixed(1), max: +sorted[sorted.length - 1]!.toFixed(1) };
    };
    console.log(`\nContesa: ${n} soci prenotano insieme lo stesso turno, ${kind === 'pg' ? 'PostgreSQL' : 'PGlite'} (server reale)`);
    console.table([
      {
        misura: `${n} GET /auth/me insieme (baseline)`,
        ...stats(base),
        '201': '-',
        'già prenotato': '-',
        altro: base.filter((b) => b.status !== 200).length,
      },
      { misura: `${n} POST /training-session/{id}/book insieme`, ...stats(answers), '201': created, 'già prenotato': already, altro: other },
    ]);
  } finally {
    await server.stop();
    await cleanup();
  }
}

/** pgbench simple-update TPS with 50 clients on a scratch database of the same server. */
function pgbenchTps(seconds: number): number | null {
  const u = new URL(BASE_URL);
  const name = `bench_pgbench_${Date.now()}`;
  // The server's own way to PostgreSQL: TCP, or the Unix socket's folder when the URL names one (?host=/var/run/…).
  const conn = ['-h', u.searchParams.get('host') ?? u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username) || 'postgres'];
  try {
    execFileSync('createdb', [...conn, name]);
    execFileSync('pgbench', [...conn, '-i', '-s', '10', '-q', name], { stdio: 'ignore' });
    const out = execFileSync('pgbench', [...conn, '-b', 'simple-update', '-c', '50', '-j', '2', '-T', String(seconds), name], { encoding: 'utf8' });
    const tps = /tps = ([\d.]+)/.exec(out);
    return tps ? Number(tps[1]) : null;
  } catch (err) {
    console.warn(`pgbench non disponibile: ${(err as Error).message.split('\n')[0]}`);
    return null;
  } finally {
    try {
      execFileSync('dropdb', [...conn, '--if-exists', name]);
    } catch {
      /* already gone */
    }
  }
}

async function throughput(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 15);
  // 500 pairs: each member books a few shifts a day, as members do, rather than dozens (their own bookings are what
  // the overlap and quota checks read).
  const pairs = Number(process.env.BENCH_PAIRS ?? 500);
  const { database, env, cleanup } = await prepare('pg');
  await addMembers(database, 2 * pairs);
  // 50 tables, a 10-minute session every 10 minutes 08:00–24:00 on the next six days: 28,800 occurrences as single
  // sessions, more than the fastest run books in its time.
  await database.db.execute(sql`insert into game_tables (number, description) select n, 'Bench ' || n from generate_series(101, 150) n`);
  const today = todayInRome();
  await database.db.execute(sql`
    insert into training_sessions (specific_date, title, start_time, duration_minutes, game_table_id)
    select ${today}::date + d, 'Bench', to_char(time '08:00' + make_interval(mins => 10 * s), 'HH24:MI'), 10, t.id
    from generate_series(1, 6) d, generate_series(0, 95) s, game_tables t where t.number > 100`);
  await database.db.execute(
    sql`insert into training_session_qualifications (session_id, qualification_id) select s.id, q.id from training_sessions s, qualifications q where s.title = 'Bench'`,
  );
  const occurrences = await rowsOf<{ id: string; date: string }>(
    database,
    sql`select s.id, s.specific_date::text as date from training_sessions s join game_tables t on t.id = s.game_table_id where s.title = 'Bench' order by s.specific_date, s.start_time, t.number`,
  );
  const users = await rowsOf<{ id: string; email: string }>(database, sql`select id, email from users where email like 'bench.%' order by email`);
  // The planner's statistics of the filled tables, as autovacuum would gather them on a running server (this
  // machine's PostgreSQL runs without it).
  await database.db.execute(sql`analyze`);
  await database.close();

  const server = await startBenchServer(env);
  try {
    const bookers = users.slice(0, pairs);
    const partners = users.slice(pairs, 2 * pairs);
    const cookies = await loginAll(
      server.url,
      bookers.map((u) => u.email),
    );
    // The load comes from 50 keep-alive connections of node:http (fetch costs the load generator several times
    // more CPU per request, taken from the same 2 cores as the server and PostgreSQL).
    const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
    const send = (method: string, pathname: string, cookie: string, body?: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(`${server.url}${pathname}`, { method, agent, headers: { cookie, 'content-type': 'application/json' } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end(body);
      });
    /** As many requests as 50 connections get answered in `span` seconds (or until `more` says stop). */
    const load = async (span: number, request: (k: number) => Promise<number>, more: (k: number) => boolean = () => true) => {
      let next = 0;
      let ok = 0;
      let other = 0;
      const started = performance.now();
      const deadline = started + span * 1000;
      await Promise.all(
        Array.from({ length: 50 }, async () => {
          while (performance.now() < deadline && more(next)) {
            const status = await request(next++);
            if (status >= 200 && status < 300) ok++;
            else other++;
          }
        }),
      );
      return { perSecond: ok / Math.min(span, (performance.now() - started) / 1000), ok, other };
    };
    // Baseline of the server itself: an authenticated read (session lookup, one statement) over the same connections.
    const me = await load(Math.min(5, seconds), (k) => send('GET', '/api/v1/auth/me', cookies[k % pairs]!));
    console.log(`  prenotazioni per ${seconds} s...`);
    // Occurrence k goes to pair k mod pairs: 50 tables a slot, so no pair gets two occurrences at one time. With the
    // occurrence's date, as the portal's booking form sends it (mf-booking book-session.ts).
    const booked = await load(
      seconds,
      (k) =>
        send(
          'POST',
          `/api/v1/training-session/${occurrences[k]!.id}/book`,
          cookies[k % pairs]!,
          JSON.stringify({ partnersId: [partners[k % pairs]!.id], date: occurrences[k]!.date }),
        ),
      (k) => k < occurrences.length,
    );
    agent.destroy();
    assertMostlyAccepted('Throughput delle prenotazioni', booked.ok, booked.other, { refusedOf: booked.ok + booked.other });
    assertMostlyAccepted('Baseline GET /auth/me', me.ok, me.other, {});
    const perSecond = booked.perSecond;
    const refused = booked.other;
    const tps = pgbenchTps(seconds);
    console.log(`\nPrenotazioni distinte al secondo, 50 connessioni, PostgreSQL (server reale, pool di 10), ${seconds} s`);
    console.table([
      { misura: 'pgbench simple-update -c 50 (baseline)', 'al secondo': tps === null ? 'n/d' : Math.round(tps), rapporto: 1 },
      {
        misura: 'GET /auth/me, stesse 50 connessioni',
        'al secondo': Math.round(me.perSecond),
        rapporto: tps ? +(me.perSecond / tps).toFixed(3) : 'n/d',
      },
      {
        misura: `POST /book riusciti (${refused} rifiuti)`,
        'al secondo': Math.round(perSecond),
        rapporto: tps ? +(perSecond / tps).toFixed(3) : 'n/d',
      },
    ]);
  } finally {
    await server.stop();
    // BENCH_KEEP_DB=1 keeps the filled database for EXPLAIN by hand (its URL is printed; drop it when done).
    if (process.env.BENCH_KEEP_DB) console.log(`  database tenuto: ${env.DATABASE_URL}`);
    else await cleanup();
  }
}

export async function benchBooking(): Promise<void> {
  const only = process.env.BENCH_BOOKING_DB;
  const parts = (process.env.BENCH_BOOKING_PARTS ?? 'contention,throughput,calendar').split(',');
  if (parts.includes('contention')) {
    if (!only || only === 'pg') await contention('pg').catch(unlessRefused('Contesa su PostgreSQL non misurata'));
    if (!only || only === 'pglite') await contention('pglite');
  }
  if (only !== 'pglite' && parts.includes('throughput')) await throughput().catch(unlessRefused('Throughput non misurato'));
  if (only !== 'pglite' && parts.includes('calendar')) await calendar().catch(unlessRefused('Calendario non misurato'));
}

/** A part that cannot run here (no PostgreSQL, no pgbench) is skipped with a word; refused calls stop the bench. */
const unlessRefused = (what: string) => (err: Error) => {
  if (err instanceof RefusedCallsError) throw err;
  console.warn(`${what}: ${err.message}`);
};
