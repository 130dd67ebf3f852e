import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'shared-ui/testing';
import { mockApi } from 'shared-ui/testing/api';
import { GameTablesPage } from '../components/GameTablesPage';
import { list } from '../../../test/handlers';
import { TABLES, makeTable } from '../../../test/fixtures';

function setup(extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'GET /training-session/game-tables': list(TABLES), ...extra });
  const user = userEvent.setup();
  renderWithProviders(<GameTablesPage />, { route: '/bookings/game-tables' });
  return { api, user };
}

describe('Gestione tavoli', () => {
  it('shows one card per table with its number and description, in number order', async () => {
    setup({ 'GET /training-session/game-tables': list([makeTable(3, 'Fondo'), makeTable(1, 'Ingresso')]) });
    const grid = await screen.findByRole('list', { name: 'Tavoli' });
    const titles = within(grid)
      .getAllByRole('heading')
      .map((h) => h.textContent);
    expect(titles).toEqual(['Tavolo 1', 'Tavolo 3']);
    expect(within(grid).getByText('Fondo')).toBeInTheDocument();
    expect(within(grid).getByRole('button', { name: '+ Aggiungi tavolo' })).toBeInTheDocument();
  });

  it('requires number and description, then creates the table', async () => {
    const { api, user } = setup({ 'POST /training-session/game-tables': { status: 201, body: makeTable(4) } });
    await user.click(await screen.findByRole('button', { name: '+ Aggiungi tavolo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aggiungi tavolo' });
    await user.click(within(dialog).getByRole('button', { name: 'Crea' }));
    expect(within(dialog).getAllByText('Campo obbligatorio')).toHaveLength(2);
    expect(api.callsTo('POST /training-session/game-tables')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Numero/), '4');
    await user.type(within(dialog).getByLabelText(/^Descrizione/), ' Vicino alla porta ');
    await user.click(within(dialog).getByRole('button', { name: 'Crea' }));
    await waitFor(() => expect(api.callsTo('POST /training-session/game-tables')).toHaveLength(1));
    expect(api.callsTo('POST /training-session/game-tables')[0]!.body).toEqual({ number: 4, description: 'Vicino alla porta' });
    expect(await screen.findByText('Tavolo creato con successo!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server refusal of a number already taken and keeps the form', async () => {
    const { user } = setup({
      'POST /training-session/game-tables': { status: 409, body: { code: 'GAME_TABLE_NUMBER_TAKEN', message: 'Table number already exists' } },
    });
    await user.click(await screen.findByRole('button', { name: '+ Aggiungi tavolo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aggiungi tavolo' });
    await user.type(within(dialog).getByLabelText(/^Numero/), '1');
    await user.type(within(dialog).getByLabelText(/^Descrizione/), 'Doppione');
    await user.click(within(dialog).getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('Esiste già un tavolo con questo numero')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Descrizione/)).toHaveValue('Doppione');
  });

  it('edits a table and deletes another after confirmation', async () => {
    const [first, second] = [TABLES[0]!, TABLES[1]!];
    const { api, user } = setup({
      [`PATCH /training-session/game-tables/${first._id}`]: { body: first },
      [`DELETE /training-session/game-tables/${second._id}`]: { status: 204 },
    });
    await user.click(await screen.findByRole('button', { name: 'Modifica Tavolo 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifica tavolo' });
    expect(within(dialog).getByLabelText(/^Numero/)).toHaveValue('1');
    await user.clear(within(dialog).getByLabelText(/^Descrizione/));
    await user.type(within(dialog).getByLabelText(/^Descrizione/), 'Nuova descrizione');
    await user.click(within(dialog).getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(api.callsTo(`PATCH /training-session/game-tables/${first._id}`)).toHaveLength(1));
    expect(api.callsTo(`PATCH /training-session/game-tables/${first._id}`)[0]!.body).toEqual({ number: 1, description: 'Nuova descrizione' });

    await user.click(screen.getByRole('button', { name: 'Elimina Tavolo 2' }));
    const confirm = await screen.findByRole('dialog', { name: 'Elimina tavolo' });
    expect(api.callsTo(`DELETE /training-session/game-tables/${second._id}`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Elimina' }));
    await waitFor(() => expect(api.callsTo(`DELETE /training-session/game-tables/${second._id}`)).toHaveLength(1));
    expect(await screen.findByText('Tavolo eliminato con successo!')).toBeInTheDocument();
  });
});
