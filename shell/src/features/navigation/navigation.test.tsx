import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../testing/render-app';
import { sessionUser } from '../../testing/fixtures';
import { loadDomainRoutes } from '../../remotes/runtime';
import { resetLoadedRemotes } from '../../remotes/RemotePage';

jest.mock('../../remotes/runtime', () => ({ loadSlotOfferers: jest.fn(async () => []), loadSlot: jest.fn(), loadDomainRoutes: jest.fn() }));
const loadRoutes = loadDomainRoutes as jest.MockedFunction<typeof loadDomainRoutes>;

beforeEach(() => {
  resetLoadedRemotes();
  loadRoutes.mockResolvedValue({});
});

const topNav = () => screen.findByTestId('top-nav');
const location = () => screen.getByTestId('location').textContent;

test('a member sees only the Profile group; its sub-menu lists their three pages', async () => {
  renderApp('/', { user: sessionUser() });
  const nav = within(await topNav());
  expect(nav.queryByRole('link', { name: 'Prenota' })).not.toBeInTheDocument();
  expect(nav.queryByRole('button', { name: 'Anagrafica' })).not.toBeInTheDocument();
  await userEvent.click(nav.getByRole('button', { name: 'Profilo' }));
  const submenu = within(nav.getByRole('list', { name: 'Profilo' }));
  expect(submenu.getAllByRole('link').map((a) => a.textContent)).toEqual(['I miei dati', 'Le mie prenotazioni', 'I miei pagamenti']);
  expect(nav.getByText('Circolo Tennistavolo')).toBeInTheDocument();
});

test('groups appear with their permission', async () => {
  renderApp('/', { user: sessionUser({ permissions: ['book_session', 'storage_access', 'finance_access'] }) });
  const nav = within(await topNav());
  expect(nav.getByRole('link', { name: 'Prenota' })).toBeInTheDocument();
  expect(nav.getByRole('button', { name: 'Magazzino' })).toBeInTheDocument();
  expect(nav.getByRole('button', { name: 'Finanza' })).toBeInTheDocument();
  expect(nav.queryByRole('button', { name: 'Anagrafica' })).not.toBeInTheDocument();
  expect(nav.queryByRole('button', { name: 'Certificati' })).not.toBeInTheDocument();
  expect(nav.queryByRole('button', { name: 'Statistiche' })).not.toBeInTheDocument();
});

test('the Book group keeps the query string; the sub-navigation shows Cerca and Calendario', async () => {
  renderApp('/book-session-calendar?date=2031-05-02', { user: sessionUser({ permissions: ['book_session'] }) });
  const nav = within(await topNav());
  expect(nav.getByRole('link', { name: 'Prenota' })).toHaveAttribute('href', '/book-session?date=2031-05-02');

  const subnav = within(screen.getByTestId('sub-nav'));
  expect(subnav.getAllByRole('link').map((a) => a.textContent)).toEqual(['Cerca', 'Calendario']);
  expect(subnav.getByRole('link', { name: 'Calendario' })).toHaveAttribute('aria-current', 'page');
  expect(subnav.getByRole('link', { name: 'Cerca' })).not.toHaveAttribute('aria-current');

  await userEvent.click(nav.getByRole('link', { name: 'Prenota' }));
  expect(location()).toBe('/book-session?date=2031-05-02');
  expect(within(screen.getByTestId('sub-nav')).getByRole('link', { name: 'Cerca' })).toHaveAttribute('aria-current', 'page');
});

test('the sub-navigation shows the labels of the current section', async () => {
  renderApp('/bookings/sessions', { user: sessionUser({ permissions: ['bookings_access'] }) });
  const subnav = within(await screen.findByTestId('sub-nav'));
  expect(subnav.getAllByRole('link').map((a) => a.textContent)).toEqual([
    'Gestione tavoli',
    'Turni di allenamento',
    'Calendario prenotazioni',
    'Presenze',
  ]);
  expect(subnav.getByRole('link', { name: 'Turni di allenamento' })).toHaveAttribute('aria-current', 'page');
});

test('one sub-menu open at a time; choosing a link navigates and closes it', async () => {
  renderApp('/', { user: sessionUser({ permissions: ['*'] }) });
  const nav = within(await topNav());
  await userEvent.click(nav.getByRole('button', { name: 'Anagrafica' }));
  expect(nav.getByRole('list', { name: 'Anagrafica' })).toBeInTheDocument();
  await userEvent.click(nav.getByRole('button', { name: 'Finanza' }));
  expect(nav.queryByRole('list', { name: 'Anagrafica' })).not.toBeInTheDocument();
  await userEvent.click(within(nav.getByRole('list', { name: 'Finanza' })).getByRole('link', { name: 'Incasso soci' }));
  expect(location()).toBe('/finance/members-cashout');
  expect(nav.queryByRole('list', { name: 'Finanza' })).not.toBeInTheDocument();
});

