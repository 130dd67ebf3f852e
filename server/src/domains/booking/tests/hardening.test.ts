/**
 * Issue 25 (hardening, second pass), booking's share: dates the rules cannot handle are refused before anything is
 * stored and a create whose answer fails stores nothing; both ends of a session come from the club's wall clock
 * (a daylight-saving night); a range past midnight runs into the next day; a member booked by someone else can
 * always leave the booking, is told by mail, and the staff see who books others into shifts they leave.
 * PGlite by default, PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../core/db/rows';
import { MAIL_JOB } from '../../../core/mail/mailer';
import { ADMIN, type TestApp, build, call, jobsDone, login, mailsDeliveredTo } from '../../../testing/helper';
import { BOOKING_NOTICE_JOB } from '../booking/notices';
import { createMembers, qualificationIds, stopClockAt } from './support';

let t: TestApp;
let admin: string;
let allQuals: string[];
/** Tables of this file (numbers 251–254, apart from the demo club's and other files'). */
let tables: string[];

/** Fixes the app's clock at a club wall-clock time. */
const setNow = (date: string, time: string) => stopClockAt(t.clock, date, time);

const api = (cookie: string | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  call(t.app, cookie, method, `/api/v1${url}`, body);

const countOf = async (table: string): Promise<number> =>
  rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;

const session = (overrides: Record<string, unknown> = {}) => ({
  title: 'Turno di prova',
  day: '2027-03-24',
  start_time: '18:00',
  end_time: '19:30',
  participant_qualifications: allQuals,
  game_tables: [tables[0]],
  ...overrides,
});

before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
  allQuals = await qualificationIds(t.database, ['Agonista', 'Amatore', 'Allievo corso']);
  tables = [];
  for (const number of [251, 252, 253, 254]) {
    const res = await api(admin, 'POST', '/training-session/game-tables', { number, description: `Tavolo ${number}` });
    assert.equal(res.statusCode, 201, res.body);
    tables.push(res.json()._id);
  }
  setNow('2027-03-22', '10:00');
  admin = await login(t.app, ADMIN);
});
after(async () => {
  await t.close();
});

