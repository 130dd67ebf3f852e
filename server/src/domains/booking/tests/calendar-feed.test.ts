/**
 * Issue 27, the personal calendar feed: the address (create, show again, regenerate, turn off), the feed as a calendar
 * app fetches it (no cookie, parsed by an iCalendar parser: the club's time zone, a stable UID, the partners in the
 * summary, a cancelled booking kept 7 days as CANCELLED then gone), ETag/304, 404 for an unknown or replaced token,
 * the rate limit, a game table's feed for the bookings staff, and who may call what (401/403).
 * PGlite by default, PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import ICAL from 'ical.js';
import { CALENDAR_FEED_RATE } from 'shared-api/contract';
import { ADMIN, type TestApp, build, call, login } from '../../../testing/helper';
import { type TestMember, createMembers, createSession, qualificationIds, stopClockAt } from './support';

let t: TestApp;
let admin: string;
let table: string;
let sessionId: string;
let a: TestMember;
let b: TestMember;
let aCookie: string;

const api = (cookie: string | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  call(t.app, cookie, method, `/api/v1${url}`, body);

/** Fetches a feed address as a calendar app does: no cookie, the path of the address. */
const fetchFeed = (url: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url: new URL(url).pathname, headers, remoteAddress });

interface ParsedEvent {
  uid: string;
  summary: string;
  location: string;
  status: string | null;
  start: Date;
  startLocal: string;
  timezone: string | null;
}

/** The feed through ical.js, its time zones registered as a calendar app would. */
function parseFeed(text: string): { timezones: string[]; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const timezones = calendar.getAllSubcomponents('vtimezone').map((tz) => {
    ICAL.TimezoneService.register(tz);
    return String(tz.getFirstPropertyValue('tzid'));
  });
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      status: (component.getFirstPropertyValue('status') as string | null) ?? null,
      start: event.startDate.toJSDate(),
      startLocal: event.startDate.toString(),
      timezone: (component.getFirstProperty('dtstart')?.getParameter('tzid') as string | undefined) ?? null,
    };
  });
  return { timezones, events };
}

before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
  const quals = await qualificationIds(t.database, ['Agonista', 'Amatore', 'Allievo corso']);
  const created = await api(admin, 'POST', '/training-session/game-tables', { number: 271, description: 'Tavolo del calendario' });
  assert.equal(created.statusCode, 201, created.body);
  table = created.json()._id;
  stopClockAt(t.clock, '2027-03-22', '10:00');
  admin = await login(t.app, ADMIN);
  [a, b] = (await createMembers(t.database, 2, { label: 'feed' })) as [TestMember, TestMember];
  aCookie = await login(t.app, a);
  ({ _id: sessionId } = await createSession(t.app, admin, {
    title: 'Allenamento serale',
    day: '2027-03-24',
    start_time: '18:00',
    end_time: '19:30',
    participant_qualifications: quals,
    game_tables: [table],
  }));
});
after(async () => {
  await t.close();
});

