import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ListResponse, type UserReduced } from 'shared-api';

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
