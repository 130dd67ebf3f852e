import { queryOptions } from '@tanstack/react-query';
import { api, type ListResponse, type QueryParams } from 'shared-api';

/** Spec 001 §9: selectors read up to 500 entries (items, users) and refresh every 5 minutes. */
export const SELECTOR_LIMIT = 500;
const FIVE_MINUTES = 5 * 60 * 1000;

/**
 * A selector's list, keyed under its table's key so a change to that table refreshes it. Read again each time a
 * form opens (staleTime 0): the stock an item shows must be the current one.
 */
export function selectorQuery<T>(tableKey: string, path: string, query: QueryParams = {}) {
  return queryOptions({
    queryKey: [tableKey, 'options', query],
    queryFn: ({ signal }) => api.get<ListResponse<T>>(path, { limit: SELECTOR_LIMIT, ...query }, signal).then((res) => res.data),
    staleTime: 0,
    refetchInterval: FIVE_MINUTES,
  });
}
