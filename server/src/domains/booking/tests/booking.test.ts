import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../core/db/rows';
import { ADMIN, MEMBER, type TestApp, build, call, login } from '../../../testing/helper';
import { BookingRepository } from '../booking/repository';
import { type TestMember, createMembers, giveCertificates, qualificationIds, stopClockAt, userIdOf } from './support';

let t: TestApp;
let admin: string;
let allQuals: string[];
let agonista: string[];
/** The booking engine's table (number 106), where its daily group stands. */
let engineTable: string;
/** Tables of this file (numbers 101–104, apart from the demo club's 1–6). */
let tables: string[];

/** Fixes the app's clock at a club wall-clock time. */
const setNow = (date: string, time: string) => stopClockAt(t.clock, date, time);

const api = (cookie: string | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  call(t.app, cookie, method, `/api/v1${url}`, body);

async function pair(options: Parameters<typeof createMembers>[2] = {}): Promise<{ a: TestMember; b: TestMember; cookie: string }> {
  const [a, b] = await createMembers(t.database, 2, options);
  assert.ok(a && b);
  return { a, b, cookie: await login(t.app, a) };
}

async function single(overrides: Record<string, unknown> = {}): Promise<{ _id: string; specific_date: string }> {
  const res = await api(admin, 'POST', '/training-session', {
    title: 'Turno singolo',
    day: '2027-03-24',
    start_time: '18:00',
    end_time: '19:30',
    participant_qualifications: allQuals,
    game_tables: [tables[0]],
    ...overrides,
  });
  assert.equal(res.statusCode, 201, res.body);
  const [created] = res.json().data;
  assert.ok(created);
  return created;
}

before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
  allQuals = await qualificationIds(t.database, ['Agonista', 'Amatore', 'Allievo corso']);
  agonista = await qualificationIds(t.database, ['Agonista']);
  tables = [];
  for (const number of [101, 102, 103, 104]) {
    const res = await api(admin, 'POST', '/training-session/game-tables', { number, description: `Tavolo di prova ${number}` });
    assert.equal(res.statusCode, 201, res.body);
    tables.push(res.json()._id);
  }
  // Monday 22 March 2027, 10:00 in Rome: the week of the spring-forward Sunday (28 March).
  setNow('2027-03-22', '10:00');
  admin = await login(t.app, ADMIN);
});
after(async () => {
  await t.close();
});

describe('game tables', () => {
  test('a unique number, required fields, no deletion while sessions use a table', async () => {
    const taken = await api(admin, 'POST', '/training-session/game-tables', { number: 101, description: 'Doppione' });
    assert.equal(taken.statusCode, 409);
    assert.deepEqual(taken.json(), { code: 'GAME_TABLE_NUMBER_TAKEN', message: 'Esiste già un tavolo con questo numero' });
    const missing = await api(admin, 'POST', '/training-session/game-tables', { number: 7 });
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.json().message, 'description: Campo obbligatorio');
    const list = (await api(admin, 'GET', '/training-session/game-tables?limit=500')).json().data as { number: number }[];
    assert.deepEqual(
      list.map((g) => g.number),
      [1, 2, 3, 4, 5, 6, 101, 102, 103, 104],
    );
    const member = await login(t.app, (await createMembers(t.database, 1))[0]!);
    assert.equal((await api(member, 'GET', '/training-session/game-tables?limit=500')).statusCode, 200);
    assert.equal((await api(member, 'POST', '/training-session/game-tables', { number: 50, description: 'x' })).statusCode, 403);

    const extra = (await api(admin, 'POST', '/training-session/game-tables', { number: 105, description: 'Da eliminare' })).json();
    await single({ game_tables: [extra._id], day: '2027-05-03' });
    const inUse = await api(admin, 'DELETE', `/training-session/game-tables/${extra._id}`);
    assert.equal(inUse.statusCode, 409);
    assert.equal(inUse.json().code, 'GAME_TABLE_IN_USE');
    assert.equal(inUse.json().message, 'Impossibile eliminare il tavolo: è usato da 1 turno di allenamento.');
  });
});

