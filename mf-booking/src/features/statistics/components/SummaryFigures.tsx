import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

export interface Figure {
  label: string;
  value: ReactNode;
  /** A short line under the value (e.g. what a share is of). */
  note?: ReactNode;
}

/**
 * The period's figures above a statistics table, from its summary query: loading and error states as the other
 * booking pages show them ('Caricamento in corso...', an error with 'Ricarica').
 */
export function SummaryFigures<T>({ query, figures, label }: { query: UseQueryResult<T>; figures: (data: T) => Figure[]; label: string }) {
  if (query.isError && !query.data) {
    return (
      <div className="ui-alert ui-alert--error" role="alert">
        Errore durante il recupero dei totali.{' '}
        <button type="button" className="ui-btn ui-btn--secondary ui-btn--sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
          Ricarica
        </button>
      </div>
    );
  }
  if (!query.data) {
    return (
      <p role="status" className="ui-loading">
        Caricamento in corso...
      </p>
    );
  }
  return (
    <dl className="bk-stats" aria-label={label} aria-busy={query.isFetching || undefined}>
      {figures(query.data).map((f) => (
        <div key={f.label} className="ui-card bk-stats__figure">
          <dt>{f.label}</dt>
          <dd>
            <span className="bk-stats__value">{f.value}</span>
            {f.note && <span className="bk-stats__note">{f.note}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
