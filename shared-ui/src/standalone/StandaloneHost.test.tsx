import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from 'shared-api';
import { StandaloneHost } from './StandaloneHost';

const ADMIN = { _id: '00000000-0000-4000-8000-000000000001', name: 'Ada', surname: 'Rossi', email: 'ada@example.it', has_accepted_terms: true, permissions: ['*'] };

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function Users() {
  return <h1>Pagina utenti</h1>;
}

beforeEach(() => {
  act(() => useAuthStore.setState({ status: 'loading', user: null, permissions: [] }));
  window.history.pushState({}, '', '/');
});
afterEach(() => jest.restoreAllMocks());

const urlOf = (input: RequestInfo | URL) => (input instanceof Request ? input.url : input.toString());

describe('StandaloneHost', () => {
  it('asks an anonymous visitor to sign in, then lists the pages and opens one', async () => {
    const fetchMock = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = urlOf(input);
      if (url.endsWith('/auth/me')) return json({ user: null });
      if (url.endsWith('/auth/login') && init?.method === 'POST') return json({ user: ADMIN });
      return json({ message: 'not found' }, 404);
    });
    const user = userEvent.setup();
    render(<StandaloneHost title="Anagrafica" routes={{ '/registry/users/management': Users }} />);

    expect(await screen.findByRole('heading', { name: 'Bentornato! Accedi con i tuoi dati' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.it');
    await user.type(screen.getByLabelText(/^Password/), 'Segreta-2026');
    await user.click(screen.getByRole('button', { name: 'Entra' }));

    const login = fetchMock.mock.calls.find(([input]) => urlOf(input).endsWith('/auth/login'))!;
    expect(JSON.parse(login[1]!.body as string)).toEqual({ email: 'ada@example.it', password: 'Segreta-2026' });
    await user.click(await screen.findByRole('link', { name: '/registry/users/management' }));
    expect(await screen.findByRole('heading', { name: 'Pagina utenti' })).toBeInTheDocument();
    expect(useAuthStore.getState().user?.email).toBe('ada@example.it');
  });

  it('keeps the visitor on the form with a toast when the credentials are wrong', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      urlOf(input).endsWith('/auth/me') ? json({ user: null }) : json({ message: 'Invalid credentials' }, 401),
    );
    const user = userEvent.setup();
    render(<StandaloneHost title="Anagrafica" routes={{}} />);
    await user.type(await screen.findByLabelText(/^Email/), 'ada@example.it');
    await user.type(screen.getByLabelText(/^Password/), 'sbagliata');
    await user.click(screen.getByRole('button', { name: 'Entra' }));
    expect(await screen.findByText('Accesso fallito. Controlla le tue credenziali e riprova')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Entra' })).toBeInTheDocument();
  });

  it('goes straight to the pages with a session, and says so when the app has none yet', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(async () => json({ user: ADMIN }));
    render(<StandaloneHost title="Magazzino" routes={{}} />);
    expect(await screen.findByText('Nessuna pagina disponibile in questa applicazione.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Entra' })).not.toBeInTheDocument();
  });
});
