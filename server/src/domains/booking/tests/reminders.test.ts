/**
 * Issue 27, reminders: the member's preference (GET/PATCH /user/me/preferences: 24 hours for a new member, 1–72 or
 * off), and the sweep: one mail per participant at start − hours, none for a cancelled booking, none after the start,
 * a booking made inside the window reminded at once only if it starts more than an hour later, and sweeps running
 * together sending each reminder once. PGlite by default, PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq, like, sql } from 'drizzle-orm';
import { mail_outbox } from '../../../core/db/tables';
import { ADMIN, type TestApp, asJob, build, call, lastMailTo, login } from '../../../testing/helper';
import { users } from '../../registry/tables';
import { type TestMember, createMembers, createSession, qualificationIds, stopClockAt } from './support';

let t: TestApp;
let admin: string;
let table: string;
let quals: string[];
const cookies = new Map<string, string>();

const api = (cookie: string | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  call(t.app, cookie, method, `/api/v1${url}`, body);
const as = async (m: TestMember) => {
  if (!cookies.has(m.id)) cookies.set(m.id, await login(t.app, m));
  return cookies.get(m.id)!;
};

async function book(booker: TestMember, partner: TestMember, date: string, start: string, end: string, title: string): Promise<string> {
  const { _id } = await createSession(t.app, admin, {
    title,
    day: date,
    start_time: start,
    end_time: end,
    participant_qualifications: quals,
    game_tables: [table],
  });
  const res = await api(await as(booker), 'POST', `/training-session/${_id}/book`, { partnersId: [partner.id], date });
  assert.equal(res.statusCode, 201, res.body);
  return _id;
}

/** Runs a sweep now (the runner also runs them in the background: the outbox is what counts). */
const sweep = () => asJob(t, () => t.app.services.booking.reminders.sendDue());

/** The reminder mails recorded for a shift's title, by recipient. */
async function remindersOf(title: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ to: mail_outbox.to })
    .from(mail_outbox)
    .where(like(mail_outbox.subject, `Promemoria: turno "${title}"%`));
  return rows.map((r) => r.to).sort();
}

before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
  quals = await qualificationIds(t.database, ['Agonista', 'Amatore', 'Allievo corso']);
  const created = await api(admin, 'POST', '/training-session/game-tables', { number: 273, description: 'Tavolo dei promemoria' });
  assert.equal(created.statusCode, 201, created.body);
  table = created.json()._id;
  stopClockAt(t.clock, '2027-03-22', '10:00');
  admin = await login(t.app, ADMIN);
});
after(async () => {
  await t.close();
});

describe('the preference', () => {
  test('24 hours for a new member; 1–72 or off; anything else 400; 401 anonymous, 403 before the terms', async () => {
    const [m] = (await createMembers(t.database, 1, { label: 'preferenze' })) as [TestMember];
    const cookie = await as(m);
    assert.deepEqual((await api(cookie, 'GET', '/user/me/preferences')).json(), { reminder_hours: 24 });
    for (const hours of [1, 72, null, 6]) {
      const saved = await api(cookie, 'PATCH', '/user/me/preferences', { reminder_hours: hours });
      assert.equal(saved.statusCode, 200, saved.body);
      assert.deepEqual((await api(cookie, 'GET', '/user/me/preferences')).json(), { reminder_hours: hours });
    }
    for (const hours of [0, 73, 1.5, '6']) {
      const refused = await api(cookie, 'PATCH', '/user/me/preferences', { reminder_hours: hours });
      assert.equal(refused.statusCode, 400, `${hours}`);
      assert.equal(refused.json().code, 'VALIDATION_FAILED');
    }
    assert.deepEqual((await api(cookie, 'GET', '/user/me/preferences')).json(), { reminder_hours: 6 });
    for (const method of ['GET', 'PATCH'] as const) {
      const anonymous = await api(null, method, '/user/me/preferences', method === 'PATCH' ? { reminder_hours: 3 } : undefined);
      assert.equal(anonymous.statusCode, 401);
      assert.equal(anonymous.json().code, 'UNAUTHENTICATED');
    }
    const [late] = (await createMembers(t.database, 1, { label: 'termini' })) as [TestMember];
    const lateCookie = await as(late);
    await t.database.db.update(users).set({ terms_accepted_at: null }).where(eq(users.id, late.id));
    for (const method of ['GET', 'PATCH'] as const) {
      const gated = await api(lateCookie, method, '/user/me/preferences', method === 'PATCH' ? { reminder_hours: 3 } : undefined);
      assert.equal(gated.statusCode, 403);
      assert.equal(gated.json().code, 'TERMS_NOT_ACCEPTED');
    }
  });
});

