import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { captureDownloads, renderWithProviders } from 'shared-ui/testing';
import { mockApi } from 'shared-ui/testing/api';
import { AccountingMovementsPage } from '../components/AccountingMovementsPage';
import { list, selectorHandlers } from '../../../test/handlers';
import { CASH, MPS, SEASON_FEE } from '../../../test/fixtures';
import { choose, field, menu, typeInto } from '../../../test/form';
import { SUPPLIER } from '../../business-entities/__tests__/fixtures';
import { EQUIPMENT, POSTED, RENT, makeEntry } from './fixtures';

const ENTRY = makeEntry();

/** A file as a file input gives it (Node's File, which the test environment's FormData keeps as a file part). */
function testFile(content: BlobPart[] | number, name: string, type: string): File {
  const { File: NodeFile } = jest.requireActual<typeof import('node:buffer')>('node:buffer');
  const parts = typeof content === 'number' ? [new Uint8Array(content)] : content;
  return new NodeFile(parts as never, name, { type }) as unknown as File;
}

function setup(extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    ...selectorHandlers,
    'GET /finance/subaccount': list([CASH, MPS, SEASON_FEE, RENT, EQUIPMENT]),
    'GET /finance/business-entity': list([SUPPLIER]),
    'GET /finance/accounting-entry': list([ENTRY, POSTED]),
    ...extra,
  });
  // The file input's accept list is the page's first check; applyAccept off lets a test offer it other types.
  const user = userEvent.setup({ applyAccept: false });
  renderWithProviders(<AccountingMovementsPage />, { route: '/finance/accounting-movements' });
  return { api, user };
}

const dialog = () => screen.getByRole('dialog', { name: /voce contabile$/ });
const section = (n: number) => within(dialog()).getByRole('region', { name: `Transazione ${n}` });

async function openCreate(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Aggiungi voce contabile' }));
  await screen.findByRole('dialog', { name: 'Aggiungi voce contabile' });
}

/** Fills the header of a new movement: fiscal year, date, document, supplier and payment type. */
async function fillHeader(user: ReturnType<typeof userEvent.setup>) {
  await typeInto(user, 'Anno fiscale', '2026-2027');
  await typeInto(user, 'Data di registrazione', '05/11/2026');
  await typeInto(user, 'Numero documento', '118');
  await choose(user, 'Fornitore o cliente', 'Sport Forniture Srl');
  await choose(user, 'Tipo di pagamento', 'Banca MPS c/c ordinario');
}

