import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import { useState, type ReactElement, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ToastHost } from '../toast/ToastHost';

/** A QueryClient for one test: no retries, so a failing call fails at once. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** The URL the memory router starts at; default '/'. */
  route?: string;
  /** A route pattern (e.g. '/registry/users/:id') the UI is mounted under, so useParams works. */
  path?: string;
  queryClient?: QueryClient;
}

/** Renders a page as the shell would: memory router, a fresh QueryClient and the toast container. rerender keeps them. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', path, queryClient, ...options }: RenderWithProvidersOptions = {},
): RenderResult & { queryClient: QueryClient } {
  const client = queryClient ?? createTestQueryClient();
  function Providers({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[route]}>
          {path ? (
            <Routes>
              <Route path={path} element={children} />
            </Routes>
          ) : (
            children
          )}
          <ToastHost />
        </MemoryRouter>
      </QueryClientProvider>
    );
  }
  return { ...render(ui, { ...options, wrapper: Providers }), queryClient: client };
}

/** Holds the value of a controlled input in a test, reporting every change. */
export function Controlled<T>({
  initial,
  onValue,
  children,
}: {
  initial: T;
  onValue?: (value: T) => void;
  children: (value: T, setValue: (value: T) => void) => ReactElement;
}) {
  const [value, setValue] = useState(initial);
  return children(value, (next) => {
    setValue(next);
    onValue?.(next);
  });
}

export { nth } from './nth';
export { captureDownloads } from './downloads';

export { resetTestClock } from './clock';
