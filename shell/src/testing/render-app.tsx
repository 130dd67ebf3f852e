import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { useAuthStore, type SessionUser } from 'shared-api';
import { Providers } from '../app/providers';
import { createQueryClient } from 'shared-api';
import { AppRoutes } from '../app/router';
import { mockApi, type Handler } from 'shared-ui/testing/api';
import { sessionHandlers } from './handlers';

/** Where the router is: lets a test check a redirect the way a user sees the address bar. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

export interface RenderAppOptions {
  /** The signed-in user /auth/me answers (null: nobody). */
  user?: SessionUser | null;
  /** Extra or overriding answers of the fake server. */
  api?: Record<string, Handler>;
}

/** The whole shell at `route`, with its real providers, against a fake server. */
export function renderApp(route: string, { user = null, api = {} }: RenderAppOptions = {}) {
  useAuthStore.setState({ status: 'loading', user: null, permissions: [] });
  const server = mockApi({ ...sessionHandlers(user), ...api });
  const client = createQueryClient();
  // Answers in a test are final: no waiting for retries.
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  const view = render(
    <Providers client={client}>
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </Providers>,
  );
  return { ...view, server, client };
}
