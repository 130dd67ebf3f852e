import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from 'shared-api';
import { mockApi } from '../testing/api-mock';
import { StandaloneHost } from './StandaloneHost';

const ADMIN = {
  _id: '00000000-0000-4000-8000-000000000001',
  name: 'Ada',
  surname: 'Rossi',
  email: 'ada@example.it',
  has_accepted_terms: true,
  permissions: ['*'],
};

function Users() {
  return <h1>Pagina utenti</h1>;
}

beforeEach(() => {
  act(() => useAuthStore.setState({ status: 'loading', user: null, permissions: [] }));
  window.history.pushState({}, '', '/');
});

describe('StandaloneHost', () => {
  it('asks an anonymous visitor to sign in, then lists the pages and opens one', async () => {
    const server = mockApi({ 'GET /auth/me': { body: { user: null } }, 'POST /auth/login': { body: { user: ADMIN } } });
    const user = userEvent.setup();
    render(<StandaloneHost title="Anagrafica" routes={{ '/registry/users/management': Users }} />);

    expect(await screen.findByRole('heading', { name: 'Bentornato! Accedi con i tuoi dati' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.it');
    await user.type(screen.getByLabelText(/^Password/), 'Segreta-2026');
    await user.click(screen.getByRole('button', { name: 'Entra' }));

    await user.click(await screen.findByRole('link', { name: '/registry/users/management' }));
    expect(server.callsTo('POST /auth/login').map((c) => c.body)).toEqual([{ email: 'ada@example.it', password: 'Segreta-2026' }]);
    expect(await screen.findByRole('heading', { name: 'Pagina utenti' })).toBeInTheDocument();
    expect(useAuthStore.getState().user?.email).toBe('ada@example.it');
  });

  it('keeps the visitor on the form with a toast when the credentials are wrong', async () => {
    mockApi({
      'GET /auth/me': { body: { user: null } },
      'POST /auth/login': { status: 401, body: { code: 'LOGIN_FAILED', message: 'Email o password non corretti.' } },
    });
    const user = userEvent.setup();
    render(<StandaloneHost title="Anagrafica" routes={{}} />);
    await user.type(await screen.findByLabelText(/^Email/), 'ada@example.it');
    await user.type(screen.getByLabelText(/^Password/), 'sbagliata');
    await user.click(screen.getByRole('button', { name: 'Entra' }));
    expect(await screen.findByText('Accesso fallito. Controlla le tue credenziali e riprova')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Entra' })).toBeInTheDocument();
  });

  it('goes straight to the pages with a session, and says so when the app has none yet', async () => {
    mockApi({ 'GET /auth/me': { body: { user: ADMIN } } });
    render(<StandaloneHost title="Magazzino" routes={{}} />);
    expect(await screen.findByText('Nessuna pagina disponibile in questa applicazione.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Entra' })).not.toBeInTheDocument();
  });
});
