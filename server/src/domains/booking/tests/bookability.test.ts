/**
 * Issue 26: the member's search and calendar say, per occurrence, whether the member can book it and why not — the
 * booking engine's own checks read for the whole page in one statement (GET /training-session?bookability=true) —
 * and a session that has started is refused as started (SESSION_STARTED), not as outside the active week.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type TestApp, ADMIN, build, call, login } from '../../../testing/helper';
import { type TestMember, createMembers, qualificationIds, stopClockAt } from './support';

let t: TestApp;
let admin: string;
let allQuals: string[];
let agonista: string[];
/** Tables of this file (numbers 201–203, apart from the demo club's and the other files'). */
let tables: string[];

/** Fixes the app's clock at a club wall-clock time. */
const setNow = (date: string, time: string) => stopClockAt(t.clock, date, time);

const api = (cookie: string, method: 'GET' | 'POST', url: string, body?: unknown) => call(t.app, cookie, method, `/api/v1${url}`, body);

interface Listed {
  _id: string;
  title: string;
  specific_date: string;
  bookability?: { bookable: boolean; refusal: string | null; opens_at: string | null };
}

/** A single session on one of this file's tables, as the bookings staff create it. */
async function session(title: string, day: string, start: string, end: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await api(admin, 'POST', '/training-session', {
    title,
    day,
    start_time: start,
    end_time: end,
    participant_qualifications: allQuals,
    game_tables: [tables[0]],
    ...extra,
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json().data[0]._id;
}

/** The week's occurrences of this file's tables as `cookie` reads them with bookability, by title. */
async function week(cookie: string, query = 'bookability=true'): Promise<Map<string, Listed>> {
  const res = await api(cookie, 'GET', `/training-session?startDate=2027-02-15&endDate=2027-02-28&${query}`);
  assert.equal(res.statusCode, 200, res.body);
  const mine = (res.json().data as (Listed & { game_table: { number: number } })[]).filter((o) => o.game_table.number > 200);
  return new Map(mine.map((o) => [o.title, o]));
}

const shown = (o: Listed | undefined) => o?.bookability && [o.bookability.bookable, o.bookability.refusal, o.bookability.opens_at];

before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
  allQuals = await qualificationIds(t.database, ['Agonista', 'Amatore', 'Allievo corso']);
  agonista = await qualificationIds(t.database, ['Agonista']);
  tables = [];
  for (const number of [201, 202, 203]) {
    const res = await api(admin, 'POST', '/training-session/game-tables', { number, description: `Tavolo di prova ${number}` });
    assert.equal(res.statusCode, 201, res.body);
    tables.push(res.json()._id);
  }
  // Tuesday 16 February 2027, 10:00 in Rome. The members are Amatori: rule 'Standard soci', Monday to Sunday, three
  // shifts a week (two at Monday 09:00, one more at Thursday 09:00), one a day, quotas off two hours before the start.
  setNow('2027-02-16', '10:00');
  admin = await login(t.app, ADMIN);
  await session('Aperto', '2027-02-17', '18:00', '19:30');
  await session('Chiuso', '2027-02-17', '20:00', '21:00', { is_booking_allowed: false });
  await session('Concluso', '2027-02-16', '08:00', '09:00');
  await session('Iniziato', '2027-02-16', '09:30', '11:00');
  await session('Settimana prossima', '2027-02-22', '18:00', '19:30');
  await session('Solo agonisti', '2027-02-19', '20:00', '21:00', { participant_qualifications: agonista });
  await session('Giovedì', '2027-02-18', '18:00', '19:30');
  await session('Giovedì sovrapposto', '2027-02-18', '18:30', '19:30', { game_tables: [tables[1]] });
  await session('Giovedì sera', '2027-02-18', '20:00', '21:00');
  await session('Venerdì', '2027-02-19', '18:00', '19:30');
  await session('Sabato', '2027-02-20', '18:00', '19:30');
});
after(async () => {
  await t.close();
});

