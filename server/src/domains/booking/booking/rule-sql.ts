import { type SQL, sql } from 'drizzle-orm';
import {
  category_reservation_rules,
  qualification_reservation_rules,
  qualifications,
  reservation_rules,
  user_qualifications,
  user_reservation_rules,
  users,
} from '../../registry/tables';

/**
 * The booking rule that applies to a user (`userId`; DESIGN §4): their own, else that of their highest-priority
 * qualification that has one, else their category's; several at one level, the most generous (weekly, then daily
 * quota). One row, or none: no quota.
 */
export function ruleSql(userId: SQL): SQL {
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
           r.week_start_day, r.week_end_day, r.no_show_limit, r.late_cancellation_limit, r.fair_play_period_days, r.suspension_days
    from candidates c join ${reservation_rules} r on r.id = c.rule_id
    order by c.level, c.priority desc, r.max_rounds_per_week desc, r.max_rounds_per_day desc, r.id
    limit 1`;
}

/**
 * The booking week (DESIGN §4), defined once, in SQL: a rule's week runs from its week_start_day to its week_end_day
 * (0 Sunday … 6 Saturday). The week of a date starts on the last start day on or before it and ends on the first end
 * day on or after that start; a date after that end (a Saturday for a Monday–Friday week) falls between two weeks.
 */
export interface BookingWeek {
  /** Its first day (a date). */
  start: SQL;
  /** Its last day (a date). */
  end: SQL;
}

/** The week of `startDay`–`endDay` whose first day is the last `startDay` on or before `date` (it may end before the date). */
function weekFrom(date: SQL, startDay: SQL, endDay: SQL): BookingWeek {
  const start = sql`(${date} - ((extract(dow from ${date})::int - ${startDay} + 7) % 7))`;
  return { start, end: sql`(${start} + ((${endDay} - ${startDay} + 7) % 7))` };
}

/** The week holding `date`: null bounds when the date falls between two weeks (or there is no rule: null days). */
export function bookingWeekOf(date: SQL, startDay: SQL, endDay: SQL): BookingWeek {
  const week = weekFrom(date, startDay, endDay);
  return { start: sql`(case when ${date} <= ${week.end} then ${week.start} end)`, end: sql`(case when ${date} <= ${week.end} then ${week.end} end)` };
}

/**
 * The active booking week on `today` (members book only in it): the week holding today or, between two weeks, the
 * next one.
 */
export function activeBookingWeek(today: SQL, startDay: SQL, endDay: SQL): BookingWeek {
  const holding = weekFrom(today, startDay, endDay);
  const next = sql`(${today} + ((${startDay} - extract(dow from ${today})::int + 7) % 7))`;
  const start = sql`(case when ${today} <= ${holding.end} then ${holding.start} else ${next} end)`;
  return { start, end: sql`(${start} + ((${endDay} - ${startDay} + 7) % 7))` };
}

/**
 * The day `week` becomes the active one: the day after the week before it ends (weeks repeat every seven days, so
 * that one ends seven days before this one), as activeBookingWeek decides. Null with the week's null bounds.
 */
export const weekActiveFrom = (week: BookingWeek): SQL => sql`(${week.end} - 6)`;

/**
 * The week within which the weekly quota and the unlock times count: the rule's week of `date` even when the date
 * falls after its end (no quota applies then: bookingWeekOf says so).
 */
export const quotaWeekOf = weekFrom;