describe('training sessions', () => {
  test('a recurring group on two tables is expanded for the range asked, one session per table', async () => {
    const created = await api(admin, 'POST', '/training-session', {
      title: 'Allenamento serale',
      start_time: '20:00',
      end_time: '21:30',
      duration: 90,
      participant_qualifications: allQuals,
      game_tables: [tables[2], tables[3]],
      recurring_days: ['2', '4'],
      start_date: '2027-03-01',
      end_date: '2027-06-30',
      color: '#112233',
    });
    assert.equal(created.statusCode, 201, created.body);
    const first = created.json().data as { isVirtual: boolean; virtualGroupId: string; specific_date: string; game_table: { number: number } }[];
    assert.deepEqual(
      first.map((o) => [o.specific_date, o.game_table.number, o.isVirtual]),
      [
        ['2027-03-02', 103, true],
        ['2027-03-02', 104, true],
      ],
    );
    const groupId = first[0]!.virtualGroupId;
    const april = (await api(admin, 'GET', `/training-session?startDate=2027-04-01&endDate=2027-04-30&table_id=${tables[2]}`)).json();
    assert.equal(april.status, 'success');
    // Tuesdays and Thursdays of April 2027: 6, 8, 13, 15, 20, 22, 27, 29 (and 1 April, a Thursday).
    assert.deepEqual(
      april.data.map((o: { specific_date: string }) => o.specific_date),
      ['2027-04-01', '2027-04-06', '2027-04-08', '2027-04-13', '2027-04-15', '2027-04-20', '2027-04-22', '2027-04-27', '2027-04-29'],
    );
    const o = april.data[0];
    assert.deepEqual(
      [o.start_time, o.end_time, o.duration, o.color, o.day, o.isVirtual, o.virtualGroupId, o.booking_id],
      ['20:00', '21:30', 90, '#112233', 4, true, groupId, null],
    );
    assert.deepEqual(o.group_week_days, [2, 4]);
    assert.deepEqual(o.recurring_days, ['2', '4']);
    assert.deepEqual(
      o.group_game_tables.map((g: { number: number }) => g.number),
      [103, 104],
    );
    assert.equal(o.start_at, '2027-04-01T18:00:00Z');
    const group = (await api(admin, 'GET', `/training-session/group/${groupId}`)).json();
    assert.equal(group.sessions.length, 2);
    assert.deepEqual([group.start_date, group.end_date, group.week_days], ['2027-03-01', '2027-06-30', [2, 4]]);
  });

  test("'+ TM' splits a range into sessions of the duration; its limits have the spec's messages", async () => {
    const base = {
      title: 'Turni brevi',
      start_time: '16:00',
      end_time: '18:00',
      participant_qualifications: allQuals,
      game_tables: [tables[3]],
      day: '2027-04-05',
    };
    const res = await api(admin, 'POST', '/training-session/group/session', { ...base, duration: 40, number_of_sessions: 3 });
    assert.equal(res.statusCode, 201, res.body);
    assert.deepEqual(
      res.json().data.map((o: { start_time: string; end_time: string }) => `${o.start_time}-${o.end_time}`),
      ['16:00-16:40', '16:40-17:20', '17:20-18:00'],
    );
    const tooMany = await api(admin, 'POST', '/training-session/group/session', { ...base, duration: 40, number_of_sessions: 4 });
    assert.deepEqual([tooMany.statusCode, tooMany.json().message], [400, 'number_of_sessions: Non è possibile questo numero di turni']);
    const tooLong = await api(admin, 'POST', '/training-session/group/session', { ...base, duration: 130, number_of_sessions: 1 });
    assert.equal(tooLong.json().message, 'duration: La durata non può essere maggiore di 120 minuti');
    const zero = await api(admin, 'POST', '/training-session/group/session', { ...base, duration: 0, number_of_sessions: 1 });
    assert.equal(zero.json().message, 'number_of_sessions: Non è possibile questo numero di turni');
  });

  test('bad input is refused with a clear message and nothing is saved', async () => {
    const count = async () =>
      (await api(admin, 'GET', '/training-session?startDate=2027-01-01&endDate=2027-12-31&limit=0')).json().meta.totalItems as number;
    const before = await count();
    const base = {
      title: 'X',
      day: '2027-04-07',
      start_time: '18:00',
      end_time: '19:00',
      participant_qualifications: allQuals,
      game_tables: [tables[0]],
    };
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ end_time: '17:00' }, 400, /^end_time: L'ora di fine deve essere successiva all'ora di inizio$/],
      [{ duration: 45 }, 400, /^duration: La durata deve corrispondere all'intervallo scelto \(60 minuti\)$/],
      [{ game_tables: [randomUUID()] }, 404, /^game_tables: Tavolo non trovato$/],
      [{ day: '1799-12-31' }, 400, /^day: Data non valida$/],
      [{ day: null, recurring_days: ['1'], start_date: '2027-04-10', end_date: '2027-04-01' }, 400, /^end_date: La data di fine non può precedere/],
      [{ day: null, recurring_days: ['1'], start_date: '2027-04-06', end_date: '2027-04-10' }, 400, /^recurring_days: Nessun giorno del periodo/],
      [{ title: '  ' }, 400, /^title: Campo obbligatorio$/],
      [{ participant_qualifications: [] }, 400, /^participant_qualifications: Campo obbligatorio$/],
    ];
    for (const [change, status, message] of cases) {
      const res = await api(admin, 'POST', '/training-session', { ...base, ...change });
      assert.equal(res.statusCode, status, `${JSON.stringify(change)} → ${res.body}`);
      assert.match(res.json().message, message);
    }
    assert.equal(await count(), before);
    const range = await api(admin, 'GET', '/training-session?startDate=2027-01-01&endDate=2029-01-01');
    assert.equal(range.statusCode, 400);
    assert.match(range.json().message, /Intervallo troppo ampio/);
  });

  test('edit and delete: one occurrence (exception) or the group from today on, keeping the past', async () => {
    setNow('2027-03-22', '10:00');
    const created = await api(admin, 'POST', '/training-session', {
      title: 'Gruppo da modificare',
      start_time: '17:00',
      end_time: '18:00',
      participant_qualifications: allQuals,
      game_tables: [tables[1]],
      recurring_days: ['1', '3', '5'],
      start_date: '2027-03-01',
      end_date: '2027-04-30',
    });
    assert.equal(created.statusCode, 201, created.body);
    const session = created.json().data[0] as { _id: string; virtualGroupId: string };
    const list = async (from: string, to: string) =>
      (await api(admin, 'GET', `/training-session?startDate=${from}&endDate=${to}&table_id=${tables[1]}&startTime=17:00&endTime=19:00`)).json()
        .data as {
        _id: string;
        specific_date: string;
        title: string;
        start_time: string;
        isVirtual: boolean;
        virtualGroupId: string;
      }[];

    // One occurrence: Wednesday 24 March moves to 17:30–18:30 with its own title.
    const one = await api(admin, 'PATCH', `/training-session/${session._id}`, {
      title: 'Solo questo',
      start_time: '17:30',
      end_time: '18:30',
      participant_qualifications: allQuals,
      game_tables: [tables[1]],
      editScope: 'single',
      occurrence_date: '2027-03-24',
      recurring_days: ['1', '3', '5'],
      start_date: '2027-03-01',
      end_date: '2027-04-30',
    });
    assert.equal(one.statusCode, 200, one.body);
    let week = await list('2027-03-22', '2027-03-28');
    assert.deepEqual(
      week.map((o) => [o.specific_date, o.title, o.start_time, o.isVirtual]),
      [
        ['2027-03-22', 'Gruppo da modificare', '17:00', true],
        ['2027-03-24', 'Solo questo', '17:30', false],
        ['2027-03-26', 'Gruppo da modificare', '17:00', true],
      ],
    );
    // One occurrence deleted: Friday 26 March; a date the group does not occur on is refused.
    assert.equal((await api(admin, 'DELETE', `/training-session/${session._id}?date=2027-03-26`)).statusCode, 204);
    const notOn = await api(admin, 'DELETE', `/training-session/${session._id}?date=2027-03-23`);
    assert.deepEqual([notOn.statusCode, notOn.json().code], [400, 'SESSION_NOT_ON_DATE']);
    week = await list('2027-03-22', '2027-03-28');
    assert.deepEqual(
      week.map((o) => o.specific_date),
      ['2027-03-22', '2027-03-24'],
    );

    // The group from today (22 March) on: 17:15, Mondays and Wednesdays only; the past (before 22 March) stays as it was.
    const group = await api(admin, 'PATCH', `/training-session/${session._id}`, {
      title: 'Gruppo modificato',
      start_time: '17:15',
      end_time: '18:15',
      participant_qualifications: allQuals,
      game_tables: [tables[1]],
      editScope: 'group',
      recurring_days: ['1', '3'],
      start_date: '2027-03-01',
      end_date: '2027-04-30',
    });
    assert.equal(group.statusCode, 200, group.body);
    const past = await list('2027-03-15', '2027-03-21');
    assert.deepEqual(
      past.map((o) => [o.specific_date, o.title, o.start_time]),
      [
        ['2027-03-15', 'Gruppo da modificare', '17:00'],
        ['2027-03-17', 'Gruppo da modificare', '17:00'],
        ['2027-03-19', 'Gruppo da modificare', '17:00'],
      ],
    );
    week = await list('2027-03-22', '2027-03-28');
    assert.deepEqual(
      week.map((o) => [o.specific_date, o.title, o.start_time]),
      [
        ['2027-03-22', 'Gruppo modificato', '17:15'],
        ['2027-03-24', 'Gruppo modificato', '17:15'],
      ],
    );
    const newGroup = week[0]!.virtualGroupId;
    assert.notEqual(newGroup, session.virtualGroupId);

    // Deleting the group from today on keeps the past.
    assert.equal((await api(admin, 'DELETE', `/training-session/group/${newGroup}`)).statusCode, 204);
    assert.equal((await api(admin, 'DELETE', `/training-session/group/${session.virtualGroupId}`)).statusCode, 204);
    assert.deepEqual(await list('2027-03-22', '2027-04-30'), []);
    assert.equal((await list('2027-03-15', '2027-03-21')).length, 3);
  });

  test('copy is a create from an existing session; an exception through the group endpoint', async () => {
    const original = await single({ title: 'Da copiare', day: '2027-04-12', color: '#abcdef' });
    const read = (await api(admin, 'GET', `/training-session/${original._id}`)).json();
    const copy = await api(admin, 'POST', '/training-session', {
      title: read.title,
      day: '2027-04-13',
      start_time: read.start_time,
      end_time: read.end_time,
      participant_qualifications: read.participant_qualifications,
      game_tables: [read.game_table._id],
      color: read.color,
    });
    assert.equal(copy.statusCode, 201, copy.body);
    assert.deepEqual(
      [copy.json().data[0].title, copy.json().data[0].color, copy.json().data[0].specific_date],
      ['Da copiare', '#abcdef', '2027-04-13'],
    );
    assert.notEqual(copy.json().data[0]._id, original._id);
  });
});

