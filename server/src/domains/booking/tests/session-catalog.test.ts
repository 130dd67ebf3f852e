import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { ADMIN, type TestApp, build, call, login } from '../../../testing/helper';
import { qualificationIds, romeInstant } from './support';

/**
 * The calendar keeps sessions with their tables, groups and qualifications between requests
 * (sessions/session-catalog.ts): each change to them shows in the very next read, whatever made it.
 */

let t: TestApp;
let admin: string;
let allQuals: string[];
let agonista: string[];
/** Tables of this file (numbers 131–132, apart from the demo club's and the other files'). */
let tables: string[];

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) => call(t.app, admin, method, `/api/v1${url}`, body);

interface Shown {
  _id: string;
  title: string;
  specific_date: string;
  start_time: string;
  color: string;
  participant_qualifications: string[];
  game_table: { _id: string; number: number; description: string };
  game_tables: { number: number }[];
  group: { _id: string; start_date: string; end_date: string } | null;
  group_game_tables: { number: number }[];
}

/** Every table's occurrences of some days, as the admin calendar reads them. */
const calendar = async (from: string, to: string): Promise<Shown[]> => {
  const res = await api('GET', `/training-session?startDate=${from}&endDate=${to}&limit=3000`);
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data;
};

before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
  allQuals = (await qualificationIds(t.database, ['Agonista', 'Amatore', 'Allievo corso'])).sort();
  agonista = await qualificationIds(t.database, ['Agonista']);
  tables = [];
  for (const number of [131, 132]) {
    const res = await api('POST', '/training-session/game-tables', { number, description: `Tavolo del catalogo ${number}` });
    assert.equal(res.statusCode, 201, res.body);
    tables.push(res.json()._id);
  }
  // Monday 22 March 2027, 10:00 in Rome.
  t.clock.freeze();
  t.clock.advance(romeInstant('2027-03-22', '10:00').getTime() - t.clock.now().getTime());
  admin = await login(t.app, ADMIN);
});
after(async () => {
  await t.close();
});

describe('the calendar after changes to what it keeps between requests', () => {
  test("a single session's values, table and qualifications; a table's number; changes made in the database itself", async () => {
    const created = await api('POST', '/training-session', {
      title: 'Prima',
      day: '2027-03-24',
      start_time: '18:00',
      end_time: '19:00',
      participant_qualifications: allQuals,
      game_tables: [tables[0]],
    });
    assert.equal(created.statusCode, 201, created.body);
    const id = created.json().data[0]._id as string;
    const shown = async () => {
      const found = (await calendar('2027-03-24', '2027-03-24')).find((o) => o._id === id);
      assert.ok(found);
      return [found.title, found.start_time, found.game_table.number, found.game_tables.map((g) => g.number), found.participant_qualifications];
    };
    assert.deepEqual(await shown(), ['Prima', '18:00', 131, [131], allQuals]);
    // Read again with nothing changed: the same.
    assert.deepEqual(await shown(), ['Prima', '18:00', 131, [131], allQuals]);

    const edited = await api('PATCH', `/training-session/${id}`, {
      title: 'Seconda',
      day: '2027-03-24',
      start_time: '18:30',
      end_time: '19:30',
      participant_qualifications: agonista,
      game_tables: [tables[1]],
    });
    assert.equal(edited.statusCode, 200, edited.body);
    assert.deepEqual(await shown(), ['Seconda', '18:30', 132, [132], agonista]);

    const renumbered = await api('PATCH', `/training-session/game-tables/${tables[1]}`, { number: 133, description: 'Rinumerato' });
    assert.equal(renumbered.statusCode, 200, renumbered.body);
    assert.deepEqual(await shown(), ['Seconda', '18:30', 133, [133], agonista]);

    // By any path: the database's own statements raise the catalog's version too.
    await t.database.db.execute(sql`update training_sessions set title = 'Terza' where id = ${id}`);
    assert.deepEqual((await shown())[0], 'Terza');
    await t.database.db.execute(sql`delete from training_session_qualifications where session_id = ${id}`);
    assert.deepEqual((await shown())[4], []);
    await t.database.db.execute(sql`update game_tables set number = 132 where id = ${tables[1]}`);
    assert.deepEqual((await shown())[2], 132);
  });

  test("a group's end moved by an edit from today on, and a new session of the group adding its table to the others", async () => {
    const group = {
      title: 'Gruppo del catalogo',
      start_time: '20:00',
      end_time: '21:00',
      participant_qualifications: allQuals,
      game_tables: [tables[0]],
      recurring_days: ['1', '3'],
      start_date: '2027-03-01',
      end_date: '2027-04-30',
    };
    const created = await api('POST', '/training-session', group);
    assert.equal(created.statusCode, 201, created.body);
    const session = created.json().data[0] as { _id: string; virtualGroupId: string };
    const pastWeek = async () => (await calendar('2027-03-01', '2027-03-07')).filter((o) => o.group?._id === session.virtualGroupId);
    const before = await pastWeek();
    assert.deepEqual(
      before.map((o) => [o.specific_date, o.group?.end_date, o.group_game_tables.map((g) => g.number)]),
      [
        ['2027-03-01', '2027-04-30', [131]],
        ['2027-03-03', '2027-04-30', [131]],
      ],
    );

    // A second session of the group, on the other table (as '+ TS' on two tables makes): both show both tables.
    await t.database.db.execute(sql`
      insert into training_sessions (group_id, title, start_time, duration_minutes, game_table_id)
      values (${session.virtualGroupId}, 'Gruppo del catalogo', '20:00', 60, ${tables[1]})`);
    const widened = await pastWeek();
    assert.deepEqual(
      widened.map((o) => [o.specific_date, o.game_table.number, o.group_game_tables.map((g) => g.number)]),
      [
        ['2027-03-01', 131, [131, 132]],
        ['2027-03-01', 132, [131, 132]],
        ['2027-03-03', 131, [131, 132]],
        ['2027-03-03', 132, [131, 132]],
      ],
    );

    // The group edited from today on: its past stays in the old group, which now ends yesterday.
    const edited = await api('PATCH', `/training-session/${session._id}`, { ...group, title: 'Gruppo nuovo', editScope: 'group' });
    assert.equal(edited.statusCode, 200, edited.body);
    const after = await pastWeek();
    assert.deepEqual(
      after.map((o) => [o.specific_date, o.title, o.group?.end_date]),
      [
        ['2027-03-01', 'Gruppo del catalogo', '2027-03-21'],
        ['2027-03-01', 'Gruppo del catalogo', '2027-03-21'],
        ['2027-03-03', 'Gruppo del catalogo', '2027-03-21'],
        ['2027-03-03', 'Gruppo del catalogo', '2027-03-21'],
      ],
    );
    // The group's own row changed in the database: its end shows at once.
    await t.database.db.execute(sql`update training_session_groups set end_date = '2027-03-20' where id = ${session.virtualGroupId}`);
    assert.deepEqual(
      (await pastWeek()).map((o) => o.group?.end_date),
      ['2027-03-20', '2027-03-20', '2027-03-20', '2027-03-20'],
    );
  });
});
