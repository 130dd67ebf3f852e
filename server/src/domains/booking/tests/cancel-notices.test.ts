/**
 * Issue 44 item 7: when the booker or the staff cancel a booking, the other participants are mailed 'Prenotazione
 * annullata', naming the day, the times on the club's clock and the table; the mail is recorded in the outbox by the
 * cancel's own transaction (issue 38), once. PGlite by default, PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../core/db/rows';
import { ADMIN, type TestApp, build, call, lastMailTo, login, mailsDeliveredTo } from '../../../testing/helper';
import { bookAsStaff, createMembers, createSession, qualificationIds, stopClockAt } from './support';

let t: TestApp;
let admin: string;
let allQuals: string[];
/** Tables of this file (numbers 261–262, apart from the demo club's and other files'). */
let tables: string[];

const api = (cookie: string | null, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
  call(t.app, cookie, method, `/api/v1${url}`, body);

/**
 * The outbox's mails to `to` about cancellations, as the cancel's transaction left them (counted there: once each);
 * what each said is read from the app's copy of the delivered mails, since the outbox blanks a delivered body (issue 39).
 */
const cancelMails = async (to: string) => {
  const rows = rowsOf<{ subject: string }>(
    await t.database.db.execute(
      sql`select subject from mail_outbox where "to" = ${to} and subject like 'Prenotazione annullata%' order by created_at`,
    ),
  );
  if (rows.length) await lastMailTo(t, to, /^Prenotazione annullata/);
  const delivered = mailsDeliveredTo(t, to).filter((m) => m.subject.startsWith('Prenotazione annullata'));
  return rows.map((row, i) => ({ subject: row.subject, body: delivered[i]?.body ?? '' }));
};

before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
  allQuals = await qualificationIds(t.database, ['Agonista', 'Amatore', 'Allievo corso']);
  tables = [];
  for (const number of [261, 262]) {
    const res = await api(admin, 'POST', '/training-session/game-tables', { number, description: `Tavolo ${number}` });
    assert.equal(res.statusCode, 201, res.body);
    tables.push(res.json()._id);
  }
  // Monday 22 March 2027, 10:00 in Rome: the shifts below are days ahead, outside every cancellation window.
  stopClockAt(t.clock, '2027-03-22', '10:00');
  admin = await login(t.app, ADMIN);
});
after(async () => {
  await t.close();
});

const session = (day: string, table: string) =>
  createSession(t.app, admin, {
    title: 'Turno serale',
    day,
    start_time: '18:00',
    end_time: '19:30',
    participant_qualifications: allQuals,
    game_tables: [table],
  });

test('the booker cancels: the partner is told, once, with the day, the club-time hours and the table; the booker is not', async () => {
  const [booker, partner] = await createMembers(t.database, 2);
  const s = await session('2027-03-26', tables[0]!);
  const bookerCookie = await login(t.app, booker!);
  const booked = await api(bookerCookie, 'POST', `/training-session/${s._id}/book`, { partnersId: [partner!.id], date: '2027-03-26' });
  assert.equal(booked.statusCode, 201, booked.body);

  const cancelled = await api(bookerCookie, 'PATCH', `/training-session/booking/${booked.json()._id}`);
  assert.equal(cancelled.statusCode, 200, cancelled.body);
  const [mail, ...more] = await cancelMails(partner!.email);
  assert.equal(more.length, 0);
  assert.equal(mail!.subject, 'Prenotazione annullata: Turno serale del 26/03/2027');
  assert.match(mail!.body, /^Ciao /);
  assert.match(mail!.body, /ha annullato la prenotazione del turno "Turno serale" di venerdì 26\/03\/2027, dalle 18:00 alle 19:30, Tavolo 261/);
  assert.deepEqual(await cancelMails(booker!.email), [], 'who cancels is not told');

  // A second cancel finds nothing to cancel and mails nobody.
  const again = await api(bookerCookie, 'PATCH', `/training-session/booking/${booked.json()._id}`);
  assert.equal(again.statusCode, 404, again.body);
  assert.equal((await cancelMails(partner!.email)).length, 1);
});

test('the staff cancel a booking they made: every participant is told once; a refused cancel mails nobody', async () => {
  const members = await createMembers(t.database, 3);
  const s = await session('2027-03-25', tables[1]!);
  await bookAsStaff(t.app, admin, s._id, '2027-03-25', members);

  // A participant after the shift's end can no longer leave it: refused, and nobody is mailed.
  stopClockAt(t.clock, '2027-03-25', '20:00');
  const late = await api(await login(t.app, members[0]!), 'PATCH', `/training-session/${s._id}/book`, { date: '2027-03-25' });
  assert.equal(late.statusCode, 409, late.body);
  for (const m of members) assert.deepEqual(await cancelMails(m.email), []);
  stopClockAt(t.clock, '2027-03-22', '10:00');
  admin = await login(t.app, ADMIN);

  const cancelled = await api(admin, 'PATCH', `/training-session/${s._id}/book`, { date: '2027-03-25' });
  assert.equal(cancelled.statusCode, 200, cancelled.body);
  for (const m of members) {
    const mails = await cancelMails(m.email);
    assert.equal(mails.length, 1, m.email);
    assert.equal(mails[0]!.subject, 'Prenotazione annullata: Turno serale del 25/03/2027');
    assert.match(mails[0]!.body, /di giovedì 25\/03\/2027, dalle 18:00 alle 19:30, Tavolo 262/);
  }
});