describe('listing occurrences page by page', () => {
  type Listed = {
    _id: string;
    specific_date: string;
    start_time: string;
    end_time: string;
    title: string;
    isVirtual: boolean;
    booking_id: string | null;
    game_table: { _id: string };
  };
  const key = (o: Listed) => `${o.specific_date} ${o.start_time} ${o._id}`;
  /** An administrator signed in at this test's clock. */
  let staff: string;
  const list = async (query: string) => {
    const res = await api(staff, 'GET', `/training-session?startDate=2028-01-01&endDate=2028-02-29&${query}`);
    assert.equal(res.statusCode, 200, res.body);
    return res.json<{ data: Listed[]; meta: { totalItems: number; totalPages: number } }>();
  };
  /** Every page of `query` at `limit`, one after the other, and the total each page gave. */
  const pages = async (query: string, limit: number) => {
    const rows: Listed[] = [];
    const totals = new Set<number>();
    for (let page = 1; ; page++) {
      const { data, meta } = await list(`${query}&limit=${limit}&page=${page}`);
      totals.add(meta.totalItems);
      if (!data.length) return { rows, totals: [...totals] };
      rows.push(...data);
    }
  };

  test('the pages put end to end are the whole list, with its total, whatever is deleted, moved, kept or filtered', async () => {
    setNow('2027-12-27', '10:00');
    staff = await login(t.app, ADMIN);
    const create = async (body: Record<string, unknown>) => {
      const res = await api(staff, 'POST', '/training-session', { participant_qualifications: allQuals, ...body });
      assert.equal(res.statusCode, 201, res.body);
      return res.json().data as { _id: string; virtualGroupId: string; game_table: { _id: string } }[];
    };
    const period = { start_date: '2028-01-03', end_date: '2028-02-27' };
    // Monday, Wednesday and Friday at 18:00 on two tables; every day at 17:00 on a third; single sessions on the fourth.
    const mwf = await create({
      title: 'Lun-mer-ven',
      start_time: '18:00',
      end_time: '19:00',
      game_tables: [tables[0], tables[1]],
      recurring_days: ['1', '3', '5'],
      ...period,
    });
    const daily = await create({
      title: 'Ogni giorno',
      start_time: '17:00',
      end_time: '18:00',
      game_tables: [tables[2]],
      recurring_days: ['0', '1', '2', '3', '4', '5', '6'],
      ...period,
    });
    for (const [day, start, end] of [
      ['2028-01-03', '16:00', '17:00'],
      ['2028-01-10', '21:00', '22:00'],
      ['2028-02-27', '18:00', '19:30'],
    ])
      await create({ title: 'Singolo', day, start_time: start, end_time: end, game_tables: [tables[3]] });
    const dailySession = daily[0]!._id;
    const mwfOnSecond = mwf.find((o) => o.game_table._id === tables[1])!;

    // Deleted: the daily session on 5 January. Moved after the 18:00 sessions: the daily one on 10 January.
    assert.equal((await api(staff, 'DELETE', `/training-session/${dailySession}?date=2028-01-05`)).statusCode, 204);
    const move = await api(staff, 'PATCH', `/training-session/${dailySession}`, {
      title: 'Spostato',
      start_time: '19:30',
      end_time: '20:30',
      participant_qualifications: allQuals,
      game_tables: [tables[2]],
      editScope: 'single',
      occurrence_date: '2028-01-10',
      recurring_days: ['0', '1', '2', '3', '4', '5', '6'],
      ...period,
    });
    assert.equal(move.statusCode, 200, move.body);
    // Kept: Friday 7 January booked on the second table, then the group becomes Tuesday and Thursday.
    const [player] = await createMembers(t.database, 1);
    const booked = await api(staff, 'POST', `/training-session/${mwfOnSecond._id}/book`, {
      partnersId: [player!.id],
      date: '2028-01-07',
      admin: true,
    });
    assert.equal(booked.statusCode, 201, booked.body);
    const regroup = await api(staff, 'PATCH', `/training-session/${mwfOnSecond._id}`, {
      title: 'Mar-gio',
      start_time: '18:00',
      end_time: '19:00',
      participant_qualifications: allQuals,
      game_tables: [tables[0], tables[1]],
      editScope: 'group',
      recurring_days: ['2', '4'],
      ...period,
    });
    assert.equal(regroup.statusCode, 200, regroup.body);
    // Booked and cancelled: a Tuesday of the new group is free again.
    const tuesday = (regroup.json().data as { _id: string; game_table: { _id: string } }[]).find((o) => o.game_table._id === tables[0])!;
    const second = await api(staff, 'POST', `/training-session/${tuesday._id}/book`, { partnersId: [player!.id], date: '2028-01-11', admin: true });
    assert.equal(second.statusCode, 201, second.body);
    assert.equal((await api(staff, 'PATCH', `/training-session/booking/${second.json()._id}`)).statusCode, 200);

    const whole = await list('limit=0');
    // 8 weeks: 16 Tuesdays and Thursdays on two tables, 56 days less one deleted, 3 single sessions, the kept Friday.
    assert.equal(whole.data.length, 32 + 55 + 3 + 1);
    assert.equal(whole.meta.totalItems, whole.data.length);
    const dates = whole.data.map((o) => o.specific_date);
    assert.deepEqual(dates, [...dates].sort());
    assert.ok(!whole.data.some((o) => o._id === dailySession && o.specific_date === '2028-01-05'));
    const kept = whole.data.filter((o) => o.specific_date === '2028-01-07' && o.booking_id);
    assert.deepEqual(
      kept.map((o) => [o.title, o.isVirtual, o.booking_id]),
      [['Lun-mer-ven', false, booked.json()._id]],
    );
    assert.deepEqual(
      whole.data.filter((o) => o.specific_date === '2028-01-10').map((o) => [o.start_time, o.title]),
      [
        ['19:30', 'Spostato'],
        ['21:00', 'Singolo'],
      ],
    );

    for (const limit of [1, 7, 16, 1000]) {
      const paged = await pages('', limit);
      assert.deepEqual(paged.rows.map(key), whole.data.map(key), `limit ${limit}`);
      assert.deepEqual(paged.totals, [whole.data.length], `limit ${limit}`);
    }
    // Filters: a table, booked or free, a time range; each paged as the whole filtered list is.
    const filters: [string, (o: Listed) => boolean][] = [
      [`table_id=${tables[1]}`, (o) => o.game_table._id === tables[1]],
      ['available=false', (o) => o.booking_id !== null],
      ['available=true', (o) => o.booking_id === null],
      [`table_id=${tables[1]}&available=false`, (o) => o.game_table._id === tables[1] && o.booking_id !== null],
      [`table_id=${tables[0]}&available=true`, (o) => o.game_table._id === tables[0] && o.booking_id === null],
      ['startTime=17:30&endTime=20:30', (o) => o.start_time >= '17:30' && o.end_time <= '20:30'],
    ];
    for (const [query, expected] of filters) {
      const filtered = await list(`${query}&limit=0`);
      assert.deepEqual(filtered.data.map(key), whole.data.filter(expected).map(key), query);
      for (const limit of [3, 10]) {
        const paged = await pages(query, limit);
        assert.deepEqual(paged.rows.map(key), filtered.data.map(key), `${query} limit ${limit}`);
        assert.deepEqual(paged.totals, [filtered.data.length], `${query} limit ${limit}`);
      }
    }
  });
});