test('the burger opens the menu and locks page scrolling until it closes', async () => {
  renderApp('/', { user: sessionUser({ permissions: ['registry_access'] }) });
  const burger = await screen.findByTestId('burger-button');
  expect(burger).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(burger);
  expect(burger).toHaveAttribute('aria-expanded', 'true');
  expect(document.body.style.overflow).toBe('hidden');
  await userEvent.click(burger);
  expect(document.body.style.overflow).toBe('');
});

test('logo to home, profile button to /user/profile', async () => {
  renderApp('/user/bookings', { user: sessionUser() });
  await userEvent.click(await screen.findByTestId('profile-button'));
  expect(location()).toBe('/user/profile');
  await userEvent.click(screen.getByRole('link', { name: 'Circolo Tennistavolo, vai alla home' }));
  expect(location()).toBe('/');
});

test('the extended menu style applies above 5 permissions or with *', async () => {
  const many = ['book_session', 'registry_access', 'certificates_access', 'bookings_access', 'storage_access', 'finance_access'] as const;
  const { unmount } = renderApp('/', { user: sessionUser({ permissions: [...many] }) });
  expect(await topNav()).toHaveClass('shell-header--extended');
  unmount();
  const second = renderApp('/', { user: sessionUser({ permissions: ['*'] }) });
  expect(await topNav()).toHaveClass('shell-header--extended');
  second.unmount();
  renderApp('/', { user: sessionUser({ permissions: ['book_session', 'finance_access'] }) });
  expect(await topNav()).not.toHaveClass('shell-header--extended');
});

test('home greets the user by name and presents the portal', async () => {
  renderApp('/', { user: sessionUser({ name: 'Marco' }) });
  expect(await screen.findByRole('heading', { name: 'Ciao Marco!' })).toBeInTheDocument();
  expect(screen.getByText(/accedi alle risorse dell'associazione/)).toBeInTheDocument();
});

test.each(['/login', '/login-send-email', '/login-change-password?uid=u&token=t'])('no top navigation on %s', async (route) => {
  renderApp(route);
  await waitFor(() => expect(screen.queryByText('Verifica autenticazione in corso...')).not.toBeInTheDocument());
  expect(screen.queryByTestId('top-nav')).not.toBeInTheDocument();
});

test('the set-password page shows the navigation only to a signed-in user', async () => {
  renderApp('/change-password?uid=u&token=t', { user: sessionUser() });
  expect(await topNav()).toBeInTheDocument();
});

test('toasts show top-right, bottom-right in the finance area (spec 002 §9)', async () => {
  const { notify } = await import('shared-ui');
  loadRoutes.mockResolvedValue({ '/finance/members-cashout': () => <h1>Incasso soci</h1> });
  renderApp('/finance/members-cashout', { user: sessionUser({ permissions: ['finance_access'] }) });
  await screen.findByRole('heading', { name: 'Incasso soci' });
  act(() => void notify.info('Pagamento registrato'));
  const toast = await screen.findByText('Pagamento registrato');
  expect(toast.closest('.Toastify__toast-container')).toHaveClass('Toastify__toast-container--bottom-right');

  await userEvent.click(screen.getByRole('link', { name: 'Circolo Tennistavolo, vai alla home' }));
  act(() => void notify.info('Benvenuto'));
  expect((await screen.findByText('Benvenuto')).closest('.Toastify__toast-container')).toHaveClass('Toastify__toast-container--top-right');
});

test('the arrows enter a sub-menu and move in it; Escape closes it with the focus back on its entry (issue 44 item 8)', async () => {
  const user = userEvent.setup();
  renderApp('/', { user: sessionUser() });
  const nav = within(await topNav());
  const entry = nav.getByRole('button', { name: 'Profilo' });
  entry.focus();
  await user.keyboard('{ArrowDown}');
  const submenu = within(nav.getByRole('list', { name: 'Profilo' }));
  expect(submenu.getByRole('link', { name: 'I miei dati' })).toHaveFocus();
  await user.keyboard('{ArrowDown}');
  expect(submenu.getByRole('link', { name: 'Le mie prenotazioni' })).toHaveFocus();
  await user.keyboard('{End}');
  expect(submenu.getByRole('link', { name: 'I miei pagamenti' })).toHaveFocus();
  await user.keyboard('{ArrowDown}');
  expect(submenu.getByRole('link', { name: 'I miei dati' })).toHaveFocus();
  await user.keyboard('{Escape}');
  expect(nav.queryByRole('list', { name: 'Profilo' })).not.toBeInTheDocument();
  expect(entry).toHaveFocus();
  // ArrowUp opens it on its last link.
  await user.keyboard('{ArrowUp}');
  expect(within(nav.getByRole('list', { name: 'Profilo' })).getByRole('link', { name: 'I miei pagamenti' })).toHaveFocus();
});
