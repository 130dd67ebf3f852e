import { type SQL, eq, sql } from 'drizzle-orm';
import type {
  FreeSessionsRow,
  FreeSessionsSummary,
  ListMeta,
  PLAYED_SESSIONS_SORT_KEYS,
  FREE_SESSIONS_SORT_KEYS,
  PlayedSessionsRow,
  PlayedSessionsSummary,
  TABLE_WEEKS_SORT_KEYS,
  TableWeeksRow,
} from 'shared-api/contract';
import { WEEKDAY_NAMES } from 'shared-api/contract';
import type { Db, DbOrTx } from '../../../core/db/client';
import { type ListRequest, type ListSource, readAll, readPage, searchableText } from '../../../core/list';
import { categories, users } from '../../registry/tables';
import { bookings, booking_participants, game_tables } from '../tables';
import { rowsOf } from '../../../core/db/rows';
import { endTimeSql, occurrencesBetween, wallClockEndSql, weekDayOf } from '../sessions/occurrence-sql';

export type PlayedSortKey = (typeof PLAYED_SESSIONS_SORT_KEYS)[number];
export type FreeSortKey = (typeof FREE_SESSIONS_SORT_KEYS)[number];
export type TableWeeksSortKey = (typeof TABLE_WEEKS_SORT_KEYS)[number];

/** What both statistics read: the period (club dates, both included) and optionally one table. */
export interface StatisticsFilter {
  from: string;
  to: string;
  tableId?: string;
}

/** A played-sessions read: the filter and the instant before which an occurrence must have ended. */
export interface PlayedFilter extends StatisticsFilter {
  now: Date;
}

type PlayedRaw = Omit<PlayedSessionsRow, 'hours_played'>;
type FreeRaw = Omit<FreeSessionsRow, 'free' | 'occupancy'>;

/**
 * The occurrences the statistics count: in the period, on the table asked, not flagged as outside the statistics.
 * Each finds its exception by a probe of the unique key, as these reads were measured with.
 */
const counted = (f: StatisticsFilter) => sql`
  select o.* from (${occurrencesBetween(f.from, f.to, 'probe')}) o
  where not o.session_not_considered_for_stats ${f.tableId ? sql`and o.game_table_id = ${f.tableId}` : sql``}`;

/** The active booking of an occurrence `o`, as a lateral join (one probe of the unique occurrence index). */
const activeBooking = sql`left join lateral (
  select bk.id from ${bookings} bk where bk.session_id = o.session_id and bk.date = o.date and bk.cancelled_at is null limit 1
) b on true`;

/**
 * Played occurrences with their participants: booked (the booking not cancelled) and ended before `now`
 * (the occurrence's own start, in the club's time zone, plus its duration). One row per participant.
 */
function playedCte(f: PlayedFilter, timeZone: string): SQL {
  const endAt = wallClockEndSql(sql`o.date`, sql`o.start_time`, sql`o.duration_minutes`, sql`${timeZone}::text`);
  return sql`played as materialized (
    select p.user_id, b.id as booking_id, o.duration_minutes
    from (${counted(f)}) o
    join ${bookings} b on b.session_id = o.session_id and b.date = o.date and b.cancelled_at is null
    join ${booking_participants} p on p.booking_id = b.id and p.left_at is null
    where ${endAt} <= ${f.now.toISOString()}::timestamptz
  )`;
}

/**
 * Slots of the counted occurrences that are offered: open to booking, or booked all the same (a booking made
 * before the session was closed). One row per occurrence with its weekday and its booking if any.
 */
function offeredCte(f: StatisticsFilter): SQL {
  return sql`offered as materialized (
    select o.game_table_id, extract(dow from o.date)::int as weekday, o.start_time, o.duration_minutes, b.id as booking_id
    from (${counted(f)}) o
    ${activeBooking}
    where o.is_booking_allowed or b.id is not null
  )`;
}

const weekdayName = sql`(${sql.raw(`array[${WEEKDAY_NAMES.map((n) => `'${n}'`).join(',')}]`)})[offered.weekday + 1]`;
/** Monday first, Sunday last: the club's week. */
const weekdayOrder = sql`((offered.weekday + 6) % 7)`;

/**
 * Every booking made for the counted occurrences, cancelled ones too, with its table, its week's Monday, whether
 * someone checked in and whether it was released as a no-show (issue 42).
 */
function tableBookingsCte(f: StatisticsFilter): SQL {
  return sql`table_bookings as materialized (
    select o.game_table_id, o.date - ((${weekDayOf(sql`o.date`)} + 6) % 7)::int as week_start, b.cancelled_at is not null as cancelled,
           b.no_show_at is not null as no_show,
           exists (select 1 from ${booking_participants} p where p.booking_id = b.id and p.checked_in_at is not null) as played
    from (${counted(f)}) o
    join ${bookings} b on b.session_id = o.session_id and b.date = o.date
  )`;
}

