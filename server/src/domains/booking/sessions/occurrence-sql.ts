import { type SQL, sql } from 'drizzle-orm';
import { memberColorSql, memberDirectoryVersionSql } from '../../registry';
import { users } from '../../registry/tables';
import { weekDayOf as weekDayOfDate } from '../dates';
import { booking_participants, bookings, game_tables, training_session_exceptions, training_session_groups, training_sessions } from '../tables';
import { sessionCatalogVersionSql } from './session-catalog';

/** The default colour of a session (spec 001 §9: green in the back-office lists). */
export const DEFAULT_SESSION_COLOR = '#2e7d32';
/** A participant without a coloured qualification (spec 001 §9: black). */
export const DEFAULT_PARTICIPANT_COLOR = '#000000';

/** HH:MM plus minutes, as the wall clock reads it ('00:00' after a range ending at midnight). */
export const endTimeSql = (start: SQL | string, minutes: SQL | string) =>
  sql`to_char((${typeof start === 'string' ? sql.raw(start) : start})::time + make_interval(mins => ${typeof minutes === 'string' ? sql.raw(minutes) : minutes}), 'HH24:MI')`;

/**
 * The instants an occurrence starts and ends, both from the club's wall clock: its date at its start time, and that
 * plus its minutes as the clock reads them (a session 01:00–04:00 on the night the clocks go forward ends at 04:00,
 * two hours later, not three; issue 25). A range past midnight ends on the next day.
 */
export const wallClockStartSql = (date: SQL, startTime: SQL, tz: SQL | string) => sql`((${date} + ${startTime}::time) at time zone ${tz})`;
export const wallClockEndSql = (date: SQL, startTime: SQL, minutes: SQL, tz: SQL | string) =>
  sql`((${date} + ${startTime}::time + make_interval(mins => ${minutes})) at time zone ${tz})`;

