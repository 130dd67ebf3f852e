/**
 * The finance domain on PostgreSQL (a scratch database on DATABASE_URL or the machine's 127.0.0.1:5432/test,
 * dropped at the end), each figure next to a baseline measured in the same run:
 * 1. the accounting-movements list on 100,000 entries (BENCH_FINANCE_ENTRIES) through the ledger's repository and
 *    core/list.ts: default first page, searched + sorted pages; p50/p95 next to a bare single-row read by key;
 * 2. 1,000 payments (BENCH_FINANCE_PAYMENTS) recorded at once on 100 charges through the charges service (each
 *    locks its charge, checks what remains, writes the payment and posts its entry in one transaction):
 *    payments per second next to bare one-row inserts at the same concurrency, then debits = credits to the cent.
 */
import { performance } from 'node:perf_hooks';
import { type SQL, sql } from 'drizzle-orm';
import {
  AccountingMovementRepository,
  type Database,
  FileRepository,
  FileStore,
  type FinanceServices,
  finance,
  loadAppConfig,
  migrateDatabase,
  openDatabase,
  seedIfEmpty,
} from 'server/testing';
import { createScratchDatabase } from 'test-kit';

const ENTRIES = Number(process.env.BENCH_FINANCE_ENTRIES ?? 100_000);
const PAYMENTS = Number(process.env.BENCH_FINANCE_PAYMENTS ?? 1_000);
const CHARGES = 100;
const RUNS = Number(process.env.BENCH_FINANCE_RUNS ?? 100);
const PAGE_SIZE = 10;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function time(runs: number, work: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 3; i++) await work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

type Db = Database['db'];

const rowsOf = async <T>(db: Db, query: SQL): Promise<T[]> => ((await db.execute(query)) as { rows: T[] }).rows;

/** 1. The movements list on ENTRIES entries: its pages next to a read by key. */
async function movementsList(db: Db, services: FinanceServices): Promise<void> {
  const rows = <T>(query: SQL) => rowsOf<T>(db, query);
  // ——— 1. the movements list on ENTRIES entries ———
  const started = performance.now();
  const [refs] = await rows<{ cost: string; revenue: string; entity: string }>(sql`
      select (select id from finance_subaccounts where name = 'Materiale sportivo') as cost,
             (select id from finance_subaccounts where name = 'Quote sociali') as revenue,
             (select id from finance_business_entities limit 1) as entity`);
  const words = ['racchette', 'palline', 'reti', 'affitto', 'luce', 'acqua', 'trasferta', 'iscrizione', 'torneo', 'magliette'];
  await db.execute(sql`
    insert into finance_accounting_entries (fiscal_year, progressive, registration_date, document_number, business_entity_id, payment_type, notes,
                                            subaccount_id, description, taxable_cents, vat_cents, total_cents)
    select (2000 + i % 20) || '-' || (2001 + i % 20), i, date '2000-09-01' + (i % 7000), i, case when i % 3 = 0 then ${refs!.entity}::uuid end,
           (array['cash','bank_mps','bank_bcc'])[1 + i % 3], case when i % 7 = 0 then 'nota ' || i end,
           case when i % 2 = 0 then ${refs!.cost}::uuid else ${refs!.revenue}::uuid end,
           (${sql.raw(`array[${words.map((w) => `'${w}'`).join(',')}]`)})[1 + i % 10] || ' ' || i,
           (i * 37) % 100000, (i * 37) % 100000 / 5, (i * 37) % 100000 + (i * 37) % 100000 / 5
    from generate_series(1, ${ENTRIES}) as i`);
  await db.execute(sql`
    insert into finance_accounting_items (entry_id, position, subaccount_id, description, taxable_cents, vat_cents, total_cents)
    select id, 0, subaccount_id, description, taxable_cents, vat_cents, total_cents from finance_accounting_entries`);
  await new AccountingMovementRepository(db).refreshSearchText(db, sql`true`);
  await db.execute(sql`vacuum analyze finance_accounting_entries`);
  await db.execute(sql`vacuum analyze finance_accounting_items`);
  const fillSeconds = (performance.now() - started) / 1000;

  const movements = services.accountingMovements;
  const [one] = await rows<{ id: string }>(sql`select id from finance_accounting_entries order by random() limit 1`);
  const searched = await movements.list({ page: 1, limit: PAGE_SIZE, q: 'racchette', sortBy: 'total', order: 'desc' });
  const listRows = [
    {
      misura: 'lettura di una voce per chiave (baseline)',
      ...(await time(RUNS, () => db.execute(sql`select * from finance_accounting_entries where id = ${one!.id}`))),
    },
    {
      misura: 'prima pagina (anno fiscale decrescente)',
      ...(await time(RUNS, () => movements.list({ page: 1, limit: PAGE_SIZE, order: 'desc' }))),
    },
    {
      misura: `ricerca "racchette" + ordine per totale (${searched.meta.totalItems} righe)`,
      ...(await time(RUNS, () => movements.list({ page: 1, limit: PAGE_SIZE, q: 'racchette', sortBy: 'total', order: 'desc' }))),
    },
    {
      misura: 'ricerca per fornitore + ordine per data',
      ...(await time(RUNS, () => movements.list({ page: 1, limit: PAGE_SIZE, q: 'forniture', sortBy: 'registration_date', order: 'desc' }))),
    },
    {
      misura: 'ricerca "2010-2011 nota" + ordine per progressivo',
      ...(await time(RUNS, () => movements.list({ page: 1, limit: PAGE_SIZE, q: '2010-2011 nota', sortBy: 'progressive', order: 'asc' }))),
    },
  ];
  const baseline = listRows[0]!.p95;
  console.log(
    `\nMovimenti contabili, ${ENTRIES.toLocaleString('it-IT')} voci, ${PAGE_SIZE} per pagina, PostgreSQL (riempito in ${fillSeconds.toFixed(0)} s); ms`,
  );
  console.table(
    listRows.map(({ misura, p50, p95 }) => ({
      misura,
      p50: +p50.toFixed(2),
      p95: +p95.toFixed(2),
      'p95 × baseline': +(p95 / baseline).toFixed(1),
    })),
  );
}

