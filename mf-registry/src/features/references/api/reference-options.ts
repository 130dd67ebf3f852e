import { queryOptions } from '@tanstack/react-query';
import { api, type ListResponse, type NamedRef } from 'shared-api';

/** Spec 001 §9: reference lists are fetched with limit 300 and refreshed every 5 minutes. */
export const REFERENCE_FETCH_LIMIT = 300;
const FIVE_MINUTES = 5 * 60 * 1000;

/**
 * The selector query of one reference list. Keyed under the list's own table key, so a mutation that
 * invalidates that table refreshes its selectors too.
 */
export function referenceOptionsQuery(tableKey: string, path: string) {
  return queryOptions({
    queryKey: [tableKey, 'options'],
    queryFn: ({ signal }) => api.get<ListResponse<NamedRef>>(path, { limit: REFERENCE_FETCH_LIMIT }, signal).then((res) => res.data),
    staleTime: FIVE_MINUTES,
    refetchInterval: FIVE_MINUTES,
  });
}
