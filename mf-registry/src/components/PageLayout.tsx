import type { ReactNode } from 'react';

export const REGISTRY_SECTION = 'Anagrafica';

/** Set at build time (tooling/rspack.ts) so a deployment can show which build of this app is running. */
const BUILD_LABEL = process.env.BUILD_LABEL;

/** The shared layout of the registry list pages (spec 001 §2): section name, title, then the table. */
export function PageLayout({ section, title, children }: { section: string; title: string; children: ReactNode }) {
  return (
    <section className="ui-page ui-page--wide" aria-labelledby="page-title">
      <header className="ui-page__header">
        <div>
          <p className="ui-page__section">{section}</p>
          <h1 id="page-title" className="ui-page__title">
            {title}
          </h1>
        </div>
      </header>
      {children}
      {BUILD_LABEL ? <p className="ui-muted">Build {BUILD_LABEL}</p> : null}
    </section>
  );
}
