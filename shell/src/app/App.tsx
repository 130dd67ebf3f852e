import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { Providers } from './providers';
import { AppRoutes } from './router';
import { useIdlePreload } from './use-idle-preload';

export function App({ client }: { client: QueryClient }) {
  useIdlePreload();
  return (
    <Providers client={client}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
