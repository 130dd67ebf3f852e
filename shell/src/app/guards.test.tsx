import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../testing/render-app';
import { profileOf, sessionUser } from '../testing/fixtures';
import { loadDomainRoutes } from '../remotes/runtime';
import { resetLoadedRemotes } from '../remotes/RemotePage';

jest.mock('../remotes/runtime', () => ({ loadSlotOfferers: jest.fn(async () => []), loadSlot: jest.fn(), loadDomainRoutes: jest.fn() }));
const loadRoutes = loadDomainRoutes as jest.MockedFunction<typeof loadDomainRoutes>;

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  resetLoadedRemotes();
  loadRoutes.mockReset();
  loadRoutes.mockResolvedValue({
    '/finance/members-cashout': () => <h1>Incasso soci</h1>,
    '/registry/users/management': () => <h1>Gestione utenti</h1>,
  });
});

test('shows the loading message while the session is being checked', async () => {
  let answer: (value: { body: unknown }) => void = () => undefined;
  const { server } = renderApp('/user/profile', {
    api: { 'GET /auth/me': () => new Promise((resolve) => (answer = resolve)) },
  });
  expect(screen.getByText('Verifica autenticazione in corso...')).toBeInTheDocument();
  await waitFor(() => expect(server.callsTo('GET /auth/me')).toHaveLength(1));
  expect(screen.getByText('Verifica autenticazione in corso...')).toBeInTheDocument();
  answer({ body: { user: null } });
  await waitFor(() => expect(location()).toBe('/login'));
  expect(screen.queryByText('Verifica autenticazione in corso...')).not.toBeInTheDocument();
});

test('an anonymous visitor goes to /login and, after signing in, back to the page asked for', async () => {
  const user = sessionUser({ permissions: ['finance_access'] });
  const { server } = renderApp('/finance/members-cashout?page=2', {
    api: { 'POST /auth/login': { body: { user } } },
  });
  await waitFor(() => expect(location()).toBe('/login'));
  expect(screen.getByRole('heading', { name: 'Bentornato! Accedi con i tuoi dati' })).toBeInTheDocument();

  server.on('GET /user/me', { body: { ...user, permissions: user.permissions } });
  await userEvent.type(screen.getByLabelText(/^Email/), user.email);
  await userEvent.type(screen.getByLabelText(/^Password/), 'segreta123');
  await userEvent.click(screen.getByRole('button', { name: 'Entra' }));

  await waitFor(() => expect(location()).toBe('/finance/members-cashout?page=2'));
  expect(await screen.findByRole('heading', { name: 'Incasso soci' })).toBeInTheDocument();
});

test('a signed-in user without any required permission is sent to the home page', async () => {
  renderApp('/finance/members-cashout', { user: sessionUser({ permissions: ['book_session'] }) });
  await waitFor(() => expect(location()).toBe('/'));
  expect(await screen.findByRole('heading', { name: 'Ciao Giulia!' })).toBeInTheDocument();
  expect(loadRoutes).not.toHaveBeenCalled();
});

test("one of the required permissions is enough, and '*' opens everything", async () => {
  renderApp('/registry/users/management', { user: sessionUser({ permissions: ['registry_access'] }) });
  expect(await screen.findByRole('heading', { name: 'Gestione utenti' })).toBeInTheDocument();
  expect(loadRoutes).toHaveBeenCalledWith('mf_registry', 0);
});

test("a user holding '*' passes every guard", async () => {
  renderApp('/finance/members-cashout', { user: sessionUser({ permissions: ['*'] }) });
  expect(await screen.findByRole('heading', { name: 'Incasso soci' })).toBeInTheDocument();
  expect(location()).toBe('/finance/members-cashout');
});

test('an unknown address shows the Italian not-found page', async () => {
  renderApp('/non-esiste', { user: sessionUser() });
  expect(await screen.findByRole('heading', { name: 'Pagina non trovata' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Torna alla home' }));
  expect(location()).toBe('/');
});

test('a signed-in user opening /login goes to the home page', async () => {
  renderApp('/login', { user: sessionUser() });
  await waitFor(() => expect(location()).toBe('/'));
});

test('a session that ends on the server (401) sends the user to /login, remembering the page', async () => {
  const user = sessionUser();
  const { server } = renderApp('/user/profile', {
    user,
    api: { 'GET /user/me': { status: 401, body: { message: 'Not authenticated' } }, 'POST /auth/login': { body: { user } } },
  });
  await waitFor(() => expect(location()).toBe('/login'));

  server.on('GET /user/me', { body: profileOf(user) });
  await userEvent.type(screen.getByLabelText(/^Email/), user.email);
  await userEvent.type(screen.getByLabelText(/^Password/), 'segreta123');
  await userEvent.click(screen.getByRole('button', { name: 'Entra' }));
  await waitFor(() => expect(location()).toBe('/user/profile'));
  expect(await screen.findByRole('heading', { name: 'Il tuo profilo, i tuoi dati' })).toBeInTheDocument();
});

test('after logging out, signing in again starts from home, not from the page left behind', async () => {
  const user = sessionUser({ permissions: ['book_session'] });
  const { server } = renderApp('/user/profile', {
    user,
    api: { 'POST /auth/logout': { status: 204 }, 'POST /auth/login': { body: { user } } },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
  await waitFor(() => expect(location()).toBe('/login'));

  server.on('GET /user/me', { body: { ...user } });
  await userEvent.type(screen.getByLabelText(/^Email/), user.email);
  await userEvent.type(screen.getByLabelText(/^Password/), 'segreta123');
  await userEvent.click(screen.getByRole('button', { name: 'Entra' }));
  await waitFor(() => expect(location()).toBe('/'));
});
