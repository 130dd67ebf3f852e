import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { namedStatement } from '../../../core/db/prepared';
import { isActiveUser } from '../../registry';
import { qualifications, reservation_rule_unlock_times, user_qualifications, users } from '../../registry/tables';
import {
  booking_member_versions,
  booking_participants,
  bookings,
  training_session_exceptions,
  training_session_groups,
  training_session_qualifications,
  training_sessions,
} from '../tables';
import { DEFAULT_PARTICIPANT_COLOR, isoInstant, wallClockEndSql, wallClockStartSql } from '../sessions/occurrence-sql';
import { fairPlaySql } from '../fair-play/sql';
import { activeBookingWeek, bookingWeekOf, quotaWeekOf, ruleSql, weekActiveFrom } from './rule-sql';

/** The medical status of a member on a day, in SQL (the certificates domain's, through its port). */
export type MedicalStatusSql = (userId: SQL, today: SQLWrapper) => SQL;

/** The booking engine's two statements (repository.ts batches and runs them): named and prepared (core/db/prepared). */

/**
 * The engine's read, ONE statement for a batch of bookings (`k` numbers them; core/db/batch): for each, the
 * occurrence of a session on a date (a group's pattern and exceptions; a single session's own date when the date is
 * null) and, for each participant found, everything the checks need — state, medical status, qualification,
 * overlap, their rule, their bookings that day and in their rule's week holding the date, the shifts the rule's
 * unlock times have released by that booking's `now` (unlock_count 0: the rule has none), their booking
 * version and the end of their fair-play suspension (fair-play/sql.ts). One snapshot, so the facts and the versions agree. Bookings are counted by their start on the
 * participants' own index (a booking's date is the club's date of its start). Participants come as pairs
 * (who_k, who_id): booking who_k's participant who_id.
 */
