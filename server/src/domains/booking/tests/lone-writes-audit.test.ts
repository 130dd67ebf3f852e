/**
 * Issue 38: the writes a service made outside `db.transaction` left no audit entry (the log's context was set by
 * patching that method). Now each mutating request is one unit of work carrying its context: the calendar feeds (a
 * member's and a table's: creation, regeneration, turn-off), the reminder preferences and leaving a waitlist are each
 * recorded, with the user who did it. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../core/db/rows';
import { ADMIN, type TestApp, build, call, login } from '../../../testing/helper';
import { type TestMember, createMembers, createSession, qualificationIds, stopClockAt } from './support';

let t: TestApp;
let admin: string;
let adminId: string;
let table: string;
let quals: string[];
let a: TestMember;
let b: TestMember;
let c: TestMember;

interface Entry {
  id: string;
  actor_user_id: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
}

const api = (cookie: string | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  call(t.app, cookie, method, `/api/v1${url}`, body);

const allEntries = async (): Promise<Entry[]> =>
  rowsOf<Entry>(await t.database.db.execute(sql`select id, actor_user_id, action, entity, entity_id from audit_log`));

/** Runs the call, checks its status and answers the audit entries it wrote. */
async function entriesOf(status: number, act: () => Promise<{ statusCode: number; body: string }>): Promise<Entry[]> {
  const seen = new Set((await allEntries()).map((e) => e.id));
  const res = await act();
  assert.equal(res.statusCode, status, res.body);
  return (await allEntries()).filter((e) => !seen.has(e.id));
}

const summary = (entries: Entry[]) => entries.map((e) => `${e.entity} ${e.action} ${e.actor_user_id}`).sort();

before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
  adminId = (await api(admin, 'GET', '/user/me')).json()._id;
  quals = await qualificationIds(t.database, ['Agonista', 'Amatore', 'Allievo corso']);
  const created = await api(admin, 'POST', '/training-session/game-tables', { number: 381, description: 'Tavolo delle scritture sole' });
  assert.equal(created.statusCode, 201, created.body);
  table = created.json()._id;
  stopClockAt(t.clock, '2027-03-22', '10:00');
  admin = await login(t.app, ADMIN);
  [a, b, c] = (await createMembers(t.database, 3, { label: 'scritture' })) as [TestMember, TestMember, TestMember];
});
after(async () => {
  await t.close();
});

describe('writes outside db.transaction are audited with their actor', () => {
  test("a member's calendar feed: created, regenerated, turned off", async () => {
    const member = await login(t.app, a);
    const made = await entriesOf(200, () => api(member, 'POST', '/user/me/calendar-feed'));
    assert.deepEqual(summary(made), [`calendar_feeds create ${a.id}`]);
    const again = await entriesOf(200, () => api(member, 'POST', '/user/me/calendar-feed'));
    assert.deepEqual(summary(again), [`calendar_feeds edit ${a.id}`]);
    const off = await entriesOf(200, () => api(member, 'DELETE', '/user/me/calendar-feed'));
    assert.deepEqual(summary(off), [`calendar_feeds delete ${a.id}`]);
  });

  test("a table's calendar feed: created, regenerated, turned off by the staff", async () => {
    const url = `/training-session/game-tables/${table}/calendar-feed`;
    assert.deepEqual(summary(await entriesOf(200, () => api(admin, 'POST', url))), [`calendar_feeds create ${adminId}`]);
    assert.deepEqual(summary(await entriesOf(200, () => api(admin, 'POST', url))), [`calendar_feeds edit ${adminId}`]);
    assert.deepEqual(summary(await entriesOf(200, () => api(admin, 'DELETE', url))), [`calendar_feeds delete ${adminId}`]);
  });

  test('the reminder preferences', async () => {
    const member = await login(t.app, b);
    const set = await entriesOf(200, () => api(member, 'PATCH', '/user/me/preferences', { reminder_hours: 6 }));
    assert.deepEqual(summary(set), [`member_preferences create ${b.id}`]);
    const changed = await entriesOf(200, () => api(member, 'PATCH', '/user/me/preferences', { reminder_hours: 24 }));
    assert.deepEqual(summary(changed), [`member_preferences edit ${b.id}`]);
  });

  test('leaving a waitlist', async () => {
    const { _id: id } = await createSession(t.app, admin, {
      title: 'Turno della lista',
      day: '2027-03-24',
      start_time: '18:00',
      end_time: '19:30',
      participant_qualifications: quals,
      game_tables: [table],
    });
    const booked = await api(await login(t.app, a), 'POST', `/training-session/${id}/book`, { partnersId: [b.id], date: '2027-03-24' });
    assert.equal(booked.statusCode, 201, booked.body);
    const member = await login(t.app, c);
    const joined = await api(member, 'POST', `/training-session/${id}/waitlist`, { date: '2027-03-24', partnersId: [] });
    assert.equal(joined.statusCode, 201, joined.body);
    const left = await entriesOf(200, () => api(member, 'DELETE', `/training-session/${id}/waitlist?date=2027-03-24`));
    assert.deepEqual(summary(left), [`booking_waitlist delete ${c.id}`]);
  });
});
