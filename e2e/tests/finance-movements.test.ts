/**
 * Customers, suppliers and the books in the browser (issue 11, spec 002 §2): a treasurer (a member whose category
 * holds only finance_access) creates a supplier, records a multi-line accounting movement for it with a PDF
 * attachment, finds it in the list (fiscal year descending) and downloads the attachment back; a program renamed
 * .pdf is refused with its message and nothing is saved. The chart (accounts and subaccounts) is set up through
 * the API first, as the treasurer would have done on Inserimento conto / sottoconto.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from 'playwright-core';
import { screenshot } from './support/browser.ts';
import { ADMIN, portalForThisFile, signIn, toast } from './support/portal.ts';

const portal = portalForThisFile();

const TREASURER = { email: 'tesoriere@example.it', password: 'Tesoreria-2026' };
const SUPPLIER = 'Tennistavolo Forniture Srl';

/** A small, valid PDF: what the server's content check recognises as application/pdf. */
const PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n'),
);
/** A Windows program (MZ header) under a PDF's name. */
const EXE_AS_PDF = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'), Buffer.alloc(512, 0)]);

async function json<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, status = 200): Promise<T> {
  assert.equal(res.status(), status, `${res.url()}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** The administrator's part: a 'Tesoreria' category with finance_access only, and a treasurer invited into it. */
async function inviteTreasurer(): Promise<void> {
  const admin = await portal.browser.newPage();
  await signIn(admin, portal.server.url, ADMIN.email, ADMIN.password);
  const api = admin.request;
  const url = (path: string) => `${portal.server.url}/api/v1${path}`;
  const category = await json<{ _id: string }>(
    await api.post(url('/user/category'), { data: { name: 'Tesoreria', description: 'Tesoriere del circolo', permissions: ['finance_access'] } }),
    201,
  );
  await json(
    await api.post(url('/user'), {
      data: {
        member_id: '0200',
        name: 'Chiara',
        surname: 'Esposito',
        email: TREASURER.email,
        phone_number: '+39 333 7654321',
        fiscal_code: 'SPSCHR90L62F839D',
        birth_date: '1990-07-22',
        birth_province: 'NA',
        birth_place: 'Napoli',
        residence_address: 'Via Toledo 12',
        residence_province: 'NA',
        residence_place: 'Napoli',
        residence_postal_code: '80134',
        gender: 'F',
        category: category._id,
      },
    }),
    201,
  );
  await admin.close();
  const link = (await portal.server.waitForMail(TREASURER.email)).links.find((l) => l.includes('/complete-registration?'));
  assert.ok(link, 'the invitation carries the registration link');
  const params = new URL(link).searchParams;
  const res = await fetch(`${portal.server.url}/api/v1/auth/complete-registration`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: portal.server.url },
    body: JSON.stringify({ userId: params.get('uid'), token: params.get('token'), password: TREASURER.password }),
  });
  assert.equal(res.status, 200, await res.text());
}

interface Ids {
  tables: string;
  nets: string;
}

/** The treasurer's chart through the API: a Costi account with two subaccounts, a Patrimoniale attivo one with cash and bank. */
async function setUpChart(api: APIRequestContext): Promise<Ids> {
  const url = (path: string) => `${portal.server.url}/api/v1${path}`;
  const costs = await json<{ _id: string }>(
    await api.post(url('/finance/account'), { data: { account_id: 710, name: 'Attrezzature sportive', ledger_type: 'Costi' } }),
    201,
  );
  const assets = await json<{ _id: string }>(
    await api.post(url('/finance/account'), { data: { account_id: 720, name: 'Liquidità sede', ledger_type: 'Patrimoniale attivo' } }),
    201,
  );
  const sub = async (subaccount_id: number, name: string, parent: string, payment_type: string | null) =>
    (
      await json<{ data: { _id: string }[] }>(
        await api.post(url('/finance/subaccount'), { data: { subaccount_id, name, parent_account: [parent], payment_type } }),
        201,
      )
    ).data[0]!._id;
  const ids = {
    tables: await sub(1, 'Tavoli da gioco', costs._id, null),
    nets: await sub(2, 'Reti e palline', costs._id, null),
  };
  await sub(1, 'Cassa sede', assets._id, 'cash');
  await sub(2, 'Conto BCC sede', assets._id, 'bank_bcc');
  // Two older and newer movements than the one the test records, written first: the list must put 2027-2028 on top.
  // (The newer one is next season's, registered within the 30 days ahead an entry's date may be: ENTRY_DATE_TOO_FAR.)
  for (const [fiscal_year, registration_date, description] of [
    ['2024-2025', '2025-03-10', 'Palline da allenamento'],
    ['2027-2028', '2026-12-01', 'Reti nuove'],
  ] as const) {
    await json(
      await api.post(url('/finance/accounting-entry'), {
        data: { fiscal_year, registration_date, payment_type: 'cash', subaccount: ids.nets, description, taxable_amount: 40, vat: 0 },
      }),
      201,
    );
  }
  return ids;
}

async function open(page: Page, path: string, title: string) {
  await page.goto(`${portal.server.url}${path}`);
  await page.getByRole('heading', { name: title }).waitFor();
}

async function pick(page: Page, scope: ReturnType<Page['getByRole']>, combobox: RegExp, option: RegExp) {
  await scope.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option }).click();
}

test('the treasurer records a supplier and a multi-line movement with its PDF, finds it and downloads the PDF; a renamed .exe is refused', async () => {
  await inviteTreasurer();
  const context = await portal.browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await signIn(page, portal.server.url, TREASURER.email, TREASURER.password);
  // The terms gate (its own test is onboarding.test.ts): accepted through its call, then the portal is reloaded.
  assert.equal(
    (await page.request.post(`${portal.server.url}/api/v1/auth/accept-terms`, { data: { privacy_policy: true, regulations: true } })).status(),
    200,
  );
  await page.reload();
  const ids = await setUpChart(page.request);

  // Anagrafica fornitori e clienti: the supplier.
  await open(page, '/finance/providers-customers-registry', 'Anagrafica fornitori e clienti');
  await page.getByRole('button', { name: 'Aggiungi fornitore o cliente' }).click();
  const entityForm = page.getByRole('dialog', { name: 'Aggiungi fornitore o cliente' });
  await entityForm.getByLabel(/^Nome/).fill(SUPPLIER);
  await entityForm.getByLabel(/^Codice identificativo/).fill('IT 04567890123');
  await entityForm.getByLabel(/^Indirizzo/).fill('Via dei Mille 8');
  await entityForm.getByLabel(/^Città/).fill('Bergamo');
  await pick(page, entityForm, /^Provincia/, /^Bergamo/);
  await entityForm.getByLabel(/^Email/).fill('ordini@tt-forniture.example');
  await entityForm.getByLabel(/^Telefono 1/).fill('035 123456');
  await entityForm.getByRole('button', { name: 'Crea' }).click();
  await toast(page, 'Entità commerciale creata con successo!');
  // Toasts of the finance area open at the bottom right (spec 002 §9).
  assert.equal(await page.locator('.Toastify__toast-container--bottom-right').count(), 1);
  const entityRow = page.getByRole('row').filter({ hasText: SUPPLIER });
  await entityRow.waitFor();
  assert.deepEqual(
    (await entityRow.getByRole('cell').allInnerTexts()).slice(0, 9).map((t) => t.trim()),
    [SUPPLIER, 'Via dei Mille 8', 'BG', 'Bergamo', '', '04567890123', '035 123456', '', 'ordini@tt-forniture.example'],
  );
  await screenshot(page, 'finance-providers-customers');

  // Movimenti contabili: two transaction lines, the supplier, the BCC account and the invoice as PDF.
  await open(page, '/finance/accounting-movements', 'Movimenti contabili');
  await page.getByRole('button', { name: 'Aggiungi voce contabile' }).click();
  const form = page.getByRole('dialog', { name: 'Aggiungi voce contabile' });
  await form.getByLabel(/^Anno fiscale/).fill('2026-2027');
  await form.getByLabel(/^Data di registrazione/).fill('20/11/2026');
  await form.getByLabel(/^Numero documento/).fill('4512');
  await pick(page, form, /^Fornitore o cliente/, new RegExp(`^${SUPPLIER}`));
  await pick(page, form, /^Tipo di pagamento/, /^Banca BCC c\/c ordinario/);
  const first = form.getByRole('region', { name: 'Transazione 1' });
  await pick(page, first, /^Sottoconto/, /^710\.1 Tavoli da gioco/);
  await first.getByLabel(/^Descrizione/).fill('Due tavoli omologati');
  await first.getByLabel(/^Imponibile/).fill('1000');
  await first.getByLabel(/^IVA/).fill('220');
  await form.getByRole('button', { name: 'Aggiungi transazione' }).click();
  const second = form.getByRole('region', { name: 'Transazione 2' });
  await pick(page, second, /^Sottoconto/, /^710\.2 Reti e palline/);
  await second.getByLabel(/^Imponibile/).fill('80');
  await second.getByLabel(/^IVA/).fill('17,60');
  await second.getByText('Totale: 97,60 €').waitFor();
  await form.getByLabel(/^Allegato/).setInputFiles({ name: 'fattura-4512.pdf', mimeType: 'application/pdf', buffer: PDF });
  await form.getByLabel(/^Note/).fill('Consegna a novembre');
  await screenshot(page, 'finance-movement-form');
  await form.getByRole('button', { name: 'Crea' }).click();
  await toast(page, 'Voci contabili create con successo!');
  await form.waitFor({ state: 'detached' });

  // The list: newest fiscal year first, the new movement with its supplier, sums and attachment (Intl it-IT groups
  // thousands from five digits on: 1080,00 €).
  const row = page.getByRole('row').filter({ hasText: 'Consegna a novembre' });
  await row.waitFor();
  const fiscalYears = (await page.locator('tbody tr td:nth-child(2)').allInnerTexts()).map((t) => t.trim());
  assert.equal(fiscalYears[0], '2027-2028');
  assert.equal(fiscalYears.at(-1), '2024-2025');
  assert.deepEqual(fiscalYears, [...fiscalYears].sort().reverse(), `fiscal years descending: ${fiscalYears.join(', ')}`);
  assert.equal(await page.getByRole('columnheader', { name: /Anno fiscale/ }).getAttribute('aria-sort'), 'descending');
  const cells = (await row.getByRole('cell').allInnerTexts()).map((t) => t.trim().replace(/\u00a0/g, ' '));
  assert.deepEqual(cells.slice(1, 16), [
    '2026-2027',
    'Costi',
    'Attrezzature sportive',
    '1',
    'Tavoli da gioco (+1 altra riga)',
    'Due tavoli omologati',
    '4512',
    SUPPLIER,
    '20/11/2026',
    '1080,00 €',
    '237,60 €',
    '1317,60 €',
    'Banca BCC c/c ordinario',
    'Consegna a novembre',
    'fattura-4512.pdf',
  ]);
  await screenshot(page, 'finance-movements-list');

  // The attachment comes back as it went.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: "Scarica l'allegato fattura-4512.pdf" }).click(),
  ]);
  assert.equal(download.suggestedFilename(), 'fattura-4512.pdf');
  assert.deepEqual(await readFile(await download.path()), PDF);

  // The list's download (export key finance-accounting-entry), in the list's order.
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    (async () => {
      await page.getByRole('button', { name: 'Scarica', exact: true }).click();
      await page.getByRole('menuitem', { name: 'CSV' }).click();
    })(),
  ]);
  assert.match(csv.suggestedFilename(), /^movimenti_contabili.*\.csv$/);
  const exported = await readFile(await csv.path(), 'utf8');
  assert.ok(exported.includes(SUPPLIER) && exported.includes('Due tavoli omologati'), exported);
  assert.ok(exported.indexOf('Reti nuove') < exported.indexOf('Due tavoli omologati'), 'the file keeps fiscal year descending');
  assert.ok(exported.indexOf('Due tavoli omologati') < exported.indexOf('Palline da allenamento'), 'the file keeps fiscal year descending');

  // Posted as double entry: both cost lines in debit, the books of the year balanced.
  const balance = await json<{ balanced: boolean; data: { subaccount: { _id: string }; debit: number; credit: number }[] }>(
    await page.request.get(`${portal.server.url}/api/v1/finance/trial-balance?fiscal_year=2026-2027`),
  );
  assert.equal(balance.balanced, true);
  assert.deepEqual(
    [ids.tables, ids.nets].map((id) => {
      const found = balance.data.find((r) => r.subaccount._id === id);
      return found && { debit: found.debit, credit: found.credit };
    }),
    [
      { debit: 1220, credit: 0 },
      { debit: 97.6, credit: 0 },
    ],
  );

  // A program renamed .pdf: refused by content, the form keeps what was typed, nothing saved.
  const countBefore = (await json<{ meta: { totalItems: number } }>(await page.request.get(`${portal.server.url}/api/v1/finance/accounting-entry`)))
    .meta.totalItems;
  await page.getByRole('button', { name: 'Aggiungi voce contabile' }).click();
  await form.getByLabel(/^Data di registrazione/).fill('21/11/2026');
  await pick(page, form, /^Tipo di pagamento/, /^Cassa/);
  await pick(page, form.getByRole('region', { name: 'Transazione 1' }), /^Sottoconto/, /^710\.2 Reti e palline/);
  await form.getByLabel(/^Imponibile/).fill('15');
  await form.getByLabel(/^Allegato/).setInputFiles({ name: 'fattura-4513.pdf', mimeType: 'application/pdf', buffer: EXE_AS_PDF });
  await form.getByRole('button', { name: 'Crea' }).click();
  await toast(page, 'Si è verificato un errore durante la creazione della voce contabile: Tipo di file non accettato: fattura-4513.pdf');
  assert.equal(await form.getByLabel(/^Imponibile/).inputValue(), '15');
  await screenshot(page, 'finance-movement-exe-refused');
  await form.getByRole('button', { name: 'Annulla' }).click();
  const countAfter = (await json<{ meta: { totalItems: number } }>(await page.request.get(`${portal.server.url}/api/v1/finance/accounting-entry`)))
    .meta.totalItems;
  assert.equal(countAfter, countBefore);
  await context.close();
});
