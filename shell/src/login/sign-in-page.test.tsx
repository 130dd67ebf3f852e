import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot, type Root } from 'react-dom/client';
import { useAuthStore } from 'shared-api';
import { mockApi } from 'shared-ui/testing/api';
import { sessionUser } from '../testing/fixtures';
import { render } from './prerender';
import { SignInPage } from './SignInPage';

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  useAuthStore.setState({ status: 'loading', user: null, permissions: [], signedOut: false });
});

/** The page as login.html carries it, then hydrated as login/hydrate.tsx does; answers React's recoverable errors. */
function hydrated(openPortal = jest.fn()) {
  const container = document.createElement('div');
  container.innerHTML = render();
  document.body.append(container);
  const recoverable: unknown[] = [];
  act(() => {
    root = hydrateRoot(container, <SignInPage openPortal={openPortal} />, { onRecoverableError: (error) => recoverable.push(error) });
  });
  return { container, recoverable, openPortal };
}

test("the build's markup is the form, with 'Entra' disabled until React has taken it over", () => {
  const container = document.createElement('div');
  container.innerHTML = render();
  expect(container.querySelector('h1')?.textContent).toBe('Bentornato! Accedi con i tuoi dati');
  expect(container.querySelector('button[type="submit"]')).toBeDisabled();
  expect(container.querySelector('a')?.getAttribute('href')).toBe('/login-send-email');
});

test('hydrating the markup raises no mismatch and enables the form', async () => {
  const { recoverable } = hydrated();
  await waitFor(() => expect(screen.getByRole('button', { name: 'Entra' })).toBeEnabled());
  expect(recoverable).toEqual([]);
});

test('signing in stores the user and opens the portal on /login with the success toast', async () => {
  const user = sessionUser();
  const api = mockApi({ 'POST /auth/login': { body: { user } } });
  const { openPortal } = hydrated();
  await waitFor(() => expect(screen.getByRole('button', { name: 'Entra' })).toBeEnabled());
  await userEvent.type(screen.getByLabelText(/^Email/), user.email);
  await userEvent.type(screen.getByLabelText(/^Password/), 'segreta123');
  await userEvent.click(screen.getByRole('button', { name: 'Entra' }));
  await waitFor(() => expect(openPortal).toHaveBeenCalledWith('/login', 'Accesso effettuato con successo!'));
  expect(api.callsTo('POST /auth/login')).toHaveLength(1);
  expect(useAuthStore.getState().user?.email).toBe(user.email);
});

test("'Password dimenticata?' opens the portal on its page; a click for a new tab is left to the browser", async () => {
  const { openPortal } = hydrated();
  const link = await screen.findByRole('link', { name: 'Password dimenticata? Clicca qui' });
  await userEvent.click(link);
  expect(openPortal).toHaveBeenCalledWith('/login-send-email');
  openPortal.mockClear();
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
  // (jsdom does not navigate: stopped here, after React's handler has seen it)
  link.addEventListener('click', (e) => e.preventDefault());
  act(() => void link.dispatchEvent(event));
  expect(openPortal).not.toHaveBeenCalled();
});
