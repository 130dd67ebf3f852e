import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../testing/render-app';
import { profileOf, sessionUser } from '../../testing/fixtures';

const UID = '3f1c2b9e-8a44-4a4e-9d55-1c0a2f3b4d5e';
const location = () => screen.getByTestId('location').textContent;

async function fill(password: string, confirm: string) {
  if (password) await userEvent.type(screen.getByLabelText(/^Nuova password/), password);
  if (confirm) await userEvent.type(screen.getByLabelText(/^Conferma password/), confirm);
}

describe('set-new-password page (/change-password, /login-change-password)', () => {
  const open = async (route = `/change-password?uid=${UID}&token=tok123`, api = {}) => {
    const view = renderApp(route, { api });
    await screen.findByRole('heading', { name: 'Ci siamo quasi...' });
    expect(screen.getByText('Crea la tua nuova password, non la dimenticare!')).toBeInTheDocument();
    return view;
  };

  test('a link without uid and token is refused', async () => {
    const { server } = await open('/change-password?uid=' + UID);
    expect(screen.getByRole('alert')).toHaveTextContent("Link di registrazione non valido. Controlla l'URL");
    expect(screen.getByRole('button', { name: 'Conferma' })).toBeDisabled();
    expect(server.callsTo('POST /auth/password-reset')).toHaveLength(0);
  });

  test('both fields required, at least 8 characters, and equal', async () => {
    const { server } = await open();
    const confirm = () => userEvent.click(screen.getByRole('button', { name: 'Conferma' }));
    await fill('nuovapass1', '');
    await confirm();
    expect(screen.getByText('Entrambi i campi della password sono obbligatori')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText(/^Nuova password/));
    await fill('corta', 'corta');
    await confirm();
    expect(screen.getByText('La password deve contenere almeno 8 caratteri')).toBeInTheDocument();

    // Eight spaces are not a password: the contract's rule, the server's own message.
    await userEvent.clear(screen.getByLabelText(/^Nuova password/));
    await userEvent.clear(screen.getByLabelText(/^Conferma password/));
    await fill('        ', '        ');
    await confirm();
    expect(await screen.findByText('La password non può essere vuota o composta solo da spazi')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText(/^Nuova password/));
    await userEvent.clear(screen.getByLabelText(/^Conferma password/));
    await fill('nuovapass1', 'nuovapass2');
    await confirm();
    expect(screen.getByText('Le password non corrispondono.')).toBeInTheDocument();
    expect(server.callsTo('POST /auth/password-reset')).toHaveLength(0);
  });

  test('success: toast, automatic sign-in with the returned e-mail, then home', async () => {
    const user = sessionUser();
    const { server } = await open(undefined, {
      'POST /auth/password-reset': { body: { email: user.email } },
      'POST /auth/login': { body: { user } },
      'GET /user/me': { body: profileOf(user) },
    });
    await fill('nuovapass1', 'nuovapass1');
    await userEvent.click(screen.getByRole('button', { name: 'Conferma' }));
    expect(await screen.findByText('Reset password completato con successo!')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/'));
    expect(server.callsTo('POST /auth/password-reset')[0]?.body).toEqual({ userId: UID, token: 'tok123', password: 'nuovapass1' });
    expect(server.callsTo('POST /auth/login')[0]?.body).toEqual({ email: user.email, password: 'nuovapass1' });
    expect(await screen.findByRole('heading', { name: 'Ciao Giulia!' })).toBeInTheDocument();
  });

  test('when the automatic sign-in fails the user goes to /login', async () => {
    await open(`/login-change-password?uid=${UID}&token=tok123`, {
      'POST /auth/password-reset': { body: { email: 'giulia.bianchi@example.it' } },
      'POST /auth/login': { status: 401, body: { message: 'Invalid credentials' } },
    });
    await fill('nuovapass1', 'nuovapass1');
    await userEvent.click(screen.getByRole('button', { name: 'Conferma' }));
    await waitFor(() => expect(location()).toBe('/login'));
  });

  test('an expired token says so; the page keeps its own error', async () => {
    await open(undefined, { 'POST /auth/password-reset': { status: 400, body: { code: 'INVALID_TOKEN', message: 'Invalid or expired token' } } });
    await fill('nuovapass1', 'nuovapass1');
    await userEvent.click(screen.getByRole('button', { name: 'Conferma' }));
    expect(await screen.findByText('Token non valido o scaduto, riprova a richiedere il reset della password')).toBeInTheDocument();
    expect(screen.getByText('Errore durante il reset della password')).toBeInTheDocument();
    expect(location()).toBe(`/change-password?uid=${UID}&token=tok123`);
  });

  test('any other failure has the generic reset message', async () => {
    await open(undefined, { 'POST /auth/password-reset': { status: 500, body: { message: 'boom' } } });
    await fill('nuovapass1', 'nuovapass1');
    await userEvent.click(screen.getByRole('button', { name: 'Conferma' }));
    expect(await screen.findByText('Errore durante il completamento del reset password')).toBeInTheDocument();
  });
});

describe('registration completion (/complete-registration)', () => {
  const route = `/complete-registration?uid=${UID}&token=invite1`;
  const consent = () => screen.getByLabelText(/Autorizzo il trattamento dei dati personali a fini commerciali e pubblicitari\.\.\./);

  test('the privacy consent is required and the passwords must match', async () => {
    const { server } = renderApp(route);
    await screen.findByRole('heading', { name: 'Ci siamo quasi...' });
    await fill('benvenuto1', 'benvenuto2');
    await userEvent.click(screen.getByRole('button', { name: 'Crea' }));
    expect(screen.getByText('Le password non corrispondono')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText(/^Conferma password/));
    await fill('', 'benvenuto1');
    await userEvent.click(screen.getByRole('button', { name: 'Crea' }));
    expect(screen.getByText('Campo obbligatorio')).toBeInTheDocument();
    expect(server.callsTo('POST /auth/complete-registration')).toHaveLength(0);
  });

  test('success: toast, automatic sign-in, home', async () => {
    const user = sessionUser({ name: 'Luca' });
    const { server } = renderApp(route, {
      api: {
        'POST /auth/complete-registration': { body: { email: user.email } },
        'POST /auth/login': { body: { user } },
        'GET /user/me': { body: profileOf(user) },
      },
    });
    await screen.findByRole('heading', { name: 'Ci siamo quasi...' });
    await fill('benvenuto1', 'benvenuto1');
    await userEvent.click(consent());
    await userEvent.click(screen.getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('Registrazione completata con successo!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Ciao Luca!' })).toBeInTheDocument();
    expect(server.callsTo('POST /auth/complete-registration')[0]?.body).toEqual({
      userId: UID,
      token: 'invite1',
      password: 'benvenuto1',
    });
  });

  test('a refused invitation shows the registration error', async () => {
    renderApp(route, {
      api: { 'POST /auth/complete-registration': { status: 400, body: { code: 'INVALID_TOKEN', message: 'Invalid or expired token' } } },
    });
    await screen.findByRole('heading', { name: 'Ci siamo quasi...' });
    await fill('benvenuto1', 'benvenuto1');
    await userEvent.click(consent());
    await userEvent.click(screen.getByRole('button', { name: 'Crea' }));
    expect(await screen.findAllByText('Errore durante il completamento della registrazione.')).not.toHaveLength(0);
    expect(screen.getByTestId('location')).toHaveTextContent('/complete-registration');
  });
});
