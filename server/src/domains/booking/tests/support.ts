import { type TestClock, testNow } from 'test-kit';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../core/db/client';
import { files } from '../../../core/db/tables';
import { certificate_records, certificate_types, certificates } from '../../certificates/tables';
import { qualifications, user_qualifications, users } from '../../registry/tables';
import { call } from '../../../testing/helper';
import { insertMembers } from '../../../testing/members';

/** Test data written straight into the database: what other domains own (members, certificates), made fast. */

let counter = 0;

export interface TestMember {
  id: string;
  email: string;
  password: string;
}

/**
 * Members of 'Soci' who can sign in, with an approved medical certificate ending on `certificateEnd` (null: no
 * certificate) and the given qualifications by name (default Amatore, whose rule is 'Standard soci' like the category's).
 */
/**
 * One single 18:00–19:30 session a day on `tableId` for `days` days from 20 days before `today` (the club's date,
 * YYYY-MM-DD), each booked by `member` with `partner`: a member with a long history of bookings, written in one
 * statement (the calendar feed's heavy-calls test and bench/around-booking.ts).
 */
export async function bookedDailySessions(
  database: Database,
  { today, days, tableId, member, partner }: { today: string; days: number; tableId: string; member: TestMember; partner: TestMember },
): Promise<void> {
  await database.db.execute(sql`
    with s as (
      insert into training_sessions (title, specific_date, start_time, duration_minutes, game_table_id, color)
      select 'Allenamento', (${today}::date - 20 + g)::date, '18:00', 90, ${tableId}::uuid, '#1e88e5' from generate_series(0, ${days - 1}) g
      returning id, specific_date
    ), b as (
      insert into bookings (session_id, date, start_at, end_at, booked_by, participant_ids)
      select s.id, s.specific_date, (s.specific_date + time '18:00') at time zone 'Europe/Rome',
             (s.specific_date + time '19:30') at time zone 'Europe/Rome', ${member.id}::uuid, array[${member.id}::uuid, ${partner.id}::uuid]
      from s returning id, start_at, end_at
    )
    insert into booking_participants (booking_id, user_id, start_at, end_at)
    select b.id, u, b.start_at, b.end_at from b cross join unnest(array[${member.id}::uuid, ${partner.id}::uuid]) u`);
}

export async function createMembers(
  database: Database,
  count: number,
  options: { certificateEnd?: string | null; qualifications?: string[]; category?: string; label?: string } = {},
): Promise<TestMember[]> {
  const { db } = database;
  const rows = await insertMembers(db, count, { label: options.label, category: options.category });
  const ids = rows.map((r) => r.id);
  const qualificationNames = options.qualifications ?? ['Amatore'];
  if (qualificationNames.length) {
    const quals = await db.select({ id: qualifications.id }).from(qualifications).where(inArray(qualifications.name, qualificationNames));
    await db.insert(user_qualifications).values(ids.flatMap((user_id) => quals.map((q) => ({ user_id, qualification_id: q.id }))));
  }
  if (options.certificateEnd !== null) await giveCertificates(database, ids, options.certificateEnd ?? '2099-12-31');
  return rows;
}

/** An approved medical certificate (latest record) ending on `end` for each user; `approved: false` leaves it awaiting approval. */
export async function giveCertificates(database: Database, userIds: string[], end: string, approved = true): Promise<void> {
  const { db } = database;
  const [type] = await db
    .select({ id: certificate_types.id })
    .from(certificate_types)
    .where(sql`${certificate_types.is_medical}`)
    .limit(1);
  if (!type) throw new Error('nessuna tipologia medica');
  for (const userId of userIds) {
    const fileId = randomUUID();
    await db.insert(files).values({ id: fileId, original_name: 'c.pdf', mime: 'application/pdf', size: 1, owner_user_id: userId });
    const [cert] = await db
      .insert(certificates)
      .values({ type_id: type.id, user_id: userId })
      .onConflictDoUpdate({ target: [certificates.user_id, certificates.type_id], set: { notes: null } })
      .returning({ id: certificates.id });
    await db.insert(certificate_records).values({
      certificate_id: cert!.id,
      file_id: fileId,
      is_approved: approved,
      end_date: end,
      uploaded_at: new Date(testNow().getTime() + counter++),
    });
  }
}

export async function userIdOf(database: Database, email: string): Promise<string> {
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`utente ${email} non trovato`);
  return row.id;
}

export async function qualificationIds(database: Database, names: string[]): Promise<string[]> {
  return (await database.db.select({ id: qualifications.id }).from(qualifications).where(inArray(qualifications.name, names))).map((q) => q.id);
}

/** Stops a test app's clock at a club wall-clock time in Europe/Rome. */
export function stopClockAt(clock: TestClock, date: string, time: string): void {
  clock.freeze();
  clock.advance(romeInstant(date, time).getTime() - clock.now().getTime());
}

/** An instant from a club wall-clock time in Europe/Rome (what the tests fix "now" to). */
export function romeInstant(date: string, time: string): Date {
  // Try both offsets Rome can have and keep the one whose Rome wall clock matches.
  for (const offset of ['+01:00', '+02:00']) {
    const candidate = new Date(`${date}T${time}:00${offset}`);
    const wall = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
      candidate,
    );
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(candidate);
    if (wall === time && day === date) return candidate;
  }
  throw new Error(`ora locale inesistente: ${date} ${time}`);
}

/** POST /training-session as the bookings staff (`cookie`), asserting 201: the first occurrence created. */
export async function createSession(
  app: FastifyInstance,
  cookie: string,
  fields: Record<string, unknown>,
): Promise<{ _id: string; virtualGroupId: string | null }> {
  const res = await call(app, cookie, 'POST', '/api/v1/training-session', fields);
  assert.equal(res.statusCode, 201, res.body);
  return res.json<{ data: { _id: string; virtualGroupId: string | null }[] }>().data[0]!;
}

/** The bookings staff (`cookie`) book `who` into a session's occurrence on `date` (admin: true), asserting 201. */
export async function bookAsStaff(app: FastifyInstance, cookie: string, sessionId: string, date: string, who: TestMember[]): Promise<void> {
  const res = await call(app, cookie, 'POST', `/api/v1/training-session/${sessionId}/book`, { partnersId: who.map((m) => m.id), date, admin: true });
  assert.equal(res.statusCode, 201, res.body);
}