describe('the booking engine', () => {
  let group: { _id: string; virtualGroupId: string };
  let agonistSession: { _id: string };
  let closedSession: { _id: string };

  before(async () => {
    setNow('2027-03-22', '10:00');
    // The group takes 18:00–19:30 every day of 2027: a table of its own, apart from the other tests' sessions (issue 44).
    const table = await api(admin, 'POST', '/training-session/game-tables', { number: 106, description: 'Tavolo del motore' });
    assert.equal(table.statusCode, 201, table.body);
    engineTable = table.json()._id;
    const res = await api(admin, 'POST', '/training-session', {
      title: 'Turno prenotabile',
      start_time: '18:00',
      end_time: '19:30',
      participant_qualifications: allQuals,
      game_tables: [engineTable],
      recurring_days: ['0', '1', '2', '3', '4', '5', '6'],
      start_date: '2027-03-01',
      end_date: '2027-12-31',
    });
    assert.equal(res.statusCode, 201, res.body);
    group = res.json().data[0];
    agonistSession = await single({
      title: 'Solo agonisti',
      day: '2027-03-25',
      start_time: '21:00',
      end_time: '22:00',
      participant_qualifications: agonista,
      game_tables: [engineTable],
    });
    closedSession = await single({
      title: 'Chiuso',
      day: '2027-03-25',
      start_time: '16:00',
      end_time: '17:00',
      is_booking_allowed: false,
      game_tables: [engineTable],
    });
  });

  test('a member books with a partner: both take part, the occurrence is no longer available, the exception pins it', async () => {
    setNow('2027-03-22', '10:00');
    const { a, b, cookie } = await pair({ qualifications: ['Amatore'] });
    const res = await api(cookie, 'POST', `/training-session/${group._id}/book`, { partnersId: [b.id], date: '2027-03-23' });
    assert.equal(res.statusCode, 201, res.body);
    const booked = res.json();
    assert.deepEqual(booked.participants.map((p: { _id: string }) => p._id).sort(), [a.id, b.id].sort());
    assert.deepEqual([booked.date, booked.start_at, booked.end_at], ['2027-03-23', '2027-03-23T17:00:00Z', '2027-03-23T18:30:00Z']);
    // Participants carry their qualification's colour (Amatore).
    assert.equal(booked.participants[0].color, '#1976d2');

    const day = (await api(cookie, 'GET', `/training-session?startDate=2027-03-23&endDate=2027-03-23&table_id=${engineTable}`)).json().data;
    assert.equal(day.length, 1);
    assert.deepEqual([day[0].booking_id, day[0].isVirtual, day[0].participants.length], [booked._id, false, 2]);
    assert.equal(
      (await api(cookie, 'GET', `/training-session?startDate=2027-03-23&endDate=2027-03-23&table_id=${engineTable}&available=true`)).json().data
        .length,
      0,
    );
    assert.equal(
      (await api(cookie, 'GET', `/training-session?startDate=2027-03-23&endDate=2027-03-23&table_id=${engineTable}&available=false`)).json().data
        .length,
      1,
    );
    const participants = (await api(cookie, 'GET', `/training-session/${group._id}/participants?date=2027-03-23`)).json();
    assert.equal(participants.booking_id, booked._id);

    const other = await pair();
    const again = await api(other.cookie, 'POST', `/training-session/${group._id}/book`, { partnersId: [other.b.id], date: '2027-03-23' });
    assert.deepEqual([again.statusCode, again.json().code], [409, 'SESSION_ALREADY_BOOKED']);
    assert.match(again.json().message, /already booked/);

    const mine = (await api(await login(t.app, b), 'GET', '/user/me/booked-sessions?filter=future')).json().data;
    assert.equal(mine.length, 1);
    assert.deepEqual(
      [
        mine[0]._id,
        mine[0].trainingSession.title,
        mine[0].trainingSession.start_time,
        mine[0].trainingSession.end_time,
        mine[0].session_date,
        mine[0].game_table.number,
        mine[0].pastPrenotation,
      ],
      [booked._id, 'Turno prenotabile', '18:00', '19:30', '2027-03-23', 106, false],
    );
  });

  test('the calendar lists participants by surname with the names and colours the registry holds now, whatever changed them', async () => {
    setNow('2027-03-22', '10:00');
    const session = await single({ title: 'Nomi', day: '2027-03-25', start_time: '19:00', end_time: '20:00', game_tables: [tables[2]] });
    const [first, second, third] = await createMembers(t.database, 3);
    assert.ok(first && second && third);
    const booked = await api(admin, 'POST', `/training-session/${session._id}/book`, {
      partnersId: [third.id, first.id, second.id],
      date: '2027-03-25',
      admin: true,
    });
    assert.equal(booked.statusCode, 201, booked.body);
    const shown = async () => {
      const day = (await api(admin, 'GET', `/training-session?startDate=2027-03-25&endDate=2027-03-25&table_id=${tables[2]}`)).json().data;
      const row = day.find((s: { _id: string }) => s._id === session._id);
      return row.participants.map((p: { _id: string; surname: string; color: string }) => [p._id, p.surname, p.color]);
    };
    const amatore = '#1976d2';
    const surnameOf = async (id: string) =>
      rowsOf<{ surname: string }>(await t.database.db.execute(sql`select surname from users where id = ${id}`))[0]!.surname;
    const [s1, s2, s3] = [await surnameOf(first.id), await surnameOf(second.id), await surnameOf(third.id)];
    const before = [
      [first.id, s1, amatore],
      [second.id, s2, amatore],
      [third.id, s3, amatore],
    ];
    assert.deepEqual(await shown(), before);
    // Read again with nothing changed: the names kept from the first read.
    assert.deepEqual(await shown(), before);

    // A rename, by any path (here the database itself): listed under the new surname, in its place.
    await t.database.db.execute(sql`update users set surname = 'Abate' where id = ${third.id}`);
    assert.deepEqual(await shown(), [
      [third.id, 'Abate', amatore],
      [first.id, s1, amatore],
      [second.id, s2, amatore],
    ]);

    // A qualification of higher priority given to a member, then its colour edited: the member wears it at once.
    const created = await api(admin, 'POST', '/user/qualification', { name: 'Colore in prova', color: '#aa0000', priority: 250 });
    assert.equal(created.statusCode, 201, created.body);
    const qualification = created.json();
    await t.database.db.execute(sql`insert into user_qualifications (user_id, qualification_id) values (${second.id}, ${qualification._id})`);
    assert.deepEqual((await shown())[2], [second.id, s2, '#aa0000']);
    const edited = await api(admin, 'PATCH', `/user/qualification/${qualification._id}`, {
      name: 'Colore in prova',
      color: '#00aa00',
      priority: 250,
    });
    assert.equal(edited.statusCode, 200, edited.body);
    assert.deepEqual((await shown())[2], [second.id, s2, '#00aa00']);
    await t.database.db.execute(sql`delete from user_qualifications where qualification_id = ${qualification._id}`);
    assert.deepEqual((await shown())[2], [second.id, s2, amatore]);
    assert.equal((await api(admin, 'DELETE', `/user/qualification/${qualification._id}`)).statusCode, 204);
  });

  test("each refusal names its subject with the spec's fragment and a stable code; nothing is saved", async () => {
    setNow('2027-03-22', '10:00');
    const book = (cookie: string, partner: string, date: string, session = group._id, extra: Record<string, unknown> = {}) =>
      api(cookie, 'POST', `/training-session/${session}/book`, { partnersId: [partner], date, ...extra });
    const expect = async (res: Awaited<ReturnType<typeof book>>, status: number, code: string, message: RegExp) => {
      assert.equal(res.statusCode, status, res.body);
      assert.equal(res.json().code, code, res.body);
      assert.match(res.json().message, message);
    };

    const { a, b, cookie } = await pair();
    await expect(await book(cookie, b.id, '2027-03-25', closedSession._id), 409, 'BOOKING_NOT_ALLOWED', /^Booking is not allowed for this session$/);
    await expect(await book(cookie, b.id, '2027-03-21'), 409, 'SESSION_STARTED', /^Cannot book a session in the past: it started at/);
    await expect(
      await book(cookie, b.id, '2027-03-29'),
      409,
      'BOOKING_OUTSIDE_ACTIVE_WEEK',
      /^Cannot book a session in the past or outside the active booking week/,
    );
    await expect(await book(cookie, randomUUID(), '2027-03-24'), 404, 'PARTNER_NOT_FOUND', /^Partner not found/);

    // Today at 18:00 is bookable until it starts; a session that already started is refused as started (issue 26).
    setNow('2027-03-22', '18:10');
    await expect(await book(cookie, b.id, '2027-03-22'), 409, 'SESSION_STARTED', /^Cannot book a session in the past: it started at/);
    setNow('2027-03-22', '10:00');

    // Medical certificates: the booker, then the partner; an expired one and one awaiting approval count as none.
    const noCert = await pair({ certificateEnd: null });
    await expect(
      await book(noCert.cookie, b.id, '2027-03-24'),
      409,
      'MEDICAL_CERTIFICATE_INVALID_USER',
      /^User does not have a valid medical certificate$/,
    );
    await expect(
      await book(cookie, noCert.b.id, '2027-03-24'),
      409,
      'MEDICAL_CERTIFICATE_INVALID_PARTNER',
      /^Partner Nome1 \S+ does not have a valid medical certificate$/,
    );
    await giveCertificates(t.database, [noCert.b.id], '2027-03-01');
    await expect(
      await book(cookie, noCert.b.id, '2027-03-24'),
      409,
      'MEDICAL_CERTIFICATE_INVALID_PARTNER',
      /does not have a valid medical certificate/,
    );
    await giveCertificates(t.database, [noCert.b.id], '2028-03-01', false);
    await expect(
      await book(cookie, noCert.b.id, '2027-03-24'),
      409,
      'MEDICAL_CERTIFICATE_INVALID_PARTNER',
      /does not have a valid medical certificate/,
    );

    // Qualifications: the session wants an Agonista.
    const agonists = await pair({ qualifications: ['Agonista'] });
    await expect(
      await book(cookie, agonists.b.id, '2027-03-25', agonistSession._id),
      409,
      'QUALIFICATION_MISSING_USER',
      /^User does not have the required qualifications$/,
    );
    await expect(
      await book(agonists.cookie, b.id, '2027-03-25', agonistSession._id),
      409,
      'QUALIFICATION_MISSING_PARTNER',
      /^Partner .+ does not have the required qualifications$/,
    );

    // Bad input: the partner is the booker, five participants, a date the session does not occur on, a date in 1799.
    await expect(await book(cookie, a.id, '2027-03-24'), 400, 'VALIDATION_FAILED', /^partnersId: Il compagno non può essere chi prenota$/);
    const five = await api(admin, 'POST', `/training-session/${group._id}/book`, {
      partnersId: [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()],
      date: '2027-03-24',
      admin: true,
    });
    await expect(five, 400, 'VALIDATION_FAILED', /^partnersId: Puoi selezionare al massimo 4 partecipanti$/);
    await expect(await book(cookie, b.id, '2027-03-26', agonistSession._id), 400, 'SESSION_NOT_ON_DATE', /^Il turno non si svolge in questa data/);
    await expect(await book(cookie, b.id, '1799-03-24'), 400, 'VALIDATION_FAILED', /^date: Data non valida$/);
    // A deleted occurrence.
    assert.equal((await api(admin, 'DELETE', `/training-session/${group._id}?date=2027-03-27`)).statusCode, 204);
    await expect(await book(cookie, b.id, '2027-03-27'), 400, 'SESSION_NOT_ON_DATE', /^Il turno non si svolge in questa data$/);
    // An unknown session.
    await expect(await book(cookie, b.id, '2027-03-24', randomUUID()), 404, 'TRAINING_SESSION_NOT_FOUND', /Turno di allenamento non trovato/);

    // None of these saved anything.
    assert.equal((await api(cookie, 'GET', '/user/me/booked-sessions')).json().data.length, 0);
  });

  test('overlaps, the daily limit and the weekly quota released by unlock times, for the booker and for the partner', async () => {
    setNow('2027-03-22', '10:00');
    // Standard soci (the category's rule): 1 a day, 3 a week; Monday 09:00 unlocks 2, Thursday 09:00 one more.
    const { a, b, cookie } = await pair();
    const [c, d, e] = await createMembers(t.database, 3);
    assert.ok(c && d && e);
    const other = await login(t.app, c);
    const overlapSession = await single({
      title: 'Sovrapposto',
      day: '2027-03-23',
      start_time: '18:30',
      end_time: '19:30',
      game_tables: [tables[1]],
    });

    assert.equal(
      (await api(cookie, 'POST', `/training-session/${group._id}/book`, { partnersId: [b.id], date: '2027-03-23' })).statusCode,
      409,
      'already booked by the first test',
    );
    const first = await api(cookie, 'POST', `/training-session/${group._id}/book`, { partnersId: [b.id], date: '2027-03-24' });
    assert.equal(first.statusCode, 201, first.body);

    const userOverlap = await api(cookie, 'POST', `/training-session/${overlapSession._id}/book`, { partnersId: [d.id] });
    assert.equal(userOverlap.statusCode, 201, 'Tuesday is free for this member');
    const overlapAgain = await single({
      title: 'Sovrapposto 2',
      day: '2027-03-24',
      start_time: '19:00',
      end_time: '20:00',
      game_tables: [tables[1]],
    });
    const u = await api(cookie, 'POST', `/training-session/${overlapAgain._id}/book`, { partnersId: [e.id] });
    assert.deepEqual([u.statusCode, u.json().code], [409, 'OVERLAPPING_BOOKING_USER']);
    assert.match(u.json().message, /^User already has a booking at this time$/);
    const p = await api(other, 'POST', `/training-session/${overlapAgain._id}/book`, { partnersId: [b.id] });
    assert.deepEqual([p.statusCode, p.json().code], [409, 'OVERLAPPING_BOOKING_PARTNER']);
    assert.match(p.json().message, /^Partner .+ already has a booking at this time$/);

    // Daily: one a day (Wednesday is taken by the first booking).
    const daily = await single({ title: 'Mattina', day: '2027-03-24', start_time: '16:00', end_time: '17:00', game_tables: [tables[2]] });
    const dUser = await api(cookie, 'POST', `/training-session/${daily._id}/book`, { partnersId: [e.id] });
    assert.deepEqual([dUser.statusCode, dUser.json().code], [409, 'DAILY_LIMIT_USER']);
    assert.match(dUser.json().message, /^User has reached the maximum number of bookings for the day/);
    const dPartner = await api(other, 'POST', `/training-session/${daily._id}/book`, { partnersId: [b.id] });
    assert.deepEqual([dPartner.statusCode, dPartner.json().code], [409, 'DAILY_LIMIT_PARTNER']);
    assert.match(dPartner.json().message, /^Partner .+ has reached the maximum number of bookings for the day/);

    // Weekly: two bookings used (Tuesday, Wednesday), two unlocked on Monday: Thursday is refused until Thursday 09:00.
    const thursday = async (cookieOf: string, partner: string) =>
      api(cookieOf, 'POST', `/training-session/${group._id}/book`, { partnersId: [partner], date: '2027-03-25' });
    const w = await thursday(cookie, e.id);
    assert.deepEqual([w.statusCode, w.json().code], [409, 'WEEKLY_LIMIT_USER']);
    assert.match(w.json().message, /^User has no available booking shifts this week/);
    const wp = await thursday(other, a.id);
    assert.deepEqual([wp.statusCode, wp.json().code], [409, 'WEEKLY_LIMIT_PARTNER']);
    assert.match(wp.json().message, /^Partner .+ has no available booking shifts this week/);
    setNow('2027-03-25', '09:01');
    const unlocked = await thursday(cookie, e.id);
    assert.equal(unlocked.statusCode, 201, unlocked.body);
    // Three used: the weekly maximum. Within 2 hours of a start (hours_before_booking_to_ignore_rules) quotas no longer apply.
    const friday = await single({ title: 'Venerdì', day: '2027-03-26', start_time: '20:00', end_time: '21:00', game_tables: [tables[2]] });
    setNow('2027-03-26', '10:00');
    const full = await api(cookie, 'POST', `/training-session/${friday._id}/book`, { partnersId: [d.id] });
    assert.equal(full.json().code, 'WEEKLY_LIMIT_USER');
    setNow('2027-03-26', '18:30');
    const late = await api(cookie, 'POST', `/training-session/${friday._id}/book`, { partnersId: [d.id] });
    assert.equal(late.statusCode, 201, late.body);
  });

  test('an administrator books one to four users and cancels any booking; a member without bookings_access cannot book others', async () => {
    setNow('2027-03-22', '10:00');
    const users = await createMembers(t.database, 3);
    const res = await api(admin, 'POST', `/training-session/${group._id}/book`, {
      partnersId: users.map((u) => u.id),
      date: '2027-03-28',
      admin: true,
    });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.json().participants.length, 3);
    // Spring forward: Sunday 28 March 2027 at 18:00 in Rome is 16:00 UTC (CEST).
    assert.equal(res.json().start_at, '2027-03-28T16:00:00Z');
    const { b, cookie } = await pair();
    const notStaff = await api(cookie, 'POST', `/training-session/${group._id}/book`, { partnersId: [b.id], date: '2027-03-26', admin: true });
    assert.equal(notStaff.statusCode, 403);
    const cancelled = await api(admin, 'PATCH', `/training-session/booking/${res.json()._id}`);
    assert.deepEqual(cancelled.json(), { status: 'success', booking_id: res.json()._id });
    // Freed at once.
    const again = await api(admin, 'POST', `/training-session/${group._id}/book`, { partnersId: [users[0]!.id], date: '2027-03-28', admin: true });
    assert.equal(again.statusCode, 201, again.body);
  });

  test('cancelling: members only their own and until hours_before_booking_to_cancel before the start', async () => {
    setNow('2027-03-22', '10:00');
    const { a, b, cookie } = await pair();
    const booked = await api(cookie, 'POST', `/training-session/${group._id}/book`, { partnersId: [b.id], date: '2027-03-26' });
    assert.equal(booked.statusCode, 201, booked.body);
    const id = booked.json()._id;
    const stranger = await login(t.app, (await createMembers(t.database, 1))[0]!);
    assert.equal((await api(stranger, 'PATCH', `/training-session/booking/${id}`)).json().code, 'BOOKING_NOT_FOUND');
    // Standard soci: until 24 hours before (Friday 18:00 → Thursday 18:00).
    setNow('2027-03-25', '18:30');
    const late = await api(cookie, 'PATCH', `/training-session/${group._id}/book`, { date: '2027-03-26' });
    assert.deepEqual([late.statusCode, late.json().code], [409, 'BOOKING_CANCEL_TOO_LATE']);
    assert.equal((await api(cookie, 'GET', '/user/me/booked-sessions?filter=future')).json().data[0].can_cancel, false);
    setNow('2027-03-25', '17:30');
    assert.equal((await api(cookie, 'GET', '/user/me/booked-sessions?filter=future')).json().data[0].can_cancel, true);
    const byPartner = await api(await login(t.app, b), 'PATCH', `/training-session/${group._id}/book`, { date: '2027-03-26' });
    assert.equal(byPartner.statusCode, 200, byPartner.body);
    assert.equal((await api(await login(t.app, a), 'GET', '/user/me/booked-sessions?filter=future')).json().data.length, 0);
    assert.equal((await api(cookie, 'PATCH', `/training-session/booking/${id}`)).statusCode, 404);
  });

  test('fall back: Sunday 31 October 2027 at 18:00 in Rome is 17:00 UTC; past bookings are listed as past', async () => {
    setNow('2027-10-25', '10:00');
    const { b, cookie } = await pair();
    const res = await api(cookie, 'POST', `/training-session/${group._id}/book`, { partnersId: [b.id], date: '2027-10-31' });
    assert.equal(res.statusCode, 201, res.body);
    assert.deepEqual([res.json().start_at, res.json().end_at], ['2027-10-31T17:00:00Z', '2027-10-31T18:30:00Z']);
    const sat = await api(cookie, 'POST', `/training-session/${group._id}/book`, { partnersId: [b.id], date: '2027-10-30' });
    assert.deepEqual([sat.json().start_at], ['2027-10-30T16:00:00Z']);
    setNow('2027-11-02', '10:00');
    const past = (await api(cookie, 'GET', '/user/me/booked-sessions?filter=past')).json().data;
    assert.deepEqual(
      past.map((p: { session_date: string; pastPrenotation: boolean; trainingSession: { start_time: string } }) => [
        p.session_date,
        p.pastPrenotation,
        p.trainingSession.start_time,
      ]),
      [
        ['2027-10-31', true, '18:00'],
        ['2027-10-30', true, '18:00'],
      ],
    );
  });

  test('a booked occurrence survives an edit of its group; an occurrence with a booking cannot be deleted', async () => {
    setNow('2027-04-05', '10:00');
    const created = await api(admin, 'POST', '/training-session', {
      title: 'Gruppo con prenotazione',
      start_time: '19:00',
      end_time: '20:00',
      participant_qualifications: allQuals,
      game_tables: [tables[3]],
      recurring_days: ['3'],
      start_date: '2027-04-01',
      end_date: '2027-05-31',
    });
    const s = created.json().data[0] as { _id: string; virtualGroupId: string };
    const { b, cookie } = await pair();
    const booked = await api(cookie, 'POST', `/training-session/${s._id}/book`, { partnersId: [b.id], date: '2027-04-07' });
    assert.equal(booked.statusCode, 201, booked.body);
    const refuse = await api(admin, 'DELETE', `/training-session/${s._id}?date=2027-04-07`);
    assert.deepEqual([refuse.statusCode, refuse.json().code], [409, 'SESSION_HAS_BOOKING']);
    const edit = await api(admin, 'PATCH', `/training-session/group/${s.virtualGroupId}`, {
      title: 'Gruppo spostato',
      start_time: '19:30',
      end_time: '20:30',
      participant_qualifications: allQuals,
      game_tables: [tables[3]],
      recurring_days: ['3'],
      start_date: '2027-04-01',
      end_date: '2027-05-31',
    });
    assert.equal(edit.statusCode, 200, edit.body);
    const april = (
      await api(admin, 'GET', `/training-session?startDate=2027-04-07&endDate=2027-04-14&table_id=${tables[3]}&startTime=19:00&endTime=20:30`)
    ).json().data as {
      specific_date: string;
      title: string;
      start_time: string;
      booking_id: string | null;
    }[];
    assert.deepEqual(
      april.map((o) => [o.specific_date, o.title, o.start_time, o.booking_id]),
      [
        ['2027-04-07', 'Gruppo con prenotazione', '19:00', booked.json()._id],
        ['2027-04-14', 'Gruppo spostato', '19:30', null],
      ],
    );
  });
});

