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
