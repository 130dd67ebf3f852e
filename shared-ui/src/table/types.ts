import type { ReactNode } from 'react';

export interface Column<T> {
  key: string;
  header: string;
  sortable?: boolean;
  /** What sorting by this column sends as sortBy; default `key`. A comma-separated list sends its first key. */
  sortKey?: string;
  /** Cell content; default the row's value at `key` (dots reach nested fields, e.g. 'category.name'). */
  render?: (row: T) => ReactNode;
  align?: 'start' | 'end';
  /**
   * On phones (one card per row) a detail column shows only after the row's 'Mostra dettagli', so a card
   * keeps to its key fields. Wider screens always show it.
   */
  detail?: boolean;
}

export interface RowAction {
  label: string;
  onClick: () => void;
  /**
   * With an icon the button is compact: the icon alone on wider screens (the label is its accessible name and
   * tooltip), icon and label on phones.
   */
  icon?: ReactNode;
  hidden?: boolean;
  danger?: boolean;
  /** A less frequent action: in the row's 'Altre azioni' menu rather than a button of its own (the row stays narrow). */
  more?: boolean;
}

export type TableFilters = Record<string, string | number | boolean | undefined>;

export interface DataTableProps<T> {
  /** First element of the react-query key: invalidate [queryKey] to reload the table. */
  queryKey: string;
  /** List endpoint, e.g. '/user'; its export is `${path}/export`. */
  path: string;
  /** The table's columns; or give `renderCard`. */
  columns?: Column<T>[];
  /** A list shown as one card per row instead of a table (spec 001 §2 Training groups: one card per group). */
  renderCard?: (row: T) => ReactNode;
  rowActions?: (row: T) => RowAction[];
  /** Shown beside the search box, e.g. the 'Aggiungi' button. */
  toolbar?: ReactNode;
  filters?: TableFilters;
  /** Base name of the downloaded file when the server does not name it; default queryKey. */
  exportName?: string;
  /** Show the download action; default true (every admin list has one). */
  exportable?: boolean;
  rowKey?: (row: T) => string;
  /** Accessible name of the table. */
  caption?: string;
  /**
   * The order the server applies when the table sends none (e.g. fiscal year descending), keyed like the column's
   * sortKey (default its key): shown on that column's header until the user sorts; the first click reverses it.
   */
  defaultSort?: Sort;
  /**
   * Tighter cells (less padding, a smaller font) for the widest lists, so every column of the spec still fits a
   * 1366 px laptop (e.g. Incasso soci: twelve columns and four row actions).
   */
  compact?: boolean;
  /** Rows per page to start with; default DEFAULT_PAGE_SIZE (a card list shows 12, which fills its grid). */
  pageSize?: number;
  /** What an empty list says when nothing is searched (e.g. 'Nessun gruppo: aggiungine uno.'); default TABLE_MESSAGES.empty. */
  emptyText?: ReactNode;
  /**
   * The endpoint answers its whole list and takes no list parameters (e.g. a charge's payments): no search box,
   * no paging; give `exportable={false}` too when it has no download.
   */
  paged?: boolean;
  /**
   * The query-string parameter the search is kept in, so a reload, Back and Forward show the same search (issue 26);
   * default 'q'. null keeps it in the table alone (a second list on one page).
   */
  searchParam?: string | null;
}

export type Sort = { key: string; order: 'asc' | 'desc' };