describe('races', () => {
  test('50 members booking one occurrence at once: exactly one booking, every other answer the already-booked refusal', async () => {
    setNow('2027-03-22', '10:00');
    const s = await single({ title: 'Conteso', day: '2027-03-26', start_time: '21:00', end_time: '22:00', game_tables: [tables[2]] });
    const members = await createMembers(t.database, 100, { label: 'gara' });
    const cookies = await Promise.all(members.slice(0, 50).map((m) => login(t.app, m)));
    const answers = await Promise.all(
      cookies.map((cookie, i) => api(cookie, 'POST', `/training-session/${s._id}/book`, { partnersId: [members[50 + i]!.id] })),
    );
    const created = answers.filter((r) => r.statusCode === 201);
    assert.equal(created.length, 1, answers.map((r) => r.body).join('\n'));
    for (const r of answers.filter((x) => x.statusCode !== 201)) assert.deepEqual([r.statusCode, r.json().code], [409, 'SESSION_ALREADY_BOOKED']);
    const occurrence = (await api(admin, 'GET', `/training-session/${s._id}/participants`)).json();
    assert.equal(occurrence.booking_id, created[0]!.json()._id);
  });

  test('one member booking 20 overlapping sessions at once ends up in exactly one of them', async () => {
    setNow('2027-03-22', '10:00');
    const sessions = [];
    // One table each: two sessions never overlap on one table (issue 44).
    for (let i = 0; i < 20; i++) {
      const table = await api(admin, 'POST', '/training-session/game-tables', { number: 131 + i, description: `Tavolo parallelo ${i}` });
      assert.equal(table.statusCode, 201, table.body);
      sessions.push(
        await single({ title: `Parallelo ${i}`, day: '2027-03-25', start_time: '22:00', end_time: '23:00', game_tables: [table.json()._id] }),
      );
    }
    const [me, ...partners] = await createMembers(t.database, 21, { label: 'sovr' });
    const cookie = await login(t.app, me!);
    const answers = await Promise.all(
      sessions.map((s, i) => api(cookie, 'POST', `/training-session/${s._id}/book`, { partnersId: [partners[i]!.id] })),
    );
    assert.equal(answers.filter((r) => r.statusCode === 201).length, 1, answers.map((r) => r.body).join('\n'));
    for (const r of answers.filter((x) => x.statusCode !== 201)) assert.equal(r.json().code, 'OVERLAPPING_BOOKING_USER', r.body);
    assert.equal((await api(cookie, 'GET', '/user/me/booked-sessions')).json().data.length, 1);
  });

  test('one member booking 10 separate shifts of one day at once stays within the daily limit of 1', async () => {
    setNow('2027-03-22', '10:00');
    const sessions = [];
    for (let i = 0; i < 10; i++) {
      const hour = String(13 + i).padStart(2, '0');
      sessions.push(
        await single({ title: `Giornata ${i}`, day: '2027-03-26', start_time: `${hour}:00`, end_time: `${hour}:30`, game_tables: [tables[i % 4]] }),
      );
    }
    // Soci: the category's rule allows one shift a day.
    const [me, ...partners] = await createMembers(t.database, 11, { label: 'quota' });
    const cookie = await login(t.app, me!);
    const answers = await Promise.all(
      sessions.map((s, i) => api(cookie, 'POST', `/training-session/${s._id}/book`, { partnersId: [partners[i]!.id] })),
    );
    assert.equal(answers.filter((r) => r.statusCode === 201).length, 1, answers.map((r) => r.body).join('\n'));
    for (const r of answers.filter((x) => x.statusCode !== 201)) assert.equal(r.json().code, 'DAILY_LIMIT_USER', r.body);
    assert.equal((await api(cookie, 'GET', '/user/me/booked-sessions')).json().data.length, 1);
  });
});

