import { screen, waitFor, within } from '@testing-library/react';
import { useAuthStore } from 'shared-api';
import { renderApp } from '../../testing/render-app';
import { fetchMe } from 'shared-api';
import { mockApi } from 'shared-ui/testing/api';
import { profileOf, sessionUser } from '../../testing/fixtures';

test('permissions come from GET /user/me once the session is known', async () => {
  const user = sessionUser({ permissions: [] });
  renderApp('/', { user, api: { 'GET /user/me': { body: profileOf(user, { permissions: ['finance_access'] }) } } });
  const nav = within(await screen.findByTestId('top-nav'));
  expect(await nav.findByRole('button', { name: 'Finanza' })).toBeInTheDocument();
  expect(useAuthStore.getState().permissions).toEqual(['finance_access']);
});

test('no session: the store says anonymous', async () => {
  renderApp('/login');
  await waitFor(() => expect(useAuthStore.getState().status).toBe('anonymous'));
});

test('a failing /auth/me counts as no session', async () => {
  renderApp('/', { api: { 'GET /auth/me': { status: 500, body: { message: 'down' } } } });
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
});

test("an answer without permissions is an error: 'Failed to fetch user permissions'", async () => {
  const { _id, name } = profileOf(sessionUser());
  mockApi({ 'GET /user/me': { body: { _id, name } } });
  await expect(fetchMe()).rejects.toThrow('Failed to fetch user permissions');
});

describe('offline (issue 28)', () => {
  const onLine = jest.spyOn(window.navigator, 'onLine', 'get');
  afterEach(() => {
    onLine.mockReset();
    onLine.mockReturnValue(true);
    localStorage.clear();
  });

  test('with no network the session of the last visit is shown, marked offline; back online it is asked again', async () => {
    const user = sessionUser();
    const { unmount } = renderApp('/', { user });
    await waitFor(() => expect(useAuthStore.getState().status).toBe('authenticated'));
    unmount();

    onLine.mockReturnValue(false);
    renderApp('/', { api: { 'GET /auth/me': 'network-error' } });
    await waitFor(() => expect(useAuthStore.getState().offline).toBe(true));
    expect(useAuthStore.getState().user?._id).toBe(user._id);

    onLine.mockReturnValue(true);
    mockApi({ 'GET /auth/me': { body: { user: null } } });
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(useAuthStore.getState().status).toBe('anonymous'));
    expect(useAuthStore.getState().offline).toBe(false);
    expect(Object.keys(localStorage)).toEqual([]);
  });

  test('no answer to /auth/me while the browser says it is online is not a sign-out: the kept session, marked offline (issue 44 item 2)', async () => {
    const user = sessionUser();
    const { unmount } = renderApp('/', { user });
    await waitFor(() => expect(useAuthStore.getState().status).toBe('authenticated'));
    unmount();
    renderApp('/user/bookings', { api: { 'GET /auth/me': 'network-error' } });
    await waitFor(() => expect(useAuthStore.getState().offline).toBe(true));
    expect(useAuthStore.getState().user?._id).toBe(user._id);
    expect(screen.getByTestId('location')).toHaveTextContent('/user/bookings');
    expect(Object.keys(localStorage).some((key) => key.startsWith('portal-offline:'))).toBe(true);
  });

  test('a gateway error (the server down behind its proxy) is no answer either; a 500 of the server is one', async () => {
    const user = sessionUser();
    const { unmount } = renderApp('/', { user });
    await waitFor(() => expect(useAuthStore.getState().status).toBe('authenticated'));
    unmount();
    const second = renderApp('/', { api: { 'GET /auth/me': { status: 502, body: 'Bad Gateway' } } });
    await waitFor(() => expect(useAuthStore.getState().offline).toBe(true));
    second.unmount();
    renderApp('/', { api: { 'GET /auth/me': { status: 500, body: { message: 'down' } } } });
    await waitFor(() => expect(useAuthStore.getState().status).toBe('anonymous'));
  });
});
