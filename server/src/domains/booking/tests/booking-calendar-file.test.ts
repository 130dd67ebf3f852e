/**
 * Issue 41, one .ics writer: 'Aggiungi al calendario' on the home page downloads GET
 * /user/me/booked-sessions/{id}/calendar.ics, written by the feeds' writer with the club's name from the settings;
 * a participant gets it, anyone else 404 (as an unknown booking), anonymous 401.
 * PGlite by default, PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import ICAL from 'ical.js';
import { ADMIN, type TestApp, build, call, login } from '../../../testing/helper';
import { type TestMember, createMembers, createSession, qualificationIds, stopClockAt } from './support';

let t: TestApp;
let bookingId: string;
let a: TestMember;
let b: TestMember;
let c: TestMember;

const api = (cookie: string | null, url: string) => call(t.app, cookie, 'GET', `/api/v1${url}`);

before(async () => {
  t = await build();
  let admin = await login(t.app, ADMIN);
  const quals = await qualificationIds(t.database, ['Agonista', 'Amatore', 'Allievo corso']);
  const table = await call(t.app, admin, 'POST', '/api/v1/training-session/game-tables', { number: 272, description: 'Tavolo del file' });
  assert.equal(table.statusCode, 201, table.body);
  stopClockAt(t.clock, '2027-03-22', '10:00');
  admin = await login(t.app, ADMIN);
  [a, b, c] = (await createMembers(t.database, 3, { label: 'ics' })) as [TestMember, TestMember, TestMember];
  const { _id: sessionId } = await createSession(t.app, admin, {
    title: 'Allenamento serale',
    day: '2027-03-24',
    start_time: '18:00',
    end_time: '19:30',
    participant_qualifications: quals,
    game_tables: [table.json()._id],
  });
  const booked = await call(t.app, await login(t.app, a), 'POST', `/api/v1/training-session/${sessionId}/book`, {
    partnersId: [b.id],
    date: '2027-03-24',
  });
  assert.equal(booked.statusCode, 201, booked.body);
  bookingId = booked.json()._id;
});
after(async () => {
  await t.close();
});

test("a participant downloads the booking as an .ics file: the club's name and time zone, the partner named", async () => {
  const res = await api(await login(t.app, a), `/user/me/booked-sessions/${bookingId}/calendar.ics`);
  assert.equal(res.statusCode, 200, res.body);
  assert.match(String(res.headers['content-type']), /^text\/calendar/);
  assert.match(String(res.headers['content-disposition']), /^attachment; filename="prenotazione-2027-03-24\.ics"/);
  const calendar = new ICAL.Component(ICAL.parse(res.body));
  for (const tz of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  const events = calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
  assert.equal(events.length, 1);
  const [event] = events as [ICAL.Event];
  assert.equal(event.location, t.config.clubName);
  assert.match(event.summary, /^Allenamento serale, Tavolo 272 con Nome\d+ ics\S+$/);
  assert.equal(event.startDate.toJSDate().toISOString(), '2027-03-24T17:00:00.000Z');
  assert.equal(event.startDate.toString(), '2027-03-24T18:00:00');

  // The partner is on it too.
  assert.equal((await api(await login(t.app, b), `/user/me/booked-sessions/${bookingId}/calendar.ics`)).statusCode, 200);
});

test("another member's booking is not found, an unknown one neither; anonymous 401", async () => {
  const other = await api(await login(t.app, c), `/user/me/booked-sessions/${bookingId}/calendar.ics`);
  assert.equal(other.statusCode, 404, other.body);
  assert.equal(other.json().code, 'BOOKING_NOT_FOUND');
  const unknown = await api(await login(t.app, a), '/user/me/booked-sessions/00000000-0000-4000-8000-000000000000/calendar.ics');
  assert.equal(unknown.statusCode, 404);
  assert.equal((await api(null, `/user/me/booked-sessions/${bookingId}/calendar.ics`)).statusCode, 401);
});