describe('bookings written together', () => {
  test('30 pairs booking 30 occurrences at once (one of them asked twice): each booking holds its own pair', async () => {
    setNow('2027-03-22', '10:00');
    const sessions: { _id: string }[] = [];
    for (let i = 0; i < 30; i++) {
      // Nine minutes every ten from 08:00: 08:00–08:09, 08:10–08:19, …
      const hour = String(8 + Math.floor(i / 6)).padStart(2, '0');
      const minute = 10 * (i % 6);
      const [start, end] = [minute, minute + 9].map((m) => `${hour}:${String(m).padStart(2, '0')}`);
      sessions.push(await single({ title: `Insieme ${i}`, day: '2027-03-27', start_time: start, end_time: end, game_tables: [tables[i % 4]] }));
    }
    const members = await createMembers(t.database, 62, { label: 'insieme' });
    const cookies = await Promise.all(members.slice(0, 31).map((m) => login(t.app, m)));
    // Pair 30 asks for the first occurrence too: one of the two gets it.
    const target = (i: number) => sessions[i % 30]!._id;
    const answers = await Promise.all(
      cookies.map((cookie, i) => api(cookie, 'POST', `/training-session/${target(i)}/book`, { partnersId: [members[31 + i]!.id] })),
    );
    const made = answers.filter((r) => r.statusCode === 201);
    assert.equal(made.length, 30, answers.map((r) => r.body).join('\n'));
    const refused = answers.filter((r) => r.statusCode !== 201);
    assert.deepEqual(
      refused.map((r) => r.json().code),
      ['SESSION_ALREADY_BOOKED'],
    );
    for (const [i, r] of answers.entries()) {
      if (r.statusCode !== 201) continue;
      const pair = [members[i]!.id, members[31 + i]!.id].sort();
      assert.deepEqual(
        r
          .json()
          .participants.map((p: { _id: string }) => p._id)
          .sort(),
        pair,
      );
      // What the database holds for the occurrence is that pair's booking.
      const occurrence = (await api(admin, 'GET', `/training-session/${target(i)}/participants`)).json();
      assert.equal(occurrence.booking_id, r.json()._id);
      assert.deepEqual(occurrence.data.map((p: { _id: string }) => p._id).sort(), pair);
      const mine = (await api(cookies[i]!, 'GET', '/user/me/booked-sessions')).json().data;
      assert.deepEqual(
        mine.map((b: { _id: string }) => b._id),
        [r.json()._id],
      );
    }
  });

  test('when one booking of a statement fails, the others written with it are booked and only it gets the error', async () => {
    setNow('2027-03-22', '10:00');
    const repo = new BookingRepository('Europe/Rome', () => sql`'approved'`);
    const sessions = [
      await single({ title: 'Lotto 1', day: '2027-03-27', start_time: '20:00', end_time: '20:30', game_tables: [tables[0]] }),
      await single({ title: 'Lotto 2', day: '2027-03-27', start_time: '20:00', end_time: '20:30', game_tables: [tables[1]] }),
    ];
    const members = await createMembers(t.database, 6, { label: 'lotto' });
    const write = (session: string, a: number, b: number) =>
      repo.insertIfUnchanged(t.database.db, {
        session_id: session,
        date: '2027-03-27',
        start_at: '2027-03-27T19:00:00.000Z',
        end_at: '2027-03-27T19:30:00.000Z',
        booked_by: members[a]!.id,
        participants: [members[a]!, members[b]!].map((m) => ({ id: m.id, version: 0 })),
        pin: null,
      });
    // Three writes made together: the middle one names a session that does not exist (a foreign key refuses it).
    const outcomes = await Promise.allSettled([write(sessions[0]!._id, 0, 1), write(randomUUID(), 2, 3), write(sessions[1]!._id, 4, 5)]);
    assert.equal(outcomes[0].status, 'fulfilled');
    assert.equal(outcomes[1].status, 'rejected');
    assert.equal(outcomes[2].status, 'fulfilled');
    for (const [i, session] of sessions.entries()) {
      const occurrence = (await api(admin, 'GET', `/training-session/${session._id}/participants`)).json();
      assert.deepEqual(occurrence.data.map((p: { _id: string }) => p._id).sort(), [members[4 * i]!.id, members[4 * i + 1]!.id].sort());
    }
  });
});

