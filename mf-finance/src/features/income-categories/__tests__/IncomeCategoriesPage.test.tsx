import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'shared-ui/testing';
import { mockApi } from 'shared-ui/testing/api';
import { IncomeCategoriesPage } from '../components/IncomeCategoriesPage';
import { selectorHandlers } from '../../../test/handlers';
import { CASH, CATEGORY, MPS, SEASON_FEE } from '../../../test/fixtures';
import { choose, menu, typeInto } from '../../../test/form';

function setup(extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ ...selectorHandlers, ...extra });
  const user = userEvent.setup();
  renderWithProviders(<IncomeCategoriesPage />, { route: '/finance/entry-categories' });
  return { api, user };
}

const dialog = () => screen.getByRole('dialog', { name: /categoria di entrata$/ });

describe('Categorie di entrata', () => {
  it('lists name, economic and asset subaccounts and the creation date', async () => {
    setup();
    const row = (await screen.findByRole('cell', { name: 'Quota stagionale' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('300.1 Quota stagione')).toBeInTheDocument();
    expect(within(row).getByText('100.1 Cassa contanti, 110.1 Banca MPS')).toBeInTheDocument();
    expect(within(row).getByText('02/09/2026')).toBeInTheDocument();
  });

  it('offers economic subaccounts only from Ricavi/Costi and asset ones only from the Patrimoniale ledgers', async () => {
    const { api, user } = setup({ 'POST /finance/income-category': { status: 201, body: CATEGORY } });
    await user.click(await screen.findByRole('button', { name: 'Aggiungi categoria di entrata' }));
    await screen.findByRole('dialog', { name: 'Aggiungi categoria di entrata' });
    await user.click(within(dialog()).getByRole('button', { name: 'Crea' }));
    expect(within(dialog()).getAllByText('Campo obbligatorio')).toHaveLength(3);

    await user.click(menu('Sottoconti economici'));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([expect.stringMatching(/^300\.1 Quota stagione/)]);
    await user.click(screen.getByRole('option', { name: /^300\.1 Quota stagione/ }));
    await user.keyboard('{Escape}');
    await user.click(menu('Sottoconti patrimoniali'));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([expect.stringMatching(/^100\.1 Cassa contanti/), expect.stringMatching(/^110\.1 Banca MPS/)]);
    await user.keyboard('{Escape}');
    await choose(user, 'Sottoconti patrimoniali', '100.1 Cassa contanti');
    await choose(user, 'Sottoconti patrimoniali', '110.1 Banca MPS');
    await typeInto(user, 'Nome', 'Quota stagionale');
    await user.click(within(dialog()).getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('Categoria di entrata creata con successo!')).toBeInTheDocument();
    expect(api.callsTo('POST /finance/income-category')[0]?.body).toEqual({
      name: 'Quota stagionale',
      economic_subaccounts: [SEASON_FEE._id],
      asset_subaccounts: [CASH._id, MPS._id],
    });
  });
});
