/**
 * Issue 42, the fair-play record: a booking rule's limits of no-shows and of late cancellations within its period
 * suspend a member's own bookings for its days from the last counted event (GET /user/me/fair-play says so, the
 * booking engine refuses with BOOKING_SUSPENDED naming the end on the club's clock, the staff still book them), the
 * suspension ends, and the bookings staff lift it with a note (audited): what came before no longer counts. The
 * member's data export holds the record. The no-shows are released by the check-in sweep itself. PGlite by default,
 * PostgreSQL with DATABASE_URL; the clock is set, and crosses the night Rome's clocks go forward (28/03/2027).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { rowsOf } from '../../../core/db/rows';
import { user_reservation_rules } from '../../registry/tables';
import { ADMIN, type TestApp, asJob, build, call, login } from '../../../testing/helper';
import { type TestMember, createMembers, createSession, qualificationIds, stopClockAt } from './support';

let t: TestApp;
let admin: string;
let table: string;
let quals: string[];
let rule: string;
let a: TestMember;
let b: TestMember;
let c: TestMember;
let d: TestMember;
let e: TestMember;
let f: TestMember;
let g: TestMember;
const cookies = new Map<string, string>();

const api = (cookie: string | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  call(t.app, cookie, method, `/api/v1${url}`, body);
const as = async (m: TestMember) => {
  if (!cookies.has(m.id)) cookies.set(m.id, await login(t.app, m));
  return cookies.get(m.id)!;
};
const recordOf = async (m: TestMember) => {
  const res = await api(await as(m), 'GET', '/user/me/fair-play');
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ no_shows: number; late_cancellations: number; suspended_until: string | null }>();
};
/** A single session on this file's table on `date`, from `start` for 90 minutes. */
async function session(date: string, start: string, end: string): Promise<string> {
  const { _id } = await createSession(t.app, admin, {
    title: 'Allenamento',
    day: date,
    start_time: start,
    end_time: end,
    participant_qualifications: quals,
    game_tables: [table],
  });
  return _id;
}
/** A member's own booking with a partner: the answer as it comes. */
const bookAs = async (m: TestMember, partner: TestMember, sessionId: string, date: string) =>
  api(await as(m), 'POST', `/training-session/${sessionId}/book`, { partnersId: [partner.id], date });
const staffBook = (who: TestMember[], sessionId: string, date: string) =>
  api(admin, 'POST', `/training-session/${sessionId}/book`, { partnersId: who.map((m) => m.id), date, admin: true });
const at = (date: string, time: string) => stopClockAt(t.clock, date, time);
const sweep = () => asJob(t, () => t.app.services.booking.checkIn.releaseNoShows());

const s: Record<string, string> = {};
const bookingIds: Record<string, string> = {};

before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
  quals = await qualificationIds(t.database, ['Agonista', 'Amatore', 'Allievo corso']);
  at('2027-03-22', '10:00');
  admin = await login(t.app, ADMIN);
  const created = await api(admin, 'POST', '/training-session/game-tables', { number: 274, description: 'Tavolo del fair play' });
  assert.equal(created.statusCode, 201, created.body);
  table = created.json()._id;
  assert.equal((await api(admin, 'POST', `/training-session/game-tables/${table}/check-in-link`)).statusCode, 200);
  [a, b, c, d, e, f, g] = (await createMembers(t.database, 7, { label: 'fairplay' })) as [
    TestMember,
    TestMember,
    TestMember,
    TestMember,
    TestMember,
    TestMember,
    TestMember,
  ];
});
after(async () => {
  await t.close();
});

describe('the booking rule', () => {
  test('takes the four fair-play fields, bounded, with their defaults', async () => {
    const base = {
      name: 'Regola fair play',
      max_rounds_per_week: 20,
      max_rounds_per_day: 5,
      hours_before_booking_to_ignore_rules: 0,
      hours_before_booking_to_cancel: 24,
      week_start_day: 1,
      week_end_day: 0,
    };
    const bad = await api(admin, 'POST', '/user/reservation-rule', { ...base, no_show_limit: 0, suspension_days: 366 });
    assert.equal(bad.statusCode, 400, bad.body);
    const plain = await api(admin, 'POST', '/user/reservation-rule', { ...base, name: 'Regola senza limiti' });
    assert.equal(plain.statusCode, 201, plain.body);
    const plainRule = await api(admin, 'GET', `/user/reservation-rule/${plain.json()._id}`);
    assert.deepEqual(
      (({ no_show_limit, late_cancellation_limit, fair_play_period_days, suspension_days }) => ({
        no_show_limit,
        late_cancellation_limit,
        fair_play_period_days,
        suspension_days,
      }))(plainRule.json()),
      { no_show_limit: null, late_cancellation_limit: null, fair_play_period_days: 30, suspension_days: 7 },
    );
    const res = await api(admin, 'POST', '/user/reservation-rule', {
      ...base,
      no_show_limit: 2,
      late_cancellation_limit: 2,
      fair_play_period_days: 30,
      suspension_days: 7,
    });
    assert.equal(res.statusCode, 201, res.body);
    rule = res.json()._id;
    assert.equal((await api(admin, 'GET', `/user/reservation-rule/${rule}`)).json().no_show_limit, 2);
    // Each member's own rule (the registry's assignment is not this file's subject).
    await t.database.db.transaction(async (tx) => {
      await tx.insert(user_reservation_rules).values([a, b, c, d, e, f, g].map((m) => ({ user_id: m.id, reservation_rule_id: rule })));
    });
  });
});

