/**
 * The booking statistics (GET /statistics/played-sessions and /statistics/free-sessions, their downloads and
 * summaries) on a month of March 2028 laid out here, far from the demo club's sessions: a shift counts as played
 * only once it has ended with a booking not cancelled; sessions flagged session_not_considered_for_stats count
 * nowhere; an occurrence is offered when open to booking (or booked), and a deleted one is not.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ADMIN, MEMBER, type TestApp, build, call, login } from '../../../testing/helper';
import { type TestMember, bookAsStaff, createMembers, createSession, qualificationIds, romeInstant } from './support';

let t: TestApp;
let admin: string;
let quals: string[];
/** Tables 301 (A) and 302 (B). */
let tableA: string;
let tableB: string;
/** m1, m2, m3: members with a certificate, surnames stat…x0, x1, x2. */
let members: TestMember[];

const PERIOD = 'startDate=2028-03-01&endDate=2028-03-31';

const setNow = async (date: string, time: string) => {
  t.clock.freeze();
  t.clock.advance(romeInstant(date, time).getTime() - t.clock.now().getTime());
  admin = await login(t.app, ADMIN);
};

const api = (cookie: string | null, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
  call(t.app, cookie, method, `/api/v1${url}`, body);

const session = (fields: Record<string, unknown>) => createSession(t.app, admin, { participant_qualifications: quals, ...fields });
const book = (sessionId: string, date: string, who: TestMember[]) => bookAsStaff(t.app, admin, sessionId, date, who);

interface PlayedRow {
  _id: string;
  surname: string;
  category: string | null;
  shifts_played: number;
  minutes_played: number;
  hours_played: number;
}

/** { surname: [shifts, hours] } of a played-sessions answer. */
const byMember = (rows: PlayedRow[]) => Object.fromEntries(rows.map((r) => [r.surname, [r.shifts_played, r.hours_played]]));
const surnameOf = (i: number) => members[i]!.email.split('@')[0]!.replace(/^stat\.(\w+)\.(\d+)$/, 'stat$1x$2');

before(async () => {
  t = await build();
  quals = await qualificationIds(t.database, ['Agonista', 'Amatore', 'Allievo corso']);
  await setNow('2028-03-06', '10:00');
  members = await createMembers(t.database, 3, { label: 'stat' });
  const tables: string[] = [];
  for (const number of [301, 302]) {
    const res = await api(admin, 'POST', '/training-session/game-tables', { number, description: `Sala statistiche ${number}` });
    assert.equal(res.statusCode, 201, res.body);
    tables.push(res.json()._id);
  }
  [tableA, tableB] = tables as [string, string];
  const [m1, m2, m3] = members as [TestMember, TestMember, TestMember];

  // Table A: Tuesday 18:00–19:30 booked by m1 and m2 (played); Tuesday 19:30–20:30 booked by m1 and m3, then
  // cancelled; Friday 18:00–19:00 booked by m1 and m2 (after the moments the tests look from); Saturday, not bookable.
  const tue1 = await session({ title: 'Serale', day: '2028-03-07', start_time: '18:00', end_time: '19:30', game_tables: [tableA] });
  await book(tue1._id, '2028-03-07', [m1, m2]);
  const tue2 = await session({ title: 'Serale', day: '2028-03-07', start_time: '19:30', end_time: '20:30', game_tables: [tableA] });
  await book(tue2._id, '2028-03-07', [m1, m3]);
  const cancelled = await api(admin, 'PATCH', `/training-session/${tue2._id}/book`, { date: '2028-03-07' });
  assert.equal(cancelled.statusCode, 200, cancelled.body);
  const fri = await session({ title: 'Serale', day: '2028-03-10', start_time: '18:00', end_time: '19:00', game_tables: [tableA] });
  await book(fri._id, '2028-03-10', [m1, m2]);
  await session({ title: 'Torneo', day: '2028-03-11', start_time: '10:00', end_time: '12:00', game_tables: [tableA], is_booking_allowed: false });

  // Table B: a lesson outside the statistics, booked by m1 and m2; a group on Mondays and Thursdays 20:00–21:00
  // for the month, its Thursday 9 March booked by m2 and m3, its Monday 13 March deleted.
  const lesson = await session({
    title: 'Lezione',
    day: '2028-03-08',
    start_time: '18:00',
    end_time: '19:00',
    game_tables: [tableB],
    session_not_considered_for_stats: true,
  });
  await book(lesson._id, '2028-03-08', [m1, m2]);
  const group = await session({
    title: 'Gruppo',
    start_time: '20:00',
    end_time: '21:00',
    game_tables: [tableB],
    recurring_days: ['1', '4'],
    start_date: '2028-03-06',
    end_date: '2028-03-31',
  });
  await book(group._id, '2028-03-09', [m2, m3]);
  const deleted = await api(admin, 'POST', `/training-session/group/${group.virtualGroupId}/exception`, {
    session_id: group._id,
    date: '2028-03-13',
    deleted: true,
  });
  assert.equal(deleted.statusCode, 201, deleted.body);
});
after(async () => {
  await t.close();
});

describe('played sessions', () => {
  test('only ended occurrences with a booking not cancelled count, flagged sessions never', async () => {
    // Thursday 20:30: the Tuesday shifts are over, the group's Thursday is still running, Friday is ahead.
    await setNow('2028-03-09', '20:30');
    const res = await api(admin, 'GET', `/statistics/played-sessions?${PERIOD}`);
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json<{ data: PlayedRow[]; meta: { totalItems: number } }>();
    // m1: Tuesday 18:00 only (the 19:30 was cancelled, the lesson is outside the statistics, Friday is to come).
    assert.deepEqual(byMember(body.data), { [surnameOf(0)]: [1, 1.5], [surnameOf(1)]: [1, 1.5] });
    assert.equal(body.data[0]!.category, 'Soci');
    assert.equal(body.meta.totalItems, 2);

    const summary = await api(admin, 'GET', `/statistics/played-sessions/summary?${PERIOD}`);
    assert.deepEqual(summary.json(), { members: 2, shifts_played: 1, minutes_played: 90, hours_played: 1.5 });
  });

  test('a shift is played from its end on; totals count each occurrence once whatever its participants', async () => {
    await setNow('2028-03-09', '21:00');
    const rows = (await api(admin, 'GET', `/statistics/played-sessions?${PERIOD}`)).json().data as PlayedRow[];
    assert.deepEqual(byMember(rows), { [surnameOf(0)]: [1, 1.5], [surnameOf(1)]: [2, 2.5], [surnameOf(2)]: [1, 1] });
    assert.deepEqual((await api(admin, 'GET', `/statistics/played-sessions/summary?${PERIOD}`)).json(), {
      members: 3,
      shifts_played: 2,
      minutes_played: 150,
      hours_played: 2.5,
    });
    // Saturday: Friday's shift is over too.
    await setNow('2028-03-11', '09:00');
    const later = (await api(admin, 'GET', `/statistics/played-sessions?${PERIOD}`)).json().data as PlayedRow[];
    assert.deepEqual(byMember(later), { [surnameOf(0)]: [2, 2.5], [surnameOf(1)]: [3, 3.5], [surnameOf(2)]: [1, 1] });
  });

  test('the table and the period filter; search, sort and pages run in the database', async () => {
    await setNow('2028-03-11', '09:00');
    const onB = (await api(admin, 'GET', `/statistics/played-sessions?${PERIOD}&table=${tableB}`)).json().data as PlayedRow[];
    assert.deepEqual(byMember(onB), { [surnameOf(1)]: [1, 1], [surnameOf(2)]: [1, 1] });
    const tuesday = (await api(admin, 'GET', '/statistics/played-sessions?startDate=2028-03-07&endDate=2028-03-07')).json().data as PlayedRow[];
    assert.deepEqual(byMember(tuesday), { [surnameOf(0)]: [1, 1.5], [surnameOf(1)]: [1, 1.5] });

    const most = (await api(admin, 'GET', `/statistics/played-sessions?${PERIOD}&sortBy=shifts_played&order=desc`)).json().data as PlayedRow[];
    assert.deepEqual(
      most.map((r) => r.surname),
      [surnameOf(1), surnameOf(0), surnameOf(2)],
    );
    const page2 = (await api(admin, 'GET', `/statistics/played-sessions?${PERIOD}&limit=2&page=2`)).json();
    assert.deepEqual(page2.meta, { totalItems: 3, totalPages: 2, currentPage: 2, itemsPerPage: 2 });
    assert.deepEqual(
      page2.data.map((r: PlayedRow) => r.surname),
      [surnameOf(2)],
    );
    const found = (await api(admin, 'GET', `/statistics/played-sessions?${PERIOD}&q=${surnameOf(2)}`)).json();
    assert.deepEqual(
      found.data.map((r: PlayedRow) => r.surname),
      [surnameOf(2)],
    );
    assert.equal(found.meta.totalItems, 1);
    // The summary is the period's, whatever the search.
    assert.equal((await api(admin, 'GET', `/statistics/played-sessions/summary?${PERIOD}&table=${tableB}`)).json().members, 2);
  });

  test('the download is the same query as CSV, XLSX and PDF, named after the period', async () => {
    await setNow('2028-03-11', '09:00');
    const csv = await api(admin, 'GET', `/statistics/played-sessions/export?format=csv&${PERIOD}&sortBy=shifts_played&order=desc`);
    assert.equal(csv.statusCode, 200, csv.body);
    assert.match(csv.headers['content-disposition'] as string, /filename="turni_giocati_2028-03-01_2028-03-31\.csv"/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    assert.deepEqual(lines, [
      'Cognome;Nome;Categoria;Turni giocati;Ore giocate',
      // A decimal comma is quoted: a reader whose list separator is ',' keeps it one cell.
      `${surnameOf(1)};Nome1;Soci;3;"3,5"`,
      `${surnameOf(0)};Nome0;Soci;2;"2,5"`,
      `${surnameOf(2)};Nome2;Soci;1;1`,
    ]);
    const xlsx = await api(admin, 'GET', `/statistics/played-sessions/export?format=xlsx&${PERIOD}&table=${tableB}`);
    assert.equal(xlsx.rawPayload.subarray(0, 2).toString(), 'PK');
    assert.match(xlsx.headers['content-disposition'] as string, /turni_giocati_2028-03-01_2028-03-31_tavolo_302\.xlsx/);
    const pdf = await api(admin, 'GET', `/statistics/played-sessions/export?format=pdf&${PERIOD}`);
    assert.equal(pdf.rawPayload.subarray(0, 5).toString(), '%PDF-');
  });
});

describe('free sessions', () => {
  interface FreeRow {
    game_table: { number: number };
    weekday: number;
    start_time: string;
    end_time: string;
    offered: number;
    booked: number;
    free: number;
    occupancy: number;
  }
  const slots = (rows: FreeRow[]) =>
    rows.map((r) => `${r.game_table.number} ${r.weekday} ${r.start_time}-${r.end_time} ${r.offered}/${r.booked}/${r.free} ${r.occupancy}`);

  test('per table, weekday and slot: offered (bookable or booked), booked, free; flagged and deleted occurrences left out', async () => {
    await setNow('2028-03-11', '09:00');
    const a = await api(admin, 'GET', `/statistics/free-sessions?${PERIOD}&table=${tableA}`);
    assert.equal(a.statusCode, 200, a.body);
    // Tuesday 19:30 is free again after the cancellation; Saturday's tournament is not open to booking.
    assert.deepEqual(slots(a.json().data), ['301 2 18:00-19:30 1/1/0 1', '301 2 19:30-20:30 1/0/1 0', '301 5 18:00-19:00 1/1/0 1']);
    assert.deepEqual((await api(admin, 'GET', `/statistics/free-sessions/summary?${PERIOD}&table=${tableA}`)).json(), {
      offered: 3,
      booked: 2,
      free: 1,
      occupancy: 0.6667,
    });

    // Table B: the lesson is outside the statistics; Mondays 6, 20, 27 (the 13th deleted), Thursdays 9, 16, 23, 30.
    const b = (await api(admin, 'GET', `/statistics/free-sessions?${PERIOD}&table=${tableB}`)).json();
    assert.deepEqual(slots(b.data), ['302 1 20:00-21:00 3/0/3 0', '302 4 20:00-21:00 4/1/3 0.25']);
    assert.deepEqual((await api(admin, 'GET', `/statistics/free-sessions/summary?${PERIOD}&table=${tableB}`)).json(), {
      offered: 7,
      booked: 1,
      free: 6,
      occupancy: 0.1429,
    });
  });

  test('sort, search (table, weekday name, time) and pages', async () => {
    await setNow('2028-03-11', '09:00');
    const mine = (q: string) => `/statistics/free-sessions?startDate=2028-03-06&endDate=2028-03-31&q=${encodeURIComponent(q)}`;
    const byFree = (await api(admin, 'GET', `${mine('Sala statistiche')}&sortBy=free&order=desc`)).json();
    assert.deepEqual(slots(byFree.data).slice(0, 2), ['302 1 20:00-21:00 3/0/3 0', '302 4 20:00-21:00 4/1/3 0.25']);
    assert.equal(byFree.meta.totalItems, 5);
    assert.deepEqual(slots((await api(admin, 'GET', mine('giovedì 302'))).json().data), ['302 4 20:00-21:00 4/1/3 0.25']);
    assert.deepEqual(slots((await api(admin, 'GET', mine('Tavolo 301 19:30'))).json().data), ['301 2 19:30-20:30 1/0/1 0']);
    const page = (await api(admin, 'GET', `${mine('Sala statistiche')}&sortBy=occupancy&order=desc&limit=2&page=1`)).json();
    assert.deepEqual(page.meta, { totalItems: 5, totalPages: 3, currentPage: 1, itemsPerPage: 2 });
    assert.deepEqual(slots(page.data), ['301 2 18:00-19:30 1/1/0 1', '301 5 18:00-19:00 1/1/0 1']);
  });

  test('the download names days and slots in Italian', async () => {
    const csv = await api(admin, 'GET', `/statistics/free-sessions/export?format=csv&${PERIOD}&table=${tableB}`);
    assert.equal(csv.statusCode, 200, csv.body);
    assert.match(csv.headers['content-disposition'] as string, /turni_liberi_2028-03-01_2028-03-31_tavolo_302\.csv/);
    assert.deepEqual(
      csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/),
      [
        'Tavolo;Giorno;Orario;Turni offerti;Prenotati;Liberi;Occupazione',
        'Tavolo 302;Lunedì;20:00 - 21:00;3;0;3;0%',
        'Tavolo 302;Giovedì;20:00 - 21:00;4;1;3;25%',
      ],
    );
    const pdf = await api(admin, 'GET', `/statistics/free-sessions/export?format=pdf&${PERIOD}`);
    assert.equal(pdf.rawPayload.subarray(0, 5).toString(), '%PDF-');
  });
});

describe("the demo club's history", () => {
  test('three past weeks: five shifts played by Luca, Francesca and Matteo; the cancelled booking and the lesson left out', async () => {
    const groups = (await api(admin, 'GET', '/training-session/group')).json().data as { title: string; start_date: string }[];
    const monday = groups.find((g) => g.title === 'Allenamento libero')!.start_date;
    const day = (n: number) => new Date(Date.parse(`${monday}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    const period = `startDate=${day(-21)}&endDate=${day(-1)}`;
    const rows = (await api(admin, 'GET', `/statistics/played-sessions?${period}`)).json().data as (PlayedRow & { name: string })[];
    assert.deepEqual(
      rows.map((r) => [`${r.name} ${r.surname}`, r.shifts_played, r.hours_played]),
      // By surname: Colombo, Ferrari, Romano.
      [
        ['Matteo Colombo', 4, 6],
        ['Luca Ferrari', 3, 4.5],
        ['Francesca Romano', 4, 6],
      ],
    );
    assert.deepEqual((await api(admin, 'GET', `/statistics/played-sessions/summary?${period}`)).json(), {
      members: 3,
      shifts_played: 5,
      minutes_played: 450,
      hours_played: 7.5,
    });
    // Twelve sessions on tables 1 and 2 (the lesson is outside the statistics), five of them booked.
    assert.deepEqual((await api(admin, 'GET', `/statistics/free-sessions/summary?${period}`)).json(), {
      offered: 12,
      booked: 5,
      free: 7,
      occupancy: 0.4167,
    });
  });
});

describe('access and inputs', () => {
  const paths = ['/statistics/played-sessions', '/statistics/free-sessions'].flatMap((p) => [p, `${p}/summary`, `${p}/export?format=csv&`]);
  const withPeriod = (p: string) => (p.endsWith('&') ? `${p}${PERIOD}` : `${p}?${PERIOD}`);

  test('a member without statistics_access gets 403, anonymous 401', async () => {
    const member = await login(t.app, MEMBER);
    for (const path of paths) {
      const refused = await api(member, 'GET', withPeriod(path));
      assert.deepEqual([refused.statusCode, refused.json().code], [403, 'FORBIDDEN'], path);
      assert.equal((await api(null, 'GET', withPeriod(path))).statusCode, 401, path);
    }
  });

  test('the period is required, in order and at most 400 days; the table an id', async () => {
    for (const [query, field] of [
      ['startDate=2028-03-01', 'endDate'],
      ['startDate=2028-03-31&endDate=2028-03-01', 'endDate'],
      ['startDate=2027-01-01&endDate=2028-03-01', 'endDate'],
      [`${PERIOD}&table=3`, 'table'],
      [`${PERIOD}&sortBy=email`, 'sortBy'],
    ] as const) {
      const res = await api(admin, 'GET', `/statistics/played-sessions?${query}`);
      assert.equal(res.statusCode, 400, query);
      assert.ok(res.json().code, query);
      assert.match(res.json().message, new RegExp(`^${field}`), query);
    }
    assert.match((await api(admin, 'GET', '/statistics/free-sessions/summary?startDate=2028-03-31&endDate=2028-03-01')).json().message, /precedere/);
  });
});
