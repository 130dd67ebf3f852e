import { queryOptions } from '@tanstack/react-query';
import { FINANCE_LIMITS, api, type ListResponse, type QueryParams } from 'shared-api';

const FIVE_MINUTES = 5 * 60 * 1000;

/**
 * A selector's list (spec 002 §9: up to 500 entries, refreshed every 5 minutes), keyed under its table's key so a
 * change to that table refreshes the menus that offer its rows.
 */
export function selectorQuery<T>(tableKey: string, path: string, query: QueryParams = {}) {
  return queryOptions({
    queryKey: [tableKey, 'options', query],
    queryFn: ({ signal }) => api.get<ListResponse<T>>(path, { limit: FINANCE_LIMITS.selectorLimit, ...query }, signal).then((res) => res.data),
    staleTime: FIVE_MINUTES,
    refetchInterval: FIVE_MINUTES,
  });
}

/** A person in a menu or a cell: 'Surname Name'. */
export const fullName = (person: { name: string; surname: string } | null | undefined): string =>
  person ? `${person.surname} ${person.name}`.trim() : '';
