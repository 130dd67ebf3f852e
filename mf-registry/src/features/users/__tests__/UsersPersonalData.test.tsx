import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { captureDownloads, renderWithProviders } from 'shared-ui/testing';
import { mockApi } from 'shared-ui/testing/api';
import { useAuthStore, type Permission, type User } from 'shared-api';
import { UsersPage } from '../components/UsersPage';
import { list, referenceHandlers } from '../../../test/handlers';
import { makeUser, uuid } from '../../../test/fixtures';

const ME = makeUser({ _id: uuid(102), name: 'Anna', surname: 'Neri', email: 'anna.neri@example.it' });

function setup(permissions: Permission[], users: User[], extra: Parameters<typeof mockApi>[0] = {}) {
  useAuthStore.getState().setUser({ _id: ME._id, name: ME.name, surname: ME.surname, email: ME.email, has_accepted_terms: true, permissions });
  const api = mockApi({ 'GET /user': list(users), ...referenceHandlers, ...extra });
  const user = userEvent.setup();
  renderWithProviders(<UsersPage />, { route: '/registry/users/management' });
  return { api, user };
}

const rowOf = async (text: string) => (await screen.findByRole('cell', { name: text })).closest('tr') as HTMLElement;

/** The row's 'Altre azioni' menu, opened: the names of its items (none when the row has no such menu). */
async function moreActions(user: ReturnType<typeof userEvent.setup>, text: string): Promise<string[]> {
  const more = within(await rowOf(text)).queryByRole('button', { name: 'Altre azioni' });
  if (!more) return [];
  await user.click(more);
  const items = within(screen.getByRole('menu', { name: 'Altre azioni' }))
    .getAllByRole('menuitem')
    .map((item) => item.textContent ?? '');
  await user.keyboard('{Escape}');
  return items;
}

/** Chooses an item of the row's 'Altre azioni' menu. */
async function chooseMore(user: ReturnType<typeof userEvent.setup>, text: string, item: string) {
  await user.click(within(await rowOf(text)).getByRole('button', { name: 'Altre azioni' }));
  await user.click(within(screen.getByRole('menu', { name: 'Altre azioni' })).getByRole('menuitem', { name: item }));
}

afterEach(() => useAuthStore.getState().setUser(null));

describe("Gestione utenti: a member's data and anonymisation ('*' only)", () => {
  const clicked = captureDownloads();

  it('offers neither to the registry staff without *', async () => {
    const { user } = setup(['registry_access'], [makeUser(), ME]);
    const mario = await rowOf('Mario');
    expect(within(mario).getByRole('button', { name: 'Modifica' })).toBeInTheDocument();
    expect(await moreActions(user, 'Mario')).toEqual([]);
  });

  it("offers both to *, never anonymising one's own row or an anonymised member (nor activating one)", async () => {
    const { user } = setup(
      ['*'],
      [
        makeUser(),
        ME,
        makeUser({ _id: uuid(103), name: 'Socio', surname: 'Anonimo', email: `anonimo-${uuid(103)}@anonimo.invalid`, deactivation_status: true }),
      ],
    );
    expect(await moreActions(user, 'Mario')).toEqual(['Scarica dati', 'Anonimizza']);
    expect(await moreActions(user, 'Anna')).toEqual(['Scarica dati']);
    expect(await moreActions(user, 'Anonimo')).toEqual(['Scarica dati']);
    expect(within(await rowOf('Anonimo')).queryByRole('button', { name: 'Attiva' })).not.toBeInTheDocument();
  });

  it("downloads a member's ZIP", async () => {
    const mario = makeUser();
    const { api, user } = setup(['*'], [mario, ME], {
      [`GET /user/${mario._id}/export`]: {
        body: 'zip',
        headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="dati-Rossi-Mario.zip"' },
      },
    });
    await chooseMore(user, 'Mario', 'Scarica dati');
    expect(await screen.findByText('File scaricato con successo!')).toBeInTheDocument();
    expect(api.callsTo(`GET /user/${mario._id}/export`)).toHaveLength(1);
    expect(clicked.map((a) => a.download)).toEqual(['dati-Rossi-Mario.zip']);
  });

  it('anonymises after the confirmation, and not when cancelled', async () => {
    const mario = makeUser();
    const { api, user } = setup(['*'], [mario, ME], { [`POST /user/${mario._id}/anonymize`]: { status: 204 } });
    await chooseMore(user, 'Mario', 'Anonimizza');
    let dialog = await screen.findByRole('dialog', { name: 'Anonimizza utente' });
    expect(dialog).toHaveTextContent(/prenotazioni, addebiti e pagamenti restano/);
    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    expect(api.callsTo(`POST /user/${mario._id}/anonymize`)).toHaveLength(0);

    await chooseMore(user, 'Mario', 'Anonimizza');
    dialog = await screen.findByRole('dialog', { name: 'Anonimizza utente' });
    await user.click(within(dialog).getByRole('button', { name: 'Anonimizza' }));
    expect(await screen.findByText('Utente anonimizzato con successo!')).toBeInTheDocument();
    expect(api.callsTo(`POST /user/${mario._id}/anonymize`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Anonimizza utente' })).not.toBeInTheDocument());
  });
});
