import { cx } from '../inputs/cx';
import { pageItems, pageSizeOptions } from './paging';

export function Pagination({ page, totalPages, onChange }: { page: number; totalPages: number; onChange: (page: number) => void }) {
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

/** Under a paged list: rows per page, how many results, and the page buttons. */
export function TableFooter({
  page,
  totalPages,
  limit,
  totalItems,
  totalCapped = false,
  loaded,
  onPage,
  onLimit,
}: {
  page: number;
  totalPages: number;
  limit: number;
  totalItems: number;
  /** More rows than totalItems (a list counted up to a bound): 'oltre 10000 risultati'. */
  totalCapped?: boolean;
  /** The first page has arrived (before it the total is left blank). */
  loaded: boolean;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}) {
  return (
    <div className="ui-table-footer">
      <label className="ui-table-footer__size">
        Righe per pagina
        <select className="ui-select ui-select--sm" value={limit} onChange={(e) => onLimit(Number(e.target.value))}>
          {pageSizeOptions(totalItems, limit).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <span className="ui-table-footer__total">
        {loaded ? `${totalCapped ? 'oltre ' : ''}${totalItems} ${totalItems === 1 && !totalCapped ? 'risultato' : 'risultati'}` : ''}
      </span>
      <Pagination page={page} totalPages={totalPages} onChange={onPage} />
    </div>
  );
}
