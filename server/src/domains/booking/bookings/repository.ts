import { type SQL, sql } from 'drizzle-orm';
import type { BookedSession, Booking, MedicalStatus, Participant } from 'shared-api/contract';
import type { DbOrTx } from '../../../core/db/client';
import { qualified } from '../../../core/sql';
import { isActiveUser } from '../../registry';
import {
  category_reservation_rules,
  qualification_reservation_rules,
  qualifications,
  reservation_rule_unlock_times,
  reservation_rules,
  user_qualifications,
  user_reservation_rules,
  users,
} from '../../registry/tables';
import { booking_participants, bookings, game_tables, training_session_exceptions, training_sessions } from '../tables';
import { endTimeSql, isoInstant, participantsOf, rowsOf } from '../training-sessions/occurrences';

/** A participant as the checks read them, locked. */
export interface LockedUser {
  id: string;
  name: string;
  surname: string;
  active: boolean;
  accepted_terms: boolean;
  medical: MedicalStatus;
}

/** The booking rule that applies to a member (DESIGN §4), with the shifts its unlock times have released by now. */
export interface ApplicableRule {
  id: string;
  max_rounds_per_week: number;
  max_rounds_per_day: number;
  hours_before_booking_to_ignore_rules: number;
  hours_before_booking_to_cancel: number;
  week_start_day: number;
  week_end_day: number;
}

const idList = (ids: readonly string[]) => sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);

/** Bookings and what their checks read: SQL only. */
export class BookingRepository {
  constructor(
    private readonly timeZone: string,
    private readonly medicalStatusOf: (userId: SQL) => SQL<MedicalStatus>,
  ) {}

  /**
   * Locks the participants' user rows (FOR UPDATE, in id order, so two bookings sharing a member never deadlock):
   * a second booking for any of them waits here until the first commits, then sees its booking in the checks.
   */
  async lockUsers(tx: DbOrTx, ids: readonly string[], today: string): Promise<LockedUser[]> {
    return rowsOf<LockedUser>(
      await tx.execute(sql`
        select ${users.id} as id, ${users.name} as name, ${users.surname} as surname, ${isActiveUser(today)} as active,
               ${users.terms_accepted_at} is not null as accepted_terms, ${this.medicalStatusOf(qualified(users, 'id'))} as medical
        from ${users}
        where ${users.id} in (${idList(ids)})
        order by ${users.id}
        for update of ${users}`),
    );
  }

  /** Those of the users holding at least one of the qualifications. */
  async holdersOfAny(tx: DbOrTx, userIds: readonly string[], qualificationIds: readonly string[]): Promise<Set<string>> {
    if (!qualificationIds.length) return new Set(userIds);
    const rows = rowsOf<{ user_id: string }>(
      await tx.execute(sql`
        select distinct user_id from ${user_qualifications}
        where user_id in (${idList(userIds)}) and qualification_id in (${idList(qualificationIds)})`),
    );
    return new Set(rows.map((r) => r.user_id));
  }

  /** Those of the users with an active booking overlapping [startAt, endAt). */
  async overlapping(tx: DbOrTx, userIds: readonly string[], startAt: string, endAt: string): Promise<Set<string>> {
    const rows = rowsOf<{ user_id: string }>(
      await tx.execute(sql`
        select distinct p.user_id from ${booking_participants} p
        where p.active and p.user_id in (${idList(userIds)}) and p.start_at < ${endAt}::timestamptz and p.end_at > ${startAt}::timestamptz`),
    );
    return new Set(rows.map((r) => r.user_id));
  }

  /**
   * The member's rule: their own; else that of their highest-priority qualification that has one; else their
   * category's. Several at one level: the most generous (weekly, then daily quota). Null: no quota.
   */
  async ruleOf(tx: DbOrTx, userId: string): Promise<ApplicableRule | null> {
    const [row] = rowsOf<ApplicableRule>(
      await tx.execute(sql`
        with candidates as (
          select ur.reservation_rule_id as rule_id, 1 as level, 0 as priority from ${user_reservation_rules} ur where ur.user_id = ${userId}
          union all
          select qr.reservation_rule_id, 2, q.priority from ${user_qualifications} uq
            join ${qualifications} q on q.id = uq.qualification_id
            join ${qualification_reservation_rules} qr on qr.qualification_id = q.id
          where uq.user_id = ${userId}
          union all
          select cr.reservation_rule_id, 3, 0 from ${users} u join ${category_reservation_rules} cr on cr.category_id = u.category_id where u.id = ${userId}
        )
        select r.id, r.max_rounds_per_week, r.max_rounds_per_day, r.hours_before_booking_to_ignore_rules, r.hours_before_booking_to_cancel,
               r.week_start_day, r.week_end_day
        from candidates c join ${reservation_rules} r on r.id = c.rule_id
        order by c.level, c.priority desc, r.max_rounds_per_week desc, r.max_rounds_per_day desc, r.id
        limit 1`),
    );
    return row ?? null;
  }

  /** Shifts of a week the rule's unlock times have released by `now` (null: the rule has no unlock times). */
  async unlockedShifts(tx: DbOrTx, rule: ApplicableRule, weekStart: string, now: Date): Promise<number | null> {
    const [row] = rowsOf<{ unlocked: number; n: number }>(
      await tx.execute(sql`
        select coalesce(sum(u.num_shifts) filter (
                 where ((${weekStart}::date + ((u.day - ${rule.week_start_day} + 7) % 7)) + u.hour::time) at time zone ${this.timeZone} <= ${now.toISOString()}::timestamptz
               ), 0)::int as unlocked, count(*)::int as n
        from ${reservation_rule_unlock_times} u where u.reservation_rule_id = ${rule.id}`),
    );
    return row && row.n > 0 ? row.unlocked : null;
  }

