import { Suspense, type ReactNode } from 'react';

/** What a page shows while a lazily loaded form modal's code arrives. */
export const MODULE_LOADING_TEXT = 'Caricamento del modulo in corso...';

/** The boundary around a page's lazily loaded modals: one status line while their code arrives. */
export function ModalSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<p role="status">{MODULE_LOADING_TEXT}</p>}>{children}</Suspense>;
}
