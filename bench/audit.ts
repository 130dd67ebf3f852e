/**
 * Issue 38: the audit log at 1,000,000 entries. The app runs in this process (server/src/testing/helper.ts build()) on a
 * scratch PostgreSQL database (DATABASE_URL, or the machine's 127.0.0.1:5432/test) and on an in-memory PGlite; the
 * entries are written by one INSERT … SELECT generate_series with the log's indexes dropped first and built again after
 * (their definitions read from pg_indexes), then VACUUM ANALYZE. Measured through the API (inject), one clock
 * (performance.now): the first page (50 entries, total counted), two searched pages (an actor's surname: 1 entry in
 * 15; a record id's fragment: a handful), p50/p95, beside a single-row read by primary key in the same run; then each
 * download of the whole log (CSV, XLSX; the PDF of the whole log, refused past its cap; the PDF of two weeks) with its
 * answer time, its size and the event loop's longest delay meanwhile (server/src/testing/event-loop.ts), beside the
 * longest delay over 50 GET /auth/me. A measured call that is refused stops the bench with an error.
 * BENCH_AUDIT_ROWS changes the size, BENCH_AUDIT_RUNS the runs (default 100), BENCH_AUDIT_DB=pg|pglite picks one database.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'drizzle-orm';
import { ADMIN, build, call, login, longestLoopDelay, rowsOf } from 'server/testing';
import { fillAuditLog } from './audit-fill';

type TestApp = Awaited<ReturnType<typeof build>>;

// A full collection before each download, so a call is not charged for the garbage of those before it (as event-loop.ts).
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_AUDIT_RUNS ?? 100);
const PAGE = 50;

function percentiles(samples: number[]): { p50: number; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { p50: +at(0.5).toFixed(2), p95: +at(0.95).toFixed(2) };
}

async function time(once: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 5; i++) await once();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await once();
    samples.push(performance.now() - start);
  }
  return percentiles(samples);
}

/** Each download of the log with the event loop's longest delay meanwhile, beside 50 GET /auth/me and the idle loop. */
async function measureDownloads(t: TestApp, admin: string, db: string): Promise<void> {
  const baseline = await longestLoopDelay(async () => {
    for (let i = 0; i < 50; i++) await call(t.app, admin, 'GET', '/api/v1/auth/me');
    return null;
  });
  // The machine's own noise: the loop doing nothing for 3 s (other processes on the 2 cores show here).
  const idle = await longestLoopDelay(() => new Promise((resolve) => setTimeout(resolve, 3000)));
  const twoWeeks = `from=${day(new Date(Date.now() - 30 * 86_400_000))}&to=${day(new Date(Date.now() - 17 * 86_400_000))}`;
  const downloads: Record<string, string | number>[] = [
    {
      chiamata: '50 × GET /auth/me (baseline)',
      stato: 200,
      'risposta ms': Math.round(baseline.elapsedMs),
      MB: 0,
      'ritardo max ms': +baseline.longestMs.toFixed(1),
    },
    {
      chiamata: 'nessuna chiamata per 3 s (rumore della macchina)',
      stato: 200,
      'risposta ms': Math.round(idle.elapsedMs),
      MB: 0,
      'ritardo max ms': +idle.longestMs.toFixed(1),
    },
  ];
  /**
   * A download read as a client reads it, chunk by chunk (inject's payloadAsStream): buffered whole, inject would turn
   * a 150 MB answer into one string on this thread at its end, a delay that is the client's, not the server's.
   */
  const download = async (url: string, expected: number) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { cookie: admin }, payloadAsStream: true });
    let bytes = 0;
    let head = '';
    for await (const chunk of res.stream() as AsyncIterable<Buffer>) {
      if (head.length < 300) head += chunk.subarray(0, 300).toString('utf8');
      bytes += chunk.length;
    }
    if (res.statusCode !== expected) throw new Error(`${url}: ${res.statusCode} (atteso ${expected}) ${head}`);
    return { statusCode: res.statusCode, bytes };
  };
  // The first download of each kind after the start compiles its code (about 0.3 s on PGlite): one day, apart.
  for (const format of ['csv', 'xlsx', 'pdf']) {
    const warm = await longestLoopDelay(() => download(`/audit/export?format=${format}&from=${day(new Date())}&to=${day(new Date())}`, 200));
    downloads.push({
      chiamata: `riscaldamento: ${format.toUpperCase()} di un giorno`,
      stato: warm.result.statusCode,
      'risposta ms': Math.round(warm.elapsedMs),
      MB: +(warm.result.bytes / 1024 / 1024).toFixed(1),
      'ritardo max ms': +warm.longestMs.toFixed(1),
    });
  }
  for (const [label, url, expected] of [
    ['CSV di tutto il registro', '/audit/export?format=csv', 200],
    ['XLSX di tutto il registro', '/audit/export?format=xlsx', 200],
    ['PDF di tutto il registro (oltre il limite)', '/audit/export?format=pdf', 400],
    ['PDF di due settimane (4.032 voci)', `/audit/export?format=pdf&${twoWeeks}`, 200],
  ] as const) {
    collectGarbage();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const m = await longestLoopDelay(() => download(url, expected));
    downloads.push({
      chiamata: label,
      stato: m.result.statusCode,
      'risposta ms': Math.round(m.elapsedMs),
      MB: +(m.result.bytes / 1024 / 1024).toFixed(1),
      'ritardo max ms': +m.longestMs.toFixed(1),
    });
    console.log(`  ${label}: ${m.result.statusCode}, ${Math.round(m.elapsedMs)} ms, ritardo max ${m.longestMs.toFixed(1)} ms`);
  }
  console.log(
    `\nDownload del registro, ${db}: ritardo massimo del ciclo degli eventi (altre richieste ferme); obiettivo ≤ 100 ms; carico medio ${os.loadavg()[0]!.toFixed(1)}`,
  );
  console.table(downloads);
}

