import { queryOptions } from '@tanstack/react-query';
import { api, type TrainingSessionList } from 'shared-api';

/** The key every read of occurrences shares: a booking, an edit or a deletion invalidates them all. */
export const TRAINING_SESSIONS_QUERY_KEY = 'training-sessions';

export interface SessionsFilter {
  startDate: string;
  endDate: string;
  table_id?: string | null;
  startTime?: string | null;
  endTime?: string | null;
  /** true: only free occurrences; false: only booked ones; undefined: all. */
  available?: boolean;
  /** Each occurrence says whether the caller can book it and why not (the member's search and calendar). */
  bookability?: boolean;
  limit: number;
}

/** GET /training-session for a range (spec 000 §7): one read per range whatever the number of groups. */
export const sessionsQuery = (filter: SessionsFilter, staleTime = 0) =>
  queryOptions({
    queryKey: [TRAINING_SESSIONS_QUERY_KEY, filter],
    queryFn: async ({ signal }) =>
      (
        await api.get<TrainingSessionList>(
          '/training-session',
          {
            startDate: filter.startDate,
            endDate: filter.endDate,
            table_id: filter.table_id || undefined,
            startTime: filter.startTime || undefined,
            endTime: filter.endTime || undefined,
            available: filter.available,
            bookability: filter.bookability || undefined,
            page: 1,
            limit: filter.limit,
          },
          signal,
        )
      ).data,
    staleTime,
  });