/** The booking statistics (docs/booking.md, Statistics): SQL only, each read a constant number of statements. */
export class StatisticsRepository {
  constructor(
    private readonly db: Db,
    private readonly timeZone: string,
  ) {}

  /** A read without PostgreSQL's JIT: a year of occurrences inflates the estimates past its thresholds (as the occurrence list). */
  private read<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`set local jit = off`);
      return work(tx);
    });
  }

  private playedSource(tx: DbOrTx, f: PlayedFilter): ListSource<PlayedRaw, PlayedSortKey> {
    const played = playedCte(f, this.timeZone);
    return {
      search: searchableText(users.name, users.surname, categories.name),
      sortColumns: {
        surname: users.surname,
        name: users.name,
        category: categories.name,
        shifts_played: sql`count(*)`,
        hours_played: sql`sum(played.duration_minutes)`,
      },
      defaultSort: [users.surname, users.name],
      tieBreaker: users.id,
      rows: async (where, orderBy, limit, offset) =>
        rowsOf<PlayedRaw>(
          await tx.execute(sql`
            with ${played}
            select ${users.id} as "_id", ${users.name} as name, ${users.surname} as surname, ${categories.name} as category,
                   count(*)::int as shifts_played, sum(played.duration_minutes)::int as minutes_played
            from played
            join ${users} on ${users.id} = played.user_id
            left join ${categories} on ${categories.id} = ${users.category_id}
            ${where ? sql`where ${where}` : sql``}
            group by ${users.id}, ${categories.name}
            order by ${sql.join(orderBy, sql`, `)}
            ${limit === null ? sql`` : sql`limit ${limit} offset ${offset}`}`),
        ),
      count: async (where) =>
        rowsOf<{ n: number }>(
          await tx.execute(sql`
            with ${played}
            select count(distinct played.user_id)::int as n
            from played
            join ${users} on ${users.id} = played.user_id
            left join ${categories} on ${categories.id} = ${users.category_id}
            ${where ? sql`where ${where}` : sql``}`),
        )[0]?.n ?? 0,
    };
  }

  playedPage(f: PlayedFilter, request: ListRequest<PlayedSortKey>): Promise<{ data: PlayedRaw[]; meta: ListMeta }> {
    return this.read((tx) => readPage(this.playedSource(tx, f), request));
  }

  playedAll(f: PlayedFilter, request: Omit<ListRequest<PlayedSortKey>, 'page' | 'limit'>): Promise<PlayedRaw[]> {
    return this.read((tx) => readAll(this.playedSource(tx, f), request));
  }

  /** One statement: members who played, occurrences played (distinct bookings) and their minutes. */
  playedSummary(f: PlayedFilter): Promise<Omit<PlayedSessionsSummary, 'hours_played'>> {
    return this.read(async (tx) => {
      const [row] = rowsOf<Omit<PlayedSessionsSummary, 'hours_played'>>(
        await tx.execute(sql`
          with ${playedCte(f, this.timeZone)}, occurrences as (select distinct booking_id, duration_minutes from played)
          select (select count(distinct user_id) from played)::int as members,
                 (select count(*) from occurrences)::int as shifts_played,
                 (select coalesce(sum(duration_minutes), 0) from occurrences)::int as minutes_played`),
      );
      return row ?? { members: 0, shifts_played: 0, minutes_played: 0 };
    });
  }

  private freeSource(tx: DbOrTx, f: StatisticsFilter): ListSource<FreeRaw, FreeSortKey> {
    const offered = offeredCte(f);
    // The slot's key, last in every order so pages never overlap (the tie-breaker alone names the table only).
    const slotKey = [sql`${game_tables.number}`, weekdayOrder, sql`offered.start_time`, sql`offered.duration_minutes`];
    return {
      search: searchableText(sql`'Tavolo ' || ${game_tables.number}`, game_tables.description, weekdayName, sql`offered.start_time`),
      sortColumns: {
        table: game_tables.number,
        weekday: weekdayOrder,
        start_time: sql`offered.start_time`,
        offered: sql`count(*)`,
        booked: sql`count(offered.booking_id)`,
        free: sql`(count(*) - count(offered.booking_id))`,
        occupancy: sql`(count(offered.booking_id)::float / count(*))`,
      },
      defaultSort: slotKey,
      tieBreaker: game_tables.number,
      rows: async (where, orderBy, limit, offset) =>
        rowsOf<FreeRaw>(
          await tx.execute(sql`
            with ${offered}
            select ${game_tables.id}::text || ':' || offered.weekday || ':' || offered.start_time || ':' || offered.duration_minutes as "_id",
                   json_build_object('_id', ${game_tables.id}, 'number', ${game_tables.number}, 'description', ${game_tables.description}) as game_table,
                   offered.weekday, offered.start_time, ${endTimeSql(sql`offered.start_time`, sql`offered.duration_minutes`)} as end_time,
                   count(*)::int as offered, count(offered.booking_id)::int as booked
            from offered
            join ${game_tables} on ${game_tables.id} = offered.game_table_id
            ${where ? sql`where ${where}` : sql``}
            group by ${game_tables.id}, offered.weekday, offered.start_time, offered.duration_minutes
            order by ${sql.join([...orderBy, ...slotKey], sql`, `)}
            ${limit === null ? sql`` : sql`limit ${limit} offset ${offset}`}`),
        ),
      count: async (where) =>
        rowsOf<{ n: number }>(
          await tx.execute(sql`
            with ${offered}
            select count(*)::int as n from (
              select 1 from offered
              join ${game_tables} on ${game_tables.id} = offered.game_table_id
              ${where ? sql`where ${where}` : sql``}
              group by ${game_tables.id}, offered.weekday, offered.start_time, offered.duration_minutes
            ) slots`),
        )[0]?.n ?? 0,
    };
  }

  freePage(f: StatisticsFilter, request: ListRequest<FreeSortKey>): Promise<{ data: FreeRaw[]; meta: ListMeta }> {
    return this.read((tx) => readPage(this.freeSource(tx, f), request));
  }

  freeAll(f: StatisticsFilter, request: Omit<ListRequest<FreeSortKey>, 'page' | 'limit'>): Promise<FreeRaw[]> {
    return this.read((tx) => readAll(this.freeSource(tx, f), request));
  }

  /** One statement: the period's occurrences offered and booked. */
  freeSummary(f: StatisticsFilter): Promise<Pick<FreeSessionsSummary, 'offered' | 'booked'>> {
    return this.read(async (tx) => {
      const [row] = rowsOf<Pick<FreeSessionsSummary, 'offered' | 'booked'>>(
        await tx.execute(sql`with ${offeredCte(f)} select count(*)::int as offered, count(booking_id)::int as booked from offered`),
      );
      return row ?? { offered: 0, booked: 0 };
    });
  }

  private tableWeeksSource(tx: DbOrTx, f: StatisticsFilter): ListSource<TableWeeksRow, TableWeeksSortKey> {
    const week = sql`table_bookings.week_start`;
    const played = sql`count(*) filter (where table_bookings.played and not table_bookings.cancelled)`;
    const released = sql`count(*) filter (where table_bookings.cancelled and not table_bookings.no_show)`;
    const noShows = sql`count(*) filter (where table_bookings.no_show)`;
    const key = [sql`${game_tables.number}`, week];
    return {
      search: searchableText(sql`'Tavolo ' || ${game_tables.number}`, game_tables.description),
      sortColumns: { table: game_tables.number, week, booked: sql`count(*)`, played, released, no_shows: noShows },
      defaultSort: key,
      tieBreaker: game_tables.number,
      rows: async (where, orderBy, limit, offset) =>
        rowsOf<TableWeeksRow>(
          await tx.execute(sql`
            with ${tableBookingsCte(f)}
            select ${game_tables.id}::text || ':' || ${week}::text as "_id",
                   json_build_object('_id', ${game_tables.id}, 'number', ${game_tables.number}, 'description', ${game_tables.description}) as game_table,
                   ${week}::text as week_start, (${week} + 6)::text as week_end,
                   count(*)::int as booked, ${played}::int as played, ${released}::int as released, ${noShows}::int as no_shows
            from table_bookings
            join ${game_tables} on ${game_tables.id} = table_bookings.game_table_id
            ${where ? sql`where ${where}` : sql``}
            group by ${game_tables.id}, ${week}
            order by ${sql.join([...orderBy, ...key], sql`, `)}
            ${limit === null ? sql`` : sql`limit ${limit} offset ${offset}`}`),
        ),
      count: async (where) =>
        rowsOf<{ n: number }>(
          await tx.execute(sql`
            with ${tableBookingsCte(f)}
            select count(*)::int as n from (
              select 1 from table_bookings
              join ${game_tables} on ${game_tables.id} = table_bookings.game_table_id
              ${where ? sql`where ${where}` : sql``}
              group by ${game_tables.id}, ${week}
            ) weeks`),
        )[0]?.n ?? 0,
    };
  }

  tableWeeksPage(f: StatisticsFilter, request: ListRequest<TableWeeksSortKey>): Promise<{ data: TableWeeksRow[]; meta: ListMeta }> {
    return this.read((tx) => readPage(this.tableWeeksSource(tx, f), request));
  }

  tableWeeksAll(f: StatisticsFilter, request: Omit<ListRequest<TableWeeksSortKey>, 'page' | 'limit'>): Promise<TableWeeksRow[]> {
    return this.read((tx) => readAll(this.tableWeeksSource(tx, f), request));
  }

  /** The number of a game table (the downloads name it), or null. */
  async tableNumber(id: string): Promise<number | null> {
    const [row] = await this.db.select({ number: game_tables.number }).from(game_tables).where(eq(game_tables.id, id)).limit(1);
    return row?.number ?? null;
  }
}
