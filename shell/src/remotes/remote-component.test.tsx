import type { ComponentType } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RemoteComponent, resetLoadedComponents } from './RemoteComponent';
import { loadRemoteComponent } from './runtime';

// jest cannot resolve federated imports: the module that calls loadRemote is the one replaced.
jest.mock('./runtime', () => ({ loadDomainRoutes: jest.fn(), loadRemoteComponent: jest.fn() }));
const load = loadRemoteComponent as jest.MockedFunction<typeof loadRemoteComponent>;

const texts = {
  loadingText: 'Caricamento della scheda in corso...',
  failureTitle: 'Impossibile caricare la scheda.',
  failureText: 'Riprova più tardi.',
};

beforeEach(() => {
  resetLoadedComponents();
  load.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

test('shows its loading text, then the exposed component with the props the shell hands it', async () => {
  let resolve: (c: ComponentType<{ who: string }>) => void = () => undefined;
  load.mockReturnValue(new Promise((r) => (resolve = r as typeof resolve)) as never);
  render(<RemoteComponent remote="mf_certificates" exposed="profile-card" props={{ who: 'Giulia' }} {...texts} />);
  expect(screen.getByRole('status')).toHaveTextContent('Caricamento della scheda in corso...');
  resolve(({ who }) => <p>Ciao {who}</p>);
  expect(await screen.findByText('Ciao Giulia')).toBeInTheDocument();
  expect(load).toHaveBeenCalledWith('mf_certificates', 'profile-card', 0);
});

test('a component that throws shows the inline fallback; Riprova renders it again without reloading the app', async () => {
  let broken = true;
  function Flaky() {
    if (broken) throw new Error('boom');
    return <p>Scheda</p>;
  }
  load.mockResolvedValue(Flaky as never);
  render(<RemoteComponent remote="mf_certificates" exposed="profile-card" props={{}} {...texts} />);
  const fallback = await screen.findByTestId('remote-fallback');
  expect(fallback).toHaveTextContent('Impossibile caricare la scheda.');
  expect(fallback).toHaveClass('shell-remote-error--inline');
  broken = false;
  await userEvent.click(screen.getByRole('button', { name: 'Riprova' }));
  expect(await screen.findByText('Scheda')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(1);
});
