/**
 * The portal's route table lives in shared-api (shared-api/src/portal-routes.ts): the server reads it too (issue 40).
 * Guards, the top navigation and the sub-navigation are all derived from it.
 */
import { PORTAL_ROUTES, isPathActive, type NavGroupId, type PortalRoute } from 'shared-api/portal-routes';

export * from 'shared-api/portal-routes';

/** Public pages. `nav` says when the top navigation shows on them (spec 000 §2.1). */
export type PublicPage = 'login' | 'forgot-password' | 'set-password' | 'complete-registration';
export interface PublicRoute {
  path: string;
  page: PublicPage;
  nav: 'never' | 'when-signed-in';
}

export const PUBLIC_ROUTES: PublicRoute[] = [
  { path: '/login', page: 'login', nav: 'never' },
  { path: '/login-send-email', page: 'forgot-password', nav: 'never' },
  { path: '/login-change-password', page: 'set-password', nav: 'never' },
  { path: '/change-password', page: 'set-password', nav: 'when-signed-in' },
  { path: '/complete-registration', page: 'complete-registration', nav: 'when-signed-in' },
];

export function routesOfGroup(group: NavGroupId): PortalRoute[] {
  return PORTAL_ROUTES.filter((r) => r.group === group);
}

/** The group whose section the current path belongs to (drives the sub-navigation bar). */
export function groupOfPath(pathname: string): NavGroupId | null {
  return PORTAL_ROUTES.find((r) => r.group && isPathActive(pathname, r.path))?.group ?? null;
}

/** Whether the top navigation shows on this path for this visitor. */
export function showsTopNavigation(pathname: string, signedIn: boolean): boolean {
  if (!signedIn) return false;
  return PUBLIC_ROUTES.find((r) => r.path === pathname)?.nav !== 'never';
}
