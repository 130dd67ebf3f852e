import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'shared-ui/testing';
import { mockApi } from 'shared-ui/testing/api';
import { AccountingMovementsPage } from '../components/AccountingMovementsPage';
import { list, selectorHandlers } from '../../../test/handlers';
import { CASH, MPS, SEASON_FEE, makeEntry, testFile } from '../../../test/fixtures';
import { choose, typeInto } from '../../../test/form';

jest.setTimeout(30_000);

const MANUAL = makeEntry({
  _id: '00000000-0000-4000-8000-000000000200',
  progressive: 5,
  description: 'Palline',
  payment_type: 'bank_mps',
  document_number: 77,
  attachment: { url: '/api/v1/files/x', name: 'fattura.pdf', mime: 'application/pdf', size: 1000 },
});
const POSTED = makeEntry({ payment: { _id: '00000000-0000-4000-8000-000000000060', charge_id: '00000000-0000-4000-8000-000000000050' } });

function setup(extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ ...selectorHandlers, 'GET /finance/accounting-entry': list([MANUAL, POSTED]), ...extra });
  const user = userEvent.setup();
  renderWithProviders(<AccountingMovementsPage />, { route: '/finance/accounting-movements' });
  return { api, user };
}

const dialog = () => screen.getByRole('dialog', { name: /voce contabile$/ });