/** An instant (ISO 8601, UTC) as text, the same on both drivers. */
export const isoInstant = (ts: SQL) => sql`to_char(${ts} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/**
 * The planner for a calendar read, for its transaction only, in one statement: no JIT (the estimates for many groups'
 * expansion would have PostgreSQL compile the query: 0.8 s of a 1 s month of 50 tables), no parallel workers (their
 * start costs more than these reads on 2 cores), no merge joins (with an occurrence's (session, date) it would walk
 * the bookings' or exceptions' whole unique index in order instead of hashing the range's rows).
 */
export const CALENDAR_PLANNER = sql`select set_config('jit', 'off', true), set_config('max_parallel_workers_per_gather', '0', true),
  set_config('enable_mergejoin', 'off', true)`;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date written into the statement rather than bound as a parameter: the plan is made for the days asked (a
 * table's month probes the indexes, fifty tables' week hashes the day's rows) whatever the driver's plan cache does
 * with parameters. Only well-formed dates get here (the contract validates them); anything else is refused.
 */
export function dateLiteral(iso: string): SQL {
  if (!ISO_DATE.test(iso) || Number.isNaN(Date.parse(iso))) throw new Error(`data non valida: ${iso}`);
  return sql.raw(`date '${iso}'`);
}

/** The week day of a date, 0 Sunday … 6 Saturday, by integer arithmetic (extract(dow) goes through timestamp and numeric). */
export const weekDayOf = (date: SQL) => sql`((((${date}) - date '2000-01-02') % 7 + 7) % 7)`;

/** The week days that fall in [from, to] (all seven from a week on). */
export function weekDaysBetween(from: string, to: string): number[] {
  const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  const first = weekDayOfDate(from);
  return Array.from({ length: Math.min(7, Math.max(0, days)) }, (_, i) => (first + i) % 7).sort((a, b) => a - b);
}

/**
 * Whether a group (g) has a date in [from, to] it does not occur on: only such a group's sessions can have a stored
 * exception outside its pattern (a booked occurrence a group edit left behind), so only theirs are looked at
 * (keptExceptionsOf).
 */
function groupLeavesGaps(from: string, to: string): SQL {
  const days = weekDaysBetween(from, to);
  return sql`(g.start_date > ${dateLiteral(from)} or g.end_date < ${dateLiteral(to)} or not g.week_days @> ${sql.raw(`'{${days.join(',')}}'::smallint[]`)})`;
}

/** What an occurrence reads of its stored exception (ex): not the whole row, which the range's hash would carry. */
const exceptionColumns = sql.raw(
  'ex.id, ex.session_id, ex.date, ex.deleted, ex.title, ex.start_time, ex.duration_minutes, ex.color, ex.is_booking_allowed',
);

/**
 * The stored, not deleted exceptions of a session (s) in [from, to], as `x`, read by the session's own key (session,
 * date): a range of one index for each session of the few groups that leave gaps. Joined as a whole instead, the
 * planner hashed every exception of the range (all the booked occurrences: 30,000 for fifty tables' month) to keep
 * a dozen sessions' (9 of the day counts' 11 ms). OFFSET 0 keeps the subquery from being flattened into that join.
 */
function keptExceptionsOf(from: string, to: string): SQL {
  return sql`lateral (select ${exceptionColumns} from ${training_session_exceptions} ex
                      where ex.session_id = s.id and ex.date between ${dateLiteral(from)} and ${dateLiteral(to)} and not ex.deleted offset 0) x`;
}

/** An occurrence's values, its stored exception's (x) where it has them, its session's (s) otherwise, in this order. */
const valuesSql = sql`coalesce(x.title, s.title), coalesce(x.start_time, s.start_time), coalesce(x.duration_minutes, s.duration_minutes),
  coalesce(x.color, s.color), coalesce(x.is_booking_allowed, s.is_booking_allowed)`;

/**
 * The values an occurrence's stored exception (x) gives it when they are its own, other than its session's (s): an
 * edited occurrence's [title, start, duration, colour, booking allowed]; null when they are the session's (a booking's
 * pin copies them, so a pinned occurrence is not edited). One column, built where the exception is joined: carrying
 * the five values through the page's joins and sort for the few edited occurrences cost more than this (fifty
 * tables' month: about 1 ms of 22).
 */
const editSql = sql`case when (${valuesSql}) is distinct from (s.title, s.start_time, s.duration_minutes, s.color, s.is_booking_allowed)
  then json_build_array(${valuesSql}) end`;

/** A group's (g) days in [from, to], as `d.date`: its period cut to the range, every day (week days are filtered after). */
function groupDays(from: string, to: string): SQL {
  const f = dateLiteral(from);
  return sql`lateral (select ${f} + i as date from generate_series(greatest(g.start_date, ${f}) - ${f}, least(g.end_date, ${dateLiteral(to)}) - ${f}) i) d`;
}

/** Whether a date falls in its group's (g) pattern: inside the period, on one of the week days. */
const inPattern = (date: SQL) => sql`(${date} between g.start_date and g.end_date and ${weekDayOf(date)}::smallint = any(g.week_days))`;

/**
 * How an occurrence finds its stored exception and its booking:
 * - 'probe': by the unique key, one index probe each (LATERAL … LIMIT 1 keeps the planner from hashing the range):
 *   few occurrences among many stored rows (one table's month, one session's day);
 * - 'range': the range's rows read once (by date) and hashed, then joined on (session, date): every table, where the
 *   range's stored rows are about as many as its occurrences (3,500 probes cost several times that). OFFSET 0 keeps
 *   the planner from turning the join back into a probe per occurrence, which it did for available=false (84 → 54 ms
 *   to count fifty tables' month).
 */
export type Lookup = 'probe' | 'range';

/** The lookup for a filter: probes when the occurrences are a table's or a session's, the range's rows otherwise. */
export const lookupFor = (f: Pick<OccurrenceFilter, 'tableId' | 'sessionId'>): Lookup => (f.tableId || f.sessionId ? 'probe' : 'range');

/**
 * Every occurrence between two dates, in ONE statement whatever the number of groups (DESIGN §4): a group's sessions
 * expanded over its week days, each date joined to its exception if one is stored (deleted: left out; edited or
 * pinned: its own values); the single sessions; and the stored exceptions that fall outside their group's pattern
 * (booked occurrences a group edit left behind), looked for only in groups that leave a day of the range out.
 * Columns: session_id, date, title, start_time, duration_minutes, color, is_booking_allowed,
 * session_not_considered_for_stats, game_table_id, group_id, is_virtual, edit (editSql). `onlySessions`, a condition
 * on the session (s), limits every part to the sessions it accepts (e.g. one table's).
 */
export function occurrencesBetween(from: string, to: string, lookup: Lookup, onlySessions?: SQL): SQL {
  const s = training_sessions;
  const only = onlySessions ? sql` and ${onlySessions}` : sql``;
  const g = training_session_groups;
  const e = training_session_exceptions;
  const [f, t] = [dateLiteral(from), dateLiteral(to)];
  return sql`
    select s.id as session_id, d.date, coalesce(x.title, s.title) as title, coalesce(x.start_time, s.start_time) as start_time,
           coalesce(x.duration_minutes, s.duration_minutes) as duration_minutes, coalesce(x.color, s.color) as color,
           coalesce(x.is_booking_allowed, s.is_booking_allowed) as is_booking_allowed,
           s.session_not_considered_for_stats, s.game_table_id, s.group_id, x.id is null as is_virtual, ${editSql} as edit
    from ${g} g
    join ${s} s on s.group_id = g.id
    cross join ${groupDays(from, to)}
    ${
      lookup === 'probe'
        ? sql`left join lateral (select ${exceptionColumns} from ${e} ex where ex.session_id = s.id and ex.date = d.date limit 1) x on true`
        : sql`left join (select ${exceptionColumns} from ${e} ex where ex.date between ${f} and ${t} offset 0) x on x.session_id = s.id and x.date = d.date`
    }
    where g.start_date <= ${t} and g.end_date >= ${f}
      and ${weekDayOf(sql`d.date`)}::smallint = any(g.week_days)
      and (x.id is null or not x.deleted)${only}
    union all
    select s.id, s.specific_date, s.title, s.start_time, s.duration_minutes, s.color, s.is_booking_allowed,
           s.session_not_considered_for_stats, s.game_table_id, null, false, null::json
    from ${s} s
    where s.group_id is null and s.specific_date between ${f} and ${t}${only}
    union all
    select s.id, x.date, ${valuesSql}, s.session_not_considered_for_stats, s.game_table_id, s.group_id, false, ${editSql}
    from ${g} g
    join ${s} s on s.group_id = g.id
    cross join ${keptExceptionsOf(from, to)}
    where ${groupLeavesGaps(from, to)} and not ${inPattern(sql`x.date`)}${only}`;
}

/** The active booking (b) of an occurrence (o) with its participants' ids, found as the lookup says. */
function bookingOf(from: string, to: string, lookup: Lookup): SQL {
  return lookup === 'probe'
    ? sql`left join lateral (select bk.id, bk.participant_ids from ${bookings} bk
                             where bk.session_id = o.session_id and bk.date = o.date and bk.cancelled_at is null limit 1) b on true`
    : sql`left join (select bk.id, bk.session_id, bk.date, bk.participant_ids from ${bookings} bk
                     where bk.cancelled_at is null and bk.date between ${dateLiteral(from)} and ${dateLiteral(to)} offset 0) b
            on b.session_id = o.session_id and b.date = o.date`;
}

/** The sessions (s) a count is limited to by a filter's table and session; null when it asks for every session. */
function sessionsAsked(f: Pick<OccurrenceFilter, 'tableId' | 'sessionId'>): SQL | null {
  const conditions: SQL[] = [];
  if (f.tableId) conditions.push(sql`s.game_table_id = ${f.tableId}`);
  if (f.sessionId) conditions.push(sql`s.id = ${f.sessionId}`);
  return conditions.length ? sql.join(conditions, sql` and `) : null;
}

/**
 * How many occurrences each day of [from, to] has, without looking at any occurrence's exception or booking: each
 * group's days times its sessions, plus the single sessions, minus the deleted exceptions, plus the exceptions outside
 * their group's pattern (the last two read from the range's few stored exceptions that change a count). Only for
 * filters an exception cannot change (table, session). Columns: date, n.
 */
function dayCountsBySessions(from: string, to: string, f: Pick<OccurrenceFilter, 'tableId' | 'sessionId'>): SQL {
  const s = training_sessions;
  const g = training_session_groups;
  const e = training_session_exceptions;
  const [lo, hi] = [dateLiteral(from), dateLiteral(to)];
  const asked = sessionsAsked(f);
  const and = asked ? sql` and ${asked}` : sql``;
  return sql`
    select d.date, sum(k.n) as n
    from (select s.group_id, count(*) as n from ${s} s where s.group_id is not null${and} group by s.group_id) k
    join ${g} g on g.id = k.group_id
    cross join ${groupDays(from, to)}
    where g.start_date <= ${hi} and g.end_date >= ${lo} and ${weekDayOf(sql`d.date`)}::smallint = any(g.week_days)
    group by d.date
    union all
    select s.specific_date, count(*) from ${s} s where s.group_id is null and s.specific_date between ${lo} and ${hi}${and} group by s.specific_date
    union all
    select x.date, -count(*) from ${e} x join ${s} s on s.id = x.session_id join ${g} g on g.id = s.group_id
    where x.deleted and x.date between ${lo} and ${hi}${and} and ${inPattern(sql`x.date`)} group by x.date
    union all
    select x.date, count(*) from ${g} g join ${s} s on s.group_id = g.id cross join ${keptExceptionsOf(from, to)}
    where ${groupLeavesGaps(from, to)}${and} and not ${inPattern(sql`x.date`)}
    group by x.date`;
}

/**
 * How many occurrences each day of [from, to] has that are booked (sign 1) or, subtracted from the day's occurrences,
 * free (sign -1): the range's active bookings counted by date. Sound because every active booking is on an
 * occurrence that exists: a booked occurrence cannot be deleted or moved (SESSION_HAS_BOOKING), a group edit pins it
 * (sessions/service). Columns: date, n.
 */
function dayBookingCounts(from: string, to: string, f: Pick<OccurrenceFilter, 'tableId' | 'sessionId'>, sign: 1 | -1): SQL {
  const asked = sessionsAsked(f);
  return sql`
    select b.date, ${sql.raw(sign === 1 ? '' : '-')}count(*) as n
    from ${bookings} b
    ${asked ? sql`join ${training_sessions} s on s.id = b.session_id` : sql``}
    where b.cancelled_at is null and b.date between ${dateLiteral(from)} and ${dateLiteral(to)}
    ${asked ? sql`and ${asked}` : sql``}
    group by b.date`;
}

/** How many occurrences each day of [from, to] has under any filter: every occurrence looked up. Columns: date, n. */
function dayCountsByOccurrences(from: string, to: string, filter: OccurrenceFilter, where: SQL[]): SQL {
  const lookup = lookupFor(filter);
  return sql`
    select o.date, count(*) as n
    from (${occurrencesBetween(from, to, lookup)}) o
    ${filter.available !== undefined ? bookingOf(from, to, lookup) : sql``}
    ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
    group by o.date`;
}

/** Where a page falls in [from, to]: the first and last day holding its rows, and how many rows come before the first. */
export interface PageWindow {
  total: number;
  first_day: string | null;
  last_day: string | null;
  before: number;
}

/**
 * The total of a list of occurrences and the days its page falls on, from the number of occurrences each day has:
 * occurrences are listed by date first, so the page of rows offset … offset + limit lies on the days whose running
 * count crosses it, and only those days need their occurrences read in full (occurrenceRowsSql). Without a filter on
 * what an exception changes (times), the counts come without reading any occurrence: from the sessions, and for
 * available from the range's bookings.
 */
export function pageWindowSql(from: string, to: string, filter: OccurrenceFilter, where: SQL[], limit: number | null, offset: number): SQL {
  const byDay = filter.startTime === undefined && filter.endTime === undefined;
  const counts = !byDay
    ? dayCountsByOccurrences(from, to, filter, where)
    : filter.available === undefined
      ? dayCountsBySessions(from, to, filter)
      : filter.available
        ? sql`${dayCountsBySessions(from, to, filter)} union all ${dayBookingCounts(from, to, filter, -1)}`
        : dayBookingCounts(from, to, filter, 1);
  return sql`
    with days as (select c.date, sum(c.n)::int as n from (${counts}) c group by c.date),
    placed as (select date, n, (sum(n) over (order by date) - n)::int as before from days where n > 0)
    select (select coalesce(sum(n), 0) from days)::int as total, min(date)::text as first_day, max(date)::text as last_day,
           coalesce(min(before), 0)::int as before
    from placed
    where before + n > ${sql.raw(String(Math.trunc(offset)))}${limit === null ? sql`` : sql` and before < ${sql.raw(String(Math.trunc(offset + limit)))}`}`;
}

/** Occurrence filters of GET /training-session, on the outer query's columns (o = occurrence, b = its booking). */
export interface OccurrenceFilter {
  sessionId?: string;
  tableId?: string;
  /** Starting at or after (HH:MM). */
  startTime?: string;
  /** Ending at or before (HH:MM). */
  endTime?: string;
  /** true: without a booking; false: booked. */
  available?: boolean;
}

const minutesOf = (time: SQL) => sql`(split_part(${time}, ':', 1)::int * 60 + split_part(${time}, ':', 2)::int)`;

export function occurrenceConditions(f: OccurrenceFilter): SQL[] {
  const where: SQL[] = [];
  if (f.sessionId) where.push(sql`o.session_id = ${f.sessionId}`);
  if (f.tableId) where.push(sql`o.game_table_id = ${f.tableId}`);
  if (f.startTime) where.push(sql`o.start_time >= ${f.startTime}`);
  if (f.endTime) where.push(sql`${minutesOf(sql`o.start_time`)} + o.duration_minutes <= ${minutesOf(sql`${f.endTime}::text`)}`);
  if (f.available === true) where.push(sql`b.id is null`);
  if (f.available === false) where.push(sql`b.id is not null`);
  return where;
}

/** The participants of a booking (outer `bookingId`), with the colour of their highest-priority qualification. */
export function participantsOf(bookingId: SQL): SQL {
  return sql`coalesce((
    select json_agg(json_build_object('_id', u.id, 'name', u.name, 'surname', u.surname, 'color',
      ${memberColorSql(sql`u.id`, DEFAULT_PARTICIPANT_COLOR)}) order by u.surname, u.name)
    from ${booking_participants} p join ${users} u on u.id = p.user_id
    -- Who left a booking (of the staff's: the others keep it) is no longer among its participants.
    where p.booking_id = ${bookingId} and p.left_at is null
  ), '[]'::json)`;
}

/** What occurrenceRowsSql reads: the occurrences of [from, to] under `where`, in `orderBy` (default: date, start, table). */
export interface OccurrenceRows {
  from: string;
  to: string;
  tz: string;
  where: SQL[];
  orderBy?: SQL[];
  /** null: every row. */
  limit: number | null;
  offset: number;
  lookup: Lookup;
}

/**
 * The occurrences of [from, to] with what an answer carries of each, filtered, in the given order, one page — one
 * statement, one level: the occurrences with their tables and bookings, sorted and cut to the page. A row carries
 * what is its own: its session's id, its date, the values an edit gave it (null when it has the session's), its
 * booking with its participants' ids, and the instant it starts (the club's wall clock by PostgreSQL's time-zone
 * rules). What rows refer to comes from caches kept between requests: the sessions with their tables, groups and
 * qualifications from the session catalog (session-catalog.ts), the participants' names and colours from the
 * registry's member directory; the page's first row carries the versions of both in the statement's snapshot
 * (`refs`), and readOccurrences assembles the answers. Sending each row's session values and, once, the page's groups
 * and qualifications was a third of the statement, and choosing the page in a CTE to read those references from it
 * another third (fifty tables' month, pgbench: 39 → 30 → 22 ms); building 3,000 answers' objects in SQL and parsing
 * them again cost more than the rest of the read. The lists' tie-breaker is the rows' own `o.session_id` (joining
 * training_sessions again to name it cost a hash join).
 */
export function occurrenceRowsSql({ from, to, tz, where, orderBy, limit, offset, lookup }: OccurrenceRows): SQL {
  const order = sql.join(orderBy ?? [sql`o.date`, sql`o.start_time`, sql`gt.number`, sql`o.session_id`], sql`, `);
  return sql`
    select o.session_id as "_id", o.date::text as date, o.is_virtual,
      o.edit, b.id as booking_id, array_to_string(b.participant_ids, ',') as participant_ids,
      date_part('epoch', ${wallClockStartSql(sql`o.date`, sql`o.start_time`, tz)}) as start_epoch,
      nullif(date_part('epoch', ${wallClockEndSql(sql`o.date`, sql`o.start_time`, sql`o.duration_minutes`, tz)})
             - date_part('epoch', ${wallClockStartSql(sql`o.date`, sql`o.start_time`, tz)}) - o.duration_minutes * 60, 0) as end_shift,
      case when row_number() over (order by ${order}) = ${sql.raw(String(Math.trunc(offset) + 1))}
        then json_build_object('catalog_version', ${sessionCatalogVersionSql}, 'directory_version', ${memberDirectoryVersionSql}) end as refs
    from (${occurrencesBetween(from, to, lookup)}) o
    join ${game_tables} gt on gt.id = o.game_table_id
    ${bookingOf(from, to, lookup)}
    ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
    order by ${order}
    ${limit === null ? sql`` : sql.raw(`limit ${Math.trunc(limit)} offset ${Math.trunc(offset)}`)}`;
}
