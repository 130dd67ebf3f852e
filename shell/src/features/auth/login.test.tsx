import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../testing/render-app';
import { sessionUser, profileOf } from '../../testing/fixtures';

const location = () => screen.getByTestId('location').textContent;
const emailField = () => screen.getByLabelText(/^Email/);
const passwordField = () => screen.getByLabelText(/^Password/);
const enter = () => userEvent.click(screen.getByRole('button', { name: 'Entra' }));

async function openLogin(api = {}) {
  const view = renderApp('/login', { api });
  await screen.findByRole('heading', { name: 'Bentornato! Accedi con i tuoi dati' });
  return view;
}

test('both fields are required: nothing is sent and the messages show', async () => {
  const { server } = await openLogin();
  await enter();
  expect(screen.getByText("Per favore inserisci sia l'email che la password")).toBeInTheDocument();
  expect(screen.getAllByText('Campo obbligatorio')).toHaveLength(2);
  expect(server.callsTo('POST /auth/login')).toHaveLength(0);
});

test('an invalid e-mail or a short password is refused before any call', async () => {
  const { server } = await openLogin();
  await userEvent.type(emailField(), 'mario.rossi@');
  await userEvent.type(passwordField(), 'corta');
  await enter();
  expect(screen.getByText('Inserisci un indirizzo email valido')).toBeInTheDocument();
  expect(screen.getByText('La password deve contenere almeno 8 caratteri')).toBeInTheDocument();
  expect(server.callsTo('POST /auth/login')).toHaveLength(0);
});

test('the password can be shown and hidden', async () => {
  await openLogin();
  expect(passwordField()).toHaveAttribute('type', 'password');
  await userEvent.click(screen.getByRole('button', { name: /Mostra/ }));
  expect(passwordField()).toHaveAttribute('type', 'text');
});

test('success: the toasts, the session filled, then the home page', async () => {
  const user = sessionUser({ permissions: ['book_session'] });
  const { server } = await openLogin({
    'POST /auth/login': { body: { user } },
    'GET /user/me': { body: profileOf(user) },
  });
  await userEvent.type(emailField(), 'giulia.bianchi@example.it');
  await userEvent.type(passwordField(), 'segreta123');
  await enter();
  expect(await screen.findByText('Accesso effettuato con successo!')).toBeInTheDocument();
  await waitFor(() => expect(location()).toBe('/'));
  expect(await screen.findByRole('heading', { name: 'Ciao Giulia!' })).toBeInTheDocument();
  expect(server.callsTo('POST /auth/login')[0]?.body).toEqual({ email: 'giulia.bianchi@example.it', password: 'segreta123' });
});

test('wrong credentials: error toast, the page stays and keeps an error message', async () => {
  await openLogin({ 'POST /auth/login': { status: 401, body: { message: 'Invalid credentials' } } });
  await userEvent.type(emailField(), 'giulia.bianchi@example.it');
  await userEvent.type(passwordField(), 'sbagliata1');
  await enter();
  expect(await screen.findByText("Errore durante l'accesso.")).toBeInTheDocument();
  expect(screen.getByText('Accesso fallito. Controlla le tue credenziali e riprova')).toBeInTheDocument();
  expect(location()).toBe('/login');
});

test("a successful retry takes the failed attempt's error toast and message off the screen", async () => {
  const user = sessionUser({ permissions: ['book_session'] });
  let answer: { status?: number; body: unknown } = { status: 401, body: { message: 'Invalid credentials' } };
  await openLogin({ 'POST /auth/login': () => answer, 'GET /user/me': { body: profileOf(user) } });
  await userEvent.type(emailField(), 'giulia.bianchi@example.it');
  await userEvent.type(passwordField(), 'sbagliata1');
  await enter();
  expect(await screen.findByText("Errore durante l'accesso.")).toBeInTheDocument();
  answer = { body: { user } };
  await userEvent.clear(passwordField());
  await userEvent.type(passwordField(), 'segreta123');
  await enter();
  expect(await screen.findByText('Accesso effettuato con successo!')).toBeInTheDocument();
  // jsdom never ends the exit animation: a dismissed toast stays in the DOM marked as leaving (data-in false).
  await waitFor(() => expect(screen.getByText("Errore durante l'accesso.").closest('.Toastify__toast')).toHaveAttribute('data-in', 'false'));
  expect(screen.queryByText('Accesso fallito. Controlla le tue credenziali e riprova')).not.toBeInTheDocument();
});

test('no answer from the server: the exception message', async () => {
  await openLogin({ 'POST /auth/login': 'network-error' });
  await userEvent.type(emailField(), 'giulia.bianchi@example.it');
  await userEvent.type(passwordField(), 'segreta123');
  await enter();
  expect(await screen.findByText('Si è verificato un errore durante il login. Riprova')).toBeInTheDocument();
});

test('the pending toast shows while the server answers', async () => {
  let answer: (value: { body: unknown }) => void = () => undefined;
  const { server } = await openLogin({ 'POST /auth/login': () => new Promise((resolve) => (answer = resolve)) });
  await userEvent.type(emailField(), 'giulia.bianchi@example.it');
  await userEvent.type(passwordField(), 'segreta123');
  await enter();
  expect(await screen.findByText('Accesso in corso...')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Entra' })).toBeDisabled();
  await waitFor(() => expect(server.callsTo('POST /auth/login')).toHaveLength(1));
  answer({ body: { user: sessionUser() } });
  await waitFor(() => expect(location()).toBe('/'));
});

test('the forgotten-password link leads to /login-send-email', async () => {
  await openLogin();
  await userEvent.click(screen.getByRole('link', { name: 'Password dimenticata? Clicca qui' }));
  expect(location()).toBe('/login-send-email');
  expect(screen.getByRole('heading', { name: 'Nessun problema!' })).toBeInTheDocument();
});
