import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'shared-ui/testing';
import { mockApi } from 'shared-ui/testing/api';
import { SubaccountsPage } from '../components/SubaccountsPage';
import { list, selectorHandlers } from '../../../test/handlers';
import { BANK_ACCOUNT, CASH, CASH_ACCOUNT, MPS } from '../../../test/fixtures';
import { choose, menu, typeInto } from '../../../test/form';

function setup(extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ ...selectorHandlers, ...extra });
  const user = userEvent.setup();
  renderWithProviders(<SubaccountsPage />, { route: '/finance/insertion-subcount' });
  return { api, user };
}

const dialog = () => screen.getByRole('dialog', { name: /sottoconto$/ });

describe('Inserimento sottoconto', () => {
  it('lists code, name, parent account, ledger and payment type', async () => {
    setup();
    const row = (await screen.findByRole('cell', { name: 'Banca MPS' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('110 Banca')).toBeInTheDocument();
    expect(within(row).getByText('Patrimoniale attivo')).toBeInTheDocument();
    expect(within(row).getByText('Banca MPS c/c ordinario')).toBeInTheDocument();
  });

  it('creates one subaccount under each of up to 2 parent accounts, with the payment type it receives', async () => {
    const { api, user } = setup({ 'POST /finance/subaccount': { status: 201, body: { data: [CASH] } } });
    await user.click(await screen.findByRole('button', { name: 'Aggiungi sottoconto' }));
    await screen.findByRole('dialog', { name: 'Aggiungi sottoconto' });
    await user.click(within(dialog()).getByRole('button', { name: 'Crea' }));
    expect(within(dialog()).getAllByText('Campo obbligatorio')).toHaveLength(2);

    await typeInto(user, 'Nome', 'Cassa sede');
    await choose(user, 'Conto padre', '100 Cassa');
    await choose(user, 'Conto padre', '110 Banca');
    expect(menu('Conto padre')).toHaveTextContent(/100 Cassa.*110 Banca/);
    await choose(user, 'Tipo di pagamento', 'Cassa');
    await user.click(within(dialog()).getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('Sottoconto creato con successo!')).toBeInTheDocument();
    expect(api.callsTo('POST /finance/subaccount')[0]?.body).toEqual({
      subaccount_id: null,
      name: 'Cassa sede',
      parent_account: [CASH_ACCOUNT._id, BANK_ACCOUNT._id],
      payment_type: 'cash',
    });
  });

  it('edits with one parent account and sends the edit payload', async () => {
    const { api, user } = setup({ 'GET /finance/subaccount': list([MPS]), [`PATCH /finance/subaccount/${MPS._id}`]: { body: MPS } });
    await screen.findByRole('cell', { name: 'Banca MPS' });
    await user.click(screen.getByRole('button', { name: 'Modifica' }));
    await screen.findByRole('dialog', { name: 'Modifica sottoconto' });
    await typeInto(user, 'Nome', 'Banca MPS sede');
    await user.click(within(dialog()).getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Sottoconto modificato con successo!')).toBeInTheDocument();
    expect(api.callsTo(`PATCH /finance/subaccount/${MPS._id}`)[0]?.body).toEqual({
      subaccount_id: 1,
      name: 'Banca MPS sede',
      parent_account: [BANK_ACCOUNT._id],
      payment_type: 'bank_mps',
    });
  });
});
