import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'shared-ui/testing';
import { mockApi } from 'shared-ui/testing/api';
import { BusinessEntitiesPage } from '../components/BusinessEntitiesPage';
import { list, selectorHandlers } from '../../../test/handlers';
import { choose, field, typeInto } from '../../../test/form';
import { CUSTOMER, SUPPLIER } from './fixtures';

function setup(extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ ...selectorHandlers, 'GET /finance/business-entity': list([SUPPLIER, CUSTOMER]), ...extra });
  const user = userEvent.setup();
  renderWithProviders(<BusinessEntitiesPage />, { route: '/finance/providers-customers-registry' });
  return { api, user };
}

const dialog = () => screen.getByRole('dialog', { name: /fornitore o cliente$/ });

describe('Anagrafica fornitori e clienti', () => {
  it('lists every column of the spec, the four sortable ones sortable, with the download action', async () => {
    const { api, user } = setup();
    const row = (await screen.findByRole('cell', { name: 'Sport Forniture Srl' })).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Sport Forniture Srl',
      'Via Roma 1',
      'MI',
      'Milano',
      '20121',
      '01234567890',
      '02 1234567',
      '',
      'ordini@sportforniture.example',
      '03/09/2026',
      'Fornitore di racchette',
      expect.stringContaining('Modifica'),
    ]);
    const sortable = screen.getAllByRole('columnheader').filter((h) => within(h).queryByRole('button'));
    expect(sortable.map((h) => h.textContent?.replace(/[↕▲▼]/g, ''))).toEqual(['Nome', 'Indirizzo', 'Codice identificativo', 'Data di creazione']);

    await user.click(within(screen.getByRole('columnheader', { name: /Codice identificativo/ })).getByRole('button'));
    const last = api.callsTo('GET /finance/business-entity').at(-1);
    expect(last?.query.get('sortBy')).toBe('identification_code');
    expect(last?.query.get('order')).toBe('asc');
    expect(screen.getByRole('button', { name: 'Scarica' })).toBeInTheDocument();
  });

  it('creates: the required fields are flagged first, then the body carries the chosen province and no postal code', async () => {
    const { api, user } = setup({ 'POST /finance/business-entity': { status: 201, body: SUPPLIER } });
    await user.click(await screen.findByRole('button', { name: 'Aggiungi fornitore o cliente' }));
    await screen.findByRole('dialog', { name: 'Aggiungi fornitore o cliente' });
    expect(within(dialog()).queryByLabelText(/CAP/)).not.toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Crea' }));
    // name, identification code, address, city, email, phone1
    expect(within(dialog()).getAllByText('Campo obbligatorio')).toHaveLength(6);
    expect(api.callsTo('POST /finance/business-entity')).toHaveLength(0);

    await typeInto(user, 'Nome', 'Sport Forniture Srl');
    await typeInto(user, 'Codice identificativo', '0123456789');
    await typeInto(user, 'Indirizzo', 'Via Roma 1');
    await typeInto(user, 'Città', 'Milano');
    await choose(user, 'Provincia', 'Milano');
    await typeInto(user, 'Email', 'ordini@sportforniture.example');
    await typeInto(user, 'Telefono 1', '02 1234567');
    await user.click(within(dialog()).getByRole('button', { name: 'Crea' }));
    expect(
      await within(dialog()).findByText('Codice identificativo non valido: partita IVA (11 cifre) o codice fiscale (16 caratteri)'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /finance/business-entity')).toHaveLength(0);

    await typeInto(user, 'Codice identificativo', '01234567890');
    await user.click(within(dialog()).getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('Entità commerciale creata con successo!')).toBeInTheDocument();
    expect(api.callsTo('POST /finance/business-entity')[0]?.body).toEqual({
      name: 'Sport Forniture Srl',
      address: 'Via Roma 1',
      province: 'MI',
      city: 'Milano',
      postal_code: null,
      identification_code: '01234567890',
      phone1: '02 1234567',
      phone2: null,
      email: 'ordini@sportforniture.example',
      notes: null,
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('edits with the stored values, keeping the postal code the form does not show', async () => {
    const { api, user } = setup({ [`PATCH /finance/business-entity/${SUPPLIER._id}`]: { body: { ...SUPPLIER, phone2: '02 7654321' } } });
    await screen.findByRole('cell', { name: 'Sport Forniture Srl' });
    await user.click(screen.getAllByRole('button', { name: 'Modifica' })[0]!);
    await screen.findByRole('dialog', { name: 'Modifica fornitore o cliente' });
    expect(field('Nome')).toHaveValue('Sport Forniture Srl');
    expect(field('Note')).toHaveValue('Fornitore di racchette');
    await typeInto(user, 'Telefono 2', '02 7654321');
    await user.click(within(dialog()).getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Entità commerciale modificata con successo!')).toBeInTheDocument();
    expect(api.callsTo(`PATCH /finance/business-entity/${SUPPLIER._id}`)[0]?.body).toMatchObject({
      phone2: '02 7654321',
      postal_code: '20121',
      province: 'MI',
    });
  });

  it('a refused edit shows the spec error with the reason and keeps what was typed', async () => {
    const { user } = setup({
      [`PATCH /finance/business-entity/${CUSTOMER._id}`]: { status: 400, body: { code: 'VALIDATION_FAILED', message: 'email: Email non valida' } },
    });
    await screen.findByRole('cell', { name: 'Comune di Bollate' });
    await user.click(screen.getAllByRole('button', { name: 'Modifica' })[1]!);
    await screen.findByRole('dialog', { name: 'Modifica fornitore o cliente' });
    await typeInto(user, 'Città', 'Bollate (MI)');
    await user.click(within(dialog()).getByRole('button', { name: 'Salva' }));
    expect(
      await screen.findByText("Si è verificato un errore durante la modifica dell'entità commerciale: email: Email non valida"),
    ).toBeInTheDocument();
    expect(field('Città')).toHaveValue('Bollate (MI)');
  });

  it('deletes after the confirmation; one still named by movements stays, with the reason', async () => {
    const { api, user } = setup({
      [`DELETE /finance/business-entity/${SUPPLIER._id}`]: {
        status: 409,
        body: { code: 'BUSINESS_ENTITY_IN_USE', message: "Impossibile eliminare l'entità commerciale: è usata da 1 voce contabile." },
      },
      [`DELETE /finance/business-entity/${CUSTOMER._id}`]: { status: 204 },
    });
    await screen.findByRole('cell', { name: 'Sport Forniture Srl' });
    await user.click(screen.getAllByRole('button', { name: 'Elimina' })[0]!);
    let confirm = await screen.findByRole('dialog', { name: 'Elimina fornitore o cliente' });
    expect(confirm).toHaveTextContent(
      "Sei sicuro di voler eliminare questo fornitore o cliente (Sport Forniture Srl)? L'operazione non è reversibile",
    );
    await user.click(within(confirm).getByRole('button', { name: 'Elimina' }));
    expect(
      await screen.findByText(
        "Si è verificato un errore durante l'eliminazione dell'entità commerciale: Impossibile eliminare l'entità commerciale: è usata da 1 voce contabile.",
      ),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Annulla' }));

    await user.click(screen.getAllByRole('button', { name: 'Elimina' })[1]!);
    confirm = await screen.findByRole('dialog', { name: 'Elimina fornitore o cliente' });
    await user.click(within(confirm).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText('Entità commerciale eliminata con successo!')).toBeInTheDocument();
    expect(api.callsTo(`DELETE /finance/business-entity/${CUSTOMER._id}`)).toHaveLength(1);
  });
});
