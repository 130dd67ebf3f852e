import { useState, type CSSProperties, type ReactNode } from 'react';
import { cx } from '../inputs/cx';
import { TABLE_MESSAGES } from './messages';
import type { PageData } from './paging';
import { defaultCell, defaultRowKey, valueAt } from './row-values';
import { DropdownMenu } from './DropdownMenu';
import { MoreIcon } from './row-icons';
import type { Column, RowAction, Sort } from './types';

export interface TableViewProps<T> {
  columns: Column<T>[];
  data: PageData<T> | undefined;
  pending: boolean;
  fetching: boolean;
  emptyText: ReactNode;
  shownSort: Sort | null;
  onSort: (column: Column<T>) => void;
  rowActions?: (row: T) => RowAction[];
  rowKey?: (row: T) => string;
  caption?: string;
  compact?: boolean;
  /**
   * How many rows the first page will show (the list's limit): while it loads, the table keeps their room, so the
   * rows arriving do not push down what is below (issue 44 item 10: the users table's body growing was most of the
   * page's layout shift). Capped at a screenful. Its header row keeps the height of its labels wrapped a word a line
   * as well (they wrap only once the rows size the columns).
   */
  expectedRows?: number;
}

/** More rows than this never fit one screen: the loading state reserves at most their room. */
const RESERVED_ROWS_MAX = 25;

/** The most lines a header label can wrap to: one word a line, at most 3. */
function headLines<T>(columns: Column<T>[]): number {
  const words = columns.map((c) => c.header.trim().split(/\s+/).length);
  return Math.min(Math.max(1, ...words), 3);
}

/** The table of a DataTable: sortable headers, one row per item with its actions, and the loading and empty states. */
export function TableView<T>({
  columns,
  data,
  pending,
  fetching,
  emptyText,
  shownSort,
  onSort,
  rowActions,
  rowKey,
  caption,
  compact,
  expectedRows = 0,
}: TableViewProps<T>) {
  // Phone cards whose detail columns are shown, by row key.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const hasDetails = columns.some((c) => c.detail);
  const toggleDetails = (key: string) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const hasActions = Boolean(rowActions) || hasDetails;
  const colSpan = columns.length + (hasActions ? 1 : 0);

  return (
    <div className="ui-table-wrap">
      <table
        className={cx('ui-table', compact && 'ui-table--compact', expectedRows > 0 && 'ui-table--steady-head')}
        style={expectedRows > 0 ? ({ '--ui-table-head-lines': headLines(columns) } as CSSProperties) : undefined}
        aria-label={caption}
        aria-busy={fetching || undefined}
      >
        <thead>
          <tr>
            {columns.map((column) => (
              <HeaderCell key={column.key} column={column} shownSort={shownSort} onSort={onSort} />
            ))}
            {hasActions && (
              <th scope="col" className={cx('is-end ui-table__actions', !rowActions && 'is-phone-only')}>
                Azioni
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {!data && pending && (
            <tr>
              <td
                colSpan={colSpan}
                className="ui-table__state ui-table__state--loading"
                role="status"
                style={{ '--ui-table-reserved-rows': Math.min(expectedRows || RESERVED_ROWS_MAX, RESERVED_ROWS_MAX) } as CSSProperties}
              >
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
            const key = rowKey ? rowKey(row) : defaultRowKey(row, index);
            const open = expanded.has(key);
            return (
              <tr key={key} className={cx(hasDetails && 'has-details', open && 'is-expanded')}>
                {columns.map((column) => (
                  <td key={column.key} data-label={column.header} className={cx(column.align === 'end' && 'is-end', column.detail && 'is-detail')}>
                    {column.render ? column.render(row) : defaultCell(valueAt(row, column.key))}
                  </td>
                ))}
                {hasActions && (
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
                    {rowActions && <RowActionButtons actions={rowActions(row)} />}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function HeaderCell<T>({ column, shownSort, onSort }: { column: Column<T>; shownSort: Sort | null; onSort: (column: Column<T>) => void }) {
  const key = column.sortKey ?? column.key;
  const sorted = shownSort?.key === key ? shownSort.order : null;
  return (
    <th
      scope="col"
      className={cx(column.align === 'end' && 'is-end')}
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : column.sortable ? 'none' : undefined}
    >
      {column.sortable ? (
        <button type="button" className={cx('ui-table__sort', sorted && 'is-sorted')} onClick={() => onSort(column)}>
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
}

function RowActionButtons({ actions }: { actions: RowAction[] }) {
  const shown = actions.filter((a) => !a.hidden && !a.more);
  const more = actions.filter((a) => !a.hidden && a.more);
  return (
    <>
      {shown.map((action) => (
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
      {more.length > 0 && (
        <DropdownMenu
          trigger={<MoreIcon />}
          triggerLabel="Altre azioni"
          triggerClassName="ui-btn ui-btn--ghost ui-btn--sm ui-table__icon-action"
          menuLabel="Altre azioni"
          items={more.map(({ label, onClick, danger }) => ({ label, onClick, danger }))}
        />
      )}
    </>
  );
}
