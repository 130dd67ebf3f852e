/**
 * The list helper (server/src/core/list.ts) on a 500,000-row users table, through the registry's own repository:
 * a first page, a searched page and a deep page, each next to the old single query with `count(*) over()`
 * and to a bare single-row read by primary key, all measured in the same run on the same database.
 * PostgreSQL: a scratch database on DATABASE_URL (or the machine's 127.0.0.1:5432/test), dropped at the end;
 * PGlite: in memory. BENCH_LIST_ROWS changes the size, BENCH_LIST_RUNS the runs, BENCH_LIST_DB=pg|pglite picks one database.
 */
import { performance } from 'node:perf_hooks';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, UserRepository, migrateDatabase, openDatabase, systemClock } from 'server/testing';
import { createScratchDatabase } from 'test-kit';

const ROWS = Number(process.env.BENCH_LIST_ROWS ?? 500_000);
const PAGE_SIZE = 25;
/** The deep page: a tenth of the way into the list. */
const DEEP_PAGE = Math.max(2, Math.floor(ROWS / PAGE_SIZE / 10));
const SEARCH = 'rossi mar';
const TIME_ZONE = 'Europe/Rome';

const NAMES = [
  'Marco',
  'Giulia',
  'Luca',
  'Francesca',
  'Matteo',
  'Sara',
  'Andrea',
  'Chiara',
  'Davide',
  'Elena',
  'Paolo',
  'Marta',
  'Simone',
  'Anna',
  'Stefano',
  'Laura',
  'Alessandro',
  'Valentina',
  'Roberto',
  'Silvia',
  'Marina',
  'Mario',
  'Federico',
  'Martina',
];
const SURNAMES = [
  'Rossi',
  'Bianchi',
  'Ferrari',
  'Romano',
  'Colombo',
  'Ricci',
  'Marino',
  'Greco',
  'Bruno',
  'Gallo',
  'Conti',
  'De Luca',
  'Mancini',
  'Costa',
  'Giordano',
  'Rizzo',
  'Lombardi',
  'Moretti',
  'Barbieri',
  'Fontana',
  'Santoro',
  'Mariani',
  'Rinaldi',
  'Caruso',
  'Ferrara',
  'Galli',
  'Martini',
  'Leone',
  'Longo',
  'Gentile',
  'Martinelli',
  'Vitale',
  'Lombardo',
  'Serra',
  'Coppola',
  'De Santis',
  "D'Angelo",
  'Marchetti',
  'Parisi',
  'Villa',
];

const textArray = (values: string[]) => sql.raw(`ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`);

/**
 * 500,000 users in one INSERT … SELECT generate_series, with the table's indexes dropped first and built again
 * afterwards (the same indexes: their definitions are read from pg_indexes), then ANALYZE.
 */
async function fill(database: Database): Promise<void> {
  const { db } = database;
  const rows = async <T>(query: SQL) => ((await db.execute(query)) as { rows: T[] }).rows;
  const [category] = await rows<{ id: string }>(sql`insert into categories (name, permissions) values ('Soci bench', '{book_session}') returning id`);
  const indexes = await rows<{ indexname: string; indexdef: string }>(
    sql`select indexname, indexdef from pg_indexes where tablename = 'users' and indexname not in (select conname from pg_constraint)`,
  );
  for (const { indexname } of indexes) await db.execute(sql.raw(`drop index "${indexname}"`));
  await db.execute(sql`
    insert into users (member_id, name, surname, email, fiscal_code, phone_number, birth_date, category_id, created_at)
    select lpad(i::text, 7, '0'),
           (${textArray(NAMES)})[1 + (i * 7) % ${NAMES.length}],
           (${textArray(SURNAMES)})[1 + (i * 13) % ${SURNAMES.length}],
           'socio' || i || '@bench.example',
           upper(substr(md5(i::text), 1, 16)),
           '+39 3' || lpad((i % 1000000000)::text, 9, '0'),
           date '1950-01-01' + (i % 20000),
           ${category!.id},
           now() - (i || ' minutes')::interval
    from generate_series(1, ${ROWS}) as i`);
  for (const { indexdef } of indexes) await db.execute(sql.raw(indexdef));
  await db.execute(sql`vacuum analyze users`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function time(runs: number, work: () => Promise<unknown>): Promise<{ p50: number; p95: number; runs: number }> {
  for (let i = 0; i < Math.min(3, runs); i++) await work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), runs };
}

