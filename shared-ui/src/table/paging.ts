/** Paging rules of the generic data table (spec 001 §2). */
import type { ListResponse, RowsResponse } from 'shared-api';

export const DEFAULT_PAGE_SIZE = 10;
/** limit=0 asks the server for every row ('Tutti'). */
export const ALL_ROWS = 0;

export interface PageSizeOption {
  value: number;
  label: string;
}

/** 10 and 12 always; 50 from 20 rows; 100 above 50; Tutti above 100. The size in use always stays listed. */
export function pageSizeOptions(totalItems: number, current: number = DEFAULT_PAGE_SIZE): PageSizeOption[] {
  const options: PageSizeOption[] = [
    { value: 10, label: '10' },
    { value: 12, label: '12' },
  ];
  if (totalItems >= 20 || current === 50) options.push({ value: 50, label: '50' });
  if (totalItems > 50 || current === 100) options.push({ value: 100, label: '100' });
  if (totalItems > 100 || current === ALL_ROWS) options.push({ value: ALL_ROWS, label: 'Tutti' });
  return options;
}

export type PageItem = number | 'ellipsis';

/**
 * Up to 4 consecutive page buttons around the current page, the last page after a '…' when pages are skipped,
 * and, once the window has moved past it, the first page before a '…' (page 1 stays one click away).
 */
export function pageItems(current: number, totalPages: number): PageItem[] {
  if (totalPages <= 1) return totalPages === 1 ? [1] : [];
  if (totalPages <= 4) return range(1, totalPages);
  const start = Math.max(1, Math.min(current - 1, totalPages - 4));
  const lastShown = start + 3;
  const window = range(start, lastShown);
  const head: PageItem[] = start === 1 ? [] : start === 2 ? [1] : [1, 'ellipsis'];
  const tail: PageItem[] = lastShown + 1 < totalPages ? ['ellipsis', totalPages] : [totalPages];
  return [...head, ...window, ...tail];
}

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = from; i <= to; i++) out.push(i);
  return out;
}

/** Only the first key of a comma-separated sort value is sent (spec 000 §5). */
export function firstSortKey(sortValue: string): string {
  const [first = ''] = sortValue.split(',');
  return first.trim();
}

export interface PageData<T> {
  rows: T[];
  totalItems: number;
  totalPages: number;
  /** The server counted up to a bound and there are more than totalItems rows (meta.totalCapped: the audit log). */
  totalCapped?: boolean;
}

/**
 * The page of a list answer (listResponse of the contract: `{ data, meta }`), or of a list the server does not page
 * (`{ data }`: every row is the one page).
 */
export function readPage<T>(response: ListResponse<T> | RowsResponse<T>): PageData<T> {
  const rows = response.data;
  if (!('meta' in response)) return { rows, totalItems: rows.length, totalPages: 1 };
  const { totalItems, totalPages } = response.meta;
  return response.meta.totalCapped === true ? { rows, totalItems, totalPages, totalCapped: true } : { rows, totalItems, totalPages };
}
