/**
 * The admin calendar under load (PostgreSQL): a month over 50 tables, 5,000 members, two years of groups and 500,000
 * bookings, through the service in-process: p95 and SQL statements per request, next to a primary-key read.
 * BENCH_KEEP_DB=1 keeps its filled database (the name is printed), BENCH_CALENDAR_DB=<name> measures a kept one without
 * filling, BENCH_CALENDAR_MEASURES=1,2 runs some measures (0 is the baseline), BENCH_EXPLAIN=1 prints its plans.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import {
  type Database,
  TrainingSessionRepository,
  TrainingSessionService,
  loadAppConfig,
  migrateDatabase,
  openDatabase,
  seedIfEmpty,
} from 'server/testing';
import { type ScratchDatabase, createScratchDatabase } from 'test-kit';
import { BASE_URL, TZ, addDays, addMembers, percentile, rowsOf, todayInRome } from './booking-support.ts';

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

export async function calendar(): Promise<void> {
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

    const statements = await countStatements(database);
    const service = new TrainingSessionService(database.db, new TrainingSessionRepository(database.db, TZ), () => today);
    const monthStart = addDays(today, -((new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7));
    const monthEnd = addDays(monthStart, 41);
    const [anyTable] = await rowsOf<{ id: string }>(database, sql`select id from game_tables where number = 101`);
    const measure = async (label: string, work: () => Promise<unknown>) => {
      for (let i = 0; i < 3; i++) await work();
      const samples: number[] = [];
      statements.count = 0;
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
        'istruzioni SQL': +(statements.count / runs).toFixed(2),
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
    if (process.env.BENCH_EXPLAIN) await explainCalendar(database, anyTable!.id, monthStart, monthEnd);
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

/** Counts every statement sent, through the pool or inside a transaction: on the clients' own query method. */
async function countStatements(database: Database): Promise<{ count: number }> {
  type Client = { query: (...args: unknown[]) => unknown; release: () => void };
  const pool = (database.db as unknown as { $client: { connect: () => Promise<Client> } }).$client;
  const sample = await pool.connect();
  const proto = Object.getPrototypeOf(sample) as Client;
  sample.release();
  const statements = { count: 0 };
  const query = proto.query;
  proto.query = function (this: Client, ...args: unknown[]) {
    statements.count++;
    return query.apply(this, args);
  };
  return statements;
}

/** The plans of the calendar's statements, to see where the time goes. */
async function explainCalendar(database: Database, tableId: string, monthStart: string, monthEnd: string): Promise<void> {
  // The plans of the calendar's statements, to see where the time goes.
  const { PgDialect } = await import('drizzle-orm/pg-core');
  const { CALENDAR_PLANNER, occurrenceRowsSql, occurrenceConditions, pageWindowSql } = await import('server/testing');
  const dialect = new PgDialect();
  const oneTable = { tableId: tableId };
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
