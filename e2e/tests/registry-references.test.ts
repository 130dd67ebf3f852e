/**
 * The registry's reference pages in the composed portal (issue 9): the administrator imports the federation's
 * .xlsx and reads the report (rows created, updated and refused with their reasons), creates a qualification,
 * and creates a booking rule with two unlock times that the list then shows as readable text.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import ExcelJS from '@mui/x-internal-exceljs-fork';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser.ts';
import { ADMIN, choose, signIn, toast, portalForThisFile } from './support/portal.ts';

const portal = portalForThisFile();
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HEADER = ['Codice tessera', 'Tipo tessera', 'Categoria', 'Data emissione', 'Data scadenza'];

async function workbook(rows: (string | Date)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Tesserati');
  for (const row of [HEADER, ...rows]) sheet.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

let page: Page;

async function importFitet(name: string, buffer: Buffer) {
  await page.getByRole('button', { name: 'Carica file FITET' }).click();
  const dialog = page.getByRole('dialog', { name: 'Carica file FITET' });
  await dialog.getByLabel(/^File FITET/).setInputFiles({ name, mimeType: XLSX, buffer });
  await dialog.getByRole('button', { name: 'Carica' }).click();
  const report = page.getByRole('dialog', { name: 'Resoconto importazione FITET' });
  await report.waitFor();
  return report;
}

/** The report's three counts, in the order Create, Aggiornate, Rifiutate. */
const counts = async (report: ReturnType<Page['getByRole']>) => report.getByRole('definition').allTextContents();

