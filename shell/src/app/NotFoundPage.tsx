import { Link } from 'react-router-dom';

/** The fallback route '*' (docs/decisions.md, "Routes the spec does not show"). */
export function NotFoundPage() {
  return (
    <div className="shell-page shell-not-found" data-testid="not-found">
      <p className="shell-not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="shell-page__title">Pagina non trovata</h1>
      <p>La pagina che cerchi non esiste o è stata spostata.</p>
      <Link className="ui-btn ui-btn--primary" to="/">
        Torna alla home
      </Link>
    </div>
  );
}
