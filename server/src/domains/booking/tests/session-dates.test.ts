/**
 * Issue 26 item 7: a session is created at most two years ahead (SESSION_MAX_YEARS_AHEAD), as a single day, a '+ TM'
 * group or a recurring group's last day, and an edit may not move it past that either; the refusal is the catalog's
 * Italian text and nothing is stored. PGlite by default, PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../core/db/rows';
import { ADMIN, type TestApp, build, call, login } from '../../../testing/helper';
import { qualificationIds, stopClockAt } from './support';

let t: TestApp;
let admin: string;
let quals: string[];
let table: string;

// The club's today is 25/11/2026 here: the last day a session may take is 25/11/2028.
const TOO_FAR = 'Non puoi creare turni a più di 2 anni da oggi.';

const api = (method: 'POST' | 'PATCH', url: string, body: unknown) => call(t.app, admin, method, `/api/v1${url}`, body);

const countOf = async (table: string): Promise<number> =>
  rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;

const session = (overrides: Record<string, unknown> = {}) => ({
  title: 'Turno lontano',
  start_time: '18:00',
  end_time: '19:00',
  participant_qualifications: quals,
  game_tables: [table],
  ...overrides,
});
const group = (end_date: string, overrides: Record<string, unknown> = {}) =>
  session({ recurring_days: ['1', '3'], start_date: '2026-12-01', end_date, ...overrides });

before(async () => {
  t = await build();
  stopClockAt(t.clock, '2026-11-25', '10:00');
  admin = await login(t.app, ADMIN);
  quals = await qualificationIds(t.database, ['Agonista', 'Amatore', 'Allievo corso']);
  const created = await call(t.app, admin, 'POST', '/api/v1/training-session/game-tables', { number: 271, description: 'Tavolo 271' });
  assert.equal(created.statusCode, 201, created.body);
  table = created.json()._id;
});
after(async () => {
  await t.close();
});

test('a session, a + TM group or a group ending more than two years ahead is refused with its Italian text; nothing is stored', async () => {
  const sessions = await countOf('training_sessions');
  const groups = await countOf('training_session_groups');
  for (const [name, url, body] of [
    ['single, the day after the last', '/training-session', session({ day: '2028-11-26' })],
    ['single in 2030', '/training-session', session({ day: '2030-01-01' })],
    ['+ TM', '/training-session/group/session', session({ day: '2029-03-01', end_time: '20:00', duration: 60, number_of_sessions: 2 })],
    ['group', '/training-session', group('2028-11-27')],
  ] as const) {
    const refused = await api('POST', url, body);
    assert.equal(refused.statusCode, 400, `${name}: ${refused.body}`);
    assert.deepEqual([refused.json().code, refused.json().message], ['SESSION_DATE_TOO_FAR', TOO_FAR], name);
  }
  assert.equal(await countOf('training_sessions'), sessions, 'no session stored');
  assert.equal(await countOf('training_session_groups'), groups, 'no group stored');
});

test('the last day is taken; an edit may not move a session or a group past it', async () => {
  const single = await api('POST', '/training-session', session({ day: '2028-11-25' }));
  assert.equal(single.statusCode, 201, single.body);
  const singleId = single.json().data[0]._id;
  const moved = await api('PATCH', `/training-session/${singleId}`, session({ day: '2028-12-01' }));
  assert.deepEqual([moved.statusCode, moved.json().code], [400, 'SESSION_DATE_TOO_FAR']);
  const kept = await api('PATCH', `/training-session/${singleId}`, session({ day: '2028-11-25', title: 'Rinominato' }));
  assert.equal(kept.statusCode, 200, kept.body);

  // A season's group, planned well ahead, ending on the last day.
  const created = await api('POST', '/training-session', group('2028-11-25'));
  assert.equal(created.statusCode, 201, created.body);
  const occurrence = created.json().data[0];
  const edit = (end_date: string) => api('PATCH', `/training-session/${occurrence._id}`, group(end_date, { editScope: 'group' }));
  const longer = await edit('2029-06-30');
  assert.deepEqual([longer.statusCode, longer.json().code, longer.json().message], [400, 'SESSION_DATE_TOO_FAR', TOO_FAR]);
  const same = await edit('2028-11-25');
  assert.equal(same.statusCode, 200, same.body);
});
