import type { UseQueryResult } from '@tanstack/react-query';

/** A read of 'Presenze' while it loads, or its error with 'Ricarica'; nothing once it has answered. */
export function AttendanceState({ query }: { query: UseQueryResult<unknown> }) {
  if (query.isPending)
    return (
      <p role="status" className="ui-loading">
        Caricamento in corso...
      </p>
    );
  if (!query.isError) return null;
  return (
    <div role="alert" className="ui-alert ui-alert--error">
      Errore durante il recupero delle presenze.{' '}
      <button type="button" className="ui-btn ui-btn--secondary ui-btn--sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
        Ricarica
      </button>
    </div>
  );
}