describe('dates the rules cannot handle', () => {
  test('year 9999 (and 2200) is refused with 400 and the contract message before anything is stored', async () => {
    const before = await countOf('training_sessions');
    const groups = await countOf('training_session_groups');
    const cases: [string, 'GET' | 'POST', string, unknown][] = [
      ['single', 'POST', '/training-session', session({ day: '9999-12-31', start_time: '23:00', end_time: '23:30' })],
      ['single 2200', 'POST', '/training-session', session({ day: '2200-01-01' })],
      ['group', 'POST', '/training-session', session({ day: null, recurring_days: ['1'], start_date: '9999-01-01', end_date: '9999-12-31' })],
      [
        '+ TM',
        'POST',
        '/training-session/group/session',
        session({ day: '9999-12-31', start_time: '18:00', end_time: '20:00', duration: 60, number_of_sessions: 2 }),
      ],
      ['list', 'GET', '/training-session?startDate=9999-12-01&endDate=9999-12-31', undefined],
      ['availability', 'GET', `/training-session/game-tables/${tables[0]}/availability?date=9999-12-31`, undefined],
      ['export', 'GET', '/training-session/export?format=csv&startDate=9999-12-01&endDate=9999-12-31', undefined],
      ['statistics', 'GET', '/statistics/free-sessions/summary?startDate=9999-12-01&endDate=9999-12-31', undefined],
    ];
    for (const [name, method, url, body] of cases) {
      const res = await api(admin, method, url, body);
      assert.equal(res.statusCode, 400, `${name}: ${res.body}`);
      assert.equal(res.json().code, 'VALIDATION_FAILED', name);
      assert.match(res.json().message, /Data troppo lontana: il portale gestisce date fino al 31\/12\/2199/, name);
    }
    assert.equal(await countOf('training_sessions'), before, 'no session stored');
    assert.equal(await countOf('training_session_groups'), groups, 'no group stored');
  });

  test('the last day of the range is a day like any other: a session on 31/12/2199 past midnight, listed and booked', async () => {
    const [a, b] = await createMembers(t.database, 2, { certificateEnd: '2199-12-31' });
    // Sessions are created at most two years ahead (SESSION_DATE_TOO_FAR): the club's today is the day before.
    setNow('2199-12-30', '10:00');
    admin = await login(t.app, ADMIN);
    try {
      const created = await api(admin, 'POST', '/training-session', session({ day: '2199-12-31', start_time: '23:00', end_time: '01:00' }));
      assert.equal(created.statusCode, 201, created.body);
      const [first] = created.json().data;
      assert.deepEqual(
        [first.start_at, first.end_at, first.end_time, first.duration],
        ['2199-12-31T22:00:00Z', '2200-01-01T00:00:00Z', '01:00', 120],
      );
      const booked = await api(admin, 'POST', `/training-session/${first._id}/book`, { partnersId: [a!.id, b!.id], admin: true });
      assert.equal(booked.statusCode, 201, booked.body);
      const listed = await api(admin, 'GET', `/training-session?startDate=2199-12-31&endDate=2199-12-31&table_id=${tables[0]}`);
      assert.equal(listed.statusCode, 200, listed.body);
      assert.equal(listed.json().data[0].booking_id, booked.json()._id);
    } finally {
      setNow('2027-03-22', '10:00');
      admin = await login(t.app, ADMIN);
    }
  });

  test('a create whose answer fails stores nothing: the answer is read in the same transaction', async () => {
    const { sessions } = t.app.services.booking;
    const repo = (sessions as unknown as { repo: { firstOccurrences: (...args: unknown[]) => Promise<unknown> } }).repo;
    const original = repo.firstOccurrences;
    const before = await countOf('training_sessions');
    repo.firstOccurrences = () => Promise.reject(new Error('risposta non riuscita'));
    try {
      const single = await api(admin, 'POST', '/training-session', session({ day: '2027-04-14' }));
      assert.equal(single.statusCode, 500);
      const split = await api(
        admin,
        'POST',
        '/training-session/group/session',
        session({ day: '2027-04-14', start_time: '18:00', end_time: '20:00', duration: 60, number_of_sessions: 2 }),
      );
      assert.equal(split.statusCode, 500);
    } finally {
      repo.firstOccurrences = original;
    }
    assert.equal(await countOf('training_sessions'), before, 'a retry would have duplicated them');
  });
});

