import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';

export interface HomeBlockProps<T> {
  title: string;
  query: UseQueryResult<T>;
  /** What the block says when its read failed (Italian); 'Riprova' asks again. */
  failure: string;
  children: (data: T) => ReactNode;
  /**
   * A link below the content, e.g. to the full page; a function of the data (undefined until it arrives) when the link
   * says how many items the block leaves out (HomeMoreLink).
   */
  footer?: ReactNode | ((data: T | undefined) => ReactNode);
}

/** One block of the home page: its own loading and error state, so the others never wait for it (issue 27). */
export function HomeBlock<T>({ title, query, failure, children, footer }: HomeBlockProps<T>) {
  return (
    <section className="shell-card shell-home__block" aria-label={title} aria-busy={query.isPending}>
      <h2 className="shell-card__title">{title}</h2>
      <div className="shell-card__body">
        {query.isPending && <p role="status">Caricamento in corso...</p>}
        {query.isError && (
          <p role="alert">
            {failure}{' '}
            <button type="button" className="ui-btn ui-btn--secondary" onClick={() => void query.refetch()}>
              Riprova
            </button>
          </p>
        )}
        {query.isSuccess && children(query.data)}
        {typeof footer === 'function' ? footer(query.data) : footer}
      </div>
    </section>
  );
}
