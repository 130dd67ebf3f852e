import { type SQL, sql } from 'drizzle-orm';
import type { TrainingSession } from 'shared-api/contract';
import type { DbOrTx } from '../../../core/db/client';
import { qualifications, user_qualifications, users } from '../../registry/tables';
import {
  booking_participants,
  bookings,
  game_tables,
  training_session_exceptions,
  training_session_groups,
  training_session_qualifications,
  training_sessions,
} from '../tables';

/** Rows of a raw execute() on either driver (pg and PGlite both answer { rows }). */
export const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []));

/** The default colour of a session (spec 001 §9: green in the back-office lists). */
export const DEFAULT_SESSION_COLOR = '#2e7d32';
/** A participant without a coloured qualification (spec 001 §9: black). */
export const DEFAULT_PARTICIPANT_COLOR = '#000000';

/** HH:MM plus minutes, as the wall clock reads it ('00:00' after a range ending at midnight). */
export const endTimeSql = (start: SQL | string, minutes: SQL | string) =>
  sql`to_char((${typeof start === 'string' ? sql.raw(start) : start})::time + make_interval(mins => ${typeof minutes === 'string' ? sql.raw(minutes) : minutes}), 'HH24:MI')`;

/** An instant (ISO 8601, UTC) as text, the same on both drivers. */
export const isoInstant = (ts: SQL) => sql`to_char(${ts} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/**
 * Every occurrence between two dates, in ONE statement whatever the number of groups (DESIGN §4): a group's sessions
 * expanded over its week days with generate_series, each date joined to its exception if one is stored (deleted:
 * left out; edited or pinned: its own values); the single sessions; and the stored exceptions that fall outside
 * their group's pattern (booked occurrences a group edit left behind). Columns: session_id, date, title, start_time,
 * duration_minutes, color, is_booking_allowed, session_not_considered_for_stats, game_table_id, group_id, is_virtual.
 */
export function occurrencesBetween(from: string, to: string): SQL {
  const s = training_sessions;
  const g = training_session_groups;
  const e = training_session_exceptions;
  return sql`
    select s.id as session_id, d.day::date as date, coalesce(x.title, s.title) as title, coalesce(x.start_time, s.start_time) as start_time,
           coalesce(x.duration_minutes, s.duration_minutes) as duration_minutes, coalesce(x.color, s.color) as color,
           coalesce(x.is_booking_allowed, s.is_booking_allowed) as is_booking_allowed,
           s.session_not_considered_for_stats, s.game_table_id, s.group_id, x.id is null as is_virtual
    from ${g} g
    join ${s} s on s.group_id = g.id
    cross join lateral generate_series(greatest(g.start_date, ${from}::date), least(g.end_date, ${to}::date), interval '1 day') as d(day)
    -- One index probe per date (the unique key): a hash of every exception in the range costs more for a table's month.
    left join lateral (select * from ${e} ex where ex.session_id = s.id and ex.date = d.day::date limit 1) x on true
    where g.start_date <= ${to}::date and g.end_date >= ${from}::date
      and extract(dow from d.day)::smallint = any(g.week_days)
      and (x.id is null or not x.deleted)
    union all
    select s.id, s.specific_date, s.title, s.start_time, s.duration_minutes, s.color, s.is_booking_allowed,
           s.session_not_considered_for_stats, s.game_table_id, null, false
    from ${s} s
    where s.group_id is null and s.specific_date between ${from}::date and ${to}::date
    union all
    select s.id, x.date, coalesce(x.title, s.title), coalesce(x.start_time, s.start_time), coalesce(x.duration_minutes, s.duration_minutes),
           coalesce(x.color, s.color), coalesce(x.is_booking_allowed, s.is_booking_allowed), s.session_not_considered_for_stats, s.game_table_id, s.group_id, false
    from ${e} x
    join ${s} s on s.id = x.session_id
    join ${g} g on g.id = s.group_id
    where x.date between ${from}::date and ${to}::date and not x.deleted
      and (x.date < g.start_date or x.date > g.end_date or not (extract(dow from x.date)::smallint = any(g.week_days)))`;
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
      coalesce((select q.color from ${user_qualifications} uq join ${qualifications} q on q.id = uq.qualification_id
                where uq.user_id = u.id order by q.priority desc, q.name limit 1), ${DEFAULT_PARTICIPANT_COLOR})) order by u.surname, u.name)
    from ${booking_participants} p join ${users} u on u.id = p.user_id
    where p.booking_id = ${bookingId}
  ), '[]'::json)`;
}

/**
 * The occurrences of [from, to] with everything an answer carries, filtered, in the given order, one page — one
 * statement in two steps: the page of lean rows (occurrence, table, booking) is chosen and sorted first, then only
 * its rows get their qualifications, participants and group tables, each aggregated once per session, booking or
 * group rather than once per row. The session's own table is joined under its name so `training_sessions.id` can
 * be the lists' tie-breaker.
 */