test('FITET: an .xlsx creates, updates and refuses rows, and the report says which and why', async () => {
  page = await (await portal.browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signIn(page, portal.server.url, ADMIN.email, ADMIN.password);
  await page.goto(`${portal.server.url}/registry/users/fitet`);
  await page.getByRole('heading', { name: 'Dati FITET' }).waitFor();
  await page.getByText('Nessun dato da mostrare').waitFor();

  // Marco Rossi's card (the demo member with FITET code 1045872) first comes in alone.
  let report = await importFitet(
    'tesserati-agosto.xlsx',
    await workbook([['1045872', 'Agonistica', '3ª categoria', new Date(Date.UTC(2025, 8, 1)), '31/08/2026']]),
  );
  assert.deepEqual(await counts(report), ['1', '0', '0']);
  await report.getByRole('button', { name: 'Chiudi resoconto' }).click();
  await page.getByRole('cell', { name: '1045872' }).waitFor();

  // The next file updates it, creates Luca Ferrari's (1038114) and refuses an unknown card and a bad date.
  report = await importFitet(
    'tesserati-settembre.xlsx',
    await workbook([
      ['1045872', 'Agonistica', '2ª categoria', '01/09/2026', '31/08/2027'],
      ['1038114', 'Amatoriale', '5ª categoria', '2026-09-15', '2027-08-31'],
      ['9999999', 'Agonistica', '1ª categoria', '01/09/2026', '31/08/2027'],
      ['1051230', 'Agonistica', '4ª categoria', '31/02/2026', '31/08/2027'],
    ]),
  );
  await toast(page, 'File FITET importato con successo!');
  assert.deepEqual(await counts(report), ['1', '1', '2']);
  const refused = report.getByRole('table', { name: 'Righe rifiutate' }).getByRole('row');
  assert.deepEqual(await refused.allInnerTexts(), [
    'Riga\tCodice tessera\tMotivo',
    '4\t9999999\tNessun utente con questo codice tessera',
    '5\t1051230\tData emissione non valida: 31/02/2026',
  ]);
  await screenshot(page, 'registry-fitet-report');
  await report.getByRole('button', { name: 'Chiudi resoconto' }).click();

  const marco = page.getByRole('row').filter({ has: page.getByRole('cell', { name: '1045872' }) });
  await marco.getByRole('cell', { name: '2ª categoria' }).waitFor();
  assert.deepEqual((await marco.getByRole('cell').allInnerTexts()).slice(0, 6), [
    '1045872',
    'Agonistica',
    '2ª categoria',
    '01/09/2026',
    '31/08/2027',
    'Rossi Marco',
  ]);
  await page.getByRole('cell', { name: 'Ferrari Luca' }).waitFor();
  await screenshot(page, 'registry-fitet');
});

test('Qualifiche sociali: the administrator creates a qualification with a colour, a priority, a rule and a mailing list', async () => {
  await page.goto(`${portal.server.url}/registry/users/qualifications`);
  await page.getByRole('heading', { name: 'Qualifiche sociali' }).waitFor();
  await page.getByRole('cell', { name: 'Agonista', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Aggiungi qualifica' }).click();
  const form = page.getByRole('dialog', { name: 'Aggiungi qualifica' });
  await form.getByLabel(/^Nome/).fill('Istruttore');
  await form.getByLabel(/^Descrizione/).fill('Tecnici federali del circolo');
  await form.locator('input[type="color"]').fill('#1e88e5');
  await form.getByLabel(/^Priorità/).fill('50');
  await choose(page, /^Regole di prenotazione/, 'Standard soci');
  await page.getByRole('combobox', { name: /^Regole di prenotazione/ }).click();
  await choose(page, /^Classi mailing list/, 'Tornei e gare');
  await page.getByRole('combobox', { name: /^Classi mailing list/ }).click();
  await form.getByRole('button', { name: 'Crea' }).click();
  await toast(page, 'Qualifica creata con successo!');

  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Istruttore', exact: true }) });
  await row.waitFor();
  assert.deepEqual((await row.getByRole('cell').allInnerTexts()).slice(0, 6), [
    'Istruttore',
    'Tecnici federali del circolo',
    '#1E88E5',
    'Standard soci',
    'Tornei e gare',
    '50',
  ]);
  await screenshot(page, 'registry-qualifications');
});

test('Regole di prenotazione: a rule with two unlock times shows them as readable text', async () => {
  await page.goto(`${portal.server.url}/registry/users/booking-rules`);
  await page.getByRole('heading', { name: 'Regole di prenotazione' }).waitFor();
  await page.getByRole('cell', { name: 'Standard soci', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Aggiungi regola' }).click();
  const form = page.getByRole('dialog', { name: 'Aggiungi regola di prenotazione' });
  await form.getByLabel(/^Nome/).fill('Serale');
  await form.getByLabel(/^Descrizione/).fill('Turni della sera');
  await form.getByLabel(/^Turni massimi a settimana/).fill('3');
  await form.getByLabel(/^Turni massimi al giorno/).fill('1');
  await form.getByLabel(/^Ore prima del turno per ignorare le regole/).fill('2');
  await form.getByLabel(/^Ore prima del turno per annullare/).fill('24');
  await form.getByLabel(/^Giorno di inizio settimana/).selectOption({ label: 'Lunedì' });
  await form.getByLabel(/^Giorno di fine settimana/).selectOption({ label: 'Domenica' });

  const unlock = async (index: number, day: string, hour: string, shifts: string) => {
    await form.getByLabel('Giorno (obbligatorio)', { exact: true }).nth(index).selectOption({ label: day });
    const time = form.getByLabel('Orario (obbligatorio)', { exact: true }).nth(index);
    await time.click();
    await time.fill(hour);
    await time.press('Tab');
    await form.getByLabel('Numero di turni (obbligatorio)', { exact: true }).nth(index).fill(shifts);
  };
  await unlock(0, 'Lunedì', '18:00', '2');
  await form.getByRole('button', { name: 'Aggiungi orario di sblocco' }).click();
  await unlock(1, 'Giovedì', '09:30', '1');
  await screenshot(page, 'registry-booking-rule-form');
  await form.getByRole('button', { name: 'Crea' }).click();
  await toast(page, 'Regola di prenotazione creata con successo!');

  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Serale', exact: true }) });
  await row.getByText('Lun 18:00 · 2 turni').waitFor();
  await row.getByText('Gio 09:30 · 1 turno').waitFor();
  assert.deepEqual((await row.getByRole('cell').allInnerTexts()).slice(0, 8), [
    'Serale',
    'Turni della sera',
    '3',
    '1',
    '2',
    '24',
    'Lunedì',
    'Domenica',
  ]);
  await screenshot(page, 'registry-booking-rules');

  const saved = (await (await page.request.get(`${portal.server.url}/api/v1/user/reservation-rule?q=Serale`)).json()) as {
    data: { unlock_times: { day: number; hour: string; num_shifts: number }[] }[];
  };
  assert.deepEqual(
    saved.data[0]?.unlock_times.map(({ day, hour, num_shifts }) => ({ day, hour, num_shifts })),
    [
      { day: 1, hour: '18:00', num_shifts: 2 },
      { day: 4, hour: '09:30', num_shifts: 1 },
    ],
  );
  await page.context().close();
});
