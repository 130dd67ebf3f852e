import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ListResponse, type UserReduced } from 'shared-api';

/** Spec 001 §7: the group users are fetched with limit 300. */
export const GROUP_USERS_LIMIT = 300;
const FIVE_MINUTES = 5 * 60 * 1000;

/**
 * Trainer and trainee pickers: GET /user?reducedDetails=true&onlyEnabled=true (only id, name, surname and e-mail
 * of the active users), by surname. Keyed under the users table's key, so a change of the registry refreshes it.
 */
export const groupUserOptionsQuery = () =>
  queryOptions({
    queryKey: ['users', 'options', 'training-groups'],
    queryFn: ({ signal }) =>
      api
        .get<ListResponse<UserReduced>>(
          '/user',
          { reducedDetails: true, onlyEnabled: true, limit: GROUP_USERS_LIMIT, sortBy: 'surname', order: 'asc' },
          signal,
        )
        .then((res) => res.data),
    staleTime: FIVE_MINUTES,
    refetchInterval: FIVE_MINUTES,
  });

export const useGroupUserOptions = () => useQuery(groupUserOptionsQuery());
