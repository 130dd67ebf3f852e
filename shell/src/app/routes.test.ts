import { holdsAny, PERMISSIONS } from 'shared-api';
import { REMOTE_NAMES } from '../remotes/names';
import { NAV_GROUPS, PORTAL_ROUTES, PUBLIC_ROUTES, groupOfPath, isPathActive, routesOfGroup, showsTopNavigation } from './routes';

const byPath = new Map(PORTAL_ROUTES.map((r) => [r.path, r]));

/** Spec 000 §2.1: the pages each permission opens; the common pages open to every signed-in user. */
const COMMON_PAGES = ['/', '/user/profile', '/user/bookings', '/user/payments', '/check-in/:token'];
const SPEC_PAGES: Record<string, string[]> = {
  book_session: ['/book-session', '/book-session-calendar'],
  registry_access: [
    '/registry/users/management',
    '/registry/users/fitet',
    '/registry/users/categories',
    '/registry/users/qualifications',
    '/registry/users/booking-rules',
    '/registry/users/mailing-lists',
    '/registry/users/training-groups',
  ],
  certificates_access: ['/certificates/management', '/certificates/types'],
  bookings_access: ['/bookings/game-tables', '/bookings/sessions', '/bookings/calendar', '/bookings/attendance'],
  statistics_access: ['/statistics/played-sessions', '/statistics/free-sessions', '/statistics/table-weeks'],
  storage_access: ['/storage/categories', '/storage/management', '/storage/load', '/storage/unload'],
  finance_access: [
    '/finance/insertion-count',
    '/finance/insertion-subcount',
    '/finance/entry-categories',
    '/finance/members-cashout',
    '/finance/providers-customers-registry',
    '/finance/self-certifications',
    '/finance/accounting-movements',
  ],
  platform_access: ['/platform/releases'],
};

/** The pages the guards let a user through to, holding `held`. */
const opened = (held: string[]) =>
  PORTAL_ROUTES.filter((r) => holdsAny(held, r.permissions))
    .map((r) => r.path)
    .sort();

describe('the route table follows spec 000 §2.1', () => {
  test.each(PERMISSIONS.filter((p) => p !== '*'))('a user holding only %s opens the common pages and exactly its own', (permission) => {
    expect(opened([permission])).toEqual([...COMMON_PAGES, ...(SPEC_PAGES[permission] ?? [])].sort());
  });

  test("no permission opens only the common pages; '*' opens every page", () => {
    expect(opened([])).toEqual([...COMMON_PAGES].sort());
    expect(opened(['*'])).toEqual(PORTAL_ROUTES.map((r) => r.path).sort());
  });

  test('two permissions open the pages of both', () => {
    expect(opened(['book_session', 'finance_access'])).toEqual(
      [...COMMON_PAGES, ...(SPEC_PAGES.book_session ?? []), ...(SPEC_PAGES.finance_access ?? [])].sort(),
    );
  });

  test("no other signed-in route exists, and every path appears once (the spec's 31, issue 28's audit log, issue 29's releases, issue 42's check-in, its 'Presenze' and its statistics)", () => {
    expect(PORTAL_ROUTES).toHaveLength(36);
    expect(byPath.size).toBe(PORTAL_ROUTES.length);
  });

  test('the public pages and where the top navigation hides', () => {
    expect(PUBLIC_ROUTES.map((r) => r.path).sort()).toEqual(
      ['/change-password', '/complete-registration', '/login', '/login-change-password', '/login-send-email'].sort(),
    );
    for (const path of ['/login', '/login-change-password', '/login-send-email']) {
      expect(showsTopNavigation(path, true)).toBe(false);
    }
    expect(showsTopNavigation('/change-password', true)).toBe(true);
    expect(showsTopNavigation('/change-password', false)).toBe(false);
    expect(showsTopNavigation('/complete-registration', false)).toBe(false);
    expect(showsTopNavigation('/user/profile', true)).toBe(true);
  });

  test('each domain path is served by the app that owns it (DESIGN §1)', () => {
    const remoteOf = (path: string) => {
      const server = byPath.get(path)!.server;
      return 'remote' in server ? server.remote : server.shell;
    };
    expect(remoteOf('/')).toBe('home');
    expect(remoteOf('/user/profile')).toBe('profile');
    expect(remoteOf('/user/bookings')).toBe('mf_booking');
    expect(remoteOf('/user/payments')).toBe('mf_finance');
    expect(remoteOf('/book-session-calendar')).toBe('mf_booking');
    expect(remoteOf('/statistics/free-sessions')).toBe('mf_booking');
    expect(remoteOf('/registry/users/fitet')).toBe('mf_registry');
    expect(remoteOf('/certificates/types')).toBe('mf_certificates');
    expect(remoteOf('/storage/unload')).toBe('mf_storage');
    expect(remoteOf('/finance/accounting-movements')).toBe('mf_finance');
    // The releases console is the shell's own: it must work whatever release of the domain apps is served.
    expect(remoteOf('/platform/releases')).toBe('releases');
    // Every app the table names is one of the domain apps (shared-api's DOMAIN_APPS).
    for (const route of PORTAL_ROUTES) if ('remote' in route.server) expect(REMOTE_NAMES).toContain(route.server.remote);
  });
});

describe('navigation labels come from the same table (spec 000 §2.2)', () => {
  const labels = (group: Parameters<typeof routesOfGroup>[0]) => routesOfGroup(group).map((r) => r.label);

  test('sub-menu labels of every section', () => {
    expect(labels('profile')).toEqual(['I miei dati', 'Le mie prenotazioni', 'I miei pagamenti']);
    expect(labels('book')).toEqual(['Cerca', 'Calendario']);
    expect(labels('registry')).toEqual([
      'Gestione utenti',
      'Dati FITET',
      'Categorie utenti',
      'Qualifiche sociali',
      'Regole di prenotazione',
      'Mailing list',
      'Gruppi di allenamento',
      'Registro attività',
    ]);
    expect(labels('certificates')).toEqual(['Gestione certificati', 'Tipologie certificati']);
    expect(labels('bookings')).toEqual(['Gestione tavoli', 'Turni di allenamento', 'Calendario prenotazioni', 'Presenze']);
    expect(labels('statistics')).toEqual(['Turni giocati', 'Turni liberi', 'Presenze ai tavoli']);
    expect(labels('storage')).toEqual(expect.arrayContaining(['Carico', 'Scarico']));
    expect(labels('finance')).toEqual([
      'Inserimento conto',
      'Inserimento sottoconto',
      'Categorie di entrata',
      'Incasso soci',
      'Anagrafica fornitori e clienti',
      'Autocertificazioni',
      'Movimenti contabili',
    ]);
  });

  test("a group and its routes ask for the same permissions, but an administrators' page ('*' only)", () => {
    for (const group of NAV_GROUPS) {
      for (const route of routesOfGroup(group.id)) expect([group.permissions, ['*']]).toContainEqual(route.permissions);
    }
    expect(PORTAL_ROUTES.filter((r) => r.permissions.includes('*')).map((r) => r.path)).toEqual(['/registry/audit']);
  });

  test('links are active on their path and below it, segment by segment', () => {
    expect(isPathActive('/book-session', '/book-session')).toBe(true);
    expect(isPathActive('/book-session-calendar', '/book-session')).toBe(false);
    expect(isPathActive('/user/profile/extra', '/user/profile')).toBe(true);
    expect(isPathActive('/user/profile', '/')).toBe(false);
    expect(groupOfPath('/book-session-calendar')).toBe('book');
    expect(groupOfPath('/storage/load')).toBe('storage');
    expect(groupOfPath('/')).toBeNull();
  });
});