describe('the record and the suspension', () => {
  test('anonymous callers get 401; a new member has a clean record', async () => {
    assert.equal((await api(null, 'GET', '/user/me/fair-play')).statusCode, 401);
    assert.deepEqual(await recordOf(a), { no_shows: 0, late_cancellations: 0, suspended_until: null });
  });

  test('bookings made for the week to come', async () => {
    s.ab1 = await session('2027-03-23', '18:00', '19:30');
    s.ab2 = await session('2027-03-24', '18:00', '19:30');
    s.de1 = await session('2027-03-23', '20:00', '21:30');
    s.de2 = await session('2027-03-24', '20:00', '21:30');
    s.fg1 = await session('2027-03-25', '12:00', '13:30');
    s.fg2 = await session('2027-03-25', '14:00', '15:30');
    s.fg3 = await session('2027-03-26', '12:00', '13:30');
    for (const [key, booker, partner, date] of [
      ['ab1', a, b, '2027-03-23'],
      ['ab2', a, b, '2027-03-24'],
      ['fg1', f, g, '2027-03-25'],
      ['fg2', f, g, '2027-03-25'],
      ['fg3', f, g, '2027-03-26'],
    ] as const) {
      const res = await bookAs(booker, partner, s[key]!, date);
      assert.equal(res.statusCode, 201, res.body);
      bookingIds[key] = res.json()._id;
    }
    assert.equal((await staffBook([d, e], s.de1, '2027-03-23')).statusCode, 201);
    assert.equal((await staffBook([d, e], s.de2, '2027-03-24')).statusCode, 201);
    // g leaves one 50 hours before its start: outside the rule's 24 hours, not a late cancellation.
    assert.equal((await api(await as(g), 'PATCH', `/training-session/booking/${bookingIds.fg3}`)).statusCode, 200);
    assert.equal((await recordOf(g)).late_cancellations, 0);
  });

  test('a first no-show is counted, not yet suspended', async () => {
    at('2027-03-23', '18:10');
    assert.deepEqual(await sweep(), [bookingIds.ab1]);
    assert.deepEqual(await recordOf(a), { no_shows: 1, late_cancellations: 0, suspended_until: null });
    assert.deepEqual(await recordOf(b), { no_shows: 1, late_cancellations: 0, suspended_until: null });
    at('2027-03-23', '20:10');
    assert.equal((await sweep()).length, 1);
  });

  test('leaving inside the cancellation window twice suspends for 7 days from the second leave', async () => {
    at('2027-03-24', '13:00');
    assert.equal((await api(await as(g), 'PATCH', `/training-session/booking/${bookingIds.fg1}`)).statusCode, 200);
    assert.deepEqual(await recordOf(g), { no_shows: 0, late_cancellations: 1, suspended_until: null });
    at('2027-03-24', '15:00');
    assert.equal((await api(await as(g), 'PATCH', `/training-session/booking/${bookingIds.fg2}`)).statusCode, 200);
    // 15:00 CET + 7 days: 16:00 in Rome after the clocks went forward (a suspension lasts its days of 24 hours).
    assert.deepEqual(await recordOf(g), { no_shows: 0, late_cancellations: 2, suspended_until: '2027-03-31T14:00:00Z' });
    // The booker whose booking the partner left has nothing on their record.
    assert.deepEqual(await recordOf(f), { no_shows: 0, late_cancellations: 0, suspended_until: null });

    const later = await session('2027-03-26', '16:00', '17:30');
    const own = await bookAs(g, f, later, '2027-03-26');
    assert.equal(own.statusCode, 409, own.body);
    assert.equal(own.json().code, 'BOOKING_SUSPENDED');
    assert.match(own.json().message, /^Le tue prenotazioni sono sospese fino al 31\/03\/2027 alle 16:00 per assenze non giustificate/);
    const asPartner = await bookAs(f, g, later, '2027-03-26');
    assert.equal(asPartner.statusCode, 409, asPartner.body);
    assert.equal(asPartner.json().code, 'BOOKING_SUSPENDED');
    assert.match(asPartner.json().message, /^Le prenotazioni di Nome\d+ \S+ sono sospese fino al 31\/03\/2027 alle 16:00/);
  });

  test('a second no-show suspends both players; their own bookings are refused, the staff still book them', async () => {
    at('2027-03-24', '18:10');
    assert.equal((await sweep()).length, 1);
    // 18:10 CET + 7 days = 17:10 UTC on 31/03, 19:10 in Rome (summer time).
    assert.deepEqual(await recordOf(a), { no_shows: 2, late_cancellations: 0, suspended_until: '2027-03-31T17:10:00Z' });
    assert.equal((await recordOf(b)).suspended_until, '2027-03-31T17:10:00Z');

    s.ac = await session('2027-03-26', '18:00', '19:30');
    const refused = await bookAs(a, c, s.ac, '2027-03-26');
    assert.equal(refused.statusCode, 409, refused.body);
    assert.equal(refused.json().code, 'BOOKING_SUSPENDED');
    assert.match(refused.json().message, /fino al 31\/03\/2027 alle 19:10 per assenze non giustificate/);
    // The calendar says so before the member tries (waiting does not help: the shift starts before the suspension ends).
    const listed = await api(await as(a), 'GET', `/training-session?startDate=2027-03-26&endDate=2027-03-26&table_id=${table}&bookability=true`);
    assert.equal(listed.statusCode, 200, listed.body);
    type Listed = { data: { _id: string; bookability?: { refusal: string | null; opens_at: string | null } }[] };
    const occurrence = listed.json<Listed>().data.find((o) => o._id === s.ac);
    assert.ok(occurrence, listed.body);
    assert.equal(occurrence.bookability?.refusal, 'BOOKING_SUSPENDED', JSON.stringify(occurrence));
    assert.equal(occurrence.bookability?.opens_at, null);
    // The staff decide.
    assert.equal((await staffBook([a, c], s.ac, '2027-03-26')).statusCode, 201);

    // The users page shows each member's record.
    const [{ surname }] = rowsOf<{ surname: string }>(await t.database.db.execute(sql`select surname from users where id = ${a.id}::uuid`)) as [
      { surname: string },
    ];
    const users = await api(admin, 'GET', `/user?q=${surname}`);
    assert.equal(users.statusCode, 200, users.body);
    assert.deepEqual(users.json().data[0].fair_play, { no_shows: 2, late_cancellations: 0, suspended_until: '2027-03-31T17:10:00Z' });
  });

  test('the staff lift a suspension with a note: audited, and what came before no longer counts', async () => {
    at('2027-03-24', '20:10');
    assert.equal((await sweep()).length, 1);
    assert.equal((await recordOf(d)).suspended_until, '2027-03-31T19:10:00Z');

    const lift = (cookie: string, who: TestMember, body: unknown) => api(cookie, 'POST', `/user/${who.id}/fair-play/lift`, body);
    assert.equal((await lift(await as(d), d, { note: 'Mi lasciate prenotare?' })).statusCode, 403);
    assert.equal((await lift(admin, d, { note: ' ' })).statusCode, 400);
    assert.equal((await lift(admin, c, { note: 'Niente da revocare' })).json().code, 'FAIR_PLAY_NOT_SUSPENDED');
    const lifted = await lift(admin, d, { note: 'Assenze giustificate con certificato medico' });
    assert.equal(lifted.statusCode, 200, lifted.body);
    assert.deepEqual(lifted.json(), { no_shows: 0, late_cancellations: 0, suspended_until: null });
    assert.deepEqual(await recordOf(d), { no_shows: 0, late_cancellations: 0, suspended_until: null });
    // The partner's suspension is their own.
    assert.equal((await recordOf(e)).suspended_until, '2027-03-31T19:10:00Z');
    const [entry] = rowsOf<{ actor_user_id: string; action: string; changes: { note?: { after: string } } }>(
      await t.database.db.execute(sql`select actor_user_id, action, changes from audit_log where entity = 'fair_play_lifts'`),
    );
    assert.ok(entry, 'the lift is audited');
    assert.equal(entry.changes.note?.after, 'Assenze giustificate con certificato medico');
    assert.equal((await lift(admin, d, { note: 'Di nuovo' })).json().code, 'FAIR_PLAY_NOT_SUSPENDED');

    const free = await session('2027-03-27', '18:00', '19:30');
    const booked = await bookAs(d, c, free, '2027-03-27');
    assert.equal(booked.statusCode, 201, booked.body);
  });

  test('the suspension ends at its instant; the events still count within the period', async () => {
    at('2027-03-31', '19:09');
    assert.equal((await recordOf(a)).suspended_until, '2027-03-31T17:10:00Z');
    at('2027-03-31', '19:10');
    assert.deepEqual(await recordOf(a), { no_shows: 2, late_cancellations: 0, suspended_until: null });
    const next = await session('2027-04-01', '18:00', '19:30');
    const booked = await bookAs(a, c, next, '2027-04-01');
    assert.equal(booked.statusCode, 201, booked.body);
  });

  test("the member's data export holds their no-shows and the lifts with their notes", async () => {
    const res = await api(await as(d), 'GET', '/user/me/export');
    assert.equal(res.statusCode, 200);
    const dati = JSON.parse(Buffer.from(unzipSync(new Uint8Array(res.rawPayload))['dati.json']!).toString('utf8'));
    assert.equal(dati.prenotazioni.filter((p: { non_presentato_il: string | null }) => p.non_presentato_il).length, 2);
    assert.equal(dati.revoche_sospensione.length, 1);
    assert.equal(dati.revoche_sospensione[0].nota, 'Assenze giustificate con certificato medico');
  });
});
