import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MailingListClass } from 'shared-api';
import { renderWithProviders } from 'shared-ui/testing';
import { mockApi } from 'shared-ui/testing/api';
import { makeMailingList, uuid } from '../../../test/fixtures';
import { list } from '../../../test/handlers';
import { MailingListsPage } from '../components/MailingListsPage';

const INFO = makeMailingList();
const PROMO = makeMailingList({ _id: uuid(301), name: 'Offerte e promozioni', description: 'Convenzioni', type: 'COMMERCIALE', is_default: false });
const TOURNAMENTS = makeMailingList({ _id: uuid(302), name: 'Tornei e gare', description: null, is_default: false });

function setup(lists: MailingListClass[] = [INFO, PROMO, TOURNAMENTS], extra: Parameters<typeof mockApi>[0] = {}) {
  // The table and the send form's selector read the same list (the selector with limit=300).
  const api = mockApi({ 'GET /user/mailing-list/classes': list(lists), ...extra });
  const user = userEvent.setup();
  renderWithProviders(<MailingListsPage />, { route: '/registry/users/mailing-lists' });
  return { api, user };
}

const rowOf = async (text: string) => (await screen.findByRole('cell', { name: text })).closest('tr') as HTMLElement;
const dialog = (name: string | RegExp) => screen.getByRole('dialog', { name });

