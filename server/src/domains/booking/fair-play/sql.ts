import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { FairPlayRecord } from 'shared-api/contract';
import { ruleSql } from '../booking/rule-sql';
import { booking_participants, bookings, fair_play_lifts } from '../tables';
import { isoInstant } from '../sessions/occurrence-sql';

/** A rule's fair-play period when the member has no rule (the column's default). */
export const DEFAULT_FAIR_PLAY_PERIOD_DAYS = 30;

/**
 * A member's fair-play record (issue 42), in SQL, ONE row: the no-shows and late cancellations counted within their
 * rule's period ending at `now`, and the end of their suspension (ISO 8601, UTC) or null. `rule` names a row in scope
 * with the columns of ruleSql (rule-sql.ts; all null when the member has no rule): the engine's read passes its own,
 * so the record costs no other statement.
 *
 * The events, read from the bookings as they are (nothing is written for them): a no-show is a booking released with
 * the member among its participants (bookings.no_show_at, its instant); a late cancellation, a booking the member
 * left (booking_participants.left_at) or cancelled (bookings.cancelled_by) later than the rule's
 * hours_before_booking_to_cancel before its start. Events up to the member's latest lift (fair_play_lifts) do not
 * count. A member is suspended when, at one of their events, the events of that kind within the period ending there
 * reach the rule's limit: for suspension_days from that event. `onlyWithLimits`: nothing is read for a rule without
 * limits (the engine's read; the record's page shows the counts anyway).
 *
 * Every event of a booking falls within a day before its end and 30 days (a rule's hours are at most 720) before it,
 * so the member's bookings are read by end, on their own index (booking_participants_user_end_idx), over the period
 * and the suspension before `now` only.
 */
export function fairPlaySql(userId: SQL, now: SQL, rule: string, onlyWithLimits: boolean): SQL {
  const r = sql.raw(rule);
  const period = sql`(coalesce(${r}.fair_play_period_days, ${DEFAULT_FAIR_PLAY_PERIOD_DAYS}) * interval '1 day')`;
  const suspension = sql`(coalesce(${r}.suspension_days, 0) * interval '1 day')`;
  const cancelWindow = sql`(coalesce(${r}.hours_before_booking_to_cancel, 0) * interval '1 hour')`;
  const limits = onlyWithLimits ? sql`and (${r}.no_show_limit is not null or ${r}.late_cancellation_limit is not null)` : sql``;
  return sql`
    with lift as (select max(l.lifted_at) as at from ${fair_play_lifts} l where l.user_id = ${userId}),
    ev as (
      select e.kind, e.at from (
        select case when b.no_show_at is not null then 'no_show' else 'late' end as kind,
               case when b.no_show_at is not null then b.no_show_at
                    when bp.left_at is not null then bp.left_at
                    when b.cancelled_by = ${userId} then b.cancelled_at end as at,
               bp.start_at
        from ${booking_participants} bp join ${bookings} b on b.id = bp.booking_id
        where bp.user_id = ${userId} ${limits}
          and bp.end_at > ${now} - ${period} - ${suspension} - interval '1 day'
          and bp.end_at <= ${now} + interval '31 days'
          and (b.no_show_at is not null or bp.left_at is not null or (b.cancelled_at is not null and b.cancelled_by = ${userId}))
      ) e
      where e.at <= ${now} and e.at > coalesce((select at from lift), '-infinity'::timestamptz)
        and (e.kind = 'no_show' or e.at > e.start_at - ${cancelWindow})
    ),
    counted as (
      select ev.kind, ev.at,
             (select count(*) from ev e2 where e2.kind = ev.kind and e2.at > ev.at - ${period} and e2.at <= ev.at) as reached
      from ev
    ),
    suspended as (
      select max(c.at + ${suspension}) as until from counted c
      where c.reached >= case c.kind when 'no_show' then ${r}.no_show_limit else ${r}.late_cancellation_limit end
    )
    select (select count(*) from ev where kind = 'no_show' and at > ${now} - ${period})::int as no_shows,
           (select count(*) from ev where kind = 'late' and at > ${now} - ${period})::int as late_cancellations,
           (select case when s.until > ${now} then ${isoInstant(sql`s.until`)} end from suspended s) as suspended_until`;
}

/** The member's record at `now` as one JSON value (the registry's users list, Services.bookingConduct). */
export function fairPlayOf(userId: SQLWrapper, now: Date): SQL<FairPlayRecord> {
  const id = sql`${userId}`;
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql<FairPlayRecord>`(select json_build_object('no_shows', fp.no_shows, 'late_cancellations', fp.late_cancellations,
      'suspended_until', fp.suspended_until)
    from (select 1) one left join lateral (${ruleSql(id)}) r on true cross join lateral (${fairPlaySql(id, at, 'r', false)}) fp)`;
}
