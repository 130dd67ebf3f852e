/**
 * Issue 39: a member's waitlist places and reminders end with their deactivation (not only their anonymisation): the
 * deactivation drops their places, so a freed shift mails the others only, and the reminders' sweep passes them by.
 * PGlite by default, PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq, like } from 'drizzle-orm';
import { mail_outbox } from '../../../core/db/tables';
import { ADMIN, type TestApp, asJob, build, call, jobsDone, login } from '../../../testing/helper';
import { booking_waitlist } from '../tables';
import { WAITLIST_NOTICE_JOB } from '../waitlist/service';
import { BOOKING_NOTICE_JOB } from '../booking/notices';
import { REMINDERS_JOB } from '../reminders/service';
import { type TestMember, createMembers, createSession, qualificationIds, stopClockAt } from './support';

let t: TestApp;
let admin: string;
let table: string;
let quals: string[];

const api = (cookie: string | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  call(t.app, cookie, method, `/api/v1${url}`, body);

before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
  quals = await qualificationIds(t.database, ['Agonista', 'Amatore', 'Allievo corso']);
  const created = await api(admin, 'POST', '/training-session/game-tables', { number: 274, description: 'Tavolo delle disattivazioni' });
  assert.equal(created.statusCode, 201, created.body);
  table = created.json()._id;
  stopClockAt(t.clock, '2027-03-22', '10:00');
  admin = await login(t.app, ADMIN);
});
after(async () => {
  await t.close();
});

const mailsTo = (email: string, subjectStart: string) =>
  t.database.db
    .select()
    .from(mail_outbox)
    .where(and(eq(mail_outbox.to, email), like(mail_outbox.subject, `${subjectStart}%`)));

test('a deactivated member loses their waitlist places and is not told of the freed shift; the others are', async () => {
  const [a, b, waiting, other] = (await createMembers(t.database, 4, { label: 'disattivo' })) as [TestMember, TestMember, TestMember, TestMember];
  const { _id: session } = await createSession(t.app, admin, {
    title: 'Turno con attesa',
    day: '2027-03-24',
    start_time: '18:00',
    end_time: '19:30',
    participant_qualifications: quals,
    game_tables: [table],
  });
  const aCookie = await login(t.app, a);
  assert.equal((await api(aCookie, 'POST', `/training-session/${session}/book`, { partnersId: [b.id], date: '2027-03-24' })).statusCode, 201);
  for (const m of [waiting, other]) {
    const joined = await api(await login(t.app, m), 'POST', `/training-session/${session}/waitlist`, { date: '2027-03-24', partnersId: [] });
    assert.equal(joined.statusCode, 201, joined.body);
  }

  assert.equal((await api(admin, 'PATCH', `/user/${waiting.id}/deactivate`, {})).statusCode, 200);
  assert.deepEqual(await t.database.db.select().from(booking_waitlist).where(eq(booking_waitlist.user_id, waiting.id)), [], 'their place is gone');

  assert.equal((await api(aCookie, 'PATCH', `/training-session/${session}/book`, { date: '2027-03-24' })).statusCode, 200);
  await jobsDone(t.database, WAITLIST_NOTICE_JOB);
  assert.ok((await mailsTo(other.email, '')).length > 0, 'the other waiting member is told');
  assert.deepEqual(await mailsTo(waiting.email, ''), [], 'the deactivated member is told nothing');
});

test('the reminders pass a deactivated member by; their partner is reminded', async () => {
  const [a, b] = (await createMembers(t.database, 2, { label: 'promdisatt' })) as [TestMember, TestMember];
  const { _id: session } = await createSession(t.app, admin, {
    title: 'Promemoria disattivato',
    day: '2027-03-23',
    start_time: '18:00',
    end_time: '19:30',
    participant_qualifications: quals,
    game_tables: [table],
  });
  const booked = await api(await login(t.app, a), 'POST', `/training-session/${session}/book`, { partnersId: [b.id], date: '2027-03-23' });
  assert.equal(booked.statusCode, 201, booked.body);
  assert.equal((await api(admin, 'PATCH', `/user/${b.id}/deactivate`, {})).statusCode, 200);
  stopClockAt(t.clock, '2027-03-22', '18:30');
  await asJob(t, () => t.app.services.booking.reminders.sendDue());
  // A sweep of the runner's (the schedule's, or the booking notice's) may have claimed the reminder first.
  for (const job of [BOOKING_NOTICE_JOB, REMINDERS_JOB]) await jobsDone(t.database, job);
  assert.equal((await mailsTo(a.email, 'Promemoria: turno "Promemoria disattivato"')).length, 1, 'the active partner is reminded');
  assert.deepEqual(await mailsTo(b.email, 'Promemoria'), [], 'the deactivated member is not');
});
