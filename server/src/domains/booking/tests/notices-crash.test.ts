/**
 * Issue 38, "exactly once": the real server process is killed (SIGKILL) right after a claim commits and before the
 * mails it calls for are delivered, then started again on the same data; each reminder, waitlist notice and booking
 * notice is delivered exactly once across the two processes. The kill comes from crash-after-commit.mjs (a preload
 * that SIGKILLs the process after the commit of the first write matching CRASH_AFTER_COMMIT): the reminders' claim,
 * the waitlist's claim, and a cancel (whose notices and waitlist job it calls for). Runs on the database of the pass:
 * PGlite in a data folder, or PostgreSQL when DATABASE_URL is set. Each mail is recorded once (its outbox row); a mail
 * whose delivery the kill cut (one the process was sending when the claim committed: its workers are woken as soon as
 * their jobs commit) may go out once more from the next process, as delivery is at-least-once (decisions.md, "Notices
 * exactly once"), never twice from one process and never a claim's own mail (the process dies before it wakes for it).
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Client, type Mail, type ServerProcess, type ServerProcessOptions, TEST_START_MS, copyOfPortal, startServerProcess, testNow } from 'test-kit';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../../core/db/client';
import { rowsOf } from '../../../core/db/rows';
import { ADMIN } from '../../../testing/helper';

const PRELOAD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'crash-after-commit.mjs');
const PASSWORD = 'Socio-2026!';
const MARCO = 'marco.rossi@circolo.example';
const GIULIA = 'giulia.bianchi@circolo.example';
const LUCA = 'luca.ferrari@circolo.example';
const FRANCESCA = 'francesca.romano@circolo.example';
const MATTEO = 'matteo.colombo@circolo.example';

/** The claims the process dies right after (the SQL of their statements). */
const REMINDERS_CLAIM = 'insert into "booking_reminders"';
const WAITLIST_CLAIM = 'update "booking_waitlist" w set notified_booking_id';
const CANCEL = 'update "bookings" set cancelled_at';

/**
 * The club's date and HH:MM about 100 minutes after the test's instant (a multiple of 5 minutes): inside the default
 * 24-hour reminder window and past the hour reminders keep clear of, and inside the 2 hours in which the quotas of the
 * members' rules no longer apply.
 */
