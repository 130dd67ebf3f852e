import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'shared-ui/testing';
import { mockApi } from 'shared-ui/testing/api';
import { LoadsPage } from '../components/LoadsPage';
import { list, selectorHandlers } from '../../../test/handlers';
import { SHIRT, makeLoad } from '../../../test/fixtures';
import { choose, field, typeInto } from '../../../test/form';

function setup(extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ ...selectorHandlers, 'GET /storage/load': list([makeLoad()]), ...extra });
  const user = userEvent.setup();
  renderWithProviders(<LoadsPage />, { route: '/storage/load' });
  return { api, user };
}

const formDialog = () => screen.getByRole('dialog', { name: /carico$/ });

describe('Carico', () => {
  it('lists item, quantity, acquisition date in Italian format and notes', async () => {
    setup();
    const row = (await screen.findByRole('cell', { name: 'Palline 40+' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('01/09/2026')).toBeInTheDocument();
    expect(within(row).getByText('Inizio stagione')).toBeInTheDocument();
  });

  it("opens in the server's order, newest first (shown on the date's header); the first click on it asks oldest first", async () => {
    const { api, user } = setup();
    await screen.findByRole('cell', { name: 'Palline 40+' });
    const date = screen.getByRole('columnheader', { name: /Data di acquisizione/ });
    expect(date).toHaveAttribute('aria-sort', 'descending');
    expect(api.callsTo('GET /storage/load')[0]?.query.get('sortBy')).toBeNull();
    await user.click(within(date).getByRole('button'));
    await waitFor(() => expect(api.callsTo('GET /storage/load').at(-1)?.query.get('order')).toBe('asc'));
    expect(api.callsTo('GET /storage/load').at(-1)?.query.get('sortBy')).toBe('date');
  });

  it('records a load: item chosen with its stock shown, quantity and date required, no decimals', async () => {
    const { api, user } = setup({ 'POST /storage/load': { status: 201, body: makeLoad() } });
    await user.click(await screen.findByRole('button', { name: 'Aggiungi carico' }));
    await screen.findByRole('dialog', { name: /carico$/ });
    await user.click(within(formDialog()).getByRole('button', { name: 'Crea' }));
    expect(within(formDialog()).getAllByText('Campo obbligatorio')).toHaveLength(3);

    await choose(user, 'Articolo', 'Maglia taglia M');
    expect(screen.getByRole('combobox', { name: /^Articolo/ })).toHaveTextContent('Maglia taglia M');
    await typeInto(user, 'Quantità', '2,5');
    await typeInto(user, 'Data di acquisizione', '05/10/2026');
    await user.click(within(formDialog()).getByRole('button', { name: 'Crea' }));
    expect(within(formDialog()).getByText('Valore decimale non consentito')).toBeInTheDocument();
    expect(api.callsTo('POST /storage/load')).toHaveLength(0);

    await typeInto(user, 'Quantità', '12');
    await user.type(field('Note'), 'Ordine n. 7');
    await user.click(within(formDialog()).getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('Carico registrato con successo!')).toBeInTheDocument();
    expect(api.callsTo('POST /storage/load')[0]?.body).toEqual({ item: SHIRT._id, quantity: 12, date: '2026-10-05', notes: 'Ordine n. 7' });
  });
});
