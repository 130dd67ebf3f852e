import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'shared-ui/testing';
import { mockApi } from 'shared-ui/testing/api';
import { makeMailingList } from '../../../test/fixtures';
import { list } from '../../../test/handlers';
import { MailingListsPage } from '../components/MailingListsPage';

/**
 * Issue 44 item 8: 'Invia email' to lists that reach nobody said 'Email inviata con successo!' though nothing was
 * sent. The server refuses it (MAILING_NO_RECIPIENTS) and the form says nothing was sent, keeping what was typed.
 */
const NOTHING_SENT = 'Nessuna email inviata: le mailing list scelte non raggiungono nessun utente attivo.';

it('says that no email was sent, not that it was, and keeps the form', async () => {
  mockApi({
    'GET /user/mailing-list/classes': list([makeMailingList()]),
    'POST /emails/send': { status: 409, body: { code: 'MAILING_NO_RECIPIENTS', message: NOTHING_SENT } },
  });
  const user = userEvent.setup();
  renderWithProviders(<MailingListsPage />, { route: '/registry/users/mailing-lists' });
  await user.click(await screen.findByRole('button', { name: 'Invia email' }));
  const form = await screen.findByRole('dialog', { name: 'Invia email' });
  await user.click(within(form).getByRole('combobox', { name: /^Mailing list/ }));
  await user.click(await screen.findByRole('option', { name: /Comunicazioni del circolo/ }));
  await user.click(within(form).getByRole('combobox', { name: /^Mailing list/ }));
  await user.type(within(form).getByLabelText(/^Oggetto/), 'Avviso');
  await user.type(within(form).getByLabelText(/^Messaggio/), 'Testo');
  await user.click(within(form).getByRole('button', { name: 'Invia' }));
  expect(await screen.findByText(NOTHING_SENT)).toBeInTheDocument();
  expect(screen.queryByText(/Email inviata con successo/)).not.toBeInTheDocument();
  expect(within(screen.getByRole('dialog', { name: 'Invia email' })).getByLabelText(/^Oggetto/)).toHaveValue('Avviso');
});
