import { z } from 'zod';
import { gameTable } from './booking';
import { exportFormat, id, isoDate, listQuery, listResponse } from './common';
import { statisticsPeriodProblem } from './constants';

/**
 * Statistics of the booking domain (spec 000 §2.1 and 001 §2 route them, their content is ours: DESIGN §5,
 * docs/booking.md): the shifts members played in a period, and the occurrences offered, booked and left free per
 * table and time slot. Sessions flagged `session_not_considered_for_stats` count in neither.
 */

/** The period (both days included, club calendar) and, optionally, one game table (its id). */
const periodFields = { startDate: isoDate, endDate: isoDate, table: id.optional() };

type Period = { startDate: string; endDate: string };
const withPeriodRules = <T extends z.ZodType<Period>>(schema: T) =>
  schema.superRefine((q, ctx) => {
    const problem = statisticsPeriodProblem(q.startDate, q.endDate);
    if (problem) ctx.addIssue({ code: 'custom', path: ['endDate'], message: problem });
  });

/** GET …/summary: the period and the table only. */
export const statisticsSummaryQuery = withPeriodRules(z.object(periodFields));
export type StatisticsSummaryQuery = z.infer<typeof statisticsSummaryQuery>;

/** A statistic's list query (page, limit, q, sortBy among `sortKeys`, order) and its download's (format instead of page and limit). */
export function statisticsQueries<const K extends readonly [string, ...string[]]>(sortKeys: K) {
  const list = listQuery.extend({ ...periodFields, sortBy: z.enum(sortKeys).optional() });
  return {
    list: withPeriodRules(list),
    export: withPeriodRules(list.omit({ page: true, limit: true }).extend({ format: exportFormat })),
  };
}

/* ---------------------------------------------------------------- played sessions */

export const PLAYED_SESSIONS_SORT_KEYS = ['surname', 'name', 'category', 'shifts_played', 'hours_played'] as const;
export const playedSessionsQueries = statisticsQueries(PLAYED_SESSIONS_SORT_KEYS);
export type PlayedSessionsQuery = z.infer<typeof playedSessionsQueries.list>;

/**
 * One member's played shifts in the period: occurrences they took part in with a booking not cancelled, which
 * have ended. Hours are the occurrences' durations (minutes_played / 60, two decimals).
 */
export const playedSessionsRow = z.object({
  /** The member's user id. */
  _id: id,
  name: z.string(),
  surname: z.string(),
  /** Their category's name (Soci, Minorenne, …). */
  category: z.string().nullable(),
  shifts_played: z.number().int(),
  minutes_played: z.number().int(),
  hours_played: z.number(),
});
export type PlayedSessionsRow = z.infer<typeof playedSessionsRow>;
export const playedSessionsList = listResponse(playedSessionsRow);

/** GET /statistics/played-sessions/summary: the period's figures whatever the search. */
export const playedSessionsSummary = z.object({
  /** Members who played at least one shift. */
  members: z.number().int(),
  /** Occurrences played (one per booking, whatever its number of participants). */
  shifts_played: z.number().int(),
  /** Table time played: the played occurrences' durations. */
  minutes_played: z.number().int(),
  hours_played: z.number(),
});
export type PlayedSessionsSummary = z.infer<typeof playedSessionsSummary>;

/* ---------------------------------------------------------------- free sessions */

export const FREE_SESSIONS_SORT_KEYS = ['table', 'weekday', 'start_time', 'offered', 'booked', 'free', 'occupancy'] as const;
export const freeSessionsQueries = statisticsQueries(FREE_SESSIONS_SORT_KEYS);
export type FreeSessionsQuery = z.infer<typeof freeSessionsQueries.list>;

/**
 * One table's time slot on one weekday over the period: the occurrences offered (open to booking, or booked),
 * those booked (a booking not cancelled), those left free, and the occupancy (booked / offered, 0–1).
 */
export const freeSessionsRow = z.object({
  /** The slot's key: table, weekday, start and end. */
  _id: z.string(),
  game_table: gameTable,
  /** 0 Sunday … 6 Saturday. */
  weekday: z.number().int(),
  start_time: z.string(),
  end_time: z.string(),
  offered: z.number().int(),
  booked: z.number().int(),
  free: z.number().int(),
  occupancy: z.number(),
});
export type FreeSessionsRow = z.infer<typeof freeSessionsRow>;
export const freeSessionsList = listResponse(freeSessionsRow);

/** GET /statistics/free-sessions/summary: the period's occurrences offered, booked and free, and the occupancy (0–1). */
export const freeSessionsSummary = z.object({
  offered: z.number().int(),
  booked: z.number().int(),
  free: z.number().int(),
  occupancy: z.number(),
});
export type FreeSessionsSummary = z.infer<typeof freeSessionsSummary>;

/* ---------------------------------------------------------------- check-in per table and week (issue 42) */

export const TABLE_WEEKS_SORT_KEYS = ['table', 'week', 'booked', 'played', 'released', 'no_shows'] as const;
export const tableWeeksQueries = statisticsQueries(TABLE_WEEKS_SORT_KEYS);
export type TableWeeksQuery = z.infer<typeof tableWeeksQueries.list>;

/**
 * One table's week (Monday to Sunday) in the period: the shifts booked (every booking made for its occurrences, a
 * cancelled one too), those played (someone checked in), those released (cancelled: the place given back) and the
 * no-shows (nobody checked in: released by the no-show job, 'Non presentato'). A booking still held without a
 * check-in (not begun, or on a table without check-in) is booked and nothing else.
 */
export const tableWeeksRow = z.object({
  /** The row's key: table and week. */
  _id: z.string(),
  game_table: gameTable,
  /** The week's Monday and Sunday (club calendar). */
  week_start: isoDate,
  week_end: isoDate,
  booked: z.number().int(),
  played: z.number().int(),
  released: z.number().int(),
  no_shows: z.number().int(),
});
export type TableWeeksRow = z.infer<typeof tableWeeksRow>;
export const tableWeeksList = listResponse(tableWeeksRow);