describe('the sweep', () => {
  test('each participant is reminded once at start − their hours; a cancelled booking never; nothing after the start', async () => {
    const [a, b, c, d] = (await createMembers(t.database, 4, { label: 'promemoria' })) as [TestMember, TestMember, TestMember, TestMember];
    assert.equal((await api(await as(b), 'PATCH', '/user/me/preferences', { reminder_hours: 6 })).statusCode, 200);
    assert.equal((await api(await as(d), 'PATCH', '/user/me/preferences', { reminder_hours: null })).statusCode, 200);
    // Tuesday 23/03 18:00: 32 hours ahead.
    await book(a, b, '2027-03-23', '18:00', '19:30', 'Promemoria martedì');
    await book(c, d, '2027-03-23', '20:00', '21:30', 'Promemoria annullato');
    await sweep();
    assert.deepEqual(await remindersOf('Promemoria martedì'), []);

    // C cancels before its window opens: nobody of that booking is reminded, then or later.
    stopClockAt(t.clock, '2027-03-22', '12:00');
    const sessions = (await api(admin, 'GET', `/training-session?startDate=2027-03-23&endDate=2027-03-23&table_id=${table}`)).json().data;
    const cancelled = sessions.find((s: { title: string }) => s.title === 'Promemoria annullato');
    assert.equal((await api(await as(c), 'PATCH', `/training-session/${cancelled._id}/book`, { date: '2027-03-23' })).statusCode, 200);

    stopClockAt(t.clock, '2027-03-22', '18:00');
    await Promise.all([sweep(), sweep(), sweep()]);
    assert.deepEqual(await remindersOf('Promemoria martedì'), [a.email], 'A (24 hours) at 18:00 the day before; B (6 hours) not yet');
    const mail = await lastMailTo(t, a.email);
    assert.match(mail.subject, /^Promemoria: turno "Promemoria martedì" di martedì 23\/03\/2027 alle 18:00$/);
    assert.match(mail.body, /dalle 18:00 alle 19:30, Tavolo 273, con Nome1 promemoria\S+\./);
    assert.deepEqual(mail.links, ['http://portale.test/user/bookings']);

    stopClockAt(t.clock, '2027-03-23', '12:00');
    await sweep();
    assert.deepEqual(await remindersOf('Promemoria martedì'), [a.email, b.email].sort(), 'B at 12:00, A not again');

    stopClockAt(t.clock, '2027-03-23', '18:05');
    await sweep();
    assert.deepEqual(await remindersOf('Promemoria martedì'), [a.email, b.email].sort());
    assert.deepEqual(await remindersOf('Promemoria annullato'), [], 'a cancelled booking: none');
    stopClockAt(t.clock, '2027-03-22', '10:00');
  });

  test('a booking made inside the window is reminded at once only if it starts more than an hour later', async () => {
    const [a, b, c, d] = (await createMembers(t.database, 4, { label: 'finestra' })) as [TestMember, TestMember, TestMember, TestMember];
    stopClockAt(t.clock, '2027-03-25', '12:00');
    admin = await login(t.app, ADMIN);
    await book(a, b, '2027-03-25', '13:30', '14:30', 'Fra novanta minuti');
    await book(c, d, '2027-03-25', '12:40', '13:30', 'Fra quaranta minuti');
    await sweep();
    assert.deepEqual(await remindersOf('Fra novanta minuti'), [a.email, b.email].sort());
    assert.deepEqual(await remindersOf('Fra quaranta minuti'), []);
    stopClockAt(t.clock, '2027-03-22', '10:00');
    admin = await login(t.app, ADMIN);
  });

  test('eight sweeps at once: each participant of a due booking gets exactly one reminder', async () => {
    const pairs = await createMembers(t.database, 6, { label: 'insieme' });
    stopClockAt(t.clock, '2027-03-26', '08:00');
    admin = await login(t.app, ADMIN);
    for (let i = 0; i < 3; i++) await book(pairs[2 * i]!, pairs[2 * i + 1]!, '2027-03-27', `1${i}:00`, `1${i}:45`, `Insieme ${i}`);
    stopClockAt(t.clock, '2027-03-26', '12:00');
    await Promise.all(Array.from({ length: 8 }, sweep));
    const sent = await t.database.db.execute(sql`select count(*)::int as n, count(distinct ${mail_outbox.to})::int as people
      from ${mail_outbox} where ${mail_outbox.subject} like 'Promemoria: turno "Insieme %'`);
    const [row] = (Array.isArray(sent) ? sent : (sent as { rows: { n: number; people: number }[] }).rows) as { n: number; people: number }[];
    assert.deepEqual(row, { n: 6, people: 6 });
    stopClockAt(t.clock, '2027-03-22', '10:00');
  });
});
