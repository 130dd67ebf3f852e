import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'shared-ui/testing';
import { mockApi } from 'shared-ui/testing/api';
import { AccountsPage } from '../components/AccountsPage';
import { list, selectorHandlers } from '../../../test/handlers';
import { CASH_ACCOUNT } from '../../../test/fixtures';
import { choose, field, typeInto } from '../../../test/form';

function setup(extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ ...selectorHandlers, ...extra });
  const user = userEvent.setup();
  renderWithProviders(<AccountsPage />, { route: '/finance/insertion-count' });
  return { api, user };
}

const dialog = () => screen.getByRole('dialog', { name: /conto$/ });

describe('Inserimento conto', () => {
  it('lists code, name and ledger', async () => {
    setup();
    const row = (await screen.findByRole('cell', { name: 'Cassa' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('100')).toBeInTheDocument();
    expect(within(row).getByText('Patrimoniale attivo')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Codice conto/ })).toBeInTheDocument();
  });

  it('creates an account: name and ledger required, the code optional and sent as a number', async () => {
    const { api, user } = setup({ 'POST /finance/account': { status: 201, body: CASH_ACCOUNT } });
    await user.click(await screen.findByRole('button', { name: 'Aggiungi conto' }));
    await screen.findByRole('dialog', { name: 'Aggiungi conto' });
    await user.click(within(dialog()).getByRole('button', { name: 'Crea' }));
    expect(within(dialog()).getAllByText('Campo obbligatorio')).toHaveLength(2);
    expect(api.callsTo('POST /finance/account')).toHaveLength(0);

    await typeInto(user, 'Codice conto', '120');
    await typeInto(user, 'Nome', 'Banca');
    await choose(user, 'Registro', 'Patrimoniale attivo');
    await user.click(within(dialog()).getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('Conto creato con successo!')).toBeInTheDocument();
    expect(api.callsTo('POST /finance/account')[0]?.body).toEqual({ account_id: 120, name: 'Banca', ledger_type: 'Patrimoniale attivo' });
  });

  it('a code already used shows the spec text and keeps the form open', async () => {
    const { user } = setup({
      'POST /finance/account': { status: 409, body: { code: 'ACCOUNT_CODE_TAKEN', message: 'This code has been already used' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Aggiungi conto' }));
    await screen.findByRole('dialog', { name: 'Aggiungi conto' });
    await typeInto(user, 'Codice conto', '100');
    await typeInto(user, 'Nome', 'Cassa bis');
    await choose(user, 'Registro', 'Costi');
    await user.click(within(dialog()).getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('Il codice inserito è già stato utilizzato')).toBeInTheDocument();
    expect(field('Nome')).toHaveValue('Cassa bis');
  });

  it('deletes after a confirmation that warns it is not reversible; an account with subaccounts says why it stays', async () => {
    const { api, user } = setup({
      'GET /finance/account': list([CASH_ACCOUNT]),
      [`DELETE /finance/account/${CASH_ACCOUNT._id}`]: {
        status: 409,
        body: { code: 'ACCOUNT_IN_USE', message: 'Impossibile eliminare il conto: ha dei sottoconti.' },
      },
    });
    await screen.findByRole('cell', { name: 'Cassa' });
    await user.click(screen.getByRole('button', { name: 'Elimina' }));
    const confirm = await screen.findByRole('dialog', { name: 'Elimina conto' });
    expect(confirm).toHaveTextContent("L'operazione non è reversibile");
    await user.click(within(confirm).getByRole('button', { name: 'Elimina' }));
    expect(
      await screen.findByText("Si è verificato un errore durante l'eliminazione del conto: Impossibile eliminare il conto: ha dei sottoconti."),
    ).toBeInTheDocument();
    expect(api.callsTo(`DELETE /finance/account/${CASH_ACCOUNT._id}`)).toHaveLength(1);
  });
});
