import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, STATISTICS_PATHS, type FreeSessionsSummary, type PlayedSessionsSummary } from 'shared-api';
import type { StatisticsFilters } from '../period';

/** The DataTables' query keys (invalidate [key] to reload a table) and their list paths. */
export const PLAYED_QUERY_KEY = 'statistics-played-sessions';
export const FREE_QUERY_KEY = 'statistics-free-sessions';
export const TABLE_WEEKS_QUERY_KEY = 'statistics-table-weeks';

/** The query parameters of a statistic: the period, and the table when one is chosen. */
export const statisticsParams = (f: StatisticsFilters) => ({ startDate: f.startDate, endDate: f.endDate, table: f.table ?? undefined });

const summaryQuery = <T>(key: string, path: string, f: StatisticsFilters) =>
  queryOptions({
    queryKey: [key, 'summary', statisticsParams(f)],
    queryFn: ({ signal }) => api.get<T>(`${path}/summary`, statisticsParams(f), signal),
    placeholderData: keepPreviousData,
  });

/** GET /statistics/played-sessions/summary: members who played, shifts played, hours. */
export const usePlayedSummary = (f: StatisticsFilters) =>
  useQuery(summaryQuery<PlayedSessionsSummary>(PLAYED_QUERY_KEY, STATISTICS_PATHS.playedSessions, f));

/** GET /statistics/free-sessions/summary: offered, booked, free, occupancy. */
export const useFreeSummary = (f: StatisticsFilters) => useQuery(summaryQuery<FreeSessionsSummary>(FREE_QUERY_KEY, STATISTICS_PATHS.freeSessions, f));
