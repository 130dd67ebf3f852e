/**
 * Issue 44 item 5: two sessions never overlap on one table. 'Copia' left the copy on its original's day, time and
 * table and the server stored a second, identical session beside the first. A create, a copy (a create), an edit of
 * a single session, of one occurrence of a group or of a group from today on, and a group's generated occurrences
 * are refused with SESSION_OVERLAP when they overlap another session on the same table; back-to-back sessions and
 * other tables are fine. Two writes at once on one table: one passes, the other is refused (the table's row lock).
 * PGlite by default, PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { API_ERRORS } from 'shared-api/contract';
import { ADMIN, type TestApp, build, call, login } from '../../../testing/helper';
import { qualificationIds, stopClockAt } from './support';

let t: TestApp;
let admin: string;
let allQuals: string[];
/** Tables of this file (numbers 281–285, apart from the demo club's and other files'). */
let tables: string[];

const api = (cookie: string | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  call(t.app, cookie, method, `/api/v1${url}`, body);

const session = (overrides: Record<string, unknown> = {}) => ({
  title: 'Allenamento libero',
  day: '2027-04-12',
  start_time: '18:00',
  end_time: '19:30',
  participant_qualifications: allQuals,
  game_tables: [tables[0]],
  ...overrides,
});

const group = (overrides: Record<string, unknown> = {}) =>
  session({ day: null, recurring_days: ['1'], start_date: '2027-04-01', end_date: '2027-04-30', ...overrides });

/** Creates and answers the first occurrence; fails the test on anything but 201. */
async function created(body: Record<string, unknown>) {
  const res = await api(admin, 'POST', '/training-session', body);
  assert.equal(res.statusCode, 201, res.body);
  return res.json().data[0];
}

function assertOverlap(res: { statusCode: number; body: string; json: () => { code: string; message: string } }, message?: string) {
  assert.equal(res.statusCode, 409, res.body);
  assert.equal(res.json().code, 'SESSION_OVERLAP');
  if (message) assert.equal(res.json().message, message);
}

before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
  allQuals = await qualificationIds(t.database, ['Agonista', 'Amatore', 'Allievo corso']);
  tables = [];
  for (const number of [281, 282, 283, 284, 285]) {
    const res = await api(admin, 'POST', '/training-session/game-tables', { number, description: `Tavolo ${number}` });
    assert.equal(res.statusCode, 201, res.body);
    tables.push(res.json()._id);
  }
  stopClockAt(t.clock, '2027-03-22', '10:00');
  admin = await login(t.app, ADMIN);
});
after(async () => {
  await t.close();
});

