/**
 * The club's books end to end (issue 11): the treasurer builds a chart of accounts (Cassa, Banca, Quote sociali),
 * their subaccounts and an income category, charges three members the season fee, records a cash and a bank
 * payment for one of them and sees the paid and remaining amounts follow, with two accounting entries on the
 * right accounts; that member sees both payments under Effettuati and the rest under In sospeso with the club's
 * bank details; a self-certification downloads as a real PDF naming the member and the amount.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { launchBrowser, screenshot } from './support/browser.ts';
import { ADMIN, MEMBER_PASSWORD, signIn, toast } from './support/portal.ts';
import { startServer, type RunningServer } from './support/server.ts';

const CLUB = { name: 'ASD Tennistavolo Riviera', iban: 'IT60X0542811101000000123456' };
const FEE = 'Quota agonisti 2026-2027';
const CATEGORY = 'Quota agonisti';

let server: RunningServer;
let browser: Browser;
before(async () => {
  server = await startServer({ CLUB_NAME: CLUB.name, CLUB_IBAN: CLUB.iban });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

const nbsp = (s: string) => s.replace(/\u00a0/g, ' ').trim();

async function open(page: Page, path: string, title: string) {
  await page.goto(`${server.url}${path}`);
  await page.getByRole('heading', { name: title }).waitFor();
}

/** Picks options of the menu labelled `label` in the open dialog (several for a multiple choice). */
async function pick(page: Page, label: RegExp, ...options: string[]) {
  const menu = page.getByRole('dialog').last().getByRole('combobox', { name: label });
  for (const option of options) {
    if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
    await page.getByRole('option', { name: new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).click();
  }
  if ((await menu.getAttribute('aria-expanded')) === 'true') await page.keyboard.press('Escape');
}

async function search(page: Page, text: string, rows: number) {
  await page.getByPlaceholder('Cerca qualcosa...').fill(text);
  await page.waitForFunction((n) => document.querySelectorAll('table.ui-table[aria-label] tbody tr').length === n, rows);
}

/** A second screenshot with the wide table scrolled to its end, where the amounts are. */
async function screenshotAmounts(page: Page, name: string) {
  await page
    .locator('.ui-table-wrap')
    .first()
    .evaluate((el) => (el.scrollLeft = el.scrollWidth));
  await screenshot(page, name);
}

async function cells(page: Page, rowText: string): Promise<string[]> {
  const row = page.getByRole('row').filter({ hasText: rowText }).first();
  await row.waitFor();
  return (await row.getByRole('cell').allInnerTexts()).map(nbsp);
}

test('the treasurer charges the season fee, records a cash and a bank payment posting two entries; the member sees them; a self-certification PDF', async () => {
  const admin = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true })).newPage();
  await signIn(admin, server.url, ADMIN.email, ADMIN.password);

  // Inserimento conto: Cassa, Banca (assets) and Quote sociali (revenue).
  await open(admin, '/finance/insertion-count', 'Inserimento conto');
  for (const [code, name, ledger] of [
    ['510', 'Cassa', 'Patrimoniale attivo'],
    ['520', 'Banca', 'Patrimoniale attivo'],
    ['530', 'Quote sociali', 'Ricavi'],
  ] as const) {
    await admin.getByRole('button', { name: 'Aggiungi conto' }).click();
    const form = admin.getByRole('dialog', { name: 'Aggiungi conto' });
    await form.getByLabel(/^Codice conto/).fill(code);
    await form.getByLabel(/^Nome/).fill(name);
    await pick(admin, /^Registro/, ledger);
    await form.getByRole('button', { name: 'Crea' }).click();
    await toast(admin, 'Conto creato con successo!');
    await form.waitFor({ state: 'detached' });
  }
  await search(admin, 'Quote sociali', 1);
  assert.deepEqual((await cells(admin, 'Quote sociali')).slice(0, 3), ['530', 'Quote sociali', 'Ricavi']);
  await screenshot(admin, 'finance-accounts');

  // Inserimento sottoconto: the cash desk, the MPS account and the season fee.
  await open(admin, '/finance/insertion-subcount', 'Inserimento sottoconto');
  for (const [name, parent, type] of [
    ['Cassa sede', '510 Cassa', 'Cassa'],
    ['Conto MPS', '520 Banca', 'Banca MPS c/c ordinario'],
    ['Quota stagione', '530 Quote sociali', null],
  ] as const) {
    await admin.getByRole('button', { name: 'Aggiungi sottoconto' }).click();
    const form = admin.getByRole('dialog', { name: 'Aggiungi sottoconto' });
    await form.getByLabel(/^Nome/).fill(name);
    await pick(admin, /^Conto padre/, parent);
    if (type) await pick(admin, /^Tipo di pagamento/, type);
    await form.getByRole('button', { name: 'Crea' }).click();
    await toast(admin, 'Sottoconto creato con successo!');
    await form.waitFor({ state: 'detached' });
  }
  await search(admin, 'Conto MPS', 1);
  assert.deepEqual((await cells(admin, 'Conto MPS')).slice(0, 5), ['1', 'Conto MPS', '520 Banca', 'Patrimoniale attivo', 'Banca MPS c/c ordinario']);
  await screenshot(admin, 'finance-subaccounts');

  // Categorie di entrata: the season fee, paid in cash or to MPS.
  await open(admin, '/finance/entry-categories', 'Categorie di entrata');
  await admin.getByRole('button', { name: 'Aggiungi categoria di entrata' }).click();
  const categoryForm = admin.getByRole('dialog', { name: 'Aggiungi categoria di entrata' });
  await categoryForm.getByLabel(/^Nome/).fill(CATEGORY);
  await pick(admin, /^Sottoconti economici/, '530.1 Quota stagione');
  await pick(admin, /^Sottoconti patrimoniali/, '510.1 Cassa sede', '520.1 Conto MPS');
  await categoryForm.getByRole('button', { name: 'Crea' }).click();
  await toast(admin, 'Categoria di entrata creata con successo!');
  await search(admin, CATEGORY, 1);
  assert.deepEqual((await cells(admin, CATEGORY)).slice(0, 3), [CATEGORY, '530.1 Quota stagione', '510.1 Cassa sede, 520.1 Conto MPS']);
  await screenshot(admin, 'finance-income-categories');

  // Incasso soci: the fee for three members in one go.
  await open(admin, '/finance/members-cashout', 'Incasso soci');
  await admin.getByRole('button', { name: 'Aggiungi incasso socio' }).click();
  const chargeForm = admin.getByRole('dialog', { name: 'Aggiungi incasso socio' });
  await pick(admin, /^Soci/, 'Rossi Marco', 'Bianchi Giulia', 'Ferrari Luca');
  await pick(admin, /^Categoria di entrata/, CATEGORY);
  await chargeForm.getByLabel(/^Descrizione/).fill(FEE);
  await chargeForm.getByLabel('Periodo predefinito').selectOption({ label: 'Dodici mesi' });
  await chargeForm.getByLabel(/^Importo totale/).fill('250');
  await chargeForm.getByRole('button', { name: 'Crea' }).click();
  await toast(admin, 'Incassi soci creati con successo!');
  await search(admin, FEE, 3);
  let marco = await cells(admin, 'Rossi Marco');
  const code = marco[0]!;
  assert.deepEqual(marco.slice(1, 10), ['Rossi Marco', FEE, CATEGORY, '01/09/2026', '31/08/2027', '250,00 €', '0,00 €', '250,00 €', ''].slice(0, 9));

  const payment = async (amount: string, date: string, type: string) => {
    await admin.getByRole('row').filter({ hasText: 'Rossi Marco' }).getByRole('button', { name: 'Aggiungi pagamento' }).click();
    const form = admin.getByRole('dialog', { name: 'Aggiungi pagamento' });
    await form.getByLabel(/^Importo/).fill(amount);
    await form.getByLabel(/^Data del pagamento/).fill(date);
    await form.getByLabel(/^Data del pagamento/).press('Tab');
    await pick(admin, /^Tipo di pagamento/, type);
    await form.getByRole('button', { name: 'Registra' }).click();
    await toast(admin, 'Pagamento registrato con successo!');
    await form.waitFor({ state: 'detached' });
  };
  await payment('100', '03/11/2026', 'Cassa');
  await payment('50,50', '10/11/2026', 'Banca MPS c/c ordinario');
  await admin.waitForFunction(() => Array.from(document.querySelectorAll('tbody tr')).some((r) => r.textContent?.includes('150,50')));
  marco = await cells(admin, 'Rossi Marco');
  assert.deepEqual(marco.slice(6, 10), ['99,50 €', '150,50 €', '250,00 €', '10/11/2026']);
  assert.deepEqual((await cells(admin, 'Bianchi Giulia')).slice(6, 9), ['250,00 €', '0,00 €', '250,00 €']);
  await screenshot(admin, 'finance-members-cashout');
  await screenshotAmounts(admin, 'finance-members-cashout-amounts');
  // A 1366×768 laptop shows every column, the last ones too, without scrolling sideways.
  await admin.setViewportSize({ width: 1366, height: 768 });
  const overflow = await admin.getByRole('table', { name: 'Incassi soci' }).evaluate((t) => t.scrollWidth - t.parentElement!.clientWidth);
  assert.ok(overflow <= 0, `the table is ${overflow} px wider than its card`);
  await screenshot(admin, 'finance-members-cashout-1366');
  await admin.setViewportSize({ width: 1440, height: 900 });

  // The payments side panel: both payments, Cassa and Banca, each with the entry it posted.
  await admin.getByRole('row').filter({ hasText: 'Rossi Marco' }).getByRole('button', { name: 'Pagamenti' }).click();
  const panel = admin.getByRole('dialog', { name: 'Pagamenti effettuati da Rossi Marco' });
  const paymentRows = panel.getByRole('table', { name: 'Pagamenti' }).locator('tbody tr');
  await paymentRows.nth(1).waitFor();
  const panelCells = await Promise.all([0, 1].map(async (i) => (await paymentRows.nth(i).getByRole('cell').allInnerTexts()).map(nbsp).slice(1, 4)));
  assert.deepEqual(
    panelCells.sort((a, b) => a[1]!.localeCompare(b[1]!)),
    [
      ['100,00 €', '03/11/2026', 'Cassa'],
      ['50,50 €', '10/11/2026', 'Banca'],
    ],
  );
  await screenshot(admin, 'finance-payments-panel');
  await panel.getByRole('button', { name: 'Chiudi' }).click();

  // Movimenti contabili: the two entries the payments posted, on the fee's revenue subaccount, cash and MPS.
  await open(admin, '/finance/accounting-movements', 'Movimenti contabili');
  await search(admin, `Incasso n. ${code}`, 2);
  const entries = (
    await admin.locator('tbody tr').evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll('td')).map((td) => td.innerText)))
  )
    .map((r) => r.map(nbsp))
    .map((r) => [r[1], r[2], r[3], r[4], r[5], r[6]?.replace(/\s*Da Incasso soci$/, ' [Da Incasso soci]'), r[12], r[13]])
    .sort((a, b) => a[7]!.localeCompare(b[7]!));
  assert.deepEqual(entries, [
    ['2026-2027', 'Ricavi', 'Quote sociali', '1', 'Quota stagione', `Incasso n. ${code} [Da Incasso soci]`, '50,50 €', 'Banca MPS c/c ordinario'],
    ['2026-2027', 'Ricavi', 'Quote sociali', '1', 'Quota stagione', `Incasso n. ${code} [Da Incasso soci]`, '100,00 €', 'Cassa'],
  ]);
  await screenshot(admin, 'finance-accounting-movements');
  await screenshotAmounts(admin, 'finance-accounting-movements-amounts');
  // The other side of each entry: the trial balance debits the cash desk and the MPS account.
  const balance = (await (await admin.request.get(`${server.url}/api/v1/finance/trial-balance?fiscal_year=2026-2027`)).json()) as {
    data: { subaccount: { name: string }; account: { account_id: number }; debit: number; credit: number }[];
    balanced: boolean;
  };
  const line = (account: number, name: string) => balance.data.find((r) => r.account.account_id === account && r.subaccount.name === name);
  assert.deepEqual([line(510, 'Cassa sede')?.debit, line(520, 'Conto MPS')?.debit, line(530, 'Quota stagione')?.credit], [100, 50.5, 150.5]);
  assert.equal(balance.balanced, true);

  // The member: both payments under Effettuati, the rest under In sospeso with the club's bank details.
  const member = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(member, server.url, 'marco.rossi@circolo.example', MEMBER_PASSWORD);
  await open(member, '/user/payments', 'Il tuo profilo, i tuoi pagamenti');
  await member.getByRole('tab', { name: 'Effettuati' }).click();
  const made = member.getByRole('list', { name: 'Effettuati' });
  await made.getByRole('listitem').filter({ hasText: FEE }).nth(1).waitFor();
  const madeTexts = (await made.getByRole('listitem').filter({ hasText: FEE }).allInnerTexts()).map((t) => nbsp(t).replace(/\s+/g, ' '));
  assert.deepEqual(madeTexts, [`${FEE} 10/11/2026 · Banca MPS c/c ordinario 50,50 €`, `${FEE} 03/11/2026 · Cassa 100,00 €`]);
  await screenshot(member, 'finance-my-payments-made');
  await member.getByRole('tab', { name: 'In sospeso' }).click();
  const pending = member.getByRole('list', { name: 'In sospeso' }).getByRole('listitem').filter({ hasText: FEE });
  await pending.waitFor();
  assert.equal(nbsp(await pending.innerText()).replace(/\s+/g, ' '), `${FEE} Dal 01/09/2026 Da pagare 99,50 € Pagato 150,50 € Totale 250,00 €`);
  const bankTag = nbsp(await member.getByLabel('Coordinate bancarie').innerText());
  assert.match(bankTag, new RegExp(CLUB.name));
  assert.match(bankTag, new RegExp(CLUB.iban));
  await screenshot(member, 'finance-my-payments-pending');
  await member.context().close();

  // Autocertificazioni: one for Marco, downloaded as a PDF with the year's total.
  await open(admin, '/finance/self-certifications', 'Autocertificazioni');
  await admin.getByRole('button', { name: 'Aggiungi autocertificazione' }).click();
  const certForm = admin.getByRole('dialog', { name: 'Aggiungi autocertificazione' });
  await pick(admin, /^Utente/, 'Rossi Marco');
  await certForm.getByLabel(/^Mese/).selectOption({ label: 'Ottobre' });
  await certForm.getByLabel(/^Anno/).selectOption('2026');
  await certForm.getByLabel(/^Importo/).fill('320,75');
  await certForm.getByLabel(/^Data di rilascio/).fill('02/11/2026');
  await certForm.getByLabel(/^Data di rilascio/).press('Tab');
  await certForm.getByRole('button', { name: 'Crea' }).click();
  await toast(admin, 'Autocertificazione creata con successo!');
  await search(admin, 'Rossi', 1);
  assert.deepEqual((await cells(admin, 'Rossi')).slice(0, 6), ['Marco', 'Rossi', 'Ottobre', '2026', '320,75 €', '02/11/2026']);
  await screenshot(admin, 'finance-self-certifications');
  await admin.getByRole('row').filter({ hasText: 'Rossi' }).getByRole('button', { name: 'Scarica PDF' }).click();
  const pdfDialog = admin.getByRole('dialog', { name: 'Scarica autocertificazione' });
  await pdfDialog.getByLabel('Mostra importi totali').check();
  const [download] = await Promise.all([admin.waitForEvent('download'), pdfDialog.getByRole('button', { name: 'Scarica PDF' }).click()]);
  await toast(admin, 'File scaricato con successo!');
  assert.match(download.suggestedFilename(), /\.pdf$/);
  const bytes = await readFile(await download.path());
  assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  const flat = nbsp(text).replace(/\s+/g, ' ');
  assert.match(flat, /Rossi Marco/);
  assert.match(flat, /320,75 €/);
  assert.match(flat, /ammontano in totale/);
  assert.match(flat, new RegExp(CLUB.name));
  await admin.context().close();
});
