/**
 * Issue 27: the calendar feed of a member with 500 bookings (GET /calendar/{token}.ics through the app, as a calendar
 * app fetches it) and the waitlist notice of a cancel (25 members waiting: the claim and their 25 mails recorded),
 * each p50/p95 next to a single-row read by primary key measured in the same run on the same database.
 * The app runs in this process (server/src/testing/helper.ts build(): PGlite in memory, or DATABASE_URL).
 * BENCH_AROUND_RUNS changes the runs (default 200).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { ADMIN, bookedDailySessions, build, call, createMembers, login, longestLoopDelay, rowsOf } from 'server/testing';
import { clubDate } from 'test-kit';

const RUNS = Number(process.env.BENCH_AROUND_RUNS ?? 200);
const BOOKINGS = 500;
const WAITING = 25;

function percentiles(samples: number[]): { p50: number; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p95: at(0.95) };
}

async function measure(runs: number, once: () => Promise<unknown>, between?: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 10; i++) {
    await between?.();
    // A refused call measures the refusal: the bench stops instead of printing a figure.
    const answer = (await once()) as { statusCode?: number } | undefined;
    if (answer?.statusCode !== undefined && answer.statusCode >= 400) throw new Error(`chiamata misurata rifiutata: ${answer.statusCode}`);
  }
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    await between?.();
    const start = performance.now();
    await once();
    samples.push(performance.now() - start);
  }
  return percentiles(samples);
}

/** The event loop's longest delay during each run (Node's monitor, 5 ms resolution): p50/p95 over the runs. */
async function measureLoop(runs: number, once: () => Promise<unknown>, between: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    await between();
    samples.push((await longestLoopDelay(once)).longestMs);
  }
  return percentiles(samples);
}

const fmt = (p: { p50: number; p95: number }) => `p50 ${p.p50.toFixed(2)} ms, p95 ${p.p95.toFixed(2)} ms`;

export async function benchAroundBooking(): Promise<void> {
  const t = await build({ RELEASE_HEALTH_CHECK: 'off' });
  try {
    const { db } = t.database;
    const admin = await login(t.app, ADMIN);
    const table = (await call(t.app, admin, 'POST', '/api/v1/training-session/game-tables', { number: 290, description: 'Banco di prova' })).json<{
      _id: string;
    }>()._id;
    const [member, partner, ...crowd] = await createMembers(t.database, 2 + WAITING, { label: 'bench' });
    // One single session a day for 500 days from 20 days ago, each booked by the member with the partner.
    const today = clubDate(); // the app's clock (TestClock at TEST_NOW), not the machine's
    await bookedDailySessions(t.database, { today, days: BOOKINGS, tableId: table, member: member!, partner: partner! });
    await db.execute(sql`analyze`);
    const cookie = await login(t.app, member!);
    const url = new URL((await call(t.app, cookie, 'POST', '/api/v1/user/me/calendar-feed')).json<{ url: string }>().url).pathname;
    const events = ((await t.app.inject({ method: 'GET', url })).body.match(/BEGIN:VEVENT/g) ?? []).length;
    // The address's rate limit is emptied between fetches (outside the measure): the bench fetches far more often than an app.
    const feed = await measure(
      RUNS,
      () => t.app.inject({ method: 'GET', url }),
      () => db.execute(sql`update calendar_feeds set window_hits = 0`),
    );
    const etag = String((await t.app.inject({ method: 'GET', url })).headers.etag);
    const unchanged = await measure(
      RUNS,
      () => t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } }),
      () => db.execute(sql`update calendar_feeds set window_hits = 0`),
    );
    // A booking changed before each fetch (outside the measure): another ETag, the feed read and written again on a
    // worker thread. Then the event loop's longest delay per fetch, changed and unchanged.
    const touch = async () => {
      await db.execute(sql`update calendar_feeds set window_hits = 0`);
      await db.execute(sql`update bookings set created_at = created_at + interval '1 second'
        where id = (select id from bookings where booked_by = ${member!.id}::uuid order by start_at desc limit 1)`);
    };
    const changed = await measure(Math.min(RUNS, 50), () => t.app.inject({ method: 'GET', url }), touch);
    const changedLoop = await measureLoop(Math.min(RUNS, 50), () => t.app.inject({ method: 'GET', url }), touch);
    const servedLoop = await measureLoop(
      Math.min(RUNS, 50),
      () => t.app.inject({ method: 'GET', url }),
      () => db.execute(sql`update calendar_feeds set window_hits = 0`),
    );
    const byKey = await measure(RUNS, () => db.execute(sql`select * from users where id = ${member!.id}::uuid`));
    console.log(
      `calendar feed of a member with ${BOOKINGS} bookings (${events} events from 30 days ago), unchanged since the last fetch (200, its last text): ${fmt(feed)}`,
    );
    console.log(`the same feed unchanged (If-None-Match → 304): ${fmt(unchanged)}`);
    console.log(`the same feed changed before each fetch (200, read and written on a worker): ${fmt(changed)}`);
    console.log(`event loop's longest delay per fetch: changed ${fmt(changedLoop)}; unchanged ${fmt(servedLoop)}`);
    console.log(`primary-key read (baseline): ${fmt(byKey)} — feed p95 = ${(feed.p95 / byKey.p95).toFixed(0)}× the baseline`);

    // The waitlist: one occurrence, WAITING members waiting; each round books it again (SQL, outside the measure),
    // cancels it, and measures the notice job's work: the claim of the 25 entries and their 25 mails recorded.
    const [session] = rowsOf<{ id: string; date: string }>(
      await db.execute(sql`insert into training_sessions (title, specific_date, start_time, duration_minutes, game_table_id, color)
        values ('Conteso', current_date + 600, '18:00', 90, ${table}::uuid, '#1e88e5') returning id, specific_date::text as date`),
    );
    await db.execute(sql`insert into booking_waitlist (session_id, date, user_id, starts_at)
      select ${session!.id}::uuid, ${session!.date}::date, u.id, now() + interval '600 days' from users u where u.id = any(${`{${crowd.map((m) => m.id).join(',')}}`}::uuid[])`);
    let bookingId = '';
    const rebookAndCancel = async () => {
      await db.execute(sql`update bookings set cancelled_at = now() where session_id = ${session!.id}::uuid and cancelled_at is null`);
      const [row] = rowsOf<{ id: string }>(
        await db.execute(sql`insert into bookings (session_id, date, start_at, end_at, booked_by, participant_ids, cancelled_at)
          values (${session!.id}::uuid, ${session!.date}::date, now() + interval '600 days', now() + interval '600 days 90 minutes', ${member!.id}::uuid,
                  array[${member!.id}::uuid], now()) returning id`),
      );
      bookingId = row!.id;
    };
    const waitlist = t.app.services.booking.waitlist;
    let told = 0;
    const notice = await measure(
      Math.min(RUNS, 100),
      async () => {
        told = await waitlist.notifyFreed(bookingId);
      },
      rebookAndCancel,
    );
    console.log(
      `waitlist notice of a cancel (${told} waiting, claim + ${told} mails recorded): ${fmt(notice)} — p95 = ${(notice.p95 / byKey.p95).toFixed(0)}× the baseline`,
    );
  } finally {
    await t.close();
  }
}
