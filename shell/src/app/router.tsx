import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { useAuthStore } from 'shared-api';
import { CompleteRegistrationPage, ForgotPasswordPage, LoginPage, SetPasswordPage, useSessionBootstrap } from '../features/auth';
import { RemotePage } from '../remotes';
import { PublicOnly, RequireAuth } from './guards';
import { PortalToasts } from './providers';
import { Layout } from './Layout';
import { NotFoundPage } from './NotFoundPage';
import { PORTAL_ROUTES, PUBLIC_ROUTES, type PortalRoute, type PublicPage, type ShellPage } from './routes';

// Signed-in pages of the shell and the terms gate load when first shown: the sign-in page does not carry them.
const HomePage = lazy(() => import('../features/home').then((m) => ({ default: m.HomePage })));
const ProfilePage = lazy(() => import('../features/profile').then((m) => ({ default: m.ProfilePage })));
const ReleasesPage = lazy(() => import('../features/releases').then((m) => ({ default: m.ReleasesPage })));
const TermsGate = lazy(() => import('../features/terms').then((m) => ({ default: m.TermsGate })));

const SHELL_PAGES: Record<ShellPage, ComponentType> = { home: HomePage, profile: ProfilePage, releases: ReleasesPage };

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
    return (
      <Suspense fallback={null}>
        <Page />
      </Suspense>
    );
  }
  return <RemotePage remote={route.server.remote} path={route.path} />;
}

/** Every route of the portal, built from the one route table, plus the terms gate and the toasts over them. */
export function AppRoutes() {
  useSessionBootstrap();
  const termsPending = useAuthStore((s) => Boolean(s.user && !s.user.has_accepted_terms));
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
      {termsPending && (
        <Suspense fallback={null}>
          <TermsGate />
        </Suspense>
      )}
      <PortalToasts />
    </>
  );
}
