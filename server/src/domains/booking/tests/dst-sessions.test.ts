/**
 * Issue 39: a session in the hour the clocks skip when summer time starts (2027-03-28, 02:00–03:00 in Europe/Rome) is
 * refused with an Italian message naming the day and the hour, for a single session, a group and one occurrence's own
 * times; it was stored with no length (02:30–03:30 both read as 03:30). Around it, sessions keep their length.
 * PGlite by default, PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ADMIN, type TestApp, build, call, login } from '../../../testing/helper';
import { qualificationIds, stopClockAt } from './support';

let t: TestApp;
let admin: string;
let table: string;
let quals: string[];

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) => call(t.app, admin, method, `/api/v1${url}`, body);
const fields = (extra: Record<string, unknown>) => ({ title: 'Notte', participant_qualifications: quals, game_tables: [table], ...extra });

before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
  quals = await qualificationIds(t.database, ['Amatore']);
  const created = await api('POST', '/training-session/game-tables', { number: 275, description: "Tavolo dell'ora legale" });
  assert.equal(created.statusCode, 201, created.body);
  table = created.json()._id;
  stopClockAt(t.clock, '2027-03-22', '10:00');
  admin = await login(t.app, ADMIN);
});
after(async () => {
  await t.close();
});

const refusedFor = (res: { statusCode: number; json: () => { code: string; message: string } }, time: string) => {
  assert.equal(res.statusCode, 400);
  assert.equal(res.json().code, 'SESSION_TIME_MISSING');
  assert.match(res.json().message, new RegExp(`^Il 28/03/2027 l'ora ${time} non esiste: .*ora legale`));
};

test('02:30–03:30 on the night summer time starts is refused, with the day and the hour', async () => {
  refusedFor(await api('POST', '/training-session', fields({ day: '2027-03-28', start_time: '02:30', end_time: '03:30' })), '02:30');
  // A weekly group whose Sundays take in that night: refused too, naming it.
  refusedFor(
    await api(
      'POST',
      '/training-session',
      fields({ start_date: '2027-03-22', end_date: '2027-04-11', recurring_days: [0], start_time: '02:30', end_time: '03:30' }),
    ),
    '02:30',
  );
  // Ending inside the skipped hour: refused as well.
  refusedFor(await api('POST', '/training-session', fields({ day: '2027-03-28', start_time: '01:30', end_time: '02:30' })), '02:30');
});

test('around the skipped hour a session keeps its length; moving one occurrence into it is refused', async () => {
  const made = await api('POST', '/training-session', fields({ day: '2027-03-28', start_time: '03:30', end_time: '04:30' }));
  assert.equal(made.statusCode, 201, made.body);
  const [session] = made.json().data as { start_at?: string; end_at?: string; start_time: string; end_time: string }[];
  assert.deepEqual([session!.start_time, session!.end_time], ['03:30', '04:30']);

  const group = await api(
    'POST',
    '/training-session',
    fields({ start_date: '2027-03-22', end_date: '2027-04-11', recurring_days: [0], start_time: '20:00', end_time: '21:00' }),
  );
  assert.equal(group.statusCode, 201, group.body);
  const first = group.json().data[0] as { _id: string; virtualGroupId: string };
  const moved = await api('POST', `/training-session/group/${first.virtualGroupId}/exception`, {
    session_id: first._id,
    date: '2027-03-28',
    start_time: '02:15',
    end_time: '03:15',
  });
  refusedFor(moved, '02:15');
  // The group's times changed from today on, into the skipped hour on one of its Sundays: refused.
  const regrouped = await api('PATCH', `/training-session/group/${first.virtualGroupId}`, {
    ...fields({ start_date: '2027-03-22', end_date: '2027-04-11', recurring_days: [0], start_time: '02:30', end_time: '03:00' }),
  });
  refusedFor(regrouped, '02:30');
});