/** The page as the users list read it before the helper: one statement, the total from a window count over every match. */
function windowCountPage(repo: UserRepository, q: string | undefined, page: number) {
  const query = repo['fullQuery']({ total: sql<number>`count(*) over()` });
  const words = (q ?? '').split(/\s+/).filter(Boolean);
  const where = words.length
    ? sql.join(
        words.map(
          (w) =>
            sql`(coalesce(users.name, '') || ' ' || coalesce(users.surname, '') || ' ' || coalesce(users.email, '') || ' ' || coalesce(users.fiscal_code, '') || ' ' || coalesce(users.member_id, '')) ILIKE ${`%${w}%`}`,
        ),
        sql` AND `,
      )
    : undefined;
  return query
    .where(where)
    .orderBy(sql`users.surname`, sql`users.name`, sql`users.id`)
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
}

async function benchOne(kind: 'pg' | 'pglite'): Promise<void> {
  const baseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const scratch = kind === 'pg' ? await createScratchDatabase(baseUrl, 'bench') : null;
  const database = await openDatabase(scratch ? { kind: 'pg', url: scratch.url } : { kind: 'pglite', dataDir: null });
  try {
    await migrateDatabase(database);
    const filled = performance.now();
    await fill(database);
    const fillSeconds = (performance.now() - filled) / 1000;
    const repo = new UserRepository(database.db, TIME_ZONE, systemClock);
    const [anyUser] = ((await database.db.execute(sql`select id from users limit 1`)) as { rows: { id: string }[] }).rows;
    const runs = Number(process.env.BENCH_LIST_RUNS ?? (kind === 'pg' ? 100 : 30));
    /** The old query reads every matching row each time: fewer runs keep the benchmark in minutes. */
    const oldRuns = Math.max(3, Math.ceil(runs / 10));
    const list = (q: string | undefined, page: number) =>
      repo.list({ page, limit: PAGE_SIZE, q, order: 'asc' }, { id: null, narrow: false }).then((r) => {
        if (r.data.length !== PAGE_SIZE) throw new Error(`pagina ${page} ${q ?? ''}: ${r.data.length} righe`);
        return r;
      });
    const searched = await list(SEARCH, 1);
    const rowsTable = [
      {
        misura: 'lettura di una riga per chiave (baseline)',
        ...(await time(runs, () => database.db.execute(sql`select * from users where id = ${anyUser!.id}`))),
      },
      { misura: 'helper: prima pagina', ...(await time(runs, () => list(undefined, 1))) },
      { misura: `helper: pagina cercata "${SEARCH}" (${searched.meta.totalItems} righe)`, ...(await time(runs, () => list(SEARCH, 1))) },
      {
        misura: `helper: pagina profonda ${DEEP_PAGE} (offset ${(DEEP_PAGE - 1) * PAGE_SIZE})`,
        ...(await time(runs, () => list(undefined, DEEP_PAGE))),
      },
      { misura: 'count(*) over(): prima pagina', ...(await time(oldRuns, () => windowCountPage(repo, undefined, 1))) },
      { misura: 'count(*) over(): pagina cercata', ...(await time(oldRuns, () => windowCountPage(repo, SEARCH, 1))) },
      { misura: 'count(*) over(): pagina profonda', ...(await time(oldRuns, () => windowCountPage(repo, undefined, DEEP_PAGE))) },
    ];
    console.log(
      `\nElenco utenti, ${ROWS.toLocaleString('it-IT')} righe, ${PAGE_SIZE} per pagina, ${kind === 'pg' ? 'PostgreSQL' : 'PGlite'} (riempito in ${fillSeconds.toFixed(0)} s); ms`,
    );
    console.table(rowsTable.map(({ misura, p50, p95, runs: n }) => ({ misura, p50: +p50.toFixed(2), p95: +p95.toFixed(2), esecuzioni: n })));
  } finally {
    await database.close();
    await scratch?.drop();
  }
}

export async function benchList(): Promise<void> {
  const only = process.env.BENCH_LIST_DB;
  if (!only || only === 'pg') {
    try {
      await benchOne('pg');
    } catch (err) {
      console.warn(`Elenco su PostgreSQL non misurato: ${(err as Error).message}`);
    }
  }
  if (!only || only === 'pglite') await benchOne('pglite');
}