describe('Mailing list', () => {
  it('lists name, description, type and the default flag, with the download menu', async () => {
    const { api, user } = setup();
    expect(await screen.findByRole('heading', { name: 'Mailing list' })).toBeInTheDocument();
    const promo = await rowOf('Offerte e promozioni');
    expect(within(promo).getByText('Convenzioni')).toBeInTheDocument();
    expect(within(promo).getByText('Commerciale')).toBeInTheDocument();
    expect(within(promo).getByText('No')).toBeInTheDocument();
    const info = await rowOf('Comunicazioni del circolo');
    expect(within(info).getByText('Informativa')).toBeInTheDocument();
    expect(within(info).getByText('Sì')).toBeInTheDocument();

    await user.click(screen.getByRole('columnheader', { name: /Tipo/ }).querySelector('button')!);
    await waitFor(() => expect(api.callsTo('GET /user/mailing-list/classes').at(-1)?.query.get('sortBy')).toBe('type'));
    await user.click(screen.getByRole('button', { name: 'Scarica' }));
    expect(screen.getByRole('menuitem', { name: 'CSV' })).toBeInTheDocument();
  });

  it('requires the name, then creates a commercial list', async () => {
    const { api, user } = setup([INFO], { 'POST /user/mailing-list/classes': { status: 201, body: PROMO } });
    await user.click(await screen.findByRole('button', { name: 'Aggiungi mailing list' }));
    const form = await screen.findByRole('dialog', { name: 'Aggiungi mailing list' });
    // A new list is informative until chosen otherwise.
    expect(within(form).getByRole('combobox', { name: /^Tipo/ })).toHaveTextContent('Informativa');
    await user.click(within(form).getByRole('button', { name: 'Crea' }));
    expect(within(form).getByText('Campo obbligatorio')).toBeInTheDocument();
    expect(api.callsTo('POST /user/mailing-list/classes')).toHaveLength(0);

    await user.type(within(form).getByLabelText(/^Nome/), 'Offerte e promozioni');
    await user.type(within(form).getByLabelText(/^Descrizione/), 'Convenzioni');
    await user.click(within(form).getByRole('combobox', { name: /^Tipo/ }));
    await user.click(screen.getByRole('option', { name: /Commerciale/ }));
    await user.click(within(form).getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('Mailing list creata con successo!')).toBeInTheDocument();
    expect(api.callsTo('POST /user/mailing-list/classes')[0]?.body).toEqual({
      name: 'Offerte e promozioni',
      description: 'Convenzioni',
      type: 'COMMERCIALE',
      is_default: false,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Aggiungi mailing list' })).not.toBeInTheDocument());
  });

  it('edits the default flag of a list', async () => {
    const { api, user } = setup([TOURNAMENTS], {
      [`PATCH /user/mailing-list/classes/${TOURNAMENTS._id}`]: { body: { ...TOURNAMENTS, is_default: true } },
    });
    await user.click(within(await rowOf('Tornei e gare')).getByRole('button', { name: 'Modifica' }));
    const form = await screen.findByRole('dialog', { name: 'Modifica mailing list' });
    expect(within(form).getByLabelText(/^Nome/)).toHaveValue('Tornei e gare');
    await user.click(within(form).getByRole('checkbox', { name: /Predefinita/ }));
    await user.click(within(form).getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Mailing list modificata con successo!')).toBeInTheDocument();
    expect(api.callsTo(`PATCH /user/mailing-list/classes/${TOURNAMENTS._id}`)[0]?.body).toEqual({
      name: 'Tornei e gare',
      description: null,
      type: 'INFORMATIVA',
      is_default: true,
    });
  });

  it('says who still holds a list that cannot be deleted, and deletes one that nobody holds', async () => {
    const { api, user } = setup([INFO, TOURNAMENTS], {
      [`DELETE /user/mailing-list/classes/${INFO._id}`]: {
        status: 409,
        body: { code: 'MAILING_LIST_CLASS_IN_USE', message: 'Impossibile eliminare la classe di mailing list: è assegnata a 2 categorie.' },
      },
      [`DELETE /user/mailing-list/classes/${TOURNAMENTS._id}`]: { status: 204 },
    });
    await user.click(within(await rowOf('Comunicazioni del circolo')).getByRole('button', { name: 'Elimina' }));
    let confirm = await screen.findByRole('dialog', { name: 'Elimina mailing list' });
    expect(confirm).toHaveTextContent("L'operazione non è reversibile");
    await user.click(within(confirm).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText('Impossibile eliminare la classe di mailing list: è assegnata a 2 categorie.')).toBeInTheDocument();
    expect(dialog('Elimina mailing list')).toBeInTheDocument();
    await user.click(within(dialog('Elimina mailing list')).getByRole('button', { name: 'Annulla' }));

    await user.click(within(await rowOf('Tornei e gare')).getByRole('button', { name: 'Elimina' }));
    confirm = await screen.findByRole('dialog', { name: 'Elimina mailing list' });
    await user.click(within(confirm).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText('Mailing list eliminata con successo!')).toBeInTheDocument();
    expect(api.callsTo(`DELETE /user/mailing-list/classes/${TOURNAMENTS._id}`)).toHaveLength(1);
  });

  it('sends an email to the chosen lists only when lists, subject and body are given, and says how many mails were queued', async () => {
    const { api, user } = setup(undefined, { 'POST /emails/send': { body: { queued: 3 } } });
    await user.click(await screen.findByRole('button', { name: 'Invia email' }));
    const form = await screen.findByRole('dialog', { name: 'Invia email' });
    await user.click(within(form).getByRole('button', { name: 'Invia' }));
    expect(within(form).getAllByText('Campo obbligatorio')).toHaveLength(3);
    expect(api.callsTo('POST /emails/send')).toHaveLength(0);

    await user.click(within(form).getByRole('combobox', { name: /^Mailing list/ }));
    await user.click(await screen.findByRole('option', { name: /Tornei e gare/ }));
    await user.click(screen.getByRole('option', { name: /Offerte e promozioni/ }));
    await user.click(within(form).getByRole('combobox', { name: /^Mailing list/ }));
    await user.type(within(form).getByLabelText(/^Oggetto/), 'Torneo sociale');
    await user.type(within(form).getByLabelText(/^Messaggio/), 'Sabato si gioca.{enter}Iscrizioni in segreteria.');
    await user.click(within(form).getByRole('button', { name: 'Invia' }));

    expect(await screen.findByText('Email inviata con successo! 3 email messe in coda di invio.')).toBeInTheDocument();
    expect(api.callsTo('POST /emails/send')[0]?.body).toEqual({
      mailing_lists: [TOURNAMENTS._id, PROMO._id],
      subject: 'Torneo sociale',
      body: 'Sabato si gioca.\nIscrizioni in segreteria.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invia email' })).not.toBeInTheDocument());
  });

  it('keeps what was typed and shows the spec error when the send fails', async () => {
    const { user } = setup(undefined, { 'POST /emails/send': { status: 500, body: { code: 'INTERNAL', message: 'boom' } } });
    await user.click(await screen.findByRole('button', { name: 'Invia email' }));
    const form = await screen.findByRole('dialog', { name: 'Invia email' });
    await user.click(within(form).getByRole('combobox', { name: /^Mailing list/ }));
    await user.click(await screen.findByRole('option', { name: /Comunicazioni del circolo/ }));
    await user.click(within(form).getByRole('combobox', { name: /^Mailing list/ }));
    await user.type(within(form).getByLabelText(/^Oggetto/), 'Chiusura estiva');
    await user.type(within(form).getByLabelText(/^Messaggio/), 'Il circolo chiude ad agosto.');
    await user.click(within(form).getByRole('button', { name: 'Invia' }));
    expect(await screen.findByText("Si è verificato un errore durante l'invio dell'email.")).toBeInTheDocument();
    expect(within(dialog('Invia email')).getByLabelText(/^Oggetto/)).toHaveValue('Chiusura estiva');
  });
});
