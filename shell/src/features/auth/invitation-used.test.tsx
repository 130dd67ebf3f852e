import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_ERRORS } from 'shared-api';
import { renderApp } from '../../testing/render-app';

/**
 * Issue 44 item 8: an invitation link followed a second time showed only 'Errore durante il completamento della
 * registrazione.'; the server now answers INVITATION_ALREADY_USED and the page says the invitation was used.
 */
const UID = '3f1c2b9e-8a44-4a4e-9d55-1c0a2f3b4d5e';
const USED = API_ERRORS.INVITATION_ALREADY_USED.text;

test('a used invitation says so, in the toast and on the page', async () => {
  renderApp(`/complete-registration?uid=${UID}&token=invite1`, {
    api: { 'POST /auth/complete-registration': { status: 409, body: { code: 'INVITATION_ALREADY_USED', message: USED } } },
  });
  await screen.findByRole('heading', { name: 'Ci siamo quasi...' });
  await userEvent.type(screen.getByLabelText(/^Nuova password/), 'benvenuto1');
  await userEvent.type(screen.getByLabelText(/^Conferma password/), 'benvenuto1');
  await userEvent.click(screen.getByLabelText(/Autorizzo il trattamento dei dati personali/));
  await userEvent.click(screen.getByRole('button', { name: 'Crea' }));
  expect(USED).toMatch(/^Questo invito è già stato usato: la registrazione è completata\./);
  expect(await screen.findAllByText(USED)).toHaveLength(2);
  expect(screen.queryByText('Errore durante il completamento della registrazione.')).not.toBeInTheDocument();
});