describe('the member’s address', () => {
  test('off at first; POST makes it, GET shows the same; a booking made afterwards is in the feed, in Europe/Rome', async () => {
    assert.deepEqual((await api(aCookie, 'GET', '/user/me/calendar-feed')).json(), { url: null });
    const made = await api(aCookie, 'POST', '/user/me/calendar-feed');
    assert.equal(made.statusCode, 200, made.body);
    const { url } = made.json<{ url: string }>();
    assert.match(url, /^http:\/\/portale\.test\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    assert.deepEqual((await api(aCookie, 'GET', '/user/me/calendar-feed')).json(), { url });

    const empty = await fetchFeed(url);
    assert.equal(empty.statusCode, 200, empty.body);
    assert.match(String(empty.headers['content-type']), /^text\/calendar/);
    assert.deepEqual(parseFeed(empty.body).events, []);

    const booked = await api(aCookie, 'POST', `/training-session/${sessionId}/book`, { partnersId: [b.id], date: '2027-03-24' });
    assert.equal(booked.statusCode, 201, booked.body);
    const feed = parseFeed((await fetchFeed(url)).body);
    assert.deepEqual(feed.timezones, ['Europe/Rome']);
    assert.equal(feed.events.length, 1);
    const [event] = feed.events as [ParsedEvent];
    assert.equal(event.timezone, 'Europe/Rome');
    assert.equal(event.startLocal, '2027-03-24T18:00:00');
    assert.equal(event.start.toISOString(), '2027-03-24T17:00:00.000Z');
    // The member's own feed names the partner only.
    assert.match(event.summary, /^Allenamento serale, Tavolo 271 con Nome1 feed\S+$/);
    assert.equal(event.location, t.config.clubName);
    assert.equal(event.status, 'CONFIRMED');
    assert.equal(event.uid, `prenotazione-${booked.json()._id}-2027-03-24@portale.test`);
  });

  test('ETag and If-None-Match: 304 while nothing changed, 200 with a new ETag after a change', async () => {
    const { url } = (await api(aCookie, 'GET', '/user/me/calendar-feed')).json<{ url: string }>();
    const first = await fetchFeed(url);
    const etag = String(first.headers.etag);
    assert.ok(etag.startsWith('"'), etag);
    const again = await fetchFeed(url, { 'if-none-match': etag });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');

    // A cancelled booking stays 7 days as CANCELLED (same UID), then it is gone.
    const cancelled = await api(aCookie, 'PATCH', `/training-session/${sessionId}/book`, { date: '2027-03-24' });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    const changed = await fetchFeed(url, { 'if-none-match': etag });
    assert.equal(changed.statusCode, 200);
    assert.notEqual(changed.headers.etag, etag);
    const [event] = parseFeed(changed.body).events;
    assert.equal(event?.status, 'CANCELLED');
    assert.equal(event?.uid, parseFeed(first.body).events[0]?.uid);

    t.clock.advance(6 * 24 * 3600_000);
    assert.equal(parseFeed((await fetchFeed(url)).body).events.length, 1, 'six days after the cancel');
    t.clock.advance(2 * 24 * 3600_000);
    assert.deepEqual(parseFeed((await fetchFeed(url)).body).events, [], 'eight days after the cancel');
    stopClockAt(t.clock, '2027-03-22', '10:00');
  });

  test('regenerating makes the old address answer 404 at once; turning it off too', async () => {
    const { url: old } = (await api(aCookie, 'GET', '/user/me/calendar-feed')).json<{ url: string }>();
    const { url: fresh } = (await api(aCookie, 'POST', '/user/me/calendar-feed')).json<{ url: string }>();
    assert.notEqual(fresh, old);
    const gone = await fetchFeed(old);
    assert.equal(gone.statusCode, 404);
    assert.equal(gone.json().code, 'CALENDAR_FEED_NOT_FOUND');
    assert.equal((await fetchFeed(fresh)).statusCode, 200);
    assert.equal((await fetchFeed('http://portale.test/calendar/non-un-token.ics')).statusCode, 404);

    assert.deepEqual((await api(aCookie, 'DELETE', '/user/me/calendar-feed')).json(), { url: null });
    assert.equal((await fetchFeed(fresh)).statusCode, 404);
    assert.deepEqual((await api(aCookie, 'GET', '/user/me/calendar-feed')).json(), { url: null });
  });

  test('the address is rate limited: past the window’s fetches 429 with Retry-After, served again in the next window', async () => {
    const { url } = (await api(aCookie, 'POST', '/user/me/calendar-feed')).json<{ url: string }>();
    for (let i = 0; i < CALENDAR_FEED_RATE.max; i++) assert.equal((await fetchFeed(url)).statusCode, 200, `fetch ${i + 1}`);
    const limited = await fetchFeed(url);
    assert.equal(limited.statusCode, 429);
    assert.equal(limited.json().code, 'CALENDAR_FEED_RATE_LIMITED');
    assert.equal(limited.headers['retry-after'], String(CALENDAR_FEED_RATE.windowMinutes * 60));
    t.clock.advance(CALENDAR_FEED_RATE.windowMinutes * 60_000 + 1000);
    assert.equal((await fetchFeed(url)).statusCode, 200);
    stopClockAt(t.clock, '2027-03-22', '10:00');
  });

  test('the limit holds per client address: one holder of a leaked address does not lock the owner out (issue 39)', async () => {
    const { url } = (await api(aCookie, 'POST', '/user/me/calendar-feed')).json<{ url: string }>();
    for (let i = 0; i <= CALENDAR_FEED_RATE.max + 5; i++) await fetchFeed(url, {}, '203.0.113.9');
    assert.equal((await fetchFeed(url, {}, '203.0.113.9')).statusCode, 429, 'the leaked address’s holder is limited');
    assert.equal((await fetchFeed(url, {}, '198.51.100.7')).statusCode, 200, 'the owner’s phone is served');
    // In all, a feed serves perFeed fetches a window, from however many addresses.
    let served = 1 + CALENDAR_FEED_RATE.max;
    for (let client = 0; served < CALENDAR_FEED_RATE.perFeed; client++) {
      for (let i = 0; i < CALENDAR_FEED_RATE.max && served < CALENDAR_FEED_RATE.perFeed; i++, served++) {
        assert.equal((await fetchFeed(url, { 'if-none-match': 'x' }, `192.0.2.${client}`)).statusCode, 200);
      }
    }
    assert.equal((await fetchFeed(url, {}, '198.51.100.8')).statusCode, 429, 'past the feed’s own limit');
    stopClockAt(t.clock, '2027-03-23', '10:00');
    assert.equal((await fetchFeed(url, {}, '198.51.100.7')).statusCode, 200, 'served again in the next window');
    stopClockAt(t.clock, '2027-03-22', '10:00');
  });

  test('a deactivated member’s address answers 404, and serves again once they are active (issue 39)', async () => {
    const { url } = (await api(aCookie, 'POST', '/user/me/calendar-feed')).json<{ url: string }>();
    assert.equal((await fetchFeed(url, {}, '198.51.100.20')).statusCode, 200);
    assert.equal((await api(admin, 'PATCH', `/user/${a.id}/deactivate`, {})).statusCode, 200);
    const gone = await fetchFeed(url, {}, '198.51.100.20');
    assert.equal(gone.statusCode, 404);
    assert.equal(gone.json().code, 'CALENDAR_FEED_NOT_FOUND');
    assert.equal((await api(admin, 'PATCH', `/user/${a.id}/activate`, {})).statusCode, 200);
    assert.equal((await fetchFeed(url, {}, '198.51.100.20')).statusCode, 200);
    aCookie = await login(t.app, a);
  });
});

describe('a game table’s address', () => {
  test('the bookings staff make one; it holds the table’s bookings with every participant', async () => {
    const made = await api(admin, 'POST', `/training-session/game-tables/${table}/calendar-feed`);
    assert.equal(made.statusCode, 200, made.body);
    const booked = await api(aCookie, 'POST', `/training-session/${sessionId}/book`, { partnersId: [b.id], date: '2027-03-24' });
    assert.equal(booked.statusCode, 201, booked.body);
    const events = parseFeed((await fetchFeed(made.json().url)).body).events.filter((e) => e.status === 'CONFIRMED');
    assert.equal(events.length, 1);
    // Whoever holds a table's address reads initials, not names (issue 39).
    assert.match(events[0]!.summary, /^Allenamento serale, Tavolo 271: N\. F\., N\. F\.$/);
    assert.deepEqual((await api(admin, 'GET', `/training-session/game-tables/${table}/calendar-feed`)).json(), made.json());
    const unknown = await api(admin, 'POST', '/training-session/game-tables/00000000-0000-4000-8000-000000000000/calendar-feed');
    assert.equal(unknown.statusCode, 404);
    assert.deepEqual((await api(admin, 'DELETE', `/training-session/game-tables/${table}/calendar-feed`)).json(), { url: null });
  });
});

describe('a game table’s address stops with its maker’s permission (issue 39)', () => {
  test('made by a member of a bookings staff category, it answers 404 once that category loses bookings_access', async () => {
    const category = await api(admin, 'POST', '/user/category', { name: 'Staff prenotazioni (feed)', permissions: ['bookings_access'] });
    assert.equal(category.statusCode, 201, category.body);
    const [staffMember] = await createMembers(t.database, 1, { label: 'feedstaff', category: 'Staff prenotazioni (feed)' });
    const staffCookie = await login(t.app, staffMember!);
    const made = await api(staffCookie, 'POST', `/training-session/game-tables/${table}/calendar-feed`);
    assert.equal(made.statusCode, 200, made.body);
    assert.equal((await fetchFeed(made.json().url, {}, '198.51.100.30')).statusCode, 200);
    const edited = await api(admin, 'PATCH', `/user/category/${category.json()._id}`, { name: 'Staff prenotazioni (feed)', permissions: [] });
    assert.equal(edited.statusCode, 200, edited.body);
    const gone = await fetchFeed(made.json().url, {}, '198.51.100.30');
    assert.equal(gone.statusCode, 404);
    assert.equal(gone.json().code, 'CALENDAR_FEED_NOT_FOUND');
  });
});

describe('who may call', () => {
  test('anonymous 401 on every call; a member 403 on a table’s address', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const mine = await api(null, method, '/user/me/calendar-feed');
      assert.equal(mine.statusCode, 401, `${method} mine`);
      assert.equal(mine.json().code, 'UNAUTHENTICATED');
      assert.equal((await api(null, method, `/training-session/game-tables/${table}/calendar-feed`)).statusCode, 401, `${method} table`);
      const member = await api(aCookie, method, `/training-session/game-tables/${table}/calendar-feed`);
      assert.equal(member.statusCode, 403, `${method} table as a member`);
      assert.equal(member.json().code, 'FORBIDDEN');
    }
  });
});
