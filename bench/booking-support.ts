/** What the booking benchmarks share: the club's time zone, the bench members, small SQL and statistics helpers. */
import { type SQL, sql } from 'drizzle-orm';
import { type Database, hashPassword } from 'server/testing';
import { clubDate } from 'test-kit';

export const TZ = 'Europe/Rome';
export const PASSWORD = 'Socio-2026!';
export const BASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export async function rowsOf<T>(database: Database, query: SQL): Promise<T[]> {
  const result: unknown = await database.db.execute(query);
  return (result as { rows: T[] }).rows;
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * Today at the club on the suites' clock (TEST_NOW, test-kit): the servers the benches start run on it, so sessions
 * dated from the machine's own clock fell outside their active week and every booking was refused.
 */
export const todayInRome = () => clubDate(undefined, TZ);

/** A measure whose calls were refused measured nothing: the bench stops instead of printing a figure. */
export class RefusedCallsError extends Error {}

/** Stops the bench when more than `allowed` of a measure's calls were refused (a figure of refusals is no figure). */
export function assertMostlyAccepted(what: string, accepted: number, refused: number, sample: unknown, allowed = 0.5): void {
  const total = accepted + refused;
  if (total === 0 || refused / total > allowed)
    throw new RefusedCallsError(`${what}: ${refused} chiamate rifiutate su ${total}, nessuna cifra stampata. Esempio: ${JSON.stringify(sample)}`);
}
export const addDays = (iso: string, n: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/**
 * Members bench.<i>@bench.example (Soci, Amatore, password PASSWORD, approved medical certificate till 2099) with a
 * rule of their own whose week starts today (so the next six days are bookable whatever the weekday) and large quotas.
 */
export async function addMembers(database: Database, count: number): Promise<void> {
  const hash = await hashPassword(PASSWORD);
  const weekStart = new Date(`${todayInRome()}T12:00:00Z`).getUTCDay();
  await database.db.execute(sql`
    with rule as (
      insert into reservation_rules (name, max_rounds_per_week, max_rounds_per_day, hours_before_booking_to_ignore_rules, hours_before_booking_to_cancel, week_start_day, week_end_day)
      values ('Bench', 10000, 1000, 0, 0, ${weekStart}, ${(weekStart + 6) % 7}) returning id
    ), u as (
      insert into users (name, surname, email, category_id, password_hash, registration_completed_at, terms_accepted_at)
      select 'Socio', 'Bench ' || i, 'bench.' || i || '@bench.example', (select id from categories where name = 'Soci'), ${hash}, now(), now()
      from generate_series(1, ${count}) i returning id
    ), q as (
      insert into user_qualifications (user_id, qualification_id) select u.id, (select id from qualifications where name = 'Amatore') from u
    ), r as (
      insert into user_reservation_rules (user_id, reservation_rule_id) select u.id, (select id from rule) from u
    ), f as (
      insert into files (id, original_name, mime, size, owner_user_id) select gen_random_uuid(), 'c.pdf', 'application/pdf', 1, u.id from u returning id, owner_user_id
    ), c as (
      insert into certificates (type_id, user_id) select (select id from certificate_types where is_medical order by name limit 1), u.id from u returning id, user_id
    )
    insert into certificate_records (certificate_id, file_id, is_approved, end_date)
    select c.id, f.id, true, '2099-12-31' from c join f on f.owner_user_id = c.user_id`);
}