export function occurrenceRowsSql(
  from: string,
  to: string,
  tz: string,
  where: SQL[],
  orderBy: SQL[] | null,
  limit: number | null,
  offset: number,
): SQL {
  const startAt = sql`((o.date + o.start_time::time) at time zone ${tz})`;
  const endAt = sql`(${startAt} + make_interval(mins => o.duration_minutes))`;
  const order = orderBy ?? [sql`o.date`, sql`o.start_time`, sql`gt.number`, sql`${training_sessions}.id`];
  return sql`
    with page as materialized (
      select o.*, b.id as booking_id, gt.id as table_id, gt.number as table_number, gt.description as table_description,
             row_number() over (order by ${sql.join(order, sql`, `)}) as rn
      from (${occurrencesBetween(from, to)}) o
      join ${training_sessions} on ${training_sessions}.id = o.session_id
      join ${game_tables} gt on gt.id = o.game_table_id
      left join lateral (select bk.id from ${bookings} bk where bk.session_id = o.session_id and bk.date = o.date and bk.cancelled_at is null limit 1) b on true
      ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
      order by ${sql.join(order, sql`, `)}
      ${limit === null ? sql`` : sql`limit ${limit} offset ${offset}`}
    ), quals as (
      select sq.session_id, array_agg(sq.qualification_id::text order by sq.qualification_id) as ids
      from ${training_session_qualifications} sq where sq.session_id in (select session_id from page) group by sq.session_id
    ), group_tables as (
      select s2.group_id, json_agg(distinct jsonb_build_object('_id', t2.id, 'number', t2.number, 'description', t2.description)) as list
      from ${training_sessions} s2 join ${game_tables} t2 on t2.id = s2.game_table_id
      where s2.group_id in (select group_id from page where group_id is not null)
      group by s2.group_id
    )
    select o.session_id as "_id", o.title, o.date::text as specific_date, extract(dow from o.date)::int as day,
      o.start_time, ${endTimeSql(sql`o.start_time`, sql`o.duration_minutes`)} as end_time, o.duration_minutes as duration,
      ${isoInstant(startAt)} as start_at, ${isoInstant(endAt)} as end_at,
      coalesce(o.color, ${DEFAULT_SESSION_COLOR}) as color, o.is_booking_allowed,
      coalesce(quals.ids, '{}') as participant_qualifications,
      json_build_object('_id', o.table_id, 'number', o.table_number, 'description', o.table_description) as game_table,
      o.session_not_considered_for_stats,
      coalesce(people.list, '[]'::json) as participants,
      o.booking_id,
      case when g.id is null then null else json_build_object('_id', g.id, 'start_date', g.start_date::text, 'end_date', g.end_date::text) end as "group",
      coalesce(g.week_days, '{}') as group_week_days,
      group_tables.list as group_game_tables,
      o.is_virtual as "isVirtual", o.group_id as "virtualGroupId"
    from page o
    left join quals on quals.session_id = o.session_id
    -- The participants by booking id, one index probe per booked row (a hash of every participant costs far more).
    left join lateral (
      select json_agg(json_build_object('_id', u.id, 'name', u.name, 'surname', u.surname, 'color', coalesce(c.color, ${DEFAULT_PARTICIPANT_COLOR}))
                      order by u.surname, u.name) as list
      from ${booking_participants} p
      join ${users} u on u.id = p.user_id
      left join lateral (select q.color from ${user_qualifications} uq join ${qualifications} q on q.id = uq.qualification_id
                         where uq.user_id = u.id order by q.priority desc, q.name limit 1) c on true
      where p.booking_id = o.booking_id
    ) people on o.booking_id is not null
    left join ${training_session_groups} g on g.id = o.group_id
    left join group_tables on group_tables.group_id = o.group_id
    order by o.rn`;
}

/** The total of a page's query; the booking is joined only when a filter asks about it (available). */
export function occurrenceCountSql(from: string, to: string, where: SQL[], withBookings = true): SQL {
  if (!withBookings) {
    return sql`select count(*)::int as n from (${occurrencesBetween(from, to)}) o ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}`;
  }
  return sql`
    select count(*)::int as n
    from (${occurrencesBetween(from, to)}) o
    left join lateral (select bk.id from ${bookings} bk where bk.session_id = o.session_id and bk.date = o.date and bk.cancelled_at is null limit 1) b on true
    ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}`;
}

interface RawOccurrence extends Omit<TrainingSession, 'participant_colors' | 'game_tables' | 'group_game_tables' | 'recurring_days'> {
  group_game_tables: TrainingSession['group_game_tables'] | null;
}

/** The answer's shape from a raw row (derived fields filled in). */
export function toTrainingSession(row: RawOccurrence): TrainingSession {
  const groupTables = [...(row.group_game_tables ?? [])].sort((a, b) => a.number - b.number);
  return {
    ...row,
    participant_colors: row.participants.map((p) => p.color),
    game_tables: groupTables.length ? groupTables : [row.game_table],
    group_game_tables: groupTables,
    recurring_days: row.group_week_days.map(String),
  };
}

export async function readOccurrences(db: DbOrTx, sqlText: SQL): Promise<TrainingSession[]> {
  return rowsOf<RawOccurrence>(await db.execute(sqlText)).map(toTrainingSession);
}
