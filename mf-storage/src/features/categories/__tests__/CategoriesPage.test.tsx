import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'shared-ui/testing';
import { mockApi } from 'shared-ui/testing/api';
import { CategoriesPage } from '../components/CategoriesPage';
import { list } from '../../../test/handlers';
import { BALLS } from '../../../test/fixtures';
import { typeInto } from '../../../test/form';

function setup(extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'GET /storage/item-category': list([BALLS]), ...extra });
  const user = userEvent.setup();
  renderWithProviders(<CategoriesPage />, { route: '/storage/categories' });
  return { api, user };
}

const formDialog = () => screen.getByRole('dialog', { name: /categoria$/ });

describe('Categorie articoli', () => {
  it('creates a category, the name being required', async () => {
    const { api, user } = setup({ 'POST /storage/item-category': { status: 201, body: { _id: BALLS._id, name: 'Gadget' } } });
    expect(await screen.findByRole('cell', { name: 'Materiale di gioco' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aggiungi categoria' }));
    await screen.findByRole('dialog', { name: /categoria$/ });
    await user.click(within(formDialog()).getByRole('button', { name: 'Crea' }));
    expect(within(formDialog()).getByText('Campo obbligatorio')).toBeInTheDocument();
    expect(api.callsTo('POST /storage/item-category')).toHaveLength(0);
    await typeInto(user, 'Nome', 'Gadget');
    await user.click(within(formDialog()).getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('Categoria articoli creata con successo!')).toBeInTheDocument();
    expect(api.callsTo('POST /storage/item-category')[0]?.body).toEqual({ name: 'Gadget' });
  });

  it('deletes after the warning; a category items use shows why it cannot go', async () => {
    const message = 'Impossibile eliminare la categoria: è usata da 2 articoli.';
    const { api, user } = setup({
      [`DELETE /storage/item-category/${BALLS._id}`]: { status: 409, body: { code: 'STORAGE_CATEGORY_IN_USE', message } },
    });
    const row = (await screen.findByRole('cell', { name: 'Materiale di gioco' })).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Elimina' }));
    const dialog = await screen.findByRole('dialog', { name: 'Elimina categoria' });
    await user.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText(`Si è verificato un errore durante l'eliminazione della categoria articoli: ${message}`)).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(`DELETE /storage/item-category/${BALLS._id}`)).toHaveLength(1));
    expect(screen.getByRole('dialog', { name: 'Elimina categoria' })).toBeInTheDocument();
  });
});