  /** Active bookings a member takes part in between two dates (both included). */
  async countBetween(tx: DbOrTx, userId: string, from: string, to: string): Promise<number> {
    const [row] = rowsOf<{ n: number }>(
      await tx.execute(sql`
        select count(*)::int as n from ${booking_participants} p join ${bookings} b on b.id = p.booking_id
        where p.active and p.user_id = ${userId} and b.date between ${from}::date and ${to}::date`),
    );
    return row?.n ?? 0;
  }

  async insert(tx: DbOrTx, values: { session_id: string; date: string; start_at: string; end_at: string; booked_by: string }, participantIds: readonly string[]): Promise<string> {
    const times = { start_at: new Date(values.start_at), end_at: new Date(values.end_at) };
    const [row] = await tx.insert(bookings).values({ ...values, ...times }).returning({ id: bookings.id });
    if (!row) throw new Error('INSERT senza riga restituita');
    await tx.insert(booking_participants).values(participantIds.map((user_id) => ({ booking_id: row.id, user_id, ...times })));
    return row.id;
  }

  async booking(tx: DbOrTx, id: string): Promise<Booking | null> {
    const [row] = rowsOf<Booking>(
      await tx.execute(sql`
        select b.id as "_id", b.session_id as training_session_id, b.date::text as date, ${isoInstant(sql`b.start_at`)} as start_at, ${isoInstant(sql`b.end_at`)} as end_at,
               ${participantsOf(sql`b.id`)} as participants, b.booked_by, ${isoInstant(sql`b.created_at`)} as created_at
        from ${bookings} b where b.id = ${id}`),
    );
    return row ?? null;
  }

  /** An active booking, locked, with its participants' ids. */
  async lockActive(tx: DbOrTx, where: { id: string } | { sessionId: string; date: string }): Promise<{ id: string; start_at: string; participant_ids: string[] } | null> {
    const condition = 'id' in where ? sql`b.id = ${where.id}` : sql`b.session_id = ${where.sessionId} and b.date = ${where.date}::date`;
    const [row] = rowsOf<{ id: string; start_at: string; participant_ids: string[] }>(
      await tx.execute(sql`
        select b.id, ${isoInstant(sql`b.start_at`)} as start_at,
               array(select p.user_id::text from ${booking_participants} p where p.booking_id = b.id order by p.user_id) as participant_ids
        from ${bookings} b where ${condition} and b.cancelled_at is null
        for update of b`),
    );
    return row ?? null;
  }

  async cancel(tx: DbOrTx, id: string, by: string, now: Date): Promise<void> {
    await tx.execute(sql`update ${bookings} set cancelled_at = ${now.toISOString()}::timestamptz, cancelled_by = ${by} where id = ${id}`);
    await tx.execute(sql`update ${booking_participants} set active = false where booking_id = ${id}`);
  }

  async participants(tx: DbOrTx, bookingId: string): Promise<Participant[]> {
    const [row] = rowsOf<{ participants: Participant[] }>(await tx.execute(sql`select ${participantsOf(sql`${bookingId}::uuid`)} as participants`));
    return row?.participants ?? [];
  }

  /** The member's active bookings, future (not yet ended; soonest first) or past (latest first). */
  async bookedSessions(tx: DbOrTx, userId: string, filter: 'future' | 'past', now: Date): Promise<Omit<BookedSession, 'can_cancel'>[]> {
    const local = (ts: SQL) => sql`to_char(${ts} at time zone ${this.timeZone}, 'HH24:MI')`;
    const rows = rowsOf<Omit<BookedSession, 'can_cancel'>>(
      await tx.execute(sql`
        select b.id as "_id",
          json_build_object('_id', s.id, 'title', coalesce(x.title, s.title), 'start_time', ${local(sql`b.start_at`)},
                            'end_time', ${endTimeSql(local(sql`b.start_at`), sql`(extract(epoch from b.end_at - b.start_at) / 60)::int`)}) as "trainingSession",
          b.date::text as session_date, b.date::text as specific_date,
          ${isoInstant(sql`b.start_at`)} as start_at, ${isoInstant(sql`b.end_at`)} as end_at,
          ${participantsOf(sql`b.id`)} as users, ${participantsOf(sql`b.id`)} as participants,
          json_build_object('_id', gt.id, 'number', gt.number, 'description', gt.description) as game_table,
          b.end_at <= ${now.toISOString()}::timestamptz as "pastPrenotation"
        from ${booking_participants} me
        join ${bookings} b on b.id = me.booking_id
        join ${training_sessions} s on s.id = b.session_id
        left join ${training_session_exceptions} x on x.session_id = b.session_id and x.date = b.date
        join ${game_tables} gt on gt.id = s.game_table_id
        where me.user_id = ${userId} and me.active
          and ${filter === 'future' ? sql`b.end_at > ${now.toISOString()}::timestamptz` : sql`b.end_at <= ${now.toISOString()}::timestamptz`}
        order by b.start_at ${filter === 'future' ? sql`asc` : sql`desc`}
        limit 500`),
    );
    return rows;
  }
}
