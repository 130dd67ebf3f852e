import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'shared-ui/testing';
import { mockApi } from 'shared-ui/testing/api';
import type { StorageItem } from 'shared-api';
import { ItemsPage } from '../components/ItemsPage';
import { list, selectorHandlers } from '../../../test/handlers';
import { CLOTHES, makeItem } from '../../../test/fixtures';
import { choose, typeInto } from '../../../test/form';

function setup(items: StorageItem[] = [makeItem()], extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ ...selectorHandlers, 'GET /storage/item': list(items), ...extra });
  const user = userEvent.setup();
  renderWithProviders(<ItemsPage />, { route: '/storage/management' });
  return { api, user };
}

const formDialog = () => screen.getByRole('dialog', { name: /articolo$/ });
const rowOf = async (text: string) => (await screen.findByRole('cell', { name: text })).closest('tr') as HTMLElement;

describe('Gestione magazzino', () => {
  it('lists description, category, total and current quantity, sortable by category', async () => {
    const { api, user } = setup();
    expect(await screen.findByRole('heading', { name: 'Gestione magazzino' })).toBeInTheDocument();
    const row = await rowOf('Palline 40+');
    expect(within(row).getByText('Materiale di gioco')).toBeInTheDocument();
    expect(within(row).getByText('20')).toBeInTheDocument();
    expect(within(row).getByText('18')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Categoria/ }));
    await waitFor(() =>
      expect(Object.fromEntries(api.callsTo('GET /storage/item').at(-1)?.query ?? [])).toMatchObject({ sortBy: 'category', order: 'asc' }),
    );
  });

  it('requires every field and sends nothing without them', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Aggiungi articolo' }));
    await screen.findByRole('dialog', { name: /articolo$/ });
    await user.click(within(formDialog()).getByRole('button', { name: 'Crea' }));
    expect(within(formDialog()).getAllByText('Campo obbligatorio')).toHaveLength(4);
    expect(api.callsTo('POST /storage/item')).toHaveLength(0);
  });

  it('refuses a current quantity above the total, then creates the item', async () => {
    const created = makeItem({ description: 'Maglia taglia L', category: CLOTHES });
    const { api, user } = setup([], { 'POST /storage/item': { status: 201, body: created } });
    await user.click(await screen.findByRole('button', { name: 'Aggiungi articolo' }));
    await screen.findByRole('dialog', { name: /articolo$/ });
    await typeInto(user, 'Descrizione', 'Maglia taglia L');
    await choose(user, 'Categoria', 'Abbigliamento');
    await typeInto(user, 'Quantità totale', '10');
    await typeInto(user, 'Quantità attuale', '12');
    await user.click(within(formDialog()).getByRole('button', { name: 'Crea' }));
    expect(within(formDialog()).getByText('La quantità attuale non può superare la quantità totale')).toBeInTheDocument();
    expect(api.callsTo('POST /storage/item')).toHaveLength(0);

    await typeInto(user, 'Quantità attuale', '10');
    await user.click(within(formDialog()).getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('Articolo creato con successo!')).toBeInTheDocument();
    expect(api.callsTo('POST /storage/item')[0]?.body).toEqual({
      description: 'Maglia taglia L',
      category: CLOTHES._id,
      total_quantity: 10,
      current_quantity: 10,
    });
  });

  it("shows the server's reason when an item that movements use cannot be deleted", async () => {
    const item = makeItem();
    const message = "Impossibile eliminare l'articolo: è usato da 1 carico.";
    const { user } = setup([item], { [`DELETE /storage/item/${item._id}`]: { status: 409, body: { code: 'STORAGE_ITEM_IN_USE', message } } });
    await user.click(within(await rowOf('Palline 40+')).getByRole('button', { name: 'Elimina' }));
    const dialog = await screen.findByRole('dialog', { name: 'Elimina articolo' });
    expect(dialog).toHaveTextContent("L'operazione non è reversibile");
    await user.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText(`Si è verificato un errore durante l'eliminazione dell'articolo: ${message}`)).toBeInTheDocument();
  });
});
