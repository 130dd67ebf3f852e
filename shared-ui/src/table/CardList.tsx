import { Fragment, type ReactNode } from 'react';
import { TABLE_MESSAGES } from './messages';
import type { PageData } from './paging';
import { defaultRowKey } from './row-values';

/** A list shown as one card per row (e.g. the training groups), with the table's loading and empty states. */
export function CardList<T>({
  data,
  pending,
  fetching,
  emptyText,
  rowKey,
  renderCard,
}: {
  data: PageData<T> | undefined;
  pending: boolean;
  fetching: boolean;
  emptyText: ReactNode;
  rowKey?: (row: T) => string;
  renderCard: (row: T) => ReactNode;
}) {
  return (
    <div className="ui-table-cards ui-stack" aria-busy={fetching || undefined}>
      {!data && pending && (
        <p className="ui-loading" role="status">
          {TABLE_MESSAGES.loading}
        </p>
      )}
      {data && data.rows.length === 0 && <p className="ui-empty">{emptyText}</p>}
      {data?.rows.map((row, index) => (
        <Fragment key={rowKey ? rowKey(row) : defaultRowKey(row, index)}>{renderCard(row)}</Fragment>
      ))}
    </div>
  );
}