export const bookingReadStatement = (medicalStatusOf: MedicalStatusSql) =>
  namedStatement<'k' | 'session' | 'date' | 'today' | 'now' | 'who_k' | 'who_id' | 'tz'>('booking_read_batch', (p) => {
    const tz = sql`${p('tz')}::text`;
    const midnight = (day: SQL) => sql`((${day})::timestamp at time zone ${tz})`;
    // The rule's week of the date counts the weekly quota and the unlocks; it holds the date unless it ends before.
    const { start: weekStart, end: weekEnd } = quotaWeekOf(sql`o.date`, sql`r.week_start_day`, sql`r.week_end_day`);
    // Without a rule the booking weeks are the calendar's, Monday to Sunday: the one holding the date and the active one.
    const holding = bookingWeekOf(sql`o.date`, sql`coalesce(r.week_start_day, 1)`, sql`coalesce(r.week_end_day, 0)`);
    const active = activeBookingWeek(sql`o.today`, sql`coalesce(r.week_start_day, 1)`, sql`coalesce(r.week_end_day, 0)`);
    const today = sql`o.today`;
    return sql`
    with found as (
      select r.k, r.today, r.now, s.id, coalesce(r.date, s.specific_date) as date, s.group_id,
             coalesce(x.title, s.title) as title, coalesce(x.start_time, s.start_time) as start_time,
             coalesce(x.duration_minutes, s.duration_minutes) as duration, coalesce(x.color, s.color) as color,
             coalesce(x.is_booking_allowed, s.is_booking_allowed) as is_booking_allowed
      from unnest(${p('k')}::int[], ${p('session')}::uuid[], ${p('date')}::date[], ${p('today')}::date[], ${p('now')}::timestamptz[])
        as r(k, session, date, today, now)
      join ${training_sessions} s on s.id = r.session
      left join ${training_session_groups} g on g.id = s.group_id
      -- A group's occurrence may have its own values (or be deleted); a single session has no exceptions.
      left join ${training_session_exceptions} x on s.group_id is not null and x.session_id = s.id and x.date = r.date
      where case when s.group_id is null then r.date is null or s.specific_date = r.date
                 -- A stored exception is an occurrence wherever it falls; otherwise the group's pattern decides.
                 when x.id is not null then not x.deleted
                 else r.date between g.start_date and g.end_date and extract(dow from r.date)::smallint = any(g.week_days) end
    ), o as (
      select f.*, ${wallClockStartSql(sql`f.date`, sql`f.start_time`, tz)} as start_ts,
             ${wallClockEndSql(sql`f.date`, sql`f.start_time`, sql`f.duration`, tz)} as end_ts,
             array(select q.qualification_id from ${training_session_qualifications} q where q.session_id = f.id) as quals
      from found f
    )
    select o.k, o.id as session_id, o.date::text as date, o.group_id, o.title, o.start_time, o.duration, o.color, o.is_booking_allowed,
           array(select q::text from unnest(o.quals) q) as qualifications,
           ${isoInstant(sql`o.start_ts`)} as start_at, ${isoInstant(sql`o.end_ts`)} as end_at,
           (select bk.id from ${bookings} bk where bk.session_id = o.id and bk.date = o.date and bk.cancelled_at is null) as booking_id,
           exists (select 1 from ${bookings} ns where ns.session_id = o.id and ns.date = o.date and ns.no_show_at is not null) as released_no_show,
           facts
    from o
    left join lateral (
      select json_build_object(
        'id', users.id, 'name', users.name, 'surname', users.surname, 'active', ${isActiveUser(today)}, 'accepted_terms', users.terms_accepted_at is not null,
        'medical', ${medicalStatusOf(sql`users.id`, today)},
        -- Probes of the member's own rows (LIMIT 1: a prepared statement's plan cannot turn them into a scan of a table).
        'qualified', cardinality(o.quals) = 0
          or (select true from ${user_qualifications} uq where uq.user_id = users.id and uq.qualification_id = any(o.quals) limit 1) is not null,
        -- A booking lasts at most a day (a session is a range within one day), so one that overlaps starts less than
        -- 24 hours before this one: the probe reads that window of the member's index, not their whole history.
        'busy', (select true from ${booking_participants} bp where bp.active and bp.user_id = users.id
                 and bp.start_at >= o.start_ts - interval '24 hours' and bp.start_at < o.end_ts and bp.end_at > o.start_ts limit 1) is not null,
        'color', coalesce((select q.color from ${user_qualifications} uq join ${qualifications} q on q.id = uq.qualification_id
                           where uq.user_id = users.id order by q.priority desc, q.name limit 1), ${DEFAULT_PARTICIPANT_COLOR}::text),
        'rule', case when r.id is null then null else json_build_object('id', r.id, 'max_rounds_per_week', r.max_rounds_per_week,
          'max_rounds_per_day', r.max_rounds_per_day, 'hours_before_booking_to_ignore_rules', r.hours_before_booking_to_ignore_rules,
          'hours_before_booking_to_cancel', r.hours_before_booking_to_cancel, 'week_start_day', r.week_start_day, 'week_end_day', r.week_end_day) end,
        'daily', taken.daily,
        'week_start', ${holding.start}::text,
        'week_end', ${holding.end}::text,
        'week_opens_at', ${isoInstant(midnight(weekActiveFrom(holding)))},
        'active_week_start', ${active.start}::text,
        'active_week_end', ${active.end}::text,
        'weekly', case when r.id is null then 0 else taken.weekly end,
        'unlock_count', coalesce(unlocks.count, 0),
        'unlocked', coalesce(unlocks.unlocked, 0),
        'releases', coalesce(unlocks.releases, '[]'::json),
        'version', coalesce((select v.version from ${booking_member_versions} v where v.user_id = users.id), 0),
        'suspended_until', fp.suspended_until) as facts
      from unnest(${p('who_k')}::int[], ${p('who_id')}::uuid[]) as who(k, id)
      join ${users} on users.id = who.id
      left join lateral (${ruleSql(sql`users.id`)}) r on true
      -- Their fair-play suspension (issue 42), read only when their rule has limits.
      left join lateral (${fairPlaySql(sql`users.id`, sql`o.now`, 'r', true)}) fp on true
      -- The member's bookings that day and in the rule's week holding it, in one range scan of their own index.
      left join lateral (
        select count(*) filter (where bp.start_at >= ${midnight(sql`o.date`)} and bp.start_at < ${midnight(sql`o.date + 1`)})::int as daily,
               count(*) filter (where bp.start_at >= ${midnight(weekStart)} and bp.start_at < ${midnight(sql`${weekEnd} + 1`)})::int as weekly
        from ${booking_participants} bp
        where bp.active and bp.user_id = users.id
          and bp.start_at >= ${midnight(sql`least(o.date, coalesce(${weekStart}, o.date))`)}
          and bp.start_at < ${midnight(sql`greatest(o.date, coalesce(${weekEnd}, o.date)) + 1`)}
      ) taken on true
      -- The unlock times of the rule's week of the date, as instants: the shifts released by now, and when each is.
      left join lateral (
        select count(*)::int as count,
               sum(u.num_shifts) filter (where u.at <= o.now)::int as unlocked,
               json_agg(json_build_object('at', ${isoInstant(sql`u.at`)}, 'shifts', u.num_shifts) order by u.at) as releases
        from (select ut.num_shifts, ((${weekStart} + ((ut.day - r.week_start_day + 7) % 7)) + ut.hour::time) at time zone ${tz} as at
              from ${reservation_rule_unlock_times} ut where ut.reservation_rule_id = r.id) u
      ) unlocks on true
      where who.k = o.k
    ) pf on true`;
  });

