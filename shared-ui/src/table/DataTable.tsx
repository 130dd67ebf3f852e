import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api, download, listItems, shouldRetry, type ExportFormat, type QueryParams } from 'shared-api';
import { cx } from '../inputs/cx';
import { useDebouncedValue } from '../inputs/useDebouncedValue';
import { notify } from '../toast/notify';
import { ALL_ROWS, DEFAULT_PAGE_SIZE, firstSortKey, pageItems, pageSizeOptions, readPage } from './paging';

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

export const TABLE_SEARCH_DEBOUNCE_MS = 450;
export const TABLE_REFETCH_MS = 5 * 60 * 1000;
export const TABLE_MESSAGES = {
  search: 'Cerca qualcosa...',
  loadError: 'Errore durante il recupero dei dati.',
  loadErrorDetail: 'Non è stato possibile recuperare i dati della tabella, se il problema persiste contattare un amministratore.',
  reload: 'Ricarica',
  loading: 'Caricamento in corso...',
  empty: 'Nessun dato da mostrare',
  downloadError: 'Errore durante il download del file. Assicurati che il file sia disponibile e riprova.',
  downloadSuccess: 'File scaricato con successo!',
} as const;

const EXPORTS: { format: ExportFormat; label: string }[] = [
  { format: 'xlsx', label: 'EXCEL' },
  { format: 'csv', label: 'CSV' },
  { format: 'pdf', label: 'PDF' },
];

export type Sort = { key: string; order: 'asc' | 'desc' };

function valueAt(row: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), row);
}

function defaultCell(value: unknown): ReactNode {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Sì' : 'No';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') return String(value);
  return '';
}

function defaultRowKey(row: unknown, index: number): string {
  const { _id, id } = (row ?? {}) as { _id?: unknown; id?: unknown };
  const key = _id ?? id;
  return typeof key === 'string' || typeof key === 'number' ? String(key) : String(index);
}

/**
 * The search box's text, starting from the query string's `key` (null: not kept there) and following it when the
 * address changes under the table (Back or Forward to another search).
 */
function useUrlSearch(key: string | null): [string, (text: string) => void] {
  const [params] = useSearchParams();
  const fromUrl = key ? (params.get(key) ?? '') : '';
  const [search, setSearch] = useState(fromUrl);
  const [seen, setSeen] = useState(fromUrl);
  if (fromUrl !== seen) {
    // Adjusting state while rendering (React's pattern for state derived from a changed input).
    setSeen(fromUrl);
    setSearch(fromUrl);
  }
  return [search, setSearch];
}

