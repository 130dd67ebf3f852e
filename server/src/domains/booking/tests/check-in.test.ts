/**
 * Issue 42, check-in at the table: a table's link and its printable sheet (staff only), a member checking in within
 * the window (15 minutes before the start to 10 after) with the link's token, refusals with their codes outside it or
 * without a booking on that table, staff checking anyone in, and the release of a booking nobody checked in to: kept
 * as 'Non presentato', released once however many sweeps run at once, its place offered to the waitlist with the time
 * left, and booked from the mail's link although the shift has started. A booking with one of two players checked in
 * is kept. PGlite by default, PostgreSQL with DATABASE_URL; the clock is set.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { game_tables } from '../tables';
import { ADMIN, type TestApp, asJob, build, call, jobsDone, lastMailLink, lastMailTo, login } from '../../../testing/helper';
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
/** The token of a check-in link (<PUBLIC_URL>/check-in/<token>). */
const tokenOf = (url: string) => {
  const { pathname } = new URL(url);
  assert.match(pathname, /^\/check-in\/[\w-]{65}$/);
  return pathname.slice('/check-in/'.length);
};

let day = 23;
/** A single session on this file's table, 18:00–19:30, on its own day after Monday 22/03/2027 (the clock's). */
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

let token: string;
/** The no-show job's work, as the job runner runs it (a unit of work of its own). */
const release = () => asJob(t, () => t.app.services.booking.checkIn.releaseNoShows());

before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
  quals = await qualificationIds(t.database, ['Agonista', 'Amatore', 'Allievo corso']);
  const created = await api(admin, 'POST', '/training-session/game-tables', { number: 273, description: 'Tavolo delle presenze' });
  assert.equal(created.statusCode, 201, created.body);
  table = created.json()._id;
  stopClockAt(t.clock, '2027-03-22', '10:00');
  admin = await login(t.app, ADMIN);
  [a, b, c, d] = (await createMembers(t.database, 4, { label: 'presenze' })) as [TestMember, TestMember, TestMember, TestMember];
});
after(async () => {
  await t.close();
});

