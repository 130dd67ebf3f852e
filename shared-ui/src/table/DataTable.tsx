import { CardList } from './CardList';
import { TABLE_MESSAGES } from './messages';
import { TableFooter } from './Pagination';
import { TableToolbar } from './TableToolbar';
import { TableView } from './TableView';
import type { DataTableProps } from './types';
import { useTableList } from './useTableList';

export { ExportMenu } from './ExportMenu';
export { TABLE_MESSAGES, TABLE_REFETCH_MS, TABLE_SEARCH_DEBOUNCE_MS } from './messages';
export type { Column, DataTableProps, RowAction, Sort, TableFilters } from './types';

/** The server-driven list of every admin page (spec 001 §2 Generic data table). */
export function DataTable<T>(props: DataTableProps<T>) {
  const { queryKey, path, rowActions, toolbar, renderCard } = props;
  const list = useTableList(props);
  const { paged, query, data } = list;
  const exportable = props.exportable !== false;
  const emptyText = list.q ? TABLE_MESSAGES.empty : (props.emptyText ?? TABLE_MESSAGES.empty);
  const hasToolbar = paged || exportable || Boolean(toolbar);

  return (
    <div className="ui-table-panel">
      {hasToolbar && (
        <TableToolbar
          search={paged ? list.search : undefined}
          onSearch={list.setSearch}
          exportPath={exportable ? path : undefined}
          exportName={props.exportName ?? queryKey}
          listQuery={list.listQuery}
        >
          {toolbar}
        </TableToolbar>
      )}

      {query.isError && (
        <div className="ui-alert ui-alert--error ui-table-error" role="alert">
          <span>{TABLE_MESSAGES.loadError}</span>
          <button type="button" className="ui-btn ui-btn--secondary ui-btn--sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
            {TABLE_MESSAGES.reload}
          </button>
        </div>
      )}

      {renderCard ? (
        <CardList
          data={data}
          pending={query.isPending}
          fetching={query.isFetching}
          emptyText={emptyText}
          rowKey={props.rowKey}
          renderCard={renderCard}
        />
      ) : (
        <TableView
          columns={props.columns ?? []}
          data={data}
          pending={query.isPending}
          fetching={query.isFetching}
          emptyText={emptyText}
          shownSort={list.shownSort}
          onSort={list.toggleSort}
          rowActions={rowActions}
          rowKey={props.rowKey}
          caption={props.caption}
          compact={props.compact}
          expectedRows={list.limit}
        />
      )}

      {paged && (
        <TableFooter
          page={list.page}
          totalPages={list.totalPages}
          limit={list.limit}
          totalItems={list.totalItems}
          totalCapped={list.totalCapped}
          loaded={Boolean(data)}
          onPage={list.setPage}
          onLimit={list.changeLimit}
        />
      )}
    </div>
  );
}
