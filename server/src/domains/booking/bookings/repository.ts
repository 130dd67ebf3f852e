import { type SQL, sql } from 'drizzle-orm';
import type { BookedSession, MedicalStatus, Participant } from 'shared-api/contract';
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
import { DEFAULT_PARTICIPANT_COLOR, endTimeSql, isoInstant, participantsOf, rowsOf } from '../training-sessions/occurrences';

/** What the booking checks know of a participant (read after their row is locked). */
export interface ParticipantFacts {
  id: string;
  name: string;
  surname: string;
  active: boolean;
  accepted_terms: boolean;
  medical: MedicalStatus;
  qualified: boolean;
  busy: boolean;
  color: string;
  rule: ApplicableRule | null;
  daily: number;
  /** The rule's week holding the date (meaningless without a rule). */
  week_start: string | null;
  week_end: string | null;
  weekly: number;
  unlock_count: number;
  unlocked: number;
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

const idList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** Bookings and what their checks read: SQL only. */
export class BookingRepository {
  constructor(
    private readonly timeZone: string,
    private readonly medicalStatusOf: (userId: SQL) => SQL<MedicalStatus>,
  ) {}

  /**
   * Locks the participants' user rows (FOR UPDATE, in id order, so two bookings sharing a member never deadlock):
   * a second booking for any of them waits here until the first commits. The checks read in a later statement,
   * whose snapshot then sees that booking. Answers the ids found.
   */
  async lockUsers(tx: DbOrTx, ids: readonly string[]): Promise<string[]> {
    const rows = rowsOf<{ id: string }>(
      await tx.execute(sql`select ${users.id} as id from ${users} where ${users.id} in (${idList(ids)}) order by ${users.id} for update`),
    );
    return rows.map((r) => r.id);
  }

  /** The candidate rules of the outer user (`users`): own, then highest-priority qualification's, then category's; the most generous first. */
  private ruleSql(userId: SQL): SQL {
    return sql`
      with candidates as (
        select ur.reservation_rule_id as rule_id, 1 as level, 0 as priority from ${user_reservation_rules} ur where ur.user_id = ${userId}
        union all
        select qr.reservation_rule_id, 2, q.priority from ${user_qualifications} uq
          join ${qualifications} q on q.id = uq.qualification_id
          join ${qualification_reservation_rules} qr on qr.qualification_id = q.id
        where uq.user_id = ${userId}
        union all
        select cr.reservation_rule_id, 3, 0 from ${users} cu join ${category_reservation_rules} cr on cr.category_id = cu.category_id where cu.id = ${userId}
      )
      select r.id, r.max_rounds_per_week, r.max_rounds_per_day, r.hours_before_booking_to_ignore_rules, r.hours_before_booking_to_cancel,
             r.week_start_day, r.week_end_day
      from candidates c join ${reservation_rules} r on r.id = c.rule_id
      order by c.level, c.priority desc, r.max_rounds_per_week desc, r.max_rounds_per_day desc, r.id
      limit 1`;
  }

  /**
   * The member's rule (DESIGN §4): their own; else that of their highest-priority qualification that has one; else
   * their category's. Several at one level: the most generous (weekly, then daily quota). Null: no quota.
   */
  async ruleOf(tx: DbOrTx, userId: string): Promise<ApplicableRule | null> {
    const [row] = rowsOf<ApplicableRule>(await tx.execute(this.ruleSql(sql`${userId}::uuid`)));
    return row ?? null;
  }