describe('times of day at the edges', () => {
  test('a single session 23:00–01:00 runs into the next day (spec 001 §5); 18:00–17:00 is still an end before the start', async () => {
    const res = await api(admin, 'POST', '/training-session', session({ day: '2027-04-20', start_time: '23:00', end_time: '01:00' }));
    assert.equal(res.statusCode, 201, res.body);
    const [o] = res.json().data;
    assert.deepEqual(
      [o.specific_date, o.start_time, o.end_time, o.duration, o.start_at, o.end_at],
      ['2027-04-20', '23:00', '01:00', 120, '2027-04-20T21:00:00Z', '2027-04-20T23:00:00Z'],
    );
    const wrong = await api(admin, 'POST', '/training-session', session({ day: '2027-04-20', start_time: '18:00', end_time: '17:00' }));
    assert.equal(wrong.statusCode, 400);
    assert.match(wrong.json().message, /^end_time: L'ora di fine deve essere successiva all'ora di inizio$/);
    // '+ TM': the last session may run past midnight, none may start after it.
    const late = await api(
      admin,
      'POST',
      '/training-session/group/session',
      session({ day: '2027-04-21', start_time: '22:00', end_time: '01:00', duration: 60, number_of_sessions: 3 }),
    );
    assert.equal(late.statusCode, 400, late.body);
    assert.match(late.json().message, /^number_of_sessions: Ogni turno deve iniziare prima di mezzanotte/);
    const split = await api(
      admin,
      'POST',
      '/training-session/group/session',
      session({ day: '2027-04-21', start_time: '22:00', end_time: '01:00', duration: 90, number_of_sessions: 2 }),
    );
    assert.equal(split.statusCode, 201, split.body);
    assert.deepEqual(
      split.json().data.map((s: { start_time: string; end_time: string; end_at: string }) => [s.start_time, s.end_time, s.end_at]),
      [
        ['22:00', '23:30', '2027-04-21T21:30:00Z'],
        ['23:30', '01:00', '2027-04-21T23:00:00Z'],
      ],
    );
  });

  test('across the night the clocks go forward or back, both ends are the wall clock: the booking stores them', async () => {
    setNow('2027-03-22', '10:00');
    const [a, b, c, d] = await createMembers(t.database, 4);
    // Sunday 28 March 2027: 02:00 CET becomes 03:00 CEST. 00:30–03:30 on the clock lasts two hours.
    const spring = await api(
      admin,
      'POST',
      '/training-session',
      session({ day: '2027-03-28', start_time: '00:30', end_time: '03:30', game_tables: [tables[1]] }),
    );
    assert.equal(spring.statusCode, 201, spring.body);
    const [s] = spring.json().data;
    assert.deepEqual([s.start_at, s.end_at, s.end_time], ['2027-03-27T23:30:00Z', '2027-03-28T01:30:00Z', '03:30']);
    const booked = await api(admin, 'POST', `/training-session/${s._id}/book`, { partnersId: [a!.id, b!.id], admin: true });
    assert.equal(booked.statusCode, 201, booked.body);
    assert.deepEqual([booked.json().start_at, booked.json().end_at], ['2027-03-27T23:30:00Z', '2027-03-28T01:30:00Z']);
    const stored = rowsOf<{ start_at: string; end_at: string }>(
      await t.database.db.execute(
        sql`select to_char(start_at at time zone 'UTC', 'HH24:MI') as start_at, to_char(end_at at time zone 'UTC', 'HH24:MI') as end_at
            from bookings where id = ${booked.json()._id}`,
      ),
    );
    assert.deepEqual(stored, [{ start_at: '23:30', end_at: '01:30' }]);
    const mine = (await api(await login(t.app, a!), 'GET', '/user/me/booked-sessions?filter=future')).json().data;
    assert.deepEqual([mine[0].trainingSession.start_time, mine[0].trainingSession.end_time], ['00:30', '03:30']);

    // Sunday 31 October 2027: 03:00 CEST becomes 02:00 CET. 01:00–04:00 on the clock lasts four hours.
    const autumn = await api(
      admin,
      'POST',
      '/training-session',
      session({ day: '2027-10-31', start_time: '01:00', end_time: '04:00', game_tables: [tables[1]] }),
    );
    const [f] = autumn.json().data;
    assert.deepEqual([f.start_at, f.end_at], ['2027-10-30T23:00:00Z', '2027-10-31T03:00:00Z']);
    setNow('2027-10-25', '10:00');
    const staff = await login(t.app, ADMIN);
    const fall = await api(staff, 'POST', `/training-session/${f._id}/book`, { partnersId: [c!.id, d!.id], admin: true });
    assert.equal(fall.statusCode, 201, fall.body);
    assert.deepEqual([fall.json().start_at, fall.json().end_at], ['2027-10-30T23:00:00Z', '2027-10-31T03:00:00Z']);
    const listed = (await api(staff, 'GET', `/training-session?startDate=2027-10-31&endDate=2027-10-31&table_id=${tables[1]}`)).json().data;
    assert.deepEqual(
      listed.map((o: { start_at: string; end_at: string }) => [o.start_at, o.end_at]),
      [['2027-10-30T23:00:00Z', '2027-10-31T03:00:00Z']],
    );
    setNow('2027-03-22', '10:00');
    admin = await login(t.app, ADMIN);
  });
});

