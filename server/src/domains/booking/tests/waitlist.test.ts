/**
 * Issue 27, the waitlist: member A books a shift, B joins its waitlist, A cancels, B is mailed the link that opens the
 * booking on it and books through it. Joining a free, own or started occurrence is refused; the cap of 25 holds when
 * 30 members join at once (settled under the occurrence's lock); each cancel tells each waiting member once, in order
 * of joining; leaving; who may call (401/403). PGlite by default, PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { like } from 'drizzle-orm';
import { WAITLIST_CAP } from 'shared-api/contract';
import { mail_outbox } from '../../../core/db/tables';
import { MAIL_JOB } from '../../../core/mail/mailer';
import { ADMIN, type TestApp, build, call, jobsDone, lastMailLink, login, mailsDeliveredTo } from '../../../testing/helper';
import { createCategory } from '../../../testing/reliability/actors';
import { WAITLIST_NOTICE_JOB } from '../waitlist/service';
import { type TestMember, createMembers, createSession, qualificationIds, stopClockAt } from './support';

let t: TestApp;
let admin: string;
let table: string;
let quals: string[];
let a: TestMember;
let b: TestMember;
let c: TestMember;
let d: TestMember;
const cookies = new Map<string, string>();

const api = (cookie: string | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  call(t.app, cookie, method, `/api/v1${url}`, body);
const as = async (m: TestMember) => {
  if (!cookies.has(m.id)) cookies.set(m.id, await login(t.app, m));
  return cookies.get(m.id)!;
};

let day = 24;
/** A new single session on this file's table, on its own day of the week after 22/03/2027 (the clock's Monday). */
async function newSession(title: string): Promise<{ id: string; date: string }> {
  const date = `2027-03-${day++}`;
  const { _id } = await createSession(t.app, admin, {
    title,
    day: date,
    start_time: '18:00',
    end_time: '19:30',
    participant_qualifications: quals,
    game_tables: [table],
  });
  return { id: _id, date };
}

async function mailsTo(email: string, subjectStart: string) {
  await jobsDone(t.database, WAITLIST_NOTICE_JOB);
  // The notice's mails are queued in the claim's transaction (issue 38), their delivery jobs picked at the next poll.
  await jobsDone(t.database, MAIL_JOB);
  return mailsDeliveredTo(t, email).filter((m) => m.subject.startsWith(subjectStart));
}

before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
  quals = await qualificationIds(t.database, ['Agonista', 'Amatore', 'Allievo corso']);
  const created = await api(admin, 'POST', '/training-session/game-tables', { number: 272, description: "Tavolo della lista d'attesa" });
  assert.equal(created.statusCode, 201, created.body);
  table = created.json()._id;
  stopClockAt(t.clock, '2027-03-22', '10:00');
  admin = await login(t.app, ADMIN);
  [a, b, c, d] = (await createMembers(t.database, 4, { label: 'attesa' })) as [TestMember, TestMember, TestMember, TestMember];
});
after(async () => {
  await t.close();
});

describe('A books, B waits, A cancels, B books through the mail', () => {
  test('B is mailed the link that opens the booking on the shift, and books it through that link', async () => {
    const s = await newSession('Turno conteso');
    const booked = await api(await as(a), 'POST', `/training-session/${s.id}/book`, { partnersId: [c.id], date: s.date });
    assert.equal(booked.statusCode, 201, booked.body);

    const joined = await api(await as(b), 'POST', `/training-session/${s.id}/waitlist`, { date: s.date, partnersId: [d.id] });
    assert.equal(joined.statusCode, 201, joined.body);
    const [entry] = (await api(await as(b), 'GET', '/user/me/waitlist')).json().data;
    assert.equal(entry.training_session_id, s.id);
    assert.equal(entry.date, s.date);
    assert.equal(entry.free, false);
    assert.equal(entry.position, 1);
    assert.equal(entry.partner_id, d.id);
    assert.equal(entry.start_time, '18:00');
    assert.equal(entry.end_time, '19:30');

    const cancelled = await api(await as(a), 'PATCH', `/training-session/${s.id}/book`, { date: s.date });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    const [mail] = await mailsTo(b.email, 'Turno libero');
    assert.ok(mail, 'B is mailed');
    assert.match(mail.subject, /^Turno libero: Turno conteso del \d\d\/03\/2027$/);
    assert.match(mail.body, /Tavolo 272/);
    const link = await lastMailLink(t, b.email);
    const url = new URL(link);
    assert.equal(url.origin + url.pathname, 'http://portale.test/book-session');
    assert.equal(url.searchParams.get('book'), s.id);
    assert.equal(url.searchParams.get('table'), table);
    assert.equal(JSON.parse(url.searchParams.get('date')!), s.date);
    assert.equal((await api(await as(b), 'GET', '/user/me/waitlist')).json().data[0].free, true);

    // Through the link: the booking of that session on that date, by the engine as any booking.
    const mine = await api(await as(b), 'POST', `/training-session/${url.searchParams.get('book')}/book`, {
      partnersId: [d.id],
      date: JSON.parse(url.searchParams.get('date')!),
    });
    assert.equal(mine.statusCode, 201, mine.body);
    assert.deepEqual((await api(await as(b), 'GET', '/user/me/waitlist')).json().data, [], 'a booked entry is no longer listed');
    // A, who cancelled, was not waiting: no such mail.
    assert.equal((await mailsTo(a.email, 'Turno libero')).length, 0);
  });
});

