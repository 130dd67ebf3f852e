import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../testing/render-app';

async function openPage(api = {}) {
  const view = renderApp('/login-send-email', { api });
  await screen.findByRole('heading', { name: 'Nessun problema!' });
  return view;
}

test('an invalid address sends nothing', async () => {
  const { server } = await openPage();
  await userEvent.type(screen.getByLabelText(/^Email/), 'non-una-email');
  await userEvent.click(screen.getByRole('button', { name: 'Invia' }));
  expect(screen.getByText('Inserisci un indirizzo email valido')).toBeInTheDocument();
  await userEvent.clear(screen.getByLabelText(/^Email/));
  await userEvent.click(screen.getByRole('button', { name: 'Invia' }));
  expect(screen.getByText('Campo obbligatorio')).toBeInTheDocument();
  expect(server.callsTo('POST /auth/forgotpassword')).toHaveLength(0);
});

test('a valid address is sent and the success toast shows', async () => {
  const { server } = await openPage({ 'POST /auth/forgotpassword': { status: 204 } });
  await userEvent.type(screen.getByLabelText(/^Email/), ' mario.rossi@example.it ');
  await userEvent.click(screen.getByRole('button', { name: 'Invia' }));
  expect(await screen.findByText('Email inviata con successo! Controlla la tua casella di posta elettronica.')).toBeInTheDocument();
  expect(server.callsTo('POST /auth/forgotpassword')[0]?.body).toEqual({ email: 'mario.rossi@example.it' });
});

test('a failure shows the error toast', async () => {
  await openPage({ 'POST /auth/forgotpassword': { status: 500, body: { message: 'Mailer down' } } });
  await userEvent.type(screen.getByLabelText(/^Email/), 'mario.rossi@example.it');
  await userEvent.click(screen.getByRole('button', { name: 'Invia' }));
  expect(await screen.findByText("Si è verificato un errore durante l'invio dell'email")).toBeInTheDocument();
});
