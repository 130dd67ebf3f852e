import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type GameTable, type ListResponse, type UserReduced } from 'shared-api';

/** The audit log's table reads GET /audit through the DataTable under this key ('*' only, issue 28). */
export const AUDIT_PATH = '/audit';
export const AUDIT_QUERY_KEY = 'audit';

const FIVE_MINUTES = 5 * 60 * 1000;

/** GET /user?limit=500&reducedDetails=true: the 'Utente' filter's choices. */
export const auditUsersQuery = () =>
  queryOptions({
    queryKey: [AUDIT_QUERY_KEY, 'users'],
    queryFn: ({ signal }) => api.get<ListResponse<UserReduced>>('/user', { limit: 500, reducedDetails: true }, signal).then((res) => res.data),
    staleTime: FIVE_MINUTES,
  });

export const useAuditUserOptions = () => useQuery(auditUsersQuery());

/** GET /training-session/game-tables: the tables an entry names by id read as 'Tavolo N' (issue 44 item 6). */
export const auditTablesQuery = () =>
  queryOptions({
    queryKey: [AUDIT_QUERY_KEY, 'game-tables'],
    queryFn: ({ signal }) => api.get<ListResponse<GameTable>>('/training-session/game-tables', { limit: 0 }, signal).then((res) => res.data),
    staleTime: FIVE_MINUTES,
  });

export const useAuditTables = () => useQuery(auditTablesQuery());