/** Writes the settled search into the query string's `key`, replacing the entry (as the shift search writes its filters). */
function useSearchIntoUrl(key: string | null, q: string): void {
  const [, setParams] = useSearchParams();
  const written = useRef(q);
  useEffect(() => {
    if (!key || q === written.current) return;
    written.current = q;
    setParams(
      (current) => {
        if ((current.get(key) ?? '') === q) return current;
        const next = new URLSearchParams(current);
        if (q) next.set(key, q);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  }, [key, q, setParams]);
}

/** The server-driven list of every admin page (spec 001 §2 Generic data table). */
const LIST_RETRIES = 1;
const LIST_RETRY_DELAY_MS = 300;

export function DataTable<T>(props: DataTableProps<T>) {
  const { queryKey, path, rowActions, toolbar, filters, renderCard } = props;
  const columns = props.columns ?? [];
  const paged = props.paged !== false;
  const [search, setSearch] = useUrlSearch(paged ? (props.searchParam === undefined ? 'q' : props.searchParam) : null);
  const q = useDebouncedValue(search.trim(), TABLE_SEARCH_DEBOUNCE_MS);
  useSearchIntoUrl(paged ? (props.searchParam === undefined ? 'q' : props.searchParam) : null, q);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(props.pageSize ?? DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<Sort | null>(null);
  // Phone cards whose detail columns are shown, by row key.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const hasDetails = columns.some((c) => c.detail);
  const toggleDetails = (key: string) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (!next.delete(key)) next.add(key);
      return next;
    });

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
        const response = await api.get<unknown>(path, params, signal);
        return readPage<T>(response, listItems<T>(response), limit);
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
  const totalPages = limit === ALL_ROWS ? 1 : (data?.totalPages ?? 1);

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

  const hasActions = Boolean(rowActions) || hasDetails;
  const colSpan = columns.length + (hasActions ? 1 : 0);
  const emptyText = q ? TABLE_MESSAGES.empty : (props.emptyText ?? TABLE_MESSAGES.empty);
  const hasToolbar = paged || props.exportable !== false || Boolean(toolbar);

  const errorAlert = query.isError && (
    <div className="ui-alert ui-alert--error ui-table-error" role="alert">
      <span>{TABLE_MESSAGES.loadError}</span>
      <button type="button" className="ui-btn ui-btn--secondary ui-btn--sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
        {TABLE_MESSAGES.reload}
      </button>
    </div>
  );
  const footer = paged && (
    <div className="ui-table-footer">
      <label className="ui-table-footer__size">
        Righe per pagina
        <select
          className="ui-select ui-select--sm"
          value={limit}
          onChange={(e) => {
            setLimit(Number(e.target.value));
            setPage(1);
          }}
        >
          {pageSizeOptions(totalItems, limit).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <span className="ui-table-footer__total">{data ? `${totalItems} ${totalItems === 1 ? 'risultato' : 'risultati'}` : ''}</span>
      <Pagination page={page} totalPages={totalPages} onChange={setPage} />
    </div>
  );

  return (
    <div className="ui-table-panel">
      {hasToolbar && (
        <div className="ui-table-toolbar">
          {paged && (
            <input
              type="search"
              className="ui-control ui-table-toolbar__search"
              placeholder={TABLE_MESSAGES.search}
              aria-label="Cerca"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          )}
          <div className="ui-table-toolbar__actions">
            {props.exportable !== false && (
              <ExportMenu
                onExport={(format) =>
                  download(`${path}/export`, format === 'pdf' ? (props.exportName ?? queryKey) : `${props.exportName ?? queryKey}.${format}`, {
                    ...listQuery,
                    format,
                  })
                }
              />
            )}
            {toolbar}
          </div>
        </div>
      )}

      {errorAlert}

      {renderCard ? (
        <div className="ui-table-cards ui-stack" aria-busy={query.isFetching || undefined}>
          {!data && query.isPending && (
            <p className="ui-loading" role="status">
              {TABLE_MESSAGES.loading}
            </p>
          )}
          {data && data.rows.length === 0 && <p className="ui-empty">{emptyText}</p>}
          {data?.rows.map((row, index) => (
            <Fragment key={props.rowKey ? props.rowKey(row) : defaultRowKey(row, index)}>{renderCard(row)}</Fragment>
          ))}
        </div>
      ) : (
        <div className="ui-table-wrap">
          <table
            className={cx('ui-table', props.compact && 'ui-table--compact')}
            aria-label={props.caption}
            aria-busy={query.isFetching || undefined}
          >
            <thead>
              <tr>
                {columns.map((column) => {
                  const key = column.sortKey ?? column.key;
                  const sorted = shownSort?.key === key ? shownSort.order : null;
                  return (
                    <th
                      key={column.key}
                      scope="col"
                      className={cx(column.align === 'end' && 'is-end')}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : column.sortable ? 'none' : undefined}
                    >
                      {column.sortable ? (
                        <button type="button" className={cx('ui-table__sort', sorted && 'is-sorted')} onClick={() => toggleSort(column)}>
                          {column.header}
                          <span className="ui-table__sort-icon" aria-hidden="true">
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        column.header
                      )}
                    </th>
                  );
                })}
                {hasActions && (
                  <th scope="col" className={cx('is-end ui-table__actions', !rowActions && 'is-phone-only')}>
                    Azioni
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {!data && query.isPending && (
                <tr>
                  <td colSpan={colSpan} className="ui-table__state" role="status">
                    {TABLE_MESSAGES.loading}
                  </td>
                </tr>
              )}
              {data && data.rows.length === 0 && (
                <tr>
                  <td colSpan={colSpan} className="ui-table__state">
                    {emptyText}
                  </td>
                </tr>
              )}
              {data?.rows.map((row, index) => {
                const key = props.rowKey ? props.rowKey(row) : defaultRowKey(row, index);
                const open = expanded.has(key);
                return (
                  <tr key={key} className={cx(hasDetails && 'has-details', open && 'is-expanded')}>
                    {columns.map((column) => (
                      <td
                        key={column.key}
                        data-label={column.header}
                        className={cx(column.align === 'end' && 'is-end', column.detail && 'is-detail')}
                      >
                        {column.render ? column.render(row) : defaultCell(valueAt(row, column.key))}
                      </td>
                    ))}
                    {(rowActions || hasDetails) && (
                      <td className={cx('is-end ui-table__actions', !rowActions && 'is-phone-only')} data-label="Azioni">
                        {hasDetails && (
                          <button
                            type="button"
                            className="ui-btn ui-btn--ghost ui-btn--sm ui-table__details-toggle"
                            aria-expanded={open}
                            onClick={() => toggleDetails(key)}
                          >
                            {open ? 'Nascondi dettagli' : 'Mostra dettagli'}
                          </button>
                        )}
                        {rowActions?.(row)
                          .filter((a) => !a.hidden)
                          .map((action) => (
                            <button
                              key={action.label}
                              type="button"
                              className={cx(
                                'ui-btn',
                                'ui-btn--ghost',
                                'ui-btn--sm',
                                action.icon ? 'ui-table__icon-action' : undefined,
                                action.danger && 'ui-btn--danger-text',
                              )}
                              onClick={action.onClick}
                              title={action.icon ? action.label : undefined}
                            >
                              {action.icon}
                              {action.icon ? <span className="ui-table__action-label">{action.label}</span> : action.label}
                            </button>
                          ))}
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      {footer}
    </div>
  );
}

function Pagination({ page, totalPages, onChange }: { page: number; totalPages: number; onChange: (page: number) => void }) {
  if (totalPages <= 1) return null;
  return (
    <nav className="ui-pagination" aria-label="Paginazione">
      <button type="button" className="ui-pagination__button" onClick={() => onChange(page - 1)} disabled={page <= 1} aria-label="Pagina precedente">
        ‹
      </button>
      {pageItems(page, totalPages).map((item, i) =>
        item === 'ellipsis' ? (
          <span key={`ellipsis-${i}`} className="ui-pagination__ellipsis" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            className={cx('ui-pagination__button', item === page && 'is-current')}
            onClick={() => onChange(item)}
            aria-label={`Pagina ${item}`}
            aria-current={item === page ? 'page' : undefined}
          >
            {item}
          </button>
        ),
      )}
      <button
        type="button"
        className="ui-pagination__button"
        onClick={() => onChange(page + 1)}
        disabled={page >= totalPages}
        aria-label="Pagina successiva"
      >
        ›
      </button>
    </nav>
  );
}

/**
 * The 'Scarica' menu (EXCEL / CSV / PDF) of every list's download, with its success and error toasts; also for
 * list pages that are not a table (e.g. cards).
 */
export function ExportMenu({ onExport }: { onExport: (format: ExportFormat) => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        // Handled here, so a modal around the table stays open.
        e.preventDefault();
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown, true);
    };
  }, [open]);

  const run = async (format: ExportFormat) => {
    setOpen(false);
    setBusy(true);
    try {
      await onExport(format);
      notify.success(TABLE_MESSAGES.downloadSuccess);
    } catch {
      notify.error(TABLE_MESSAGES.downloadError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="ui-dropdown" ref={rootRef}>
      <button
        type="button"
        className="ui-btn ui-btn--secondary"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        Scarica
      </button>
      {open && (
        <ul className="ui-dropdown__menu" role="menu" aria-label="Formato del file">
          {EXPORTS.map(({ format, label }) => (
            <li key={format} role="none">
              <button type="button" role="menuitem" className="ui-dropdown__item" onClick={() => void run(format)}>
                {label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