describe('availability and the spec spelling of create', () => {
  test("a table's day lists its occurrences with available; POST /training-session/ is sent on to /training-session", async () => {
    setNow('2027-03-22', '10:00');
    const day = (await api(admin, 'GET', `/training-session/game-tables/${engineTable}/availability?date=2027-03-23`)).json().data as {
      date: string;
      start_time: string;
      available: boolean;
    }[];
    assert.ok(
      day.some((o) => o.start_time === '18:00' && !o.available),
      JSON.stringify(day),
    );
    const free = (await api(admin, 'GET', `/training-session/game-tables/${engineTable}/availability?date=2027-03-30`)).json().data as {
      available: boolean;
    }[];
    assert.ok(free.length > 0 && free.every((o) => o.available));
    assert.equal((await api(admin, 'GET', `/training-session/game-tables/${randomUUID()}/availability?date=2027-03-30`)).statusCode, 404);

    const slash = await api(admin, 'POST', '/training-session/', { title: 'x' });
    assert.equal(slash.statusCode, 307);
    assert.equal(slash.headers.location, '/api/v1/training-session');
  });
});

describe('access', () => {
  test('members read sessions and their own bookings; only bookings staff change sessions', async () => {
    const member = await login(t.app, MEMBER);
    assert.equal((await api(member, 'GET', '/training-session?startDate=2027-03-22&endDate=2027-03-28')).statusCode, 200);
    assert.equal((await api(member, 'POST', '/training-session', { title: 'x' })).statusCode, 403);
    assert.equal((await api(member, 'GET', '/training-session/group')).statusCode, 403);
    assert.equal((await api(null, 'GET', '/user/me/booked-sessions')).statusCode, 401);
    assert.equal(typeof (await userIdOf(t.database, MEMBER.email)), 'string');
  });
});