describe('Movimenti contabili', () => {
  const clicked = captureDownloads();

  it('lists every column, sorted by fiscal year descending by default; the first click on it asks ascending', async () => {
    const { api, user } = setup();
    const row = (await screen.findByRole('cell', { name: 'Fattura di novembre' })).closest('tr') as HTMLElement;
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent?.replace(/[↕▲▼]/g, ''))).toEqual([
      'Progressivo',
      'Anno fiscale',
      'Tipo registro',
      'Nome conto',
      'Codice sottoconto',
      'Nome sottoconto',
      'Descrizione',
      'Numero documento',
      'Fornitore o cliente',
      'Data di registrazione',
      'Imponibile',
      'IVA',
      'Totale',
      'Tipo di pagamento',
      'Note',
      'Allegato',
      'Azioni',
    ]);
    expect(
      within(row)
        .getAllByRole('cell')
        .slice(0, 16)
        .map((c) => c.textContent?.replace(/\u00a0/g, ' ')),
    ).toEqual([
      '3',
      '2026-2027',
      'Costi',
      'Costi di gestione',
      '2',
      'Materiale sportivo',
      'Racchette',
      '118',
      'Sport Forniture Srl',
      '05/11/2026',
      '120,00 €',
      '26,40 €',
      '146,40 €',
      'Banca MPS c/c ordinario',
      'Fattura di novembre',
      'fattura-118.pdf',
    ]);
    const fiscalYear = screen.getByRole('columnheader', { name: /Anno fiscale/ });
    expect(fiscalYear).toHaveAttribute('aria-sort', 'descending');
    const first = api.callsTo('GET /finance/accounting-entry')[0];
    expect(first?.query.get('sortBy')).toBeNull();
    await user.click(within(fiscalYear).getByRole('button'));
    await waitFor(() => expect(api.callsTo('GET /finance/accounting-entry').at(-1)?.query.get('order')).toBe('asc'));
    expect(api.callsTo('GET /finance/accounting-entry').at(-1)?.query.get('sortBy')).toBe('fiscal_year');

    await user.click(within(screen.getByRole('columnheader', { name: /Fornitore o cliente/ })).getByRole('button'));
    await waitFor(() => expect(api.callsTo('GET /finance/accounting-entry').at(-1)?.query.get('sortBy')).toBe('business_entity'));
  });

  it("downloads the list as movimenti_contabili in the list's order", async () => {
    const { api, user } = setup({
      'GET /finance/accounting-entry/export': {
        body: 'csv',
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="movimenti_contabili.csv"' },
      },
    });
    await screen.findByRole('cell', { name: 'Fattura di novembre' });
    await user.click(screen.getByRole('button', { name: 'Scarica' }));
    await user.click(screen.getByRole('menuitem', { name: 'CSV' }));
    expect(await screen.findByText('File scaricato con successo!')).toBeInTheDocument();
    expect(Object.fromEntries(api.callsTo('GET /finance/accounting-entry/export')[0]!.query)).toEqual({ format: 'csv' });
    expect(clicked.map((a) => a.download)).toEqual(['movimenti_contabili.csv']);
  });

  it('an entry a member payment posted says so and has no edit or delete', async () => {
    setup();
    const row = (await screen.findByRole('cell', { name: /Pagamento Rossi Marco/ })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Da Incasso soci')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Modifica' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Elimina' })).not.toBeInTheDocument();
    const other = screen.getByRole('cell', { name: 'Fattura di novembre' }).closest('tr') as HTMLElement;
    expect(within(other).getByRole('button', { name: 'Modifica' })).toBeInTheDocument();
  });

  it('downloads the attachment under its name; a missing file says so', async () => {
    const { api, user } = setup({
      [`GET /finance/accounting-entry/${ENTRY._id}/attachment`]: {
        body: '%PDF-1.4',
        headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="fattura-118.pdf"' },
      },
    });
    await user.click(await screen.findByRole('button', { name: "Scarica l'allegato fattura-118.pdf" }));
    expect(await screen.findByText('File scaricato con successo!')).toBeInTheDocument();
    expect(clicked.map((a) => a.download)).toEqual(['fattura-118.pdf']);
    expect(api.callsTo(`GET /finance/accounting-entry/${ENTRY._id}/attachment`)).toHaveLength(1);

    api.on(`GET /finance/accounting-entry/${ENTRY._id}/attachment`, {
      status: 404,
      body: { code: 'ATTACHMENT_NOT_FOUND', message: 'Allegato non trovato' },
    });
    await user.click(screen.getByRole('button', { name: "Scarica l'allegato fattura-118.pdf" }));
    expect(await screen.findByText('Errore durante il download del file. Assicurati che il file sia disponibile e riprova.')).toBeInTheDocument();
    expect(clicked).toHaveLength(1);
  });

  it('creates a single-line movement with a PDF attachment: multipart to POST /finance/accounting-entry', async () => {
    const { api, user } = setup({ 'POST /finance/accounting-entry': { status: 201, body: ENTRY } });
    await openCreate(user);
    expect(within(dialog()).getAllByRole('region', { name: /^Transazione/ })).toHaveLength(1);
    expect((field('Anno fiscale') as HTMLInputElement).value).toMatch(/^(\d{4})-\d{4}$/);
    expect(field('IVA')).toHaveValue('0');
    await fillHeader(user);
    await choose(user, 'Sottoconto', '400.2 Materiale sportivo');
    await typeInto(user, 'Descrizione', 'Racchette');
    await typeInto(user, 'Imponibile', '120');
    await typeInto(user, 'IVA', '26,40');
    expect(within(section(1)).getByText(/146,40/)).toBeInTheDocument();
    await typeInto(user, 'Note', 'Fattura di novembre');
    await user.upload(field('Allegato'), testFile(['%PDF-1.4'], 'fattura-118.pdf', 'application/pdf'));
    await user.click(within(dialog()).getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('Voce contabile creata con successo!')).toBeInTheDocument();

    const body = api.callsTo('POST /finance/accounting-entry')[0]?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('attachment') as File).name).toBe('fattura-118.pdf');
    expect(Object.fromEntries([...body.entries()].filter(([k]) => k !== 'attachment'))).toEqual({
      fiscal_year: '2026-2027',
      registration_date: '2026-11-05',
      progressive: '',
      document_number: '118',
      business_entity: SUPPLIER._id,
      payment_type: 'bank_mps',
      notes: 'Fattura di novembre',
      subaccount: EQUIPMENT._id,
      description: 'Racchette',
      taxable_amount: '120',
      vat: '26.4',
    });
    expect(api.callsTo('POST /finance/accounting-entry/complex')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a registration date more than 30 days after today (25/11/2026) is named in the form and not sent; the server code speaks too', async () => {
    const { api, user } = setup({
      'POST /finance/accounting-entry': {
        status: 400,
        body: { code: 'ENTRY_DATE_TOO_FAR', message: 'La data di registrazione è troppo avanti: al massimo 30 giorni da oggi.' },
      },
    });
    await openCreate(user);
    await fillHeader(user);
    await choose(user, 'Sottoconto', '400.2 Materiale sportivo');
    await typeInto(user, 'Imponibile', '120');
    await typeInto(user, 'Data di registrazione', '01/10/2030');
    await user.click(within(dialog()).getByRole('button', { name: 'Crea' }));
    expect(await within(dialog()).findByText('La data non può essere successiva al 25/12/2026')).toBeInTheDocument();
    expect(api.callsTo('POST /finance/accounting-entry')).toHaveLength(0);

    await typeInto(user, 'Data di registrazione', '25/12/2026');
    await user.click(within(dialog()).getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('La data di registrazione è troppo avanti: al massimo 30 giorni da oggi.')).toBeInTheDocument();
    expect(api.callsTo('POST /finance/accounting-entry')[0]?.body).toMatchObject({ registration_date: '2026-12-25' });
  });

  it('two transactions make a multi-line entry: JSON items to /complex and the multi-line toast', async () => {
    const { api, user } = setup({ 'POST /finance/accounting-entry/complex': { status: 201, body: ENTRY } });
    await openCreate(user);
    await fillHeader(user);
    await choose(user, 'Sottoconto', '400.2 Materiale sportivo');
    await typeInto(user, 'Imponibile', '120');
    await user.click(within(dialog()).getByRole('button', { name: 'Aggiungi transazione' }));
    const second = section(2);
    await user.click(within(second).getByRole('combobox', { name: /^Sottoconto/ }));
    await user.click(await screen.findByRole('option', { name: /^400\.1 Affitto palestra/ }));
    await user.type(within(second).getByLabelText(/^Imponibile/), '300,50');
    await user.clear(within(second).getByLabelText(/^IVA/));
    await user.type(within(second).getByLabelText(/^IVA/), '66,11');
    expect(within(second).getByText(/366,61/)).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('Voci contabili create con successo!')).toBeInTheDocument();
    expect(api.callsTo('POST /finance/accounting-entry/complex')[0]?.body).toEqual({
      fiscal_year: '2026-2027',
      registration_date: '2026-11-05',
      progressive: null,
      document_number: 118,
      business_entity: SUPPLIER._id,
      payment_type: 'bank_mps',
      notes: null,
      items: [
        { subaccount: EQUIPMENT._id, description: null, taxable_amount: 120, vat: 0 },
        { subaccount: RENT._id, description: null, taxable_amount: 300.5, vat: 66.11 },
      ],
    });
    expect(api.callsTo('POST /finance/accounting-entry')).toHaveLength(0);
  });

  it('refuses bad input before sending: missing fields, a fiscal year 2031-2030, three decimals, a 6 MB file, an .exe', async () => {
    const { api, user } = setup();
    await openCreate(user);
    await user.clear(field('Anno fiscale'));
    await user.click(within(dialog()).getByRole('button', { name: 'Crea' }));
    // fiscal year, payment type (marked required: the server needs it, issue 44 item 8), subaccount, taxable amount
    expect(within(dialog()).getAllByText('Campo obbligatorio')).toHaveLength(4);
    expect(within(dialog()).getByRole('combobox', { name: /^Tipo di pagamento \(obbligatorio\)/ })).toHaveAttribute('aria-invalid', 'true');
    await typeInto(user, 'Anno fiscale', '2031-2030');
    expect(await within(dialog()).findByText('Anno fiscale non valido: il secondo anno deve seguire il primo (es. 2031-2032)')).toBeInTheDocument();
    await typeInto(user, 'Imponibile', '12,345');
    expect(await within(dialog()).findByText('Sono ammessi al massimo due decimali')).toBeInTheDocument();

    await user.upload(field('Allegato'), testFile(6 * 1024 * 1024, 'scansione.pdf', 'application/pdf'));
    expect(screen.getByText('Il file scansione.pdf supera la dimensione massima di 5 MB')).toBeInTheDocument();
    await user.upload(field('Allegato'), testFile(['MZ'], 'programma.exe', 'application/octet-stream'));
    expect(screen.getByText('Tipo di file non accettato: programma.exe')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'File selezionati' })).not.toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Crea' }));
    expect(api.callsTo('POST /finance/accounting-entry')).toHaveLength(0);
  });

  it(".exe renamed .pdf: the server's refusal is shown and the form keeps what was typed", async () => {
    const { user } = setup({
      'POST /finance/accounting-entry': { status: 400, body: { code: 'FILE_TYPE_NOT_ALLOWED', message: 'Tipo di file non accettato: fattura.pdf' } },
    });
    await openCreate(user);
    await fillHeader(user);
    await choose(user, 'Sottoconto', '400.2 Materiale sportivo');
    await typeInto(user, 'Imponibile', '120');
    await user.upload(field('Allegato'), testFile(['MZ\x90\x00'], 'fattura.pdf', 'application/pdf'));
    await user.click(within(dialog()).getByRole('button', { name: 'Crea' }));
    expect(
      await screen.findByText('Si è verificato un errore durante la creazione della voce contabile: Tipo di file non accettato: fattura.pdf'),
    ).toBeInTheDocument();
    expect(field('Imponibile')).toHaveValue('120');
    expect(within(dialog()).getByText('fattura.pdf')).toBeInTheDocument();
  });

  it('a movement without a cash or bank side shows why', async () => {
    const { user } = setup({
      'POST /finance/accounting-entry': { status: 400, body: { code: 'NO_PAYMENT_SUBACCOUNT', message: 'x' } },
    });
    await openCreate(user);
    await typeInto(user, 'Data di registrazione', '05/11/2026');
    // A payment type whose cash or bank subaccount the club has not set up.
    await choose(user, 'Tipo di pagamento', 'Banca MPS c/c ordinario');
    await choose(user, 'Sottoconto', '400.2 Materiale sportivo');
    await typeInto(user, 'Imponibile', '10');
    await user.click(within(dialog()).getByRole('button', { name: 'Crea' }));
    expect(
      await screen.findByText(
        'Per registrare il movimento serve un tipo di pagamento a cui corrisponda un sottoconto patrimoniale di cassa o di banca',
      ),
    ).toBeInTheDocument();
  });

  it('edits: the stored values, the generic Banca offered, PATCH with the line; the attachment can be removed', async () => {
    const { api, user } = setup({ [`PATCH /finance/accounting-entry/${ENTRY._id}`]: { body: ENTRY } });
    const row = (await screen.findByRole('cell', { name: 'Fattura di novembre' })).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Modifica' }));
    await screen.findByRole('dialog', { name: 'Modifica voce contabile' });
    expect(field('Anno fiscale')).toHaveValue('2026-2027');
    expect(field('Progressivo')).toHaveValue('3');
    expect(field('Imponibile')).toHaveValue('120,00');
    expect(field('IVA')).toHaveValue('26,40');
    expect(within(dialog()).getByText(/File attuale: fattura-118\.pdf/)).toBeInTheDocument();
    await user.click(menu('Tipo di pagamento'));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Cassa', 'Banca', 'Banca MPS c/c ordinario', 'Banca BCC c/c ordinario']);
    await user.keyboard('{Escape}');
    await typeInto(user, 'Data di registrazione', '06/11/2026');
    await user.click(field("Rimuovi l'allegato attuale"));
    await user.click(within(dialog()).getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Voce contabile modificata con successo!')).toBeInTheDocument();
    expect(api.callsTo(`PATCH /finance/accounting-entry/${ENTRY._id}`)[0]?.body).toEqual({
      fiscal_year: '2026-2027',
      registration_date: '2026-11-06',
      progressive: 3,
      document_number: 118,
      business_entity: SUPPLIER._id,
      payment_type: 'bank_mps',
      notes: 'Fattura di novembre',
      subaccount: EQUIPMENT._id,
      description: 'Racchette',
      taxable_amount: 120,
      vat: 26.4,
      remove_attachment: true,
    });
  });

  it('deletes after a confirmation that warns it is not reversible', async () => {
    const { api, user } = setup({ [`DELETE /finance/accounting-entry/${ENTRY._id}`]: { status: 204 } });
    const row = (await screen.findByRole('cell', { name: 'Fattura di novembre' })).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Elimina' }));
    const confirm = await screen.findByRole('dialog', { name: 'Elimina voce contabile' });
    expect(confirm).toHaveTextContent("Sei sicuro di voler eliminare questa voce contabile (n. 3 del 2026-2027)? L'operazione non è reversibile");
    await user.click(within(confirm).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText('Voce contabile eliminata con successo!')).toBeInTheDocument();
    expect(api.callsTo(`DELETE /finance/accounting-entry/${ENTRY._id}`)).toHaveLength(1);
  });
});