function soon(): { date: string; time: string; end: string } {
  const at = new Date(Math.floor((testNow().getTime() + 100 * 60_000) / 300_000) * 300_000);
  const part = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', ...options }).format(at);
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(at);
  const time = part({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const endAt = new Date(at.getTime() + 3600_000);
  const end = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(endAt);
  return { date, time, end: end < time ? '23:59' : end };
}

test('killed between claim and delivery, restarted: every reminder, waitlist notice and booking notice once', { timeout: 600_000 }, async () => {
  const copy = await copyOfPortal(TEST_START_MS, process.env.DATABASE_URL || null);
  const options = (crashAfter: string | null): ServerProcessOptions => ({
    dataDir: copy.dataDir,
    databaseUrl: copy.databaseUrl,
    env: {
      STATIC_ROOT: copy.dataDir,
      LOG_LEVEL: 'error',
      ...(crashAfter ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${PRELOAD}`.trim(), CRASH_AFTER_COMMIT: crashAfter } : {}),
    },
  });
  /** Every process started, the killed ones too: the mails each printed. */
  const processes: ServerProcess[] = [];
  const start = async (crashAfter: string | null) => {
    const server = await startServerProcess(options(crashAfter));
    processes.push(server);
    return server;
  };
  /** Each mail printed, with the index of the process that printed it. */
  const mails = (): (Mail & { by: number })[] => processes.flatMap((p, by) => p.mail.mails.map((m) => ({ ...m, by })));
  /** 'to | subject up to the title' of a mail about a session (its title is in every subject). */
  const keyOf = (m: Mail, title: string) => `${m.to} | ${m.subject.slice(0, m.subject.indexOf(title) + title.length)}`;
  /** The mails about a session, once each. */
  const about = (title: string) =>
    [
      ...new Set(
        mails()
          .filter((m) => m.subject.includes(title))
          .map((m) => keyOf(m, title)),
      ),
    ].sort();
  /**
   * Until the mails about `title` are at least `expected`, then a while longer: each went out once, or, when the kill
   * cut its delivery, once from the killed process and once from the next.
   */
  const delivered = async (title: string, expected: string[]) => {
    const deadline = Date.now() + 60_000;
    while (about(title).length < expected.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    await new Promise((resolve) => setTimeout(resolve, 5000));
    assert.deepEqual(about(title), [...expected].sort());
    for (const key of expected) {
      const by = mails()
        .filter((m) => m.subject.includes(title) && keyOf(m, title) === key)
        .map((m) => m.by);
      if (by.length > 1) assert.deepEqual(by, [by[0], by[0]! + 1], `${key}: inviata da ${JSON.stringify(by)}`);
    }
  };
  /** The outbox rows of the mails about the crash tests' sessions (read once every process has stopped): each once. */
  const recordedOnce = async () => {
    const database = copy.databaseUrl
      ? await openDatabase({ kind: 'pg', url: copy.databaseUrl })
      : await openDatabase({ kind: 'pglite', dataDir: path.join(copy.dataDir, 'pgdata') });
    try {
      const rows = rowsOf<{ to: string; subject: string; n: number }>(
        await database.db.execute(sql`select "to", subject, count(*)::int as n from mail_outbox where subject like '%Crash %' group by 1, 2`),
      );
      assert.deepEqual(
        rows.filter((r) => r.n !== 1),
        [],
      );
      assert.equal(rows.length, 10);
    } finally {
      await database.close();
    }
  };
  /** The process killed itself (the claim committed): its exit, within 30 s. */
  const died = async (server: ServerProcess) => {
    const exit = await Promise.race([server.exited, new Promise((resolve) => setTimeout(() => resolve('ancora in esecuzione'), 30_000))]);
    assert.equal(exit, 'SIGKILL', `il server doveva uccidersi dopo la rivendicazione:\n${server.output.slice(-20).join('\n')}`);
  };
  const signedIn = async (server: ServerProcess, email: string, password = PASSWORD) => {
    const client = new Client(server.url);
    await client.login(email, password);
    return client;
  };
  /** A request the process may die in the middle of (its answer then never comes). */
  const cut = (request: Promise<unknown>) => request.catch(() => undefined);

  try {
    let server = await start(REMINDERS_CLAIM);
    let admin = await signedIn(server, ADMIN.email, ADMIN.password);
    const qualifications = (await admin.request('GET', '/api/v1/user/qualification?limit=300')).json.data.map((q: { _id: string }) => q._id);
    const people = (await admin.request('GET', '/api/v1/user?limit=500&reducedDetails=true')).json.data as { _id: string; email: string }[];
    const idOf = (email: string) => people.find((p) => p.email === email)!._id;
    const session = async (title: string, number: number) => {
      const table = await admin.request('POST', '/api/v1/training-session/game-tables', { number, description: title });
      assert.equal(table.status, 201, table.text);
      const { date, time, end } = soon();
      const res = await admin.request('POST', '/api/v1/training-session', {
        title,
        day: date,
        start_time: time,
        end_time: end,
        participant_qualifications: qualifications,
        game_tables: [table.json._id],
      });
      assert.equal(res.status, 201, res.text);
      return { id: res.json.data[0]._id as string, date };
    };
    // Luca, Francesca and Matteo want reminders one hour before: their bookings below are not due (only Marco's and Giulia's are).
    for (const email of [LUCA, FRANCESCA, MATTEO]) {
      const member = await signedIn(server, email);
      assert.equal((await member.request('PATCH', '/api/v1/user/me/preferences', { reminder_hours: 1 })).status, 200);
    }

    // 1. Reminders: Marco books Giulia inside their window; the process dies once their reminders are claimed.
    const first = await session('Crash promemoria', 381);
    const marco = await signedIn(server, MARCO);
    await cut(marco.request('POST', `/api/v1/training-session/${first.id}/book`, { partnersId: [idOf(GIULIA)], date: first.date }));
    await died(server);

    // 2. Waitlist: Luca books Francesca, Matteo waits; the staff cancel, and the process dies once Matteo's notice is claimed.
    server = await start(WAITLIST_CLAIM);
    await delivered('Crash promemoria', [
      `${GIULIA} | Sei stato prenotato a un turno: Crash promemoria`,
      `${GIULIA} | Promemoria: turno "Crash promemoria`,
      `${MARCO} | Promemoria: turno "Crash promemoria`,
    ]);
    admin = await signedIn(server, ADMIN.email, ADMIN.password);
    const second = await session('Crash lista', 382);
    const luca = await signedIn(server, LUCA);
    const booked = await luca.request('POST', `/api/v1/training-session/${second.id}/book`, { partnersId: [idOf(FRANCESCA)], date: second.date });
    assert.equal(booked.status, 201, booked.text);
    const matteo = await signedIn(server, MATTEO);
    const waits = await matteo.request('POST', `/api/v1/training-session/${second.id}/waitlist`, { date: second.date, partnersId: [] });
    assert.equal(waits.status, 201, waits.text);
    await cut(admin.request('PATCH', `/api/v1/training-session/${second.id}/book`, { date: second.date }));
    await died(server);

    // 3. Booking notices: Luca books Francesca again, Matteo waits; Francesca leaves (the booking is cancelled for
    // both), and the process dies right after that cancel commits.
    server = await start(CANCEL);
    await delivered('Crash lista', [
      `${FRANCESCA} | Sei stato prenotato a un turno: Crash lista`,
      `${FRANCESCA} | Prenotazione annullata: Crash lista`,
      `${LUCA} | Prenotazione annullata: Crash lista`,
      `${MATTEO} | Turno libero: Crash lista`,
    ]);
    admin = await signedIn(server, ADMIN.email, ADMIN.password);
    const third = await session('Crash annullo', 383);
    const lucaAgain = await signedIn(server, LUCA);
    const again = await lucaAgain.request('POST', `/api/v1/training-session/${third.id}/book`, { partnersId: [idOf(FRANCESCA)], date: third.date });
    assert.equal(again.status, 201, again.text);
    const matteoAgain = await signedIn(server, MATTEO);
    assert.equal(
      (await matteoAgain.request('POST', `/api/v1/training-session/${third.id}/waitlist`, { date: third.date, partnersId: [] })).status,
      201,
    );
    // Francesca's notice of being booked is delivered before she leaves (it is not what this step kills).
    const deadline = Date.now() + 30_000;
    while (!about('Crash annullo').length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    const francesca = await signedIn(server, FRANCESCA);
    await cut(francesca.request('PATCH', `/api/v1/training-session/${third.id}/book`, { date: third.date }));
    await died(server);

    server = await start(null);
    await delivered('Crash annullo', [
      `${FRANCESCA} | Sei stato prenotato a un turno: Crash annullo`,
      `${LUCA} | Prenotazione annullata: Crash annullo`,
      `${MATTEO} | Turno libero: Crash annullo`,
    ]);
    for (const p of processes) await p.stop();
    await recordedOnce();
  } finally {
    for (const p of processes) await p.stop();
    await copy.remove();
  }
});
