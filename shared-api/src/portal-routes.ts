/**
 * THE route table of the portal (spec 000 §2.1, 001 §2, 002 §2): every path, the permissions that open it,
 * its navigation label, its navigation group and who serves it (a shell feature or a domain app, by federation name).
 * The shell's guards and navigation are derived from here, and so is the server's check that a member reporting an
 * error of a domain app can open that app (issue 40).
 */
import type { Permission } from './contract/common';

export type ShellPage = 'home' | 'profile' | 'releases';
export type RouteServer = { shell: ShellPage } | { remote: string };

export type NavGroupId = 'book' | 'registry' | 'certificates' | 'bookings' | 'statistics' | 'storage' | 'finance' | 'platform' | 'profile';

export interface NavGroup {
  id: NavGroupId;
  /** Label of the group in the top navigation. */
  label: string;
  /** Any one of these opens the group; empty means every signed-in user. */
  permissions: Permission[];
  /** A group that is a single link in the top navigation instead of a sub-menu (the Book group). */
  link?: string;
}

export interface PortalRoute {
  path: string;
  /** Label in the top navigation's sub-menu and in the sub-navigation bar. */
  label: string;
  permissions: Permission[];
  group: NavGroupId | null;
  server: RouteServer;
}

/** Top-navigation order: Book, Registry, Certificates, Bookings, Statistics, Storage, Finance, Releases, then Profile. */
export const NAV_GROUPS: NavGroup[] = [
  { id: 'book', label: 'Prenota', permissions: ['book_session'], link: '/book-session' },
  { id: 'registry', label: 'Anagrafica', permissions: ['registry_access'] },
  { id: 'certificates', label: 'Certificati', permissions: ['certificates_access'] },
  { id: 'bookings', label: 'Prenotazioni', permissions: ['bookings_access'] },
  { id: 'statistics', label: 'Statistiche', permissions: ['statistics_access'] },
  { id: 'storage', label: 'Magazzino', permissions: ['storage_access'] },
  { id: 'finance', label: 'Finanza', permissions: ['finance_access'] },
  // The platform team's console (issue 29): a shell page, so it works whatever release of the domain apps is served.
  { id: 'platform', label: 'Rilasci', permissions: ['platform_access'], link: '/platform/releases' },
  { id: 'profile', label: 'Profilo', permissions: [] },
];

const groupById = new Map(NAV_GROUPS.map((g) => [g.id, g]));

/** Routes of one group share its permissions and, here, its domain app. */
function section(group: NavGroupId, remote: string | null, pages: [path: string, label: string, shell?: ShellPage][]) {
  const { permissions } = groupById.get(group)!;
  return pages.map(([path, label, shell]): PortalRoute => ({
    path,
    label,
    permissions,
    group,
    server: shell ? { shell } : { remote: remote! },
  }));
}

export const PORTAL_ROUTES: PortalRoute[] = [
  { path: '/', label: 'Home', permissions: [], group: null, server: { shell: 'home' } },
  ...section('profile', null, [['/user/profile', 'I miei dati', 'profile']]),
  ...section('profile', 'mf_booking', [['/user/bookings', 'Le mie prenotazioni']]),
  // Check-in at the table (issue 42): opened from the QR code on a table by any signed-in member; not in the navigation.
  { path: '/check-in/:token', label: 'Registra la presenza', permissions: [], group: null, server: { remote: 'mf_booking' } },
  ...section('profile', 'mf_finance', [['/user/payments', 'I miei pagamenti']]),
  ...section('book', 'mf_booking', [
    ['/book-session', 'Cerca'],
    ['/book-session-calendar', 'Calendario'],
  ]),
  ...section('registry', 'mf_registry', [
    ['/registry/users/management', 'Gestione utenti'],
    ['/registry/users/fitet', 'Dati FITET'],
    ['/registry/users/categories', 'Categorie utenti'],
    ['/registry/users/qualifications', 'Qualifiche sociali'],
    ['/registry/users/booking-rules', 'Regole di prenotazione'],
    ['/registry/users/mailing-lists', 'Mailing list'],
    ['/registry/users/training-groups', 'Gruppi di allenamento'],
  ]),
  // The audit log (issue 28): in the registry's section, for administrators ('*') only.
  { path: '/registry/audit', label: 'Registro attività', permissions: ['*'], group: 'registry', server: { remote: 'mf_registry' } },
  ...section('certificates', 'mf_certificates', [
    ['/certificates/management', 'Gestione certificati'],
    ['/certificates/types', 'Tipologie certificati'],
  ]),
  ...section('bookings', 'mf_booking', [
    ['/bookings/game-tables', 'Gestione tavoli'],
    ['/bookings/sessions', 'Turni di allenamento'],
    ['/bookings/calendar', 'Calendario prenotazioni'],
    // Check-in at the table (issue 42): the day's bookings and who is present, for the staff.
    ['/bookings/attendance', 'Presenze'],
  ]),
  ...section('statistics', 'mf_booking', [
    ['/statistics/played-sessions', 'Turni giocati'],
    ['/statistics/free-sessions', 'Turni liberi'],
    // Issue 42: booked, played, released and no-show shifts per table and week.
    ['/statistics/table-weeks', 'Presenze ai tavoli'],
  ]),
  ...section('storage', 'mf_storage', [
    ['/storage/management', 'Gestione magazzino'],
    ['/storage/categories', 'Categorie articoli'],
    ['/storage/load', 'Carico'],
    ['/storage/unload', 'Scarico'],
  ]),
  ...section('finance', 'mf_finance', [
    ['/finance/insertion-count', 'Inserimento conto'],
    ['/finance/insertion-subcount', 'Inserimento sottoconto'],
    ['/finance/entry-categories', 'Categorie di entrata'],
    ['/finance/members-cashout', 'Incasso soci'],
    ['/finance/providers-customers-registry', 'Anagrafica fornitori e clienti'],
    ['/finance/self-certifications', 'Autocertificazioni'],
    ['/finance/accounting-movements', 'Movimenti contabili'],
  ]),
  ...section('platform', null, [['/platform/releases', 'Rilasci', 'releases']]),
];

/** A link is active on its own path and below it (segment-wise: /book-session is not active on /book-session-calendar). */
export function isPathActive(current: string, linkPath: string): boolean {
  if (linkPath === '/') return current === '/';
  return current === linkPath || current.startsWith(`${linkPath}/`);
}

/** Whether these held permissions open a route of these permissions: none needed, '*', or any one of them. */
export const opensRoute = (held: readonly string[], needed: readonly string[]): boolean =>
  needed.length === 0 || held.includes('*') || needed.some((p) => held.includes(p));

/** Whether `pathname` is `routePath` or below it, segment by segment; a ':name' segment stands for any one segment. */
function routeContains(routePath: string, pathname: string): boolean {
  if (routePath === '/') return pathname === '/';
  const want = routePath.split('/');
  const got = pathname.split('/');
  return got.length >= want.length && want.every((part, i) => part === got[i] || (part.startsWith(':') && got[i] !== ''));
}

/**
 * Whether a user holding `held` can open the domain app `federationName` at `pathname`: the path is one of that
 * app's routes (the longest route containing it) and the user holds that route's permissions.
 */
export function opensAppAt(held: readonly string[], federationName: string, pathname: string): boolean {
  const route = PORTAL_ROUTES.filter((r) => routeContains(r.path, pathname)).sort((a, b) => b.path.length - a.path.length)[0];
  return !!route && 'remote' in route.server && route.server.remote === federationName && opensRoute(held, route.permissions);
}
