import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'shared-ui/testing';
import { mockApi } from 'shared-ui/testing/api';
import { UnloadsPage } from '../components/UnloadsPage';
import { list, selectorHandlers } from '../../../test/handlers';
import { MARCO, SHIRT, makeUnload, uuid } from '../../../test/fixtures';
import { choose, typeInto } from '../../../test/form';

const delivery = makeUnload({
  _id: uuid(31),
  type: 'DELIVERY',
  reason: null,
  user: { _id: MARCO._id, name: 'Marco', surname: 'Rossi' },
  item: { _id: SHIRT._id, description: SHIRT.description },
});

function setup(extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ ...selectorHandlers, 'GET /storage/unload': list([makeUnload(), delivery]), ...extra });
  const user = userEvent.setup();
  renderWithProviders(<UnloadsPage />, { route: '/storage/unload' });
  return { api, user };
}

const formDialog = () => screen.getByRole('dialog', { name: 'Aggiungi scarico' });

describe('Scarico', () => {
  it('lists type, item, quantity, date, reason and the member of a delivery', async () => {
    setup();
    const unloadRow = (await screen.findByRole('cell', { name: 'Rotte in allenamento' })).closest('tr') as HTMLElement;
    expect(within(unloadRow).getByText('Scarico')).toBeInTheDocument();
    expect(within(unloadRow).getByText('15/10/2026')).toBeInTheDocument();
    const deliveryRow = (await screen.findByRole('cell', { name: 'Rossi' })).closest('tr') as HTMLElement;
    expect(within(deliveryRow).getByText('Consegna')).toBeInTheDocument();
    expect(within(deliveryRow).getByText('Marco')).toBeInTheDocument();
  });

  it("an unload needs its reason; more than the stock shows the server's explanation and keeps the form", async () => {
    const message = "Quantità non disponibile in magazzino: di «Maglia taglia M» restano 3 pezzi, l'operazione ne toglierebbe 4.";
    const { api, user } = setup({ 'POST /storage/unload': { status: 409, body: { code: 'STORAGE_NOT_ENOUGH_STOCK', message } } });
    await user.click(await screen.findByRole('button', { name: 'Aggiungi scarico' }));
    await screen.findByRole('dialog', { name: 'Aggiungi scarico' });
    await choose(user, 'Articolo', 'Maglia taglia M');
    await typeInto(user, 'Quantità', '4');
    await typeInto(user, 'Data di scarico', '20/11/2026');
    await user.click(within(formDialog()).getByRole('button', { name: 'Crea' }));
    expect(within(formDialog()).getByText('Campo obbligatorio')).toBeInTheDocument();
    expect(api.callsTo('POST /storage/unload')).toHaveLength(0);

    await typeInto(user, 'Motivo', 'Magliette macchiate');
    await user.click(within(formDialog()).getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText(`Si è verificato un errore durante la registrazione dello scarico: ${message}`)).toBeInTheDocument();
    expect(api.callsTo('POST /storage/unload')[0]?.body).toEqual({
      type: 'UNLOAD',
      item: SHIRT._id,
      quantity: 4,
      start_date: '2026-11-20',
      reason: 'Magliette macchiate',
      user: null,
      notes: null,
    });
    expect(screen.getByRole('dialog', { name: 'Aggiungi scarico' })).toBeInTheDocument();
  });

  it('a delivery (second tab) needs the member and sends it instead of a reason', async () => {
    const { api, user } = setup({ 'POST /storage/unload': { status: 201, body: delivery } });
    await user.click(await screen.findByRole('button', { name: 'Aggiungi scarico' }));
    await screen.findByRole('dialog', { name: 'Aggiungi scarico' });
    await user.click(screen.getByRole('tab', { name: 'Consegna' }));
    expect(screen.queryByLabelText(/^Motivo/)).not.toBeInTheDocument();
    await choose(user, 'Articolo', 'Maglia taglia M');
    await typeInto(user, 'Quantità', '1');
    await typeInto(user, 'Data di consegna', '21/11/2026');
    await user.click(within(formDialog()).getByRole('button', { name: 'Crea' }));
    expect(within(formDialog()).getByText('Campo obbligatorio')).toBeInTheDocument();

    await choose(user, 'Socio', 'Rossi Marco');
    await user.click(within(formDialog()).getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('Scarico registrato con successo!')).toBeInTheDocument();
    expect(api.callsTo('POST /storage/unload')[0]?.body).toEqual({
      type: 'DELIVERY',
      item: SHIRT._id,
      quantity: 1,
      start_date: '2026-11-21',
      reason: null,
      user: MARCO._id,
      notes: null,
    });
    expect(Object.fromEntries(api.callsTo('GET /user')[0]?.query ?? [])).toMatchObject({ reducedDetails: 'true', limit: '500' });
  });
});
