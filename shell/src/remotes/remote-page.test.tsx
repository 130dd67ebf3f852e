import type { ComponentType } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RemotePage, resetLoadedRemotes } from './RemotePage';
import { loadDomainRoutes } from './runtime';
import { renderApp } from '../testing/render-app';
import { sessionUser } from '../testing/fixtures';

// jest cannot resolve federated imports: the module that calls loadRemote is the one replaced.
jest.mock('./runtime', () => ({ loadDomainRoutes: jest.fn() }));
const loadRoutes = loadDomainRoutes as jest.MockedFunction<typeof loadDomainRoutes>;

beforeEach(() => {
  resetLoadedRemotes();
  loadRoutes.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

test('shows a loading text, then the page the domain app exposes for the path', async () => {
  let resolve: (routes: Record<string, ComponentType>) => void = () => undefined;
  loadRoutes.mockReturnValue(new Promise((r) => (resolve = r)));
  render(<RemotePage remote="mf_storage" path="/storage/load" />);
  expect(screen.getByText('Caricamento della sezione in corso...')).toBeInTheDocument();
  resolve({ '/storage/load': () => <h1>Carico</h1> });
  expect(await screen.findByRole('heading', { name: 'Carico' })).toBeInTheDocument();
  expect(loadRoutes).toHaveBeenCalledWith('mf_storage', 0);
});

test('a path the app does not list yet says the section is not available', async () => {
  loadRoutes.mockResolvedValue({ '/storage/load': () => <h1>Carico</h1> });
  render(<RemotePage remote="mf_storage" path="/storage/unload" />);
  expect(await screen.findByText('Questa sezione non è ancora disponibile.')).toBeInTheDocument();
});

test('an app that cannot be loaded shows the fallback; Riprova really loads it again', async () => {
  loadRoutes.mockRejectedValueOnce(new Error('ScriptNetworkError'));
  loadRoutes.mockResolvedValueOnce({ '/certificates/types': () => <h1>Tipologie certificati</h1> });
  render(<RemotePage remote="mf_certificates" path="/certificates/types" />);

  const fallback = await screen.findByTestId('remote-fallback');
  expect(fallback).toHaveTextContent('Impossibile caricare questa sezione del portale.');
  await userEvent.click(screen.getByRole('button', { name: 'Riprova' }));

  expect(await screen.findByRole('heading', { name: 'Tipologie certificati' })).toBeInTheDocument();
  expect(loadRoutes.mock.calls).toEqual([
    ['mf_certificates', 0],
    ['mf_certificates', 1],
  ]);
});

test('a page that throws is caught too; Riprova renders it again without reloading the app', async () => {
  let broken = true;
  function FlakyPage() {
    if (broken) throw new Error('boom');
    return <h1>Turni liberi</h1>;
  }
  loadRoutes.mockResolvedValue({ '/statistics/free-sessions': FlakyPage });
  render(<RemotePage remote="mf_booking" path="/statistics/free-sessions" />);
  expect(await screen.findByText('Impossibile caricare questa sezione del portale.')).toBeInTheDocument();
  broken = false;
  await userEvent.click(screen.getByRole('button', { name: 'Riprova' }));
  expect(await screen.findByRole('heading', { name: 'Turni liberi' })).toBeInTheDocument();
  expect(loadRoutes).toHaveBeenCalledTimes(1);
});

test('an unreachable domain app leaves the rest of the portal working', async () => {
  loadRoutes.mockRejectedValue(new Error('RUNTIME-004'));
  renderApp('/finance/members-cashout', { user: sessionUser({ permissions: ['finance_access'] }) });
  expect(await screen.findByTestId('remote-fallback')).toBeInTheDocument();
  expect(screen.getByTestId('top-nav')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('link', { name: 'Circolo Tennistavolo, vai alla home' }));
  expect(await screen.findByRole('heading', { name: 'Ciao Giulia!' })).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByTestId('remote-fallback')).not.toBeInTheDocument());
});