describe('a session on a table at a time another takes', () => {
  test('a copy left on its original day, time and table is refused with its own code and an Italian message', async () => {
    const original = await created(session({ title: 'Corso ragazzi' }));
    const read = (await api(admin, 'GET', `/training-session/${original._id}`)).json();
    const copy = {
      title: read.title,
      day: read.specific_date,
      start_time: read.start_time,
      end_time: read.end_time,
      participant_qualifications: read.participant_qualifications,
      game_tables: [read.game_table._id],
    };
    assertOverlap(
      await api(admin, 'POST', '/training-session', copy),
      'Il tavolo 281 è già occupato il 12/04/2027 dalle 18:00 alle 19:30 dal turno «Corso ragazzi»: scegli un altro giorno, un altro orario o un altro tavolo.',
    );
    assert.match(API_ERRORS.SESSION_OVERLAP.text, /^Sul tavolo c'è già un turno in questo orario/);
    // Partly overlapping, on the same table: refused too.
    assertOverlap(await api(admin, 'POST', '/training-session', { ...copy, start_time: '19:00', end_time: '20:00' }));
    assertOverlap(await api(admin, 'POST', '/training-session', { ...copy, start_time: '17:00', end_time: '18:30' }));
    // Only one session stands on that day and table.
    const day = (await api(admin, 'GET', `/training-session?startDate=2027-04-12&endDate=2027-04-12&table_id=${tables[0]}`)).json();
    assert.deepEqual(
      day.data.map((o: { title: string }) => o.title),
      ['Corso ragazzi'],
    );
    // Another day, back to back, another table: stored.
    await created({ ...copy, day: '2027-04-13' });
    await created({ ...copy, start_time: '19:30', end_time: '21:00' });
    await created({ ...copy, start_time: '16:30', end_time: '18:00' });
    await created({ ...copy, game_tables: [tables[1]] });
  });

  test('a session on several tables at once is refused whole when one of them is taken', async () => {
    await created(session({ day: '2027-04-14', game_tables: [tables[1]] }));
    const res = await api(admin, 'POST', '/training-session', session({ day: '2027-04-14', game_tables: [tables[2], tables[1]] }));
    assertOverlap(res);
    const day = (await api(admin, 'GET', `/training-session?startDate=2027-04-14&endDate=2027-04-14&table_id=${tables[2]}`)).json();
    assert.equal(day.data.length, 0, 'nothing is stored on the free table either');
  });

  test("a group's occurrences: refused over a single session and over another group; other week days are fine", async () => {
    // Mondays of April on table 3; a single session on Monday 19 April at 18:30 is in its way.
    await created(group({ game_tables: [tables[2]], start_date: '2027-04-01', end_date: '2027-04-30' }));
    assertOverlap(
      await api(admin, 'POST', '/training-session', session({ day: '2027-04-19', start_time: '18:30', end_time: '19:00', game_tables: [tables[2]] })),
    );
    // A group on Mondays and Wednesdays of a period that overlaps April's Mondays.
    assertOverlap(
      await api(
        admin,
        'POST',
        '/training-session',
        group({ game_tables: [tables[2]], recurring_days: ['1', '3'], start_date: '2027-04-20', end_date: '2027-05-31' }),
      ),
    );
    // '+ TM' (back-to-back slots) on Tuesdays: stored, its own slots do not overlap each other.
    const multi = await api(admin, 'POST', '/training-session/group/session', {
      ...group({ game_tables: [tables[2]], recurring_days: ['2'] }),
      start_time: '18:00',
      end_time: '21:00',
      duration: 60,
      number_of_sessions: 3,
    });
    assert.equal(multi.statusCode, 201, multi.body);
    // '+ TM' over the Mondays: refused.
    const over = await api(admin, 'POST', '/training-session/group/session', {
      ...group({ game_tables: [tables[2]], recurring_days: ['1'] }),
      start_time: '17:00',
      end_time: '19:00',
      duration: 60,
      number_of_sessions: 2,
    });
    assertOverlap(over);
  });

  test('edits: a single session moved onto another, one occurrence of a group, a group from today on', async () => {
    const table = tables[3];
    await created(session({ title: 'Fisso', day: '2027-04-15', game_tables: [table] }));
    const later = await created(session({ title: 'Spostabile', day: '2027-04-15', start_time: '20:00', end_time: '21:00', game_tables: [table] }));
    // A single session moved to 18:30: refused, and it stays at 20:00.
    assertOverlap(
      await api(
        admin,
        'PATCH',
        `/training-session/${later._id}`,
        session({ day: '2027-04-15', start_time: '18:30', end_time: '19:30', game_tables: [table] }),
      ),
    );
    assert.equal((await api(admin, 'GET', `/training-session/${later._id}`)).json().start_time, '20:00');
    // A single session moved to another day where it is free: stored.
    const moved = await api(
      admin,
      'PATCH',
      `/training-session/${later._id}`,
      session({ day: '2027-04-16', start_time: '18:30', end_time: '19:30', game_tables: [table] }),
    );
    assert.equal(moved.statusCode, 200, moved.body);

    // A group on Thursdays at 20:00 on the same table; Thursday 15 April holds 'Fisso' at 18:00–19:30.
    const first = await created(
      group({ title: 'Gruppo giovedì', recurring_days: ['4'], start_time: '20:00', end_time: '21:00', game_tables: [table] }),
    );
    const groupId = first.virtualGroupId ?? first.group?._id;
    assert.ok(groupId, JSON.stringify(first));
    const thursday = (await api(admin, 'GET', `/training-session?startDate=2027-04-15&endDate=2027-04-15&table_id=${table}`)).json();
    const occurrence = thursday.data.find((o: { title: string }) => o.title === 'Gruppo giovedì');
    // One occurrence edited onto 'Fisso' (PATCH editScope single): refused.
    const single = {
      ...group({ title: 'Gruppo giovedì', recurring_days: ['4'], start_time: '19:00', end_time: '20:00', game_tables: [table] }),
      editScope: 'single',
      occurrence_date: '2027-04-15',
    };
    assertOverlap(await api(admin, 'PATCH', `/training-session/${occurrence._id}`, single));
    // The same through the group's exception endpoint: refused.
    assertOverlap(
      await api(admin, 'POST', `/training-session/group/${groupId}/exception`, {
        session_id: occurrence._id,
        date: '2027-04-15',
        start_time: '19:00',
        end_time: '20:00',
      }),
    );
    // Another Thursday (22 April) is free at 19:00: stored.
    const free = await api(admin, 'PATCH', `/training-session/${occurrence._id}`, { ...single, occurrence_date: '2027-04-22' });
    assert.equal(free.statusCode, 200, free.body);
    // The group from today on moved to 18:00: refused (Thursday 15 April), and nothing changed.
    assertOverlap(
      await api(
        admin,
        'PATCH',
        `/training-session/group/${groupId}`,
        group({ title: 'Gruppo giovedì', recurring_days: ['4'], start_time: '18:00', end_time: '19:00', game_tables: [table] }),
      ),
    );
    const after = (await api(admin, 'GET', `/training-session?startDate=2027-04-15&endDate=2027-04-15&table_id=${table}`)).json();
    assert.deepEqual(
      after.data.map((o: { title: string; start_time: string }) => `${o.start_time} ${o.title}`),
      ['18:00 Fisso', '20:00 Gruppo giovedì'],
    );
  });

  test('eight creates of one session on one table at once: one is stored, seven are refused', async () => {
    const body = session({ title: 'Concorrente', day: '2027-04-20', game_tables: [tables[4]] });
    const answers = await Promise.all(Array.from({ length: 8 }, () => api(admin, 'POST', '/training-session', body)));
    assert.deepEqual(answers.map((r) => r.statusCode).sort(), [201, 409, 409, 409, 409, 409, 409, 409], answers.map((r) => r.body).join('\n'));
    for (const r of answers.filter((a) => a.statusCode === 409)) assert.equal(r.json().code, 'SESSION_OVERLAP');
    const day = (await api(admin, 'GET', `/training-session?startDate=2027-04-20&endDate=2027-04-20&table_id=${tables[4]}`)).json();
    assert.equal(day.data.length, 1);
  });
});
