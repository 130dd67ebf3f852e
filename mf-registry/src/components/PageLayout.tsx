import type { ReactNode } from 'react';

/** The shared layout of the registry list pages (spec 001 §2): section name, title, then the table. */
export function PageLayout({ section, title, children }: { section: string; title: string; children: ReactNode }) {
  return (
    <section className="page" aria-labelledby="page-title">
      <p className="page__section">{section}</p>
      <h1 id="page-title" className="page__title">
        {title}
      </h1>
      {children}
    </section>
  );
}

export const REGISTRY_SECTION = 'Anagrafica';