describe('the place in line', () => {
  test('when the first in line books the freed shift, the second is first: their position goes from 2 to 1', async () => {
    const [first, firstPartner, second, holder, holderPartner] = await createMembers(t.database, 5, { label: 'fila' });
    const s = await newSession('Turno della fila');
    const held = await api(await as(holder!), 'POST', `/training-session/${s.id}/book`, { partnersId: [holderPartner!.id], date: s.date });
    assert.equal(held.statusCode, 201, held.body);
    for (const m of [first!, second!]) {
      // One second apart: the clock stands still, and the line is in order of joining.
      t.clock.advance(1000);
      const joined = await api(await as(m), 'POST', `/training-session/${s.id}/waitlist`, { date: s.date, partnersId: [] });
      assert.equal(joined.statusCode, 201, joined.body);
    }
    const positionOf = async (m: TestMember) => (await api(await as(m), 'GET', '/user/me/waitlist')).json().data[0]?.position;
    assert.deepEqual([await positionOf(first!), await positionOf(second!)], [1, 2]);

    assert.equal((await api(await as(holder!), 'PATCH', `/training-session/${s.id}/book`, { date: s.date })).statusCode, 200);
    const booked = await api(await as(first!), 'POST', `/training-session/${s.id}/book`, { partnersId: [firstPartner!.id], date: s.date });
    assert.equal(booked.statusCode, 201, booked.body);
    // The walk saw 'posizione 2' here: the first in line, now booked, was still counted ahead.
    const [entry] = (await api(await as(second!), 'GET', '/user/me/waitlist')).json().data;
    assert.deepEqual([entry.position, entry.free], [1, false]);
  });
});

