import { StrictMode, useEffect } from 'react';
import type { Root } from 'react-dom/client';
import { createQueryClient } from 'shared-api';
import { notify } from 'shared-ui';
import { App } from '../app/App';

/**
 * Shows `text` as a success toast once the portal is on screen: the sign-in page's toast host has gone by then (its
 * toasts with it), and a toast raised with no host waits for the portal's.
 */
function Welcome({ text }: { text: string }) {
  useEffect(() => {
    notify.success(text);
  }, [text]);
  return null;
}

/** The whole portal taking over the sign-in page's React root (login/index.tsx) at the address the page is on now. */
export function renderPortal(root: Root, welcome?: string): void {
  root.render(
    <StrictMode>
      <App client={createQueryClient()} />
      {welcome && <Welcome text={welcome} />}
    </StrictMode>,
  );
}