  /**
   * Everything the checks need about each participant, in ONE statement: state, medical status, qualification,
   * overlap, their rule, their bookings that day and in their rule's week holding the date, and the shifts the
   * rule's unlock times have released by `now` (unlock_count 0: the rule has none).
   */
  async participantFacts(
    tx: DbOrTx,
    ids: readonly string[],
    on: { date: string; startAt: string; endAt: string; qualifications: readonly string[]; today: string; now: Date },
  ): Promise<ParticipantFacts[]> {
    const counted = (from: SQL, to: SQL) => sql`(select count(*)::int from ${booking_participants} p join ${bookings} b on b.id = p.booking_id
      where p.active and p.user_id = ${users.id} and b.date between ${from} and ${to})`;
    const weekStart = sql`(${on.date}::date - ((extract(dow from ${on.date}::date)::int - r.week_start_day + 7) % 7))`;
    const quals = on.qualifications.length ? sql`array[${idList(on.qualifications)}]` : sql`array[]::uuid[]`;
    return rowsOf<ParticipantFacts>(
      await tx.execute(sql`
        select ${users.id} as id, ${users.name} as name, ${users.surname} as surname, ${isActiveUser(on.today)} as active,
          ${users.terms_accepted_at} is not null as accepted_terms, ${this.medicalStatusOf(qualified(users, 'id'))} as medical,
          (cardinality(${quals}) = 0 or exists (select 1 from ${user_qualifications} uq where uq.user_id = ${users.id} and uq.qualification_id = any(${quals}))) as qualified,
          exists (select 1 from ${booking_participants} p where p.active and p.user_id = ${users.id}
                  and p.start_at < ${on.endAt}::timestamptz and p.end_at > ${on.startAt}::timestamptz) as busy,
          coalesce((select q.color from ${user_qualifications} uq join ${qualifications} q on q.id = uq.qualification_id
                    where uq.user_id = ${users.id} order by q.priority desc, q.name limit 1), ${DEFAULT_PARTICIPANT_COLOR}) as color,
          case when r.id is null then null else json_build_object('id', r.id, 'max_rounds_per_week', r.max_rounds_per_week, 'max_rounds_per_day', r.max_rounds_per_day,
            'hours_before_booking_to_ignore_rules', r.hours_before_booking_to_ignore_rules, 'hours_before_booking_to_cancel', r.hours_before_booking_to_cancel,
            'week_start_day', r.week_start_day, 'week_end_day', r.week_end_day) end as rule,
          ${counted(sql`${on.date}::date`, sql`${on.date}::date`)} as daily,
          ${weekStart}::text as week_start,
          (${weekStart} + ((r.week_end_day - r.week_start_day + 7) % 7))::text as week_end,
          case when r.id is null then 0 else ${counted(weekStart, sql`(${weekStart} + ((r.week_end_day - r.week_start_day + 7) % 7))`)} end as weekly,
          (select count(*)::int from ${reservation_rule_unlock_times} u where u.reservation_rule_id = r.id) as unlock_count,
          (select coalesce(sum(u.num_shifts), 0)::int from ${reservation_rule_unlock_times} u where u.reservation_rule_id = r.id
             and ((${weekStart} + ((u.day - r.week_start_day + 7) % 7)) + u.hour::time) at time zone ${this.timeZone} <= ${on.now.toISOString()}::timestamptz) as unlocked
        from ${users}
        left join lateral (${this.ruleSql(qualified(users, 'id'))}) r on true
        where ${users.id} in (${idList(ids)})`),
    );
  }

  /** The booking and its participants in one statement. */
  async insert(
    tx: DbOrTx,
    values: { session_id: string; date: string; start_at: string; end_at: string; booked_by: string },
    participantIds: readonly string[],
  ): Promise<{ id: string; created_at: string }> {
    const [row] = rowsOf<{ id: string; created_at: string }>(
      await tx.execute(sql`
        with b as (
          insert into ${bookings} (session_id, date, start_at, end_at, booked_by)
          values (${values.session_id}, ${values.date}::date, ${values.start_at}::timestamptz, ${values.end_at}::timestamptz, ${values.booked_by})
          returning id, start_at, end_at, created_at
        ), p as (
          insert into ${booking_participants} (booking_id, user_id, start_at, end_at)
          select b.id, u.id, b.start_at, b.end_at from b, unnest(array[${idList(participantIds)}]) as u(id)
        )
        select b.id, ${isoInstant(sql`b.created_at`)} as created_at from b`),
    );
    if (!row) throw new Error('INSERT senza riga restituita');
    return row;
  }

  /** An active booking, locked, with its participants' ids. */
  async lockActive(
    tx: DbOrTx,
    where: { id: string } | { sessionId: string; date: string },
  ): Promise<{ id: string; start_at: string; participant_ids: string[] } | null> {
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
