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
import { type SQL, sql } from 'drizzle-orm';
import {
  type Database,
  TrainingSessionRepository,
  TrainingSessionService,
  hashPassword,
  loadAppConfig,
  migrateDatabase,
  openDatabase,
  seedIfEmpty,
} from 'server/testing';
import { type ScratchDatabase, createScratchDatabase } from 'test-kit';
import { startServer } from 'e2e/support/server';

const TZ = 'Europe/Rome';
const PASSWORD = 'Socio-2026!';
const BASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

async function rowsOf<T>(database: Database, query: SQL): Promise<T[]> {
  const result: unknown = await database.db.execute(query);
  return (result as { rows: T[] }).rows;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const todayInRome = () => new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());
const addDays = (iso: string, n: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/**
 * Members bench.<i>@bench.example (Soci, Amatore, password PASSWORD, approved medical certificate till 2099) with a
 * rule of their own whose week starts today (so the next six days are bookable whatever the weekday) and large quotas.
 */
async function addMembers(database: Database, count: number): Promise<void> {
  const hash = await hashPassword(PASSWORD);
  const weekStart = new Date(`${todayInRome()}T12:00:00Z`).getUTCDay();
  await database.db.execute(sql`
    with rule as (
      insert into reservation_rules (name, max_rounds_per_week, max_rounds_per_day, hours_before_booking_to_ignore_rules, hours_before_booking_to_cancel, week_start_day, week_end_day)
      values ('Bench', 10000, 1000, 0, 0, ${weekStart}, ${(weekStart + 6) % 7}) returning id
    ), u as (
      insert into users (name, surname, email, category_id, password_hash, registration_completed_at, terms_accepted_at)
      select 'Socio', 'Bench ' || i, 'bench.' || i || '@bench.example', (select id from categories where name = 'Soci'), ${hash}, now(), now()
      from generate_series(1, ${count}) i returning id
    ), q as (
      insert into user_qualifications (user_id, qualification_id) select u.id, (select id from qualifications where name = 'Amatore') from u
    ), r as (
      insert into user_reservation_rules (user_id, reservation_rule_id) select u.id, (select id from rule) from u
    ), f as (
      insert into files (id, original_name, mime, size, owner_user_id) select gen_random_uuid(), 'c.pdf', 'application/pdf', 1, u.id from u returning id, owner_user_id
    ), c as (
      insert into certificates (type_id, user_id) select (select id from certificate_types where is_medical order by name limit 1), u.id from u returning id, user_id
    )
    insert into certificate_records (certificate_id, file_id, is_approved, end_date)
    select c.id, f.id, true, '2099-12-31' from c join f on f.owner_user_id = c.user_id`);
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
  const saved = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  const server = await startServer(env);
  if (saved !== undefined) process.env.DATABASE_URL = saved;
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
    if (created !== 1 || other !== 0)
      console.warn(
        `  ! atteso esattamente un 201 e solo rifiuti 'già prenotato': ${JSON.stringify(answers.filter((a) => a.status !== 409).slice(0, 3))}`,
      );
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

  const saved = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  const server = await startServer(env);
  if (saved !== undefined) process.env.DATABASE_URL = saved;
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

/** The calendar's data: 5,000 members, 50 tables with a group each over two years around today, 500,000 bookings. */
async function fillCalendar(database: Database, dataDir: string): Promise<void> {
  await seedIfEmpty(database, loadAppConfig({ DATA_DIR: dataDir }));
  await addMembers(database, 5000);
  await database.db.execute(sql`insert into game_tables (number, description) select n, 'Bench ' || n from generate_series(101, 150) n`);
  const today = todayInRome();
  const start = addDays(today, -365);
  const end = addDays(today, 365);
  // One group per table, every day, 14 slots of 30 minutes from 16:00: 700 group sessions, ~511,000 occurrences in two years.
  await database.db.execute(sql`
    with g as (insert into training_session_groups (start_date, end_date, week_days) select ${start}::date, ${end}::date, '{0,1,2,3,4,5,6}' from generate_series(1, 50) returning id),
    gt as (select g.id as group_id, t.id as table_id from (select id, row_number() over () as r from g) g join (select id, row_number() over (order by number) as r from game_tables where number > 100) t on t.r = g.r)
    insert into training_sessions (group_id, title, start_time, duration_minutes, game_table_id)
    select gt.group_id, 'Allenamento', to_char(time '16:00' + make_interval(mins => 30 * s), 'HH24:MI'), 30, gt.table_id from gt, generate_series(0, 13) s`);
  // 500,000 bookings: the first 500,000 occurrences in date order, each pinned by its exception, two members each.
  await database.db.execute(sql`
    create temp table occ as
    select s.id as session_id, d::date as date, s.start_time, row_number() over (order by d, s.start_time, s.id) as k
    from training_sessions s join training_session_groups g on g.id = s.group_id, generate_series(g.start_date, g.end_date, interval '1 day') d
    where s.title = 'Allenamento'`);
  await database.db.execute(sql`delete from occ where k > 500000`);
  await database.db.execute(
    sql`insert into training_session_exceptions (session_id, date, title, start_time, duration_minutes) select session_id, date, 'Allenamento', start_time, 30 from occ`,
  );
  await database.db.execute(
    sql`create temp table members as select id, row_number() over (order by id) - 1 as r from users where email like 'bench.%'`,
  );
  await database.db.execute(sql`
    create temp table b as
    select gen_random_uuid() as id, o.session_id, o.date, ((o.date + o.start_time::time) at time zone ${TZ}) as start_at, o.k from occ o`);
  await database.db.execute(sql`
    create temp table bp as
    select b.id as booking_id, m.id as user_id, b.start_at from b join members m on m.r in ((b.k * 2) % 5000, (b.k * 2 + 1) % 5000)`);
  await database.db.execute(sql`
    insert into bookings (id, session_id, date, start_at, end_at, participant_ids)
    select b.id, b.session_id, b.date, b.start_at, b.start_at + interval '30 minutes', p.ids
    from b join (select booking_id, array_agg(user_id) as ids from bp group by booking_id) p on p.booking_id = b.id`);
  await database.db.execute(sql`
    insert into booking_participants (booking_id, user_id, start_at, end_at) select booking_id, user_id, start_at, start_at + interval '30 minutes' from bp`);
  await database.db.execute(sql`vacuum analyze`);
}

/** A database kept by an earlier run (BENCH_KEEP_DB=1), on the server of BASE_URL. */
function keptDatabase(name: string): ScratchDatabase {
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: async () => undefined };
}

async function calendar(): Promise<void> {
  const runs = Number(process.env.BENCH_BOOKING_RUNS ?? 50);
  // BENCH_CALENDAR_DB=<name> measures a database an earlier run kept (BENCH_KEEP_DB=1) instead of filling a new one.
  const kept = process.env.BENCH_CALENDAR_DB;
  const scratch = kept ? keptDatabase(kept) : await createScratchDatabase(BASE_URL, 'bench');
  const keep = Boolean(kept || process.env.BENCH_KEEP_DB);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-booking-'));
  const database = await openDatabase({ kind: 'pg', url: scratch.url });
  try {
    await migrateDatabase(database);
    const filling = performance.now();
    if (!kept) await fillCalendar(database, dataDir);
    else await database.db.execute(sql`analyze`);
    const fillSeconds = (performance.now() - filling) / 1000;
    const today = todayInRome();

    // Counting every statement sent, through the pool or inside a transaction: on the clients' own query method.
    type Client = { query: (...args: unknown[]) => unknown; release: () => void };
    const pool = (database.db as unknown as { $client: { connect: () => Promise<Client> } }).$client;
    const sample = await pool.connect();
    const proto = Object.getPrototypeOf(sample) as Client;
    sample.release();
    let statements = 0;
    const query = proto.query;
    proto.query = function (this: Client, ...args: unknown[]) {
      statements++;
      return query.apply(this, args);
    };
    const service = new TrainingSessionService(database.db, new TrainingSessionRepository(database.db, TZ), () => today);
    const monthStart = addDays(today, -((new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7));
    const monthEnd = addDays(monthStart, 41);
    const [anyTable] = await rowsOf<{ id: string }>(database, sql`select id from game_tables where number = 101`);
    const measure = async (label: string, work: () => Promise<unknown>) => {
      for (let i = 0; i < 3; i++) await work();
      const samples: number[] = [];
      statements = 0;
      // Only the row count is kept: holding the previous answer (3,000 objects) alive through the next request, as a
      // server never does, made every young-generation collection inside that request copy it too.
      let rows = 1;
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        const answer = (await work()) as { data?: unknown[] };
        samples.push(performance.now() - t0);
        rows = answer.data?.length ?? 1;
      }
      samples.sort((a, b) => a - b);
      return {
        misura: label,
        righe: rows,
        p50: +percentile(samples, 50).toFixed(1),
        p95: +percentile(samples, 95).toFixed(1),
        'istruzioni SQL': +(statements / runs).toFixed(2),
      };
    };
    const measures: [string, () => Promise<unknown>][] = [
      [
        'lettura di una riga per chiave (baseline)',
        () => database.db.execute(sql`select * from bookings where id = (select id from bookings limit 1)`),
      ],
      [
        'mese (6 settimane), un tavolo, limit 3000',
        () => service.list({ startDate: monthStart, endDate: monthEnd, table_id: anyTable!.id, page: 1, limit: 3000 }),
      ],
      ['mese (6 settimane), 50 tavoli, limit 3000', () => service.list({ startDate: monthStart, endDate: monthEnd, page: 1, limit: 3000 })],
      [
        'mese (6 settimane), 50 tavoli, prenotati (available=false)',
        () => service.list({ startDate: monthStart, endDate: monthEnd, available: false, page: 1, limit: 3000 }),
      ],
      [
        'settimana, 50 tavoli, liberi (available=true)',
        () => service.list({ startDate: monthStart, endDate: addDays(monthStart, 6), available: true, page: 1, limit: 3000 }),
      ],
      [
        // A server that has not read these members and sessions yet (just started, or after a change to them).
        'mese (6 settimane), 50 tavoli, limit 3000, soci e turni non ancora letti',
        () =>
          new TrainingSessionService(database.db, new TrainingSessionRepository(database.db, TZ), () => today).list({
            startDate: monthStart,
            endDate: monthEnd,
            page: 1,
            limit: 3000,
          }),
      ],
    ];
    // BENCH_CALENDAR_MEASURES=1,2 runs only those measures (0 is the baseline).
    const picked = process.env.BENCH_CALENDAR_MEASURES?.split(',').map(Number);
    const rows = [];
    for (const [i, [label, work]] of measures.entries()) if (!picked || picked.includes(i)) rows.push(await measure(label, work));
    if (process.env.BENCH_EXPLAIN) {
      // The plans of the calendar's statements, to see where the time goes.
      const { PgDialect } = await import('drizzle-orm/pg-core');
      const { CALENDAR_PLANNER, occurrenceRowsSql, occurrenceConditions, pageWindowSql } = await import('server/testing');
      const dialect = new PgDialect();
      const oneTable = { tableId: anyTable!.id };
      const [window] = await rowsOf<{ first_day: string; last_day: string }>(database, pageWindowSql(monthStart, monthEnd, {}, [], 3000, 0));
      const page = { tz: TZ, limit: 3000, offset: 0 };
      for (const [label, q] of [
        ['un tavolo: giorni della pagina', pageWindowSql(monthStart, monthEnd, oneTable, occurrenceConditions(oneTable), 3000, 0)],
        ['un tavolo: pagina', occurrenceRowsSql({ ...page, from: monthStart, to: monthEnd, where: occurrenceConditions(oneTable), lookup: 'probe' })],
        ['50 tavoli: giorni della pagina', pageWindowSql(monthStart, monthEnd, {}, [], 3000, 0)],
        ['50 tavoli: pagina', occurrenceRowsSql({ ...page, from: window!.first_day, to: window!.last_day, where: [], lookup: 'range' })],
      ] as const) {
        const built = dialect.sqlToQuery(q);
        const text = built.sql.replace(/\$(\d+)/g, (_m, i: string) => `'${String(built.params[Number(i) - 1]).replace(/'/g, "''")}'`);
        // In a transaction with the calendar's planner settings, as the service reads.
        const plan = await database.db.transaction(async (tx) => {
          await tx.execute(CALENDAR_PLANNER);
          const result: unknown = await tx.execute(sql.raw(`explain (analyze, buffers) ${text}`));
          return (result as { rows: Record<string, string>[] }).rows;
        });
        console.log(`\n--- ${label}\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
      }
    }
    const [counts] = await rowsOf<{ groups: number; sessions: number; bookings: number; members: number }>(
      database,
      sql`select (select count(*) from training_session_groups)::int as groups, (select count(*) from training_sessions)::int as sessions, (select count(*) from bookings)::int as bookings, (select count(*) from users)::int as members`,
    );
    console.log(
      `\nCalendario amministratore, PostgreSQL: ${counts!.members} utenti, ${counts!.groups} gruppi, ${counts!.sessions} turni, ${counts!.bookings.toLocaleString('it-IT')} prenotazioni su due anni (riempito in ${fillSeconds.toFixed(0)} s); ms, ${runs} esecuzioni`,
    );
    console.table(rows);
  } finally {
    await database.close();
    if (keep) console.log(`Database tenuto: BENCH_CALENDAR_DB=${scratch.name}`);
    else await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchBooking(): Promise<void> {
  const only = process.env.BENCH_BOOKING_DB;
  const parts = (process.env.BENCH_BOOKING_PARTS ?? 'contention,throughput,calendar').split(',');
  if (parts.includes('contention')) {
    if (!only || only === 'pg') await contention('pg').catch((err: Error) => console.warn(`Contesa su PostgreSQL non misurata: ${err.message}`));
    if (!only || only === 'pglite') await contention('pglite');
  }
  if (only !== 'pglite' && parts.includes('throughput'))
    await throughput().catch((err: Error) => console.warn(`Throughput non misurato: ${err.message}`));
  if (only !== 'pglite' && parts.includes('calendar'))
    await calendar().catch((err: Error) => console.warn(`Calendario non misurato: ${err.message}`));
}