const day = (d: Date) => d.toISOString().slice(0, 10);

async function benchOne(kind: 'pg' | 'pglite'): Promise<void> {
  const saved = process.env.DATABASE_URL;
  if (kind === 'pg') process.env.DATABASE_URL = saved || 'postgres://postgres@127.0.0.1:5432/test';
  else delete process.env.DATABASE_URL;
  const t = await build({ RELEASE_HEALTH_CHECK: 'off' });
  if (saved === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = saved;
  try {
    const filled = performance.now();
    await fillAuditLog(t.database, ROWS);
    const fillSeconds = (performance.now() - filled) / 1000;
    const admin = await login(t.app, ADMIN);
    const get = async (url: string, expected = 200) => {
      const res = await call(t.app, admin, 'GET', `/api/v1${url}`);
      if (res.statusCode !== expected) throw new Error(`${url}: ${res.statusCode} (atteso ${expected}) ${res.body.slice(0, 300)}`);
      return res;
    };
    const [{ id: anyId, surname, entityId }] = rowsOf<{ id: string; surname: string; entityId: string }>(
      await t.database.db.execute(
        sql`select a.id, u.surname, a.entity_id as "entityId" from audit_log a join users u on u.id = a.actor_user_id order by a.at desc limit 1 offset ${Math.floor(ROWS / 80)}`,
      ),
    ) as [{ id: string; surname: string; entityId: string }];
    const fragment = entityId.slice(9, 18);
    const count = async (q: string) =>
      (await get(`/audit?limit=${PAGE}&q=${encodeURIComponent(q)}`)).json<{ meta: { totalItems: number; totalCapped?: boolean } }>().meta;
    const bySurname = await count(surname);
    const byFragment = await count(fragment);
    const shown = (m: { totalItems: number; totalCapped?: boolean }) => `${m.totalCapped ? 'oltre ' : ''}${m.totalItems} voci`;
    const pages = [
      {
        misura: 'lettura di una voce per chiave primaria (baseline)',
        ...(await time(() => t.database.db.execute(sql`select * from audit_log where id = ${anyId}`))),
      },
      { misura: `GET /audit prima pagina (${PAGE}, totale contato)`, ...(await time(() => get(`/audit?limit=${PAGE}`))) },
      {
        misura: `GET /audit cercata "${surname}" (${shown(bySurname)})`,
        ...(await time(() => get(`/audit?limit=${PAGE}&q=${encodeURIComponent(surname)}`))),
      },
      {
        misura: `GET /audit cercata "${fragment}" (${shown(byFragment)})`,
        ...(await time(() => get(`/audit?limit=${PAGE}&q=${encodeURIComponent(fragment)}`))),
      },
      { misura: 'GET /audit?limit=0 (una pagina di 500)', ...(await time(() => get('/audit?limit=0'))) },
    ];
    const db = kind === 'pg' ? 'PostgreSQL' : 'PGlite';
    console.log(
      `\nRegistro attività, ${ROWS.toLocaleString('it-IT')} voci, ${db} (riempito in ${fillSeconds.toFixed(0)} s); ms su ${RUNS} esecuzioni; obiettivo p95 ≤ 50 ms; carico medio della macchina ${os.loadavg()[0]!.toFixed(1)} su ${os.availableParallelism()} core`,
    );
    console.table(pages);

    await measureDownloads(t, admin, db);
  } finally {
    await t.close();
  }
}

export async function benchAudit(): Promise<void> {
  const only = process.env.BENCH_AUDIT_DB;
  if (!only || only === 'pg') await benchOne('pg');
  if (!only || only === 'pglite') await benchOne('pglite');
}
