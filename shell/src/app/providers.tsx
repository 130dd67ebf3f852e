import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { ToastHost } from 'shared-ui';

/** The portal's one QueryClient (DESIGN §1). */
export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** The portal's one toast container: top-right, bottom-right in the finance area (spec 002 §9). */
export function PortalToasts() {
  const { pathname } = useLocation();
  return <ToastHost position={pathname.startsWith('/finance/') ? 'bottom-right' : 'top-right'} />;
}