/**
 * The engine's write, ONE statement for a batch of bookings whose participants are all different (`k` numbers
 * them; participants come as (who_k, who_id, who_version) with the version each was read at plus one). Each
 * participant's booking version goes up by one only if it is still the version read (insert … on conflict … where:
 * a racing booking for the same member waits on that row and then finds the version changed); a booking whose
 * participants all went up is inserted with its participants and, for a group's occurrence, the pinning exception.
 * The partial unique index on (session, date) refuses a second active booking of an occurrence whatever races (on
 * conflict do nothing: that booking alone is not inserted). Participants in id order, so statements sharing members
 * never deadlock. One row per booking: `current` false, a participant's bookings changed since the read (read
 * again); `id` null when current, the occurrence was booked meanwhile. A booking is found again by its first
 * participant, who is in no other booking of the batch.
 */
export const bookingWriteStatement = () =>
  namedStatement<
    | 'k'
    | 'session'
    | 'date'
    | 'start_at'
    | 'end_at'
    | 'booked_by'
    | 'first'
    | 'pin'
    | 'title'
    | 'start_time'
    | 'duration'
    | 'color'
    | 'allowed'
    | 'who_k'
    | 'who_id'
    | 'who_version'
    | 'audit_at'
    | 'audit_ip'
  >(
    'booking_write_batch',
    (p) => sql`
    with req as (
      select * from unnest(${p('k')}::int[], ${p('session')}::uuid[], ${p('date')}::date[], ${p('start_at')}::timestamptz[],
                           ${p('end_at')}::timestamptz[], ${p('booked_by')}::uuid[], ${p('first')}::uuid[], ${p('pin')}::boolean[],
                           ${p('title')}::text[], ${p('start_time')}::text[], ${p('duration')}::int[], ${p('color')}::text[],
                           ${p('allowed')}::boolean[], ${p('audit_at')}::timestamptz[], ${p('audit_ip')}::text[])
        as r(k, session, date, start_at, end_at, booked_by, first, pin, title, start_time, duration, color, allowed, audit_at, audit_ip)
    ), who as (
      select * from unnest(${p('who_k')}::int[], ${p('who_id')}::uuid[], ${p('who_version')}::int[]) with ordinality as w(k, user_id, version, place)
    ), v as (
      insert into ${booking_member_versions} as m (user_id, version)
      select w.user_id, w.version from who w order by w.user_id
      on conflict (user_id) do update set version = excluded.version where m.version = excluded.version - 1
      returning m.user_id
    ), ok as (
      select r.* from req r
      where not exists (select 1 from who w where w.k = r.k and not exists (select 1 from v where v.user_id = w.user_id))
    ), b as (
      insert into ${bookings} (session_id, date, start_at, end_at, booked_by, participant_ids, notice_pending)
      select ok.session, ok.date, ok.start_at, ok.end_at, ok.booked_by, array(select w.user_id from who w where w.k = ok.k order by w.place), true
      from ok
      on conflict (session_id, date) where cancelled_at is null do nothing
      returning id, participant_ids[1] as first, start_at, end_at, created_at
    ), bp as (
      insert into ${booking_participants} (booking_id, user_id, start_at, end_at)
      select b.id, w.user_id, b.start_at, b.end_at from b join ok on ok.first = b.first join who w on w.k = ok.k
    ), pin as (
      insert into ${training_session_exceptions} (session_id, date, title, start_time, duration_minutes, color, is_booking_allowed, deleted)
      select ok.session, ok.date, ok.title, ok.start_time, ok.duration, ok.color, ok.allowed, false
      from b join ok on ok.first = b.first
      where ok.pin
      on conflict (session_id, date) do nothing
    ), audit as (
      -- One statement books for many requests, outside any transaction: each booking's audit entry is written here,
      -- with its own request's actor and address (core/audit), by the statement that books it.
      insert into audit_log (at, actor_user_id, ip, action, entity, entity_id, changes)
      select ok.audit_at, ok.booked_by, ok.audit_ip, 'book', 'bookings', b.id::text,
             jsonb_build_object('session_id', jsonb_build_object('before', null, 'after', ok.session),
                                'date', jsonb_build_object('before', null, 'after', ok.date),
                                'participant_ids', jsonb_build_object('before', null, 'after',
                                  to_jsonb(array(select w.user_id from who w where w.k = ok.k order by w.place))))
      from b join ok on ok.first = b.first
      where ok.audit_at is not null
    )
    select r.k, ok.k is not null as current, b.id, ${isoInstant(sql`b.created_at`)} as created_at
    from req r left join ok on ok.k = r.k left join b on b.first = ok.first`,
  );