describe('Movimenti contabili', () => {
  it('lists every column; asks for no sort so the server gives the newest fiscal year first', async () => {
    const { api } = setup();
    const row = (await screen.findByRole('cell', { name: 'Palline' })).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .slice(0, 16)
        .map((c) => c.textContent?.replace(/\u00a0/g, ' ')),
    ).toEqual([
      '5',
      '2026-2027',
      'Ricavi',
      'Quote sociali',
      '1',
      'Quota stagione',
      'Palline',
      '77',
      '',
      '03/10/2026',
      '100,00 €',
      '0,00 €',
      '100,00 €',
      'Banca MPS c/c ordinario',
      '',
      'fattura.pdf',
    ]);
    expect(api.callsTo('GET /finance/accounting-entry')[0]?.query.get('sortBy')).toBeNull();
  });

  it('an entry a payment posted offers no edit or delete (it changes through the payment)', async () => {
    setup({ 'GET /finance/accounting-entry': list([POSTED]) });
    const row = (await screen.findByRole('cell', { name: 'Quota Rossi' })).closest('tr') as HTMLElement;
    expect(within(row).queryByRole('button', { name: 'Modifica' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Elimina' })).toBeNull();
  });

  it('one transaction line posts a single entry with VAT 0 by default; the total follows', async () => {
    const { api, user } = setup({ 'POST /finance/accounting-entry': { status: 201, body: MANUAL } });
    await user.click(await screen.findByRole('button', { name: 'Aggiungi voce contabile' }));
    await screen.findByRole('dialog', { name: 'Aggiungi voce contabile' });
    await typeInto(user, 'Anno fiscale', '2026-2025');
    await user.click(within(dialog()).getByRole('button', { name: 'Crea' }));
    expect(within(dialog()).getByText('Anno fiscale non valido: il secondo anno deve seguire il primo (es. 2031-2032)')).toBeInTheDocument();
    expect(within(dialog()).getAllByText('Campo obbligatorio')).toHaveLength(2);

    await typeInto(user, 'Anno fiscale', '2026-2027');
    await typeInto(user, 'Data registrazione', '05/10/2026');
    await choose(user, 'Sottoconto', '300.1 Quota stagione');
    await typeInto(user, 'Descrizione', 'Quota Bianchi');
    await typeInto(user, 'Imponibile', '80,50');
    expect(within(dialog()).getByText(/80,50\s€/)).toBeInTheDocument();
    await choose(user, 'Tipo di pagamento', 'Banca MPS c/c ordinario');
    await user.click(within(dialog()).getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('Voce contabile creata con successo!')).toBeInTheDocument();
    expect(api.callsTo('POST /finance/accounting-entry')[0]?.body).toEqual({
      fiscal_year: '2026-2027',
      registration_date: '2026-10-05',
      progressive: null,
      document_number: null,
      business_entity: null,
      payment_type: 'bank_mps',
      notes: null,
      subaccount: SEASON_FEE._id,
      description: 'Quota Bianchi',
      taxable_amount: 80.5,
      vat: 0,
    });
  });

  it('two lines and an attachment post a multipart multi-line entry with items as JSON', async () => {
    const { api, user } = setup({ 'POST /finance/accounting-entry/complex': { status: 201, body: MANUAL } });
    await user.click(await screen.findByRole('button', { name: 'Aggiungi voce contabile' }));
    await screen.findByRole('dialog', { name: 'Aggiungi voce contabile' });
    await typeInto(user, 'Anno fiscale', '2026-2027');
    await typeInto(user, 'Data registrazione', '06/10/2026');
    await choose(user, 'Sottoconto', '100.1 Cassa contanti');
    await typeInto(user, 'Imponibile', '10');
    await user.click(within(dialog()).getByRole('button', { name: 'Aggiungi transazione' }));
    const second = within(dialog()).getByRole('region', { name: 'Transazione 2' });
    await user.click(within(second).getByRole('combobox', { name: /^Sottoconto/ }));
    await user.click(await screen.findByRole('option', { name: /^110\.1 Banca MPS/ }));
    await user.type(within(second).getByLabelText(/^Imponibile/), '20');
    await user.clear(within(second).getByLabelText(/^IVA/));
    await user.type(within(second).getByLabelText(/^IVA/), '4,40');
    expect(second).toHaveTextContent(/Totale: 24,40\s€/);
    await user.upload(within(dialog()).getByLabelText(/^Allegato/), testFile(['%PDF-1.7'], 'fattura.pdf', 'application/pdf'));
    await user.click(within(dialog()).getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('Voci contabili create con successo!')).toBeInTheDocument();
    const body = api.callsTo('POST /finance/accounting-entry/complex')[0]?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('fiscal_year')).toBe('2026-2027');
    expect(JSON.parse(body.get('items') as string)).toEqual([
      { subaccount: CASH._id, description: null, taxable_amount: 10, vat: 0 },
      { subaccount: MPS._id, description: null, taxable_amount: 20, vat: 4.4 },
    ]);
    expect((body.get('attachment') as File).name).toBe('fattura.pdf');
  });

  it('a file over 5 MB is refused at once and nothing is sent', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Aggiungi voce contabile' }));
    await screen.findByRole('dialog', { name: 'Aggiungi voce contabile' });
    const big = testFile(6 * 1024 * 1024, 'scansione.pdf', 'application/pdf');
    await user.upload(within(dialog()).getByLabelText(/^Allegato/), big);
    expect(within(dialog()).getByText('Il file scansione.pdf supera la dimensione massima di 5 MB')).toBeInTheDocument();
    expect(api.callsTo('POST /finance/accounting-entry')).toHaveLength(0);
  });

  it('a taken progressive number shows its reason', async () => {
    const { user } = setup({
      'POST /finance/accounting-entry': { status: 409, body: { code: 'PROGRESSIVE_TAKEN', message: 'x' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Aggiungi voce contabile' }));
    await screen.findByRole('dialog', { name: 'Aggiungi voce contabile' });
    await typeInto(user, 'Progressivo', '5');
    await choose(user, 'Sottoconto', '300.1 Quota stagione');
    await typeInto(user, 'Imponibile', '1');
    await user.click(within(dialog()).getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText("Il numero progressivo è già usato in quest'anno fiscale")).toBeInTheDocument();
  });

  it('edits an entry: its lines come back, the generic bank is offered, the saved attachment can be removed', async () => {
    const { api, user } = setup({ [`PATCH /finance/accounting-entry/${MANUAL._id}`]: { body: MANUAL } });
    const row = (await screen.findByRole('cell', { name: 'Palline' })).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Modifica' }));
    await screen.findByRole('dialog', { name: 'Modifica voce contabile' });
    expect(within(dialog()).getByLabelText(/^Imponibile/)).toHaveValue('100,00');
    await user.click(screen.getByRole('combobox', { name: /^Tipo di pagamento/ }));
    await user.click(await screen.findByRole('option', { name: 'Banca' }));
    await user.click(within(dialog()).getByLabelText("Rimuovi l'allegato salvato"));
    await user.click(within(dialog()).getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Voce contabile modificata con successo!')).toBeInTheDocument();
    expect(api.callsTo(`PATCH /finance/accounting-entry/${MANUAL._id}`)[0]?.body).toEqual({
      fiscal_year: '2026-2027',
      registration_date: '2026-10-03',
      progressive: 5,
      document_number: 77,
      business_entity: null,
      payment_type: 'bank',
      notes: null,
      items: [{ subaccount: SEASON_FEE._id, description: 'Quota Rossi', taxable_amount: 100, vat: 0 }],
      remove_attachment: true,
    });
  });
});