describe('a member booked by someone else', () => {
  /** Mails to `to` in the outbox, oldest first, once the notices queued so far went out. */
  async function mailsTo(to: string): Promise<{ subject: string; body: string; links: string[] }[]> {
    await jobsDone(t.database, BOOKING_NOTICE_JOB);
    // A cancel's or a leave's mails are queued in its own transaction (issue 38): their delivery jobs, too.
    await jobsDone(t.database, MAIL_JOB);
    return mailsDeliveredTo(t, to).map(({ subject, body, links }) => ({ subject, body, links }));
  }

  test('can always leave it, even inside their cancellation window: cancelled for both, their quota free again', async () => {
    // Monday 22 March 2027, 10:00. 'Standard soci': one shift a day, cancelling until 24 hours before the start.
    setNow('2027-03-22', '10:00');
    const [booker, victim, friend] = await createMembers(t.database, 3);
    const evening = await api(
      admin,
      'POST',
      '/training-session',
      session({ day: '2027-03-22', start_time: '18:00', end_time: '19:30', game_tables: [tables[2]] }),
    );
    const late = await api(
      admin,
      'POST',
      '/training-session',
      session({ day: '2027-03-22', start_time: '20:00', end_time: '21:30', game_tables: [tables[3]] }),
    );
    const [s1] = evening.json().data;
    const [s2] = late.json().data;
    const bookerCookie = await login(t.app, booker!);
    const victimCookie = await login(t.app, victim!);
    const forced = await api(bookerCookie, 'POST', `/training-session/${s1._id}/book`, { partnersId: [victim!.id] });
    assert.equal(forced.statusCode, 201, forced.body);

    // The victim's own shift that day is taken by the forced booking…
    const blocked = await api(victimCookie, 'POST', `/training-session/${s2._id}/book`, { partnersId: [friend!.id] });
    assert.deepEqual([blocked.statusCode, blocked.json().code], [409, 'DAILY_LIMIT_USER']);
    // …the booker cannot cancel it any more, but the victim, who did not make it, can leave it.
    const mine = (await api(victimCookie, 'GET', '/user/me/booked-sessions?filter=future')).json().data;
    assert.deepEqual([mine[0]._id, mine[0].booked_by_me, mine[0].booked_by?._id, mine[0].can_cancel], [forced.json()._id, false, booker!.id, true]);
    const bookers = (await api(bookerCookie, 'GET', '/user/me/booked-sessions?filter=future')).json().data;
    assert.deepEqual([bookers[0].booked_by_me, bookers[0].can_cancel], [true, false]);
    const cancel = await api(bookerCookie, 'PATCH', `/training-session/booking/${forced.json()._id}`);
    assert.deepEqual([cancel.statusCode, cancel.json().code], [409, 'BOOKING_CANCEL_TOO_LATE']);
    const left = await api(victimCookie, 'PATCH', `/training-session/booking/${forced.json()._id}`);
    assert.deepEqual(left.json(), { status: 'success', booking_id: forced.json()._id });

    // Cancelled for both (a member books with one partner), the occurrence free, the victim's day free again.
    assert.equal((await api(bookerCookie, 'GET', '/user/me/booked-sessions?filter=future')).json().data.length, 0);
    assert.equal((await api(victimCookie, 'GET', '/user/me/booked-sessions?filter=future')).json().data.length, 0);
    const free = await api(victimCookie, 'GET', `/training-session/${s1._id}/participants`);
    assert.deepEqual(free.json(), { data: [], booking_id: null });
    const own = await api(victimCookie, 'POST', `/training-session/${s2._id}/book`, { partnersId: [friend!.id] });
    assert.equal(own.statusCode, 201, own.body);
  });

  test('is told by mail, and the booker is told when they leave; the staff see who books others into shifts they leave', async () => {
    setNow('2027-03-22', '10:00');
    const [booker, victim, other] = await createMembers(t.database, 3);
    const created = await api(
      admin,
      'POST',
      '/training-session',
      session({ day: '2027-03-24', start_time: '18:00', end_time: '19:30', game_tables: [tables[2]] }),
    );
    const [s] = created.json().data;
    const bookerCookie = await login(t.app, booker!);
    const booked = await api(bookerCookie, 'POST', `/training-session/${s._id}/book`, { partnersId: [victim!.id] });
    assert.equal(booked.statusCode, 201, booked.body);
    const [notice, ...more] = await mailsTo(victim!.email);
    assert.equal(more.length, 0);
    assert.equal(notice!.subject, 'Sei stato prenotato a un turno: Turno di prova del 24/03/2027');
    const bookerName = rowsOf<{ n: string }>(
      await t.database.db.execute(sql`select name || ' ' || surname as n from users where id = ${booker!.id}`),
    )[0]!.n;
    assert.match(notice!.body, new RegExp(`^${bookerName} ti ha prenotato`, 'm'));
    assert.match(
      notice!.body,
      /ti ha prenotato come compagno al turno "Turno di prova" di mercoledì 24\/03\/2027, dalle 18:00 alle 19:30, Tavolo 253/,
    );
    assert.match(notice!.body, /Le mie prenotazioni/);
    assert.deepEqual(notice!.links, [`${t.config.publicUrl}/user/bookings`]);
    assert.deepEqual(await mailsTo(booker!.email), [], 'the booker is not told of their own booking');

    const left = await api(await login(t.app, victim!), 'PATCH', `/training-session/${s._id}/book`, { date: '2027-03-24' });
    assert.equal(left.statusCode, 200, left.body);
    const [gone] = await mailsTo(booker!.email);
    assert.equal(gone!.subject, 'Prenotazione annullata: Turno di prova del 24/03/2027');
    assert.match(gone!.body, /ha lasciato la prenotazione del turno "Turno di prova" di mercoledì 24\/03\/2027/);

    // The users page counts, per member, the bookings they made that a partner left.
    const surname = async (id: string) =>
      rowsOf<{ surname: string }>(await t.database.db.execute(sql`select surname from users where id = ${id}`))[0]!.surname;
    const row = async (id: string) => (await api(admin, 'GET', `/user?q=${await surname(id)}`)).json().data[0];
    assert.equal((await row(booker!.id)).partner_left_bookings, 1);
    assert.equal((await row(victim!.id)).partner_left_bookings, 0);
    assert.equal((await row(other!.id)).partner_left_bookings, 0);
    const audit = rowsOf<{ left: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as left from booking_participants where booking_id = ${booked.json()._id} and left_at is not null and user_id = ${victim!.id}`,
      ),
    );
    assert.deepEqual(audit, [{ left: 1 }]);
  });

  test('in a booking the staff made, the one who leaves is taken off it and the others keep it; after its end nobody leaves', async () => {
    setNow('2027-03-22', '10:00');
    const users = await createMembers(t.database, 3);
    const created = await api(
      admin,
      'POST',
      '/training-session',
      session({ day: '2027-03-25', start_time: '18:00', end_time: '19:30', game_tables: [tables[3]] }),
    );
    const [s] = created.json().data;
    const booked = await api(admin, 'POST', `/training-session/${s._id}/book`, { partnersId: users.map((u) => u.id), admin: true });
    assert.equal(booked.statusCode, 201, booked.body);
    const leaver = await login(t.app, users[0]!);
    const left = await api(leaver, 'PATCH', `/training-session/booking/${booked.json()._id}`);
    assert.equal(left.statusCode, 200, left.body);
    const still = (await api(admin, 'GET', `/training-session/${s._id}/participants`)).json();
    assert.equal(still.booking_id, booked.json()._id);
    assert.deepEqual(still.data.map((p: { _id: string }) => p._id).sort(), [users[1]!.id, users[2]!.id].sort());
    assert.equal((await api(leaver, 'GET', '/user/me/booked-sessions?filter=future')).json().data.length, 0);
    const listed = (await api(admin, 'GET', `/training-session?startDate=2027-03-25&endDate=2027-03-25&table_id=${tables[3]}`)).json().data;
    assert.equal(listed[0].participants.length, 2);

    setNow('2027-03-25', '20:00');
    const after = await api(await login(t.app, users[1]!), 'PATCH', `/training-session/booking/${booked.json()._id}`);
    assert.deepEqual([after.statusCode, after.json().code], [409, 'BOOKING_ENDED']);
    setNow('2027-03-22', '10:00');
    admin = await login(t.app, ADMIN);
  });
});