describe('bookability of each listed occurrence', () => {
  test("without bookability=true the list's answers are as before", async () => {
    const [member] = await createMembers(t.database, 1);
    const listed = await week(await login(t.app, member!), 'available=true');
    assert.ok(listed.size > 0);
    for (const o of listed.values()) assert.equal(o.bookability, undefined);
  });

  test('a member with a valid certificate: booking allowed, started, the week, qualifications; when the next week opens', async () => {
    const [member] = await createMembers(t.database, 1);
    const listed = await week(await login(t.app, member!));
    assert.deepEqual(shown(listed.get('Aperto')), [true, null, null]);
    assert.deepEqual(shown(listed.get('Chiuso')), [false, 'BOOKING_NOT_ALLOWED', null]);
    assert.deepEqual(shown(listed.get('Concluso')), [false, 'SESSION_STARTED', null]);
    assert.deepEqual(shown(listed.get('Iniziato')), [false, 'SESSION_STARTED', null]);
    assert.deepEqual(shown(listed.get('Solo agonisti')), [false, 'QUALIFICATION_MISSING_USER', null]);
    // Next week becomes the active one on Monday 22 at 00:00, and its first shifts unlock at 09:00 (08:00 UTC).
    assert.deepEqual(shown(listed.get('Settimana prossima')), [false, 'BOOKING_OUTSIDE_ACTIVE_WEEK', '2027-02-22T08:00:00.000Z']);
  });

  test('a member without a valid certificate sees it on every shift they could otherwise book', async () => {
    const [member] = await createMembers(t.database, 1, { certificateEnd: null });
    const listed = await week(await login(t.app, member!));
    assert.deepEqual(shown(listed.get('Aperto')), [false, 'MEDICAL_CERTIFICATE_INVALID_USER', null]);
    assert.deepEqual(shown(listed.get('Chiuso')), [false, 'BOOKING_NOT_ALLOWED', null]);
  });

  test('own bookings: already booked, overlap, the daily limit and the weekly quota, with when each lifts', async () => {
    const [member, partner, other] = await createMembers(t.database, 3);
    const cookie = await login(t.app, member!);
    const book = async (title: string, who: TestMember, by = cookie) => {
      const o = (await week(by)).get(title)!;
      const res = await api(by, 'POST', `/training-session/${o._id}/book`, { partnersId: [who.id], date: o.specific_date });
      assert.equal(res.statusCode, 201, res.body);
    };
    await book('Giovedì', partner!);
    await book('Venerdì', other!);
    const listed = await week(cookie);
    assert.deepEqual(shown(listed.get('Giovedì')), [false, 'SESSION_ALREADY_BOOKED', null]);
    assert.deepEqual(shown(listed.get('Giovedì sovrapposto')), [false, 'OVERLAPPING_BOOKING_USER', null]);
    // One a day: Thursday's 20:00 opens when the quotas stop applying, two hours before it (18:00 Rome, 17:00 UTC).
    assert.deepEqual(shown(listed.get('Giovedì sera')), [false, 'DAILY_LIMIT_USER', '2027-02-18T17:00:00.000Z']);
    // Two of the week's shifts used, two released so far: the third unlocks on Thursday at 09:00 (08:00 UTC).
    assert.deepEqual(shown(listed.get('Sabato')), [false, 'WEEKLY_LIMIT_USER', '2027-02-18T08:00:00.000Z']);
    // Wednesday's 18:00 comes first: the quotas stop applying two hours before it (16:00 Rome, 15:00 UTC).
    assert.deepEqual(shown(listed.get('Aperto')), [false, 'WEEKLY_LIMIT_USER', '2027-02-17T15:00:00.000Z']);
    // Thursday 09:00 passes: the third shift is free.
    setNow('2027-02-18', '09:00');
    assert.deepEqual(shown((await week(cookie)).get('Sabato')), [true, null, null]);
    setNow('2027-02-16', '10:00');
  });

  test('each refusal listed is the one booking answers, and a bookable occurrence books', async () => {
    const [member, partner] = await createMembers(t.database, 2);
    const cookie = await login(t.app, member!);
    const listed = await week(cookie);
    for (const o of listed.values()) {
      if (o.bookability!.bookable) continue;
      const res = await api(cookie, 'POST', `/training-session/${o._id}/book`, { partnersId: [partner!.id], date: o.specific_date });
      assert.equal(res.json().code, o.bookability!.refusal, `${o.title}: ${res.body}`);
    }
    const open = listed.get('Aperto')!;
    const booked = await api(cookie, 'POST', `/training-session/${open._id}/book`, { partnersId: [partner!.id], date: open.specific_date });
    assert.equal(booked.statusCode, 201, booked.body);
  });

  test("a started session is refused as started, with the contract's text", async () => {
    const [member, partner] = await createMembers(t.database, 2);
    const cookie = await login(t.app, member!);
    const started = (await week(cookie)).get('Iniziato')!;
    const res = await api(cookie, 'POST', `/training-session/${started._id}/book`, { partnersId: [partner!.id], date: started.specific_date });
    assert.equal(res.statusCode, 409);
    assert.equal(res.json().code, 'SESSION_STARTED');
    assert.match(res.json().message, /^Cannot book a session in the past: it started at 2027-02-16T08:30:00Z$/);
  });
});

describe('the partner picker', () => {
  test('says who can play: a valid medical certificate today; other pickers do not carry it', async () => {
    const [reader] = await createMembers(t.database, 1);
    const [withCertificate] = await createMembers(t.database, 1, { label: 'concertificato' });
    const [withoutCertificate] = await createMembers(t.database, 1, { label: 'senzacertificato', certificateEnd: null });
    const [expired] = await createMembers(t.database, 1, { label: 'scaduto', certificateEnd: '2027-02-15' });
    const cookie = await login(t.app, reader!);
    const res = await api(cookie, 'GET', '/user?limit=500&onlyAvailablePartners=true');
    assert.equal(res.statusCode, 200, res.body);
    const canPlay = new Map((res.json().data as { _id: string; can_play?: boolean }[]).map((u) => [u._id, u.can_play]));
    assert.equal(canPlay.get(withCertificate!.id), true);
    assert.equal(canPlay.get(withoutCertificate!.id), false);
    assert.equal(canPlay.get(expired!.id), false);
    assert.equal(canPlay.has(reader!.id), false, 'the caller is not their own partner');
    const reduced = await api(admin, 'GET', '/user?limit=500&reducedDetails=true');
    for (const u of reduced.json().data as { can_play?: boolean }[]) assert.equal(u.can_play, undefined);
  });
});
