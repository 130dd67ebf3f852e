import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, shouldRetry, type ListResponse, type QueryParams, type RowsResponse } from 'shared-api';
import { useDebouncedValue } from '../inputs/useDebouncedValue';
import { notify } from '../toast/notify';
import { TABLE_MESSAGES, TABLE_REFETCH_MS, TABLE_SEARCH_DEBOUNCE_MS } from './messages';
import { ALL_ROWS, DEFAULT_PAGE_SIZE, firstSortKey, readPage } from './paging';
import type { Column, DataTableProps, Sort } from './types';
import { useSearchIntoUrl, useUrlSearch } from './url-search';

const LIST_RETRIES = 1;
const LIST_RETRY_DELAY_MS = 300;

/**
 * What a DataTable asks of its list endpoint and what it got: the search (kept in the query string), page, rows per
 * page and sort the user chose, and the react-query of the page they select.
 */
export function useTableList<T>(props: DataTableProps<T>) {
  const { queryKey, path, filters } = props;
  const paged = props.paged !== false;
  const searchParam = paged ? (props.searchParam === undefined ? 'q' : props.searchParam) : null;
  const [search, setSearch] = useUrlSearch(searchParam);
  const q = useDebouncedValue(search.trim(), TABLE_SEARCH_DEBOUNCE_MS);
  useSearchIntoUrl(searchParam, q);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(props.pageSize ?? DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<Sort | null>(null);

  const filterKey = JSON.stringify(filters ?? {});
  // A new search or filter starts again from the first page.
  useEffect(() => setPage(1), [q, filterKey]);

  const listQuery: QueryParams = {
    ...filters,
    q: q || undefined,
    sortBy: sort ? firstSortKey(sort.key) : undefined,
    order: sort?.order,
  };
  const params: QueryParams = paged ? { page, limit, ...listQuery } : { ...filters };

  const query = useQuery({
    // The path too: two lists under one key family (a charge's payments, each charge's) stay apart.
    queryKey: [queryKey, path, params],
    queryFn: async ({ signal }) => {
      try {
        // Every list the tables read answers `{ data, meta }` (the contract's listResponse) or, unpaged, `{ data }`.
        return readPage(await api.get<ListResponse<T> | RowsResponse<T>>(path, params, signal));
      } catch (err) {
        if (!signal.aborted) notify.error(TABLE_MESSAGES.loadErrorDetail, { toastId: `${queryKey}:load-detail` });
        throw err;
      }
    },
    refetchInterval: TABLE_REFETCH_MS,
    placeholderData: keepPreviousData,
    // One quick retry for a blip, then the error panel and its toasts: the client's default (three retries, 1 + 2 + 4 s)
    // kept 'Caricamento in corso...' on screen about 7 s before saying anything (issue 26 item 13). 'Ricarica' and
    // the periodic refetch try again.
    retry: (failures, error) => failures < LIST_RETRIES && shouldRetry(failures, error),
    retryDelay: LIST_RETRY_DELAY_MS,
  });

  useEffect(() => {
    if (query.isError) notify.error(TABLE_MESSAGES.loadError, { toastId: `${queryKey}:load` });
  }, [query.isError, query.errorUpdatedAt, queryKey]);

  const data = query.data;
  const totalItems = data?.totalItems ?? 0;
  // 'Tutti' is one page, unless the list caps its pages (the audit log reads 500 a page): the server's count decides.
  const totalPages = data?.totalPages ?? 1;
  const totalCapped = data?.totalCapped === true;

  // Rows deleted from the last page: show the new last page instead of an empty one.
  useEffect(() => {
    if (data && page > Math.max(1, data.totalPages) && limit !== ALL_ROWS) setPage(Math.max(1, data.totalPages));
  }, [data, page, limit]);

  // What the header shows: the user's choice, else the server's default order.
  const shownSort = sort ?? props.defaultSort ?? null;
  const toggleSort = (column: Column<T>) => {
    const key = column.sortKey ?? column.key;
    setSort((current) => {
      const s = current ?? props.defaultSort ?? null;
      return s && s.key === key ? { key, order: s.order === 'asc' ? 'desc' : 'asc' } : { key, order: 'asc' };
    });
    setPage(1);
  };
  const changeLimit = (next: number) => {
    setLimit(next);
    setPage(1);
  };

  return {
    paged,
    search,
    setSearch,
    q,
    page,
    setPage,
    limit,
    changeLimit,
    shownSort,
    toggleSort,
    listQuery,
    query,
    data,
    totalItems,
    totalPages,
    totalCapped,
  };
}