describe("the table's link and sheet", () => {
  test('without a link the sheet is refused; staff make one; members may do neither; a new link revokes the old one', async () => {
    const none = await api(admin, 'GET', `/training-session/game-tables/${table}/check-in-sheet`);
    assert.equal(none.statusCode, 409);
    assert.equal(none.json().code, 'CHECK_IN_NOT_ENABLED');
    assert.equal((await api(await as(a), 'POST', `/training-session/game-tables/${table}/check-in-link`)).statusCode, 403);

    const first = await api(admin, 'POST', `/training-session/game-tables/${table}/check-in-link`);
    assert.equal(first.statusCode, 200, first.body);
    assert.match(first.json().url, /^http:\/\/portale\.test\/check-in\//);
    const old = tokenOf(first.json().url);
    const second = await api(admin, 'POST', `/training-session/game-tables/${table}/check-in-link`);
    token = tokenOf(second.json().url);
    assert.notEqual(token, old);

    const sheet = await api(admin, 'GET', `/training-session/game-tables/${table}/check-in-sheet`);
    assert.equal(sheet.statusCode, 200);
    assert.equal(sheet.headers['content-type'], 'application/pdf');
    assert.match(String(sheet.headers['content-disposition']), /presenze-tavolo-273\.pdf/);
    assert.equal(sheet.rawPayload.subarray(0, 5).toString(), '%PDF-');
    assert.equal((await api(await as(a), 'GET', `/training-session/game-tables/${table}/check-in-sheet`)).statusCode, 403);

    // The revoked link is refused, as is a forged one (the signature is the server's, from a key outside the database).
    const revoked = await api(await as(a), 'POST', `/check-in/${old}`, {});
    assert.equal(revoked.statusCode, 404);
    assert.equal(revoked.json().code, 'CHECK_IN_LINK_INVALID');
    const nonce = token.slice(0, 22);
    const forged = await api(await as(a), 'POST', `/check-in/${nonce}${'A'.repeat(43)}`, {});
    assert.equal(forged.json().code, 'CHECK_IN_LINK_INVALID');
    // Nothing in the database rebuilds the link: the row keeps the nonce, never the signature.
    const dump = JSON.stringify(await t.database.db.select().from(game_tables));
    assert.ok(!dump.includes(token.slice(22)), 'the link is not stored');
  });
});

describe('a member checks in', () => {
  test('anonymous → 401; too early, no booking on the table, then in the window: present, the partner not unless asked', async () => {
    const s = await newSession('Turno con presenza');
    assert.equal((await api(await as(a), 'POST', `/training-session/${s.id}/book`, { partnersId: [c.id], date: s.date })).statusCode, 201);
    assert.equal((await api(null, 'POST', `/check-in/${token}`, {})).statusCode, 401);

    stopClockAt(t.clock, s.date, '17:40');
    const early = await api(await as(a), 'POST', `/check-in/${token}`, {});
    assert.equal(early.statusCode, 409);
    assert.equal(early.json().code, 'CHECK_IN_TOO_EARLY');
    assert.match(early.json().message, /15 minuti prima dell'inizio/);

    stopClockAt(t.clock, s.date, '17:50');
    const stranger = await api(await as(b), 'POST', `/check-in/${token}`, {});
    assert.equal(stranger.statusCode, 409);
    assert.equal(stranger.json().code, 'CHECK_IN_NO_BOOKING');
    assert.match(stranger.json().message, /Non hai una prenotazione su questo tavolo/);

    const present = await api(await as(a), 'POST', `/check-in/${token}`, {});
    assert.equal(present.statusCode, 200, present.body);
    const result = present.json();
    assert.equal(result.title, 'Turno con presenza');
    assert.equal(result.table_number, 273);
    assert.equal(result.start_time, '18:00');
    const byId = new Map(result.participants.map((p: { _id: string; checked_in: boolean }) => [p._id, p.checked_in]));
    assert.deepEqual([byId.get(a.id), byId.get(c.id)], [true, false]);

    const both = await api(await as(a), 'POST', `/check-in/${token}`, { withPartners: true });
    assert.ok(both.json().participants.every((p: { checked_in: boolean }) => p.checked_in));

    // Past the window (10 minutes after the start): closed.
    const later = await newSession('Turno chiuso');
    stopClockAt(t.clock, '2027-03-22', '10:00');
    assert.equal((await api(await as(a), 'POST', `/training-session/${later.id}/book`, { partnersId: [c.id], date: later.date })).statusCode, 201);
    stopClockAt(t.clock, later.date, '18:11');
    const closed = await api(await as(a), 'POST', `/check-in/${token}`, {});
    assert.equal(closed.statusCode, 409);
    assert.equal(closed.json().code, 'CHECK_IN_CLOSED');
  });

  test('staff check in the participants of any booking; a member may not use the staff call', async () => {
    stopClockAt(t.clock, '2027-03-22', '10:00');
    const s = await newSession('Turno registrato dalla segreteria');
    const booked = await api(await as(b), 'POST', `/training-session/${s.id}/book`, { partnersId: [d.id], date: s.date });
    assert.equal(booked.statusCode, 201, booked.body);
    const bookingId = booked.json()._id as string;
    assert.equal((await api(await as(b), 'POST', `/training-session/booking/${bookingId}/check-in`, {})).statusCode, 403);
    const one = await api(admin, 'POST', `/training-session/booking/${bookingId}/check-in`, { userIds: [d.id] });
    assert.equal(one.statusCode, 200, one.body);
    const byId = new Map(one.json().participants.map((p: { _id: string; checked_in: boolean }) => [p._id, p.checked_in]));
    assert.deepEqual([byId.get(b.id), byId.get(d.id)], [false, true]);
    const stranger = await api(admin, 'POST', `/training-session/booking/${bookingId}/check-in`, { userIds: [a.id] });
    assert.equal(stranger.statusCode, 400);
  });
});

describe('no-shows', () => {
  test('released once by concurrent sweeps, kept as a no-show, the place offered to the waitlist with the time left and booked after the start', async () => {
    stopClockAt(t.clock, '2027-03-22', '10:00');
    // Members of their own: the others' weekly quota is spent by the tests above.
    [a, b, c, d] = (await createMembers(t.database, 4, { label: 'assenze' })) as [TestMember, TestMember, TestMember, TestMember];
    const kept = await newSession('Turno con un presente');
    const lost = await newSession('Turno senza presenti');
    // Both on the same day would overlap for the members: the second goes to its own day (newSession does so).
    const keptBooking = await api(await as(a), 'POST', `/training-session/${kept.id}/book`, { partnersId: [c.id], date: kept.date });
    assert.equal(keptBooking.statusCode, 201, keptBooking.body);
    const booked = await api(await as(a), 'POST', `/training-session/${lost.id}/book`, { partnersId: [c.id], date: lost.date });
    assert.equal(booked.statusCode, 201, booked.body);
    const lostId = booked.json()._id as string;
    assert.equal((await api(await as(b), 'POST', `/training-session/${lost.id}/waitlist`, { date: lost.date, partnersId: [d.id] })).statusCode, 201);

    // One of two players checked in on the first: kept.
    stopClockAt(t.clock, kept.date, '17:55');
    assert.equal((await api(await as(c), 'POST', `/check-in/${token}`, {})).statusCode, 200);
    stopClockAt(t.clock, kept.date, '18:30');
    await release();

    // Nobody on the second: released at the window's end, once, whatever the number of sweeps at once.
    stopClockAt(t.clock, lost.date, '18:09');
    assert.deepEqual(await release(), [], 'not before the window closes');
    stopClockAt(t.clock, lost.date, '18:11');
    const sweeps = await Promise.all([1, 2, 3].map(() => release()));
    assert.deepEqual(sweeps.flat(), [lostId], 'released exactly once');

    const past = async (m: TestMember) => (await api(await as(m), 'GET', '/user/me/booked-sessions?filter=future')).json();
    const rowOf = (list: { data?: unknown[] } | unknown[], title: string) =>
      ((Array.isArray(list) ? list : (list.data ?? [])) as { trainingSession: { title: string }; no_show?: boolean; can_cancel: boolean }[]).find(
        (r) => r.trainingSession.title === title,
      );
    const mine = rowOf(await past(a), 'Turno senza presenti');
    assert.ok(mine, 'the no-show stays in the member’s bookings');
    assert.equal(mine.no_show, true);
    assert.equal(mine.can_cancel, false);
    const keptRow = rowOf(await past(a), 'Turno con un presente');
    assert.equal(keptRow, undefined, 'the kept booking has ended (its day is past the clock)');

    // The waiting member is mailed, with the time left, and books the started shift from the link.
    await jobsDone(t.database, WAITLIST_NOTICE_JOB);
    const mail = await lastMailTo(t, b.email, /^Turno libero: Turno senza presenti/);
    assert.match(mail.body, /non si è presentato: il turno è già iniziato e ne restano 79 minuti, fino alle 19:30/);
    const url = new URL(await lastMailLink(t, b.email));
    const again = await api(await as(b), 'POST', `/training-session/${url.searchParams.get('book')}/book`, {
      partnersId: [d.id],
      date: JSON.parse(url.searchParams.get('date')!),
    });
    assert.equal(again.statusCode, 201, again.body);
    // A shift with no released booking still refuses a booking once started.
    const fresh = await newSession('Turno iniziato');
    stopClockAt(t.clock, fresh.date, '18:05');
    const started = await api(await as(a), 'POST', `/training-session/${fresh.id}/book`, { partnersId: [c.id], date: fresh.date });
    assert.equal(started.json().code, 'SESSION_STARTED');

    // 'Presenze' (staff): the day's bookings, the no-show kept with its players, none present, beside the new booking.
    assert.equal((await api(await as(a), 'GET', `/training-session/check-ins?date=${lost.date}`)).statusCode, 403);
    const lostDay = await api(admin, 'GET', `/training-session/check-ins?date=${lost.date}`);
    assert.equal(lostDay.statusCode, 200, lostDay.body);
    type Row = { booking_id: string; no_show: boolean; table_number: number; participants: { _id: string; checked_in: boolean }[] };
    const rows = (lostDay.json().data as Row[]).filter((r) => r.table_number === 273);
    const noShow = rows.find((r) => r.no_show);
    assert.equal(noShow?.booking_id, lostId);
    assert.deepEqual(
      noShow.participants.map((p) => [p._id, p.checked_in]).sort(),
      [
        [a.id, false],
        [c.id, false],
      ].sort(),
    );
    const rebooked = rows.find((r) => !r.no_show);
    assert.deepEqual(rebooked?.participants.map((p) => p._id).sort(), [b.id, d.id].sort());
    const keptDay = (await api(admin, 'GET', `/training-session/check-ins?date=${kept.date}`)).json().data as Row[];
    const present = keptDay.find((r) => r.booking_id === keptBooking.json()._id);
    assert.deepEqual(Object.fromEntries(present!.participants.map((p) => [p._id, p.checked_in])), { [a.id]: false, [c.id]: true });
  });
});

describe('statistics per table and week', () => {
  test('booked, played (someone checked in), released (cancelled) and no-shows, per week; downloaded through the same export', async () => {
    // The next week (Monday 29/03/2027): one booking made and cancelled by staff.
    stopClockAt(t.clock, '2027-03-27', '10:00');
    const next = await newSession('Turno annullato');
    assert.equal(next.date, '2027-03-29');
    const [e, f] = await createMembers(t.database, 2, { label: 'annullati' });
    const booked = await api(admin, 'POST', `/training-session/${next.id}/book`, { partnersId: [e!.id, f!.id], date: next.date, admin: true });
    assert.equal(booked.statusCode, 201, booked.body);
    assert.equal((await api(admin, 'PATCH', `/training-session/booking/${booked.json()._id}`)).statusCode, 200);

    const query = `startDate=2027-03-22&endDate=2027-04-04&table=${table}`;
    assert.equal((await api(await as(a), 'GET', `/statistics/table-weeks?${query}`)).statusCode, 403);
    const res = await api(admin, 'GET', `/statistics/table-weeks?${query}`);
    assert.equal(res.statusCode, 200, res.body);
    const figures = (
      res.json().data as { week_start: string; week_end: string; booked: number; played: number; released: number; no_shows: number }[]
    ).map((r) => [r.week_start, r.week_end, r.booked, r.played, r.released, r.no_shows]);
    // Week of 22/03: 'Turno con presenza', the staff's, 'Turno con un presente' played; 'Turno chiuso' and 'Turno senza
    // presenti' no-shows; the latter booked again from the waitlist (held, not checked in).
    assert.deepEqual(figures, [
      ['2027-03-22', '2027-03-28', 6, 3, 0, 2],
      ['2027-03-29', '2027-04-04', 1, 0, 1, 0],
    ]);
    assert.equal(res.json().meta.totalItems, 2);

    const sorted = await api(admin, 'GET', `/statistics/table-weeks?${query}&sortBy=booked&order=asc`);
    assert.deepEqual(
      sorted.json().data.map((r: { week_start: string }) => r.week_start),
      ['2027-03-29', '2027-03-22'],
    );

    const csv = await api(admin, 'GET', `/statistics/table-weeks/export?${query}&format=csv`);
    assert.equal(csv.statusCode, 200, csv.body);
    assert.match(String(csv.headers['content-disposition']), /presenze_tavoli_2027-03-22_2027-04-04_tavolo_273\.csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    assert.match(lines[0]!, /Tavolo.*Settimana.*Prenotati.*Giocati.*Liberati.*Non presentati/);
    assert.match(lines[1]!, /Tavolo 273.*22\/03\/2027 - 28\/03\/2027.*6.*3.*0.*2/);
  });
});