/** 2. PAYMENTS payments at once on CHARGES charges, next to bare inserts; then debits = credits. */
async function concurrentPayments(db: Db, services: FinanceServices): Promise<void> {
  const rows = <T>(query: SQL) => rowsOf<T>(db, query);
  const charges = services.memberCharges;
  // ——— 2. PAYMENTS payments at once on CHARGES charges ———
  const [category] = await rows<{ id: string }>(sql`select id from finance_income_categories where name = 'Quote sociali'`);
  const users = (await rows<{ id: string }>(sql`select id from users`)).map((r) => r.id);
  const created: Awaited<ReturnType<FinanceServices['memberCharges']['create']>> = [];
  for (let i = 0; i < CHARGES; i++) {
    created.push(
      ...(await charges.create({
        user: [users[i % users.length]!],
        income_category: category!.id,
        description: `Bench ${i}`,
        reference_period: { start_date: '2020-09-01', end_date: '2021-08-31' },
        amount_due: 100_000,
        notes: null,
      })),
    );
  }
  const types = ['cash', 'bank_mps', 'bank_bcc'] as const;
  await db.execute(sql`create table bench_bare (id serial primary key, charge text, cents bigint)`);
  const bareStart = performance.now();
  await Promise.all(
    Array.from({ length: PAYMENTS }, (_, i) => db.execute(sql`insert into bench_bare (charge, cents) values (${created[i % CHARGES]!._id}, ${i})`)),
  );
  const bareSeconds = (performance.now() - bareStart) / 1000;

  const payStart = performance.now();
  const results = await Promise.allSettled(
    Array.from({ length: PAYMENTS }, (_, i) =>
      charges.addPayment(created[i % CHARGES]!._id, {
        amount_paid: ((i * 7919) % 10_000) / 100 + 0.01,
        payment_date: `2020-${String(9 + (i % 4)).padStart(2, '0')}-15`,
        payment_type: types[i % 3]!,
      }),
    ),
  );
  const paySeconds = (performance.now() - payStart) / 1000;
  const failed = results.filter((r) => r.status === 'rejected');
  const balance = await services.accountingMovements.trialBalance('2020-2021');
  const [counts] = await rows<{ n: number; d: number; m: number }>(
    sql`select count(*)::int as n, count(distinct progressive)::int as d, max(progressive) as m from finance_accounting_entries where fiscal_year = '2020-2021'`,
  );
  console.log(`\n${PAYMENTS} pagamenti contemporanei su ${CHARGES} incassi, PostgreSQL (pool di 10 connessioni)`);
  console.table([
    { misura: 'insert di una riga (baseline)', 'al secondo': Math.round(PAYMENTS / bareSeconds), secondi: +bareSeconds.toFixed(2) },
    {
      misura: 'pagamento + voce contabile',
      'al secondo': Math.round(PAYMENTS / paySeconds),
      secondi: +paySeconds.toFixed(2),
      '× baseline': +(bareSeconds / paySeconds).toFixed(3),
    },
  ]);
  console.log(
    `rifiutati ${failed.length}${failed.length ? ` (${String((failed[0] as PromiseRejectedResult).reason)})` : ''}; voci ${counts!.n}, progressivi distinti ${counts!.d}, massimo ${counts!.m}; ` +
      `dare ${balance.totals.debit.toFixed(2)} € = avere ${balance.totals.credit.toFixed(2)} €: ${balance.balanced ? 'sì' : 'NO'}`,
  );
}

export async function benchFinance(): Promise<void> {
  const baseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const scratch = await createScratchDatabase(baseUrl, 'bench');
  const database = await openDatabase({ kind: 'pg', url: scratch.url });
  const config = loadAppConfig({ DATA_DIR: '/tmp/bench-finance-files' });
  try {
    await migrateDatabase(database);
    await seedIfEmpty(database, config);
    const { db } = database;
    const files = new FileRepository(db, new FileStore('/tmp/bench-finance-files'));
    const services = finance.services!({ db, config, files, clock: { now: () => new Date() } } as never, {} as never) as { finance: FinanceServices };

    await movementsList(db, services.finance);
    await concurrentPayments(db, services.finance);
  } finally {
    await database.close();
    await scratch.drop();
  }
}
