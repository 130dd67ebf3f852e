import type { ReactNode } from 'react';

export interface PageLayoutProps {
  /** The domain's section name above the title, e.g. 'Anagrafica'. */
  section: string;
  title: string;
  /**
   * The domain app's own build label (its process.env.BUILD_LABEL), shown at the foot of the page so a
   * deployment can tell which build of the app is running. Passed in: shared-ui is one shared copy.
   */
  buildLabel?: string;
  children: ReactNode;
}

/** The layout of a list page (spec 001 §2): section name, title, then the table. */
export function PageLayout({ section, title, buildLabel, children }: PageLayoutProps) {
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
      {buildLabel ? <p className="ui-muted">Build {buildLabel}</p> : null}
    </section>
  );
}
