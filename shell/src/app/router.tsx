import type { ComponentType, ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import {
  CompleteRegistrationPage,
  ForgotPasswordPage,
  LoginPage,
  SetPasswordPage,
  useSessionBootstrap,
} from '../features/auth';
import { HomePage } from '../features/home';
import { ProfilePage } from '../features/profile';
import { TermsGate } from '../features/terms';
import { RemotePage } from '../remotes';
import { PublicOnly, RequireAuth } from './guards';
import { PortalToasts } from './providers';
import { Layout } from './Layout';
import { NotFoundPage } from './NotFoundPage';
import { PORTAL_ROUTES, PUBLIC_ROUTES, type PortalRoute, type PublicPage, type ShellPage } from './routes';

const SHELL_PAGES: Record<ShellPage, ComponentType> = { home: HomePage, profile: ProfilePage };

const PUBLIC_PAGES: Record<PublicPage, ReactNode> = {
  login: (
    <PublicOnly>
      <LoginPage />
    </PublicOnly>
  ),
  'forgot-password': (
    <PublicOnly>
      <ForgotPasswordPage />
    </PublicOnly>
  ),
  'set-password': <SetPasswordPage />,
  'complete-registration': <CompleteRegistrationPage />,
};

function pageOf(route: PortalRoute): ReactNode {
  if ('shell' in route.server) {
    const Page = SHELL_PAGES[route.server.shell];
    return <Page />;
  }
  return <RemotePage remote={route.server.remote} path={route.path} />;
}

/** Every route of the portal, built from the one route table, plus the terms gate and the toasts over them. */
export function AppRoutes() {
  useSessionBootstrap();
  return (
    <>
      <Routes>
        <Route element={<Layout />}>
          {PUBLIC_ROUTES.map((r) => (
            <Route key={r.path} path={r.path} element={PUBLIC_PAGES[r.page]} />
          ))}
          {PORTAL_ROUTES.map((r) => (
            <Route key={r.path} path={r.path} element={<RequireAuth permissions={r.permissions}>{pageOf(r)}</RequireAuth>} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
      <TermsGate />
      <PortalToasts />
    </>
  );
}
