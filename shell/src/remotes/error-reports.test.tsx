import { act, render, screen, waitFor } from '@testing-library/react';
import { useAuthStore } from 'shared-api';
import { mockApi } from 'shared-ui/testing/api';
import { forgetReportedErrors, versionOfEntry } from './error-reports';
import { forgetLoadedEntries, recordAttemptedEntry } from './loaded-entries';
import { RemotePage, resetLoadedRemotes } from './RemotePage';
import { loadDomainRoutes } from './runtime';
import { sessionUser } from '../testing/fixtures';

// jest cannot resolve federated imports: the module that calls loadRemote is the one replaced.
jest.mock('./runtime', () => ({ loadDomainRoutes: jest.fn() }));
const loadRoutes = loadDomainRoutes as jest.MockedFunction<typeof loadDomainRoutes>;
const REPORTS = 'POST /platform/client-errors';
const VERSION = '0.1.0-3f9a1c2b';

beforeEach(() => {
  resetLoadedRemotes();
  forgetLoadedEntries();
  forgetReportedErrors();
  loadRoutes.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  useAuthStore.getState().setUser(sessionUser());
  recordAttemptedEntry('mf_registry', `/releases/mf-registry/${VERSION}/mf-manifest.json`);
  window.history.pushState({}, '', '/registry/users/management');
});
afterEach(() => jest.restoreAllMocks());

test('a page that throws on render: the fallback, and one report naming the app, its version, the route and the error', async () => {
  const api = mockApi({ [REPORTS]: { status: 204 } });
  loadRoutes.mockResolvedValue({
    '/registry/users/management': () => {
      throw new Error('Cannot read properties of undefined (reading "id")');
    },
  });
  render(<RemotePage remote="mf_registry" path="/registry/users/management" />);
  expect(await screen.findByTestId('remote-fallback')).toBeInTheDocument();
  await waitFor(() => expect(api.callsTo(REPORTS)).toHaveLength(1));
  expect(api.callsTo(REPORTS)[0]!.body).toEqual({
    app: 'mf-registry',
    version: VERSION,
    route: '/registry/users/management',
    kind: 'render',
    message: 'Error: Cannot read properties of undefined (reading "id")',
  });
});

test('an app that cannot be loaded is reported as a load failure', async () => {
  const api = mockApi({ [REPORTS]: { status: 204 } });
  loadRoutes.mockRejectedValue(new Error('ScriptNetworkError'));
  render(<RemotePage remote="mf_registry" path="/registry/users/management" />);
  expect(await screen.findByTestId('remote-fallback')).toBeInTheDocument();
  await waitFor(() => expect(api.callsTo(REPORTS)).toHaveLength(1));
  expect(api.callsTo(REPORTS)[0]!.body).toMatchObject({ kind: 'load', version: VERSION, message: expect.stringContaining('ScriptNetworkError') });
});

test('an unhandled rejection while a domain route is open is reported once; none after the route closes', async () => {
  const api = mockApi({ [REPORTS]: { status: 204 } });
  loadRoutes.mockResolvedValue({ '/registry/users/management': () => <h1>Utenti</h1> });
  const { unmount } = render(<RemotePage remote="mf_registry" path="/registry/users/management" />);
  await screen.findByRole('heading', { name: 'Utenti' });
  const reject = () =>
    act(() => {
      window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new TypeError('x'.repeat(3000)) }));
    });
  reject();
  reject();
  await waitFor(() => expect(api.callsTo(REPORTS)).toHaveLength(1));
  const body = api.callsTo(REPORTS)[0]!.body as { kind: string; message: string };
  expect(body.kind).toBe('rejection');
  expect(body.message).toHaveLength(2000);
  unmount();
  forgetReportedErrors();
  reject();
  await new Promise((r) => setTimeout(r, 0));
  expect(api.callsTo(REPORTS)).toHaveLength(1);
});

test('nothing is reported for a signed-out visitor', async () => {
  const api = mockApi({ [REPORTS]: { status: 204 } });
  useAuthStore.getState().setUser(null);
  loadRoutes.mockRejectedValue(new Error('ScriptNetworkError'));
  render(<RemotePage remote="mf_registry" path="/registry/users/management" />);
  expect(await screen.findByTestId('remote-fallback')).toBeInTheDocument();
  await new Promise((r) => setTimeout(r, 0));
  expect(api.callsTo(REPORTS)).toHaveLength(0);
});

test('the version is read from the release address; a local build says so', () => {
  expect(versionOfEntry(`/releases/mf-booking/${VERSION}/mf-manifest.json`)).toBe(VERSION);
  expect(versionOfEntry(`https://cdn.example/r/mf-booking/${VERSION}/mf-manifest.json`)).toBe(VERSION);
  expect(versionOfEntry('/apps/mf-booking/mf-manifest.json')).toBe('locale');
  expect(versionOfEntry(null)).toBe('sconosciuta');
});
