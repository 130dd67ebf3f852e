import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'shared-ui/testing';
import { mockApi } from 'shared-ui/testing/api';
import { BusinessEntitiesPage } from '../components/BusinessEntitiesPage';
import { list } from '../../../test/handlers';
import { makeBusinessEntity } from '../../../test/fixtures';
import { choose, typeInto } from '../../../test/form';

jest.setTimeout(20_000);

const ENTITY = makeBusinessEntity();

function setup(extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'GET /finance/business-entity': list([ENTITY]), ...extra });
  const user = userEvent.setup();
  renderWithProviders(<BusinessEntitiesPage />, { route: '/finance/providers-customers-registry' });
  return { api, user };
}

describe('Anagrafica fornitori e clienti', () => {
  it('lists every column, the sortable ones as sort buttons', async () => {
    setup();
    const row = (await screen.findByRole('cell', { name: 'Sport Forniture Srl' })).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .slice(0, 11)
        .map((c) => c.textContent),
    ).toEqual([
      'Sport Forniture Srl',
      'Via Roma 1',
      'MI',
      'Milano',
      '20121',
      '12345678901',
      '02 1234567',
      '',
      'ordini@sportforniture.example',
      '10/09/2026',
      '',
    ]);
    const sortable = screen.getAllByRole('columnheader').filter((h) => within(h).queryByRole('button'));
    expect(sortable.map((h) => h.textContent?.replace(/[▲▼↕]/g, ''))).toEqual(['Nome', 'Indirizzo', 'Codice identificativo', 'Data di creazione']);
  });

  it('creates one with the required fields; a bad VAT number is refused before sending', async () => {
    const { api, user } = setup({ 'POST /finance/business-entity': { status: 201, body: ENTITY } });
    await user.click(await screen.findByRole('button', { name: 'Aggiungi fornitore o cliente' }));
    const form = await screen.findByRole('dialog', { name: 'Aggiungi fornitore o cliente' });
    await user.click(within(form).getByRole('button', { name: 'Crea' }));
    expect(within(form).getAllByText('Campo obbligatorio')).toHaveLength(6);

    await typeInto(user, 'Nome', 'Palestra Comunale');
    await typeInto(user, 'Indirizzo', 'Via Verdi 3');
    await choose(user, 'Provincia', 'Torino');
    await typeInto(user, 'Città', 'Torino');
    await typeInto(user, 'Codice identificativo', '1234');
    await typeInto(user, 'Telefono 1', '011 765432');
    await typeInto(user, 'Email', 'info@palestra.example');
    await user.click(within(form).getByRole('button', { name: 'Crea' }));
    expect(within(form).getByText('Codice identificativo non valido: partita IVA (11 cifre) o codice fiscale (16 caratteri)')).toBeInTheDocument();
    expect(api.callsTo('POST /finance/business-entity')).toHaveLength(0);

    await typeInto(user, 'Codice identificativo', '98765432109');
    await user.click(within(form).getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('Entità commerciale creata con successo!')).toBeInTheDocument();
    expect(api.callsTo('POST /finance/business-entity')[0]?.body).toEqual({
      name: 'Palestra Comunale',
      address: 'Via Verdi 3',
      province: 'TO',
      city: 'Torino',
      postal_code: null,
      identification_code: '98765432109',
      phone1: '011 765432',
      phone2: null,
      email: 'info@palestra.example',
      notes: null,
    });
  });

  it('deletes after the spec confirmation; an entity used by entries says so', async () => {
    const { user } = setup({
      [`DELETE /finance/business-entity/${ENTITY._id}`]: {
        status: 409,
        body: { code: 'BUSINESS_ENTITY_IN_USE', message: "Impossibile eliminare l'entità commerciale: è usata da voci contabili." },
      },
    });
    await screen.findByRole('cell', { name: 'Sport Forniture Srl' });
    await user.click(screen.getByRole('button', { name: 'Elimina' }));
    const confirm = await screen.findByRole('dialog', { name: 'Elimina fornitore o cliente' });
    expect(confirm).toHaveTextContent(/^.*Sei sicuro di voler eliminare questo .*\? L'operazione non è reversibile/);
    await user.click(within(confirm).getByRole('button', { name: 'Elimina' }));
    expect(
      await screen.findByText(
        "Si è verificato un errore durante l'eliminazione dell'entità commerciale: Impossibile eliminare l'entità commerciale: è usata da voci contabili.",
      ),
    ).toBeInTheDocument();
  });
});