describe('joining', () => {
  test('a free occurrence, one’s own booking and a started one are refused with their codes; leaving works once', async () => {
    const s = await newSession('Turno per le regole');
    const free = await api(await as(b), 'POST', `/training-session/${s.id}/waitlist`, { date: s.date, partnersId: [] });
    assert.equal(free.statusCode, 409);
    assert.equal(free.json().code, 'WAITLIST_OCCURRENCE_FREE');
    assert.equal((await api(await as(a), 'POST', `/training-session/${s.id}/book`, { partnersId: [c.id], date: s.date })).statusCode, 201);
    for (const member of [a, c]) {
      const own = await api(await as(member), 'POST', `/training-session/${s.id}/waitlist`, { date: s.date });
      assert.equal(own.statusCode, 409);
      assert.equal(own.json().code, 'WAITLIST_ALREADY_BOOKED');
    }
    const self = await api(await as(b), 'POST', `/training-session/${s.id}/waitlist`, { date: s.date, partnersId: [b.id] });
    assert.equal(self.statusCode, 400);
    assert.equal((await api(await as(b), 'POST', `/training-session/${s.id}/waitlist`, { date: s.date })).statusCode, 201);
    assert.equal((await api(await as(b), 'POST', `/training-session/${s.id}/waitlist`, { date: s.date })).statusCode, 201, 'again: still one entry');
    assert.equal((await api(await as(b), 'GET', '/user/me/waitlist')).json().data.filter((e: { date: string }) => e.date === s.date).length, 1);
    assert.equal((await api(await as(b), 'DELETE', `/training-session/${s.id}/waitlist?date=${s.date}`)).statusCode, 200);
    const again = await api(await as(b), 'DELETE', `/training-session/${s.id}/waitlist?date=${s.date}`);
    assert.equal(again.statusCode, 404);
    assert.equal(again.json().code, 'WAITLIST_ENTRY_NOT_FOUND');

    stopClockAt(t.clock, s.date, '18:05');
    const started = await api(await as(b), 'POST', `/training-session/${s.id}/waitlist`, { date: s.date });
    assert.equal(started.statusCode, 409);
    assert.equal(started.json().code, 'SESSION_STARTED');
    stopClockAt(t.clock, '2027-03-22', '10:00');
  });

  test(`${WAITLIST_CAP} at most: 30 members joining at once → ${WAITLIST_CAP} in, 5 WAITLIST_FULL; each cancel tells each once, in order of joining`, async () => {
    const s = await newSession('Turno affollato');
    assert.equal((await api(await as(a), 'POST', `/training-session/${s.id}/book`, { partnersId: [c.id], date: s.date })).statusCode, 201);
    const crowd = await createMembers(t.database, 30, { label: 'folla' });
    const crowdCookies = await Promise.all(crowd.map((m) => login(t.app, m)));
    const answers = await Promise.all(crowdCookies.map((cookie) => api(cookie, 'POST', `/training-session/${s.id}/waitlist`, { date: s.date })));
    const statuses = answers.map((r) => r.statusCode);
    assert.equal(statuses.filter((code) => code === 201).length, WAITLIST_CAP, statuses.join(','));
    const full = answers.filter((r) => r.statusCode === 409);
    assert.equal(full.length, 30 - WAITLIST_CAP);
    for (const r of full) assert.equal(r.json().code, 'WAITLIST_FULL');

    assert.equal((await api(await as(a), 'PATCH', `/training-session/${s.id}/book`, { date: s.date })).statusCode, 200);
    await jobsDone(t.database, WAITLIST_NOTICE_JOB);
    const inList = crowd.filter((_, i) => answers[i]!.statusCode === 201);
    const told = await t.database.db
      .select({ to: mail_outbox.to, at: mail_outbox.created_at })
      .from(mail_outbox)
      .where(like(mail_outbox.subject, 'Turno libero: Turno affollato%'));
    assert.deepEqual(told.map((m) => m.to).sort(), inList.map((m) => m.email).sort(), 'every member in the list, once');

    // Booked and cancelled again: each is told once more, for that cancel.
    assert.equal((await api(await as(a), 'POST', `/training-session/${s.id}/book`, { partnersId: [c.id], date: s.date })).statusCode, 201);
    assert.equal((await api(await as(a), 'PATCH', `/training-session/${s.id}/book`, { date: s.date })).statusCode, 200);
    await jobsDone(t.database, WAITLIST_NOTICE_JOB);
    const twice = await t.database.db
      .select({ to: mail_outbox.to })
      .from(mail_outbox)
      .where(like(mail_outbox.subject, 'Turno libero: Turno affollato%'));
    assert.equal(twice.length, 2 * WAITLIST_CAP);
  });
  test("the search's booked shifts (available=false, the search's filters): a booked-out occurrence is there as already booked, not among the free ones, and its waitlist is joined from it", async () => {
    const s = await newSession('Turno al completo');
    assert.equal((await api(await as(a), 'POST', `/training-session/${s.id}/book`, { partnersId: [c.id], date: s.date })).statusCode, 201);
    const search = async (extra: string) => {
      const res = await api(
        await as(b),
        'GET',
        `/training-session?startDate=${s.date}&endDate=${s.date}&table_id=${table}&startTime=17:00&bookability=true&page=1&limit=100&${extra}`,
      );
      assert.equal(res.statusCode, 200, res.body);
      type Row = { _id: string; specific_date: string; participants: { _id: string }[]; bookability: { bookable: boolean; refusal: string | null } };
      return (res.json().data as Row[]).filter((o) => o._id === s.id);
    };
    assert.deepEqual(await search('endTime=20:00&available=true'), [], 'not among the free shifts (spec 000 §2.10 unchanged)');
    const [row] = await search('endTime=20:00&available=false');
    assert.ok(row, 'listed among the booked ones');
    assert.equal(row.specific_date, s.date);
    assert.deepEqual(row.bookability, { ...row.bookability, bookable: false, refusal: 'SESSION_ALREADY_BOOKED' });
    assert.deepEqual(row.participants.map((p) => p._id).sort(), [a.id, c.id].sort());
    assert.deepEqual(await search('endTime=19:00&available=false'), [], 'the search’s end time applies to the booked ones too');

    const joined = await api(await as(b), 'POST', `/training-session/${s.id}/waitlist`, { date: row.specific_date, partnersId: [] });
    assert.equal(joined.statusCode, 201, joined.body);
    const entries = (await api(await as(b), 'GET', '/user/me/waitlist')).json().data as { training_session_id: string; date: string }[];
    assert.equal(entries.filter((e) => e.training_session_id === s.id && e.date === s.date).length, 1);
    assert.equal((await api(await as(b), 'DELETE', `/training-session/${s.id}/waitlist?date=${s.date}`)).statusCode, 200);
  });
});

describe('who may call', () => {
  test('anonymous 401; a user without book_session or bookings_access 403; GET /user/me/waitlist is any signed-in user’s own', async () => {
    const s = await newSession('Turno dei permessi');
    await createCategory(t, admin, 'Solo statistiche attesa', ['statistics_access']);
    const [stats] = await createMembers(t.database, 1, { label: 'statistiche', category: 'Solo statistiche attesa' });
    const statsCookie = await login(t.app, stats!);
    for (const [method, url, body] of [
      ['POST', `/training-session/${s.id}/waitlist`, { date: s.date }],
      ['DELETE', `/training-session/${s.id}/waitlist?date=${s.date}`, undefined],
    ] as const) {
      const anonymous = await api(null, method, url, body);
      assert.equal(anonymous.statusCode, 401, `${method} anonymous`);
      assert.equal(anonymous.json().code, 'UNAUTHENTICATED');
      const forbidden = await api(statsCookie, method, url, body);
      assert.equal(forbidden.statusCode, 403, `${method} without the permission`);
      assert.equal(forbidden.json().code, 'FORBIDDEN');
    }
    assert.equal((await api(null, 'GET', '/user/me/waitlist')).statusCode, 401);
    assert.deepEqual((await api(statsCookie, 'GET', '/user/me/waitlist')).json(), { data: [] });
  });
});
