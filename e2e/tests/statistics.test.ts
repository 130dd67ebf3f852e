/**
 * The statistics pages in the composed portal, on the demo club (server/src/domains/booking/seed.ts): three past
 * weeks in which Luca, Francesca and Matteo played five shifts of 90 minutes (a cancelled booking and a private
 * lesson outside the statistics do not count). The administrator opens Turni giocati and Turni liberi, sees the
 * figures, narrows to one table and downloads both lists; then Presenze ai tavoli (issue 42), per table and week.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { seriousViolations, settled } from './support/axe.ts';
import { screenshot } from './support/browser.ts';
import { ADMIN, portalForThisFile, signIn } from './support/portal.ts';

const portal = portalForThisFile();

/** The value under a summary figure's label. */
const figure = (page: Page, label: string) =>
  page
    .locator('.bk-stats__figure')
    .filter({ has: page.locator('dt', { hasText: label }) })
    .locator('dd');

async function download(page: Page, label: 'EXCEL' | 'CSV' | 'PDF'): Promise<{ name: string; body: Buffer }> {
  await page.getByRole('button', { name: 'Scarica', exact: true }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: label }).click();
  const file = await downloading;
  return { name: file.suggestedFilename(), body: readFileSync(await file.path()) };
}

test('the administrator reads played and free shifts of the demo club, by period and table, and downloads them', async () => {
  const page = await (await portal.browser.newContext({ acceptDownloads: true, viewport: { width: 1366, height: 900 } })).newPage();
  await signIn(page, portal.server.url, ADMIN.email, ADMIN.password);

  // Turni giocati opens on this month; the demo's three past weeks are always inside the last three months.
  await page.goto(`${portal.server.url}/statistics/played-sessions`);
  await page.getByRole('heading', { name: 'Turni giocati' }).waitFor();
  assert.equal(await page.getByLabel('Periodo', { exact: true }).inputValue(), 'this-month');
  await page.getByLabel('Periodo', { exact: true }).selectOption({ label: 'Ultimi 3 mesi' });
  await page.waitForURL(/startDate=/);
  await figure(page, 'Turni giocati').filter({ hasText: /^5$/ }).waitFor();
  assert.equal(await figure(page, 'Soci che hanno giocato').innerText(), '3');
  assert.equal(await figure(page, 'Ore di gioco').innerText(), '7,5');
  const matteo = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Colombo', exact: true }) });
  await matteo.waitFor();
  assert.deepEqual(await matteo.getByRole('cell').allInnerTexts(), ['Colombo', 'Matteo', 'Minorenne', '4', '6']);
  await settled(page);
  await screenshot(page, 'statistics-1-played');
  const violations = await seriousViolations(page, 'Turni giocati');

  // Sorted by shifts, the download is the same query: Francesca and Matteo (4 shifts) before Luca (3).
  await page.getByRole('columnheader', { name: 'Turni giocati' }).getByRole('button').click();
  await page.getByRole('columnheader', { name: 'Turni giocati' }).getByRole('button').click();
  await page.getByRole('row').last().filter({ hasText: 'Ferrari' }).waitFor();
  const csv = await download(page, 'CSV');
  assert.match(csv.name, /^turni_giocati_\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = csv.body
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  assert.equal(lines[0], 'Cognome;Nome;Categoria;Turni giocati;Ore giocate');
  assert.deepEqual(
    lines
      .slice(1)
      .map((l) => l.split(';').slice(0, 4).join(' '))
      .sort(),
    ['Colombo Matteo Minorenne 4', 'Ferrari Luca Soci 3', 'Romano Francesca Soci 4'],
  );
  // Hours with a decimal comma are quoted (RFC 4180): a spreadsheet reading ',' as the separator keeps one cell.
  assert.match(lines.at(-1)!, /^Ferrari;Luca;Soci;3;"4,5"$/);

  // One table: table 2 had two of the five shifts (Francesca and Matteo both times).
  await page.getByLabel('Tavolo', { exact: true }).selectOption({ label: 'Tavolo 2' });
  await figure(page, 'Turni giocati').filter({ hasText: /^2$/ }).waitFor();
  assert.equal(await figure(page, 'Soci che hanno giocato').innerText(), '2');
  // The rows follow the figures: Luca played on other tables only.
  await page.getByRole('cell', { name: 'Ferrari', exact: true }).waitFor({ state: 'detached' });

  // Turni liberi: the sub-navigation keeps the app; the demo group's evenings are offered on every table.
  await page.getByRole('link', { name: 'Turni liberi' }).first().click();
  await page.getByRole('heading', { name: 'Turni liberi' }).waitFor();
  const offered = Number((await figure(page, 'Turni offerti').innerText()).replace(/\./g, ''));
  assert.ok(offered > 0, `offered ${offered}`);
  assert.match(await figure(page, 'Occupazione').innerText(), /^\d+(,\d)?%$/);
  await page.getByRole('cell', { name: 'Tavolo 1', exact: true }).first().waitFor();
  await settled(page);
  await screenshot(page, 'statistics-2-free');
  violations.push(...(await seriousViolations(page, 'Turni liberi')));

  await page.getByLabel('Periodo', { exact: true }).selectOption({ label: 'Ultimi 3 mesi' });
  await page.getByLabel('Tavolo', { exact: true }).selectOption({ label: 'Tavolo 1' });
  await page.waitForURL(/table=/);
  await page.waitForFunction(() => Array.from(document.querySelectorAll('tbody tr td:first-child')).every((td) => td.textContent === 'Tavolo 1'));
  const pdf = await download(page, 'PDF');
  assert.match(pdf.name, /^turni_liberi_.*_tavolo_1\.pdf$/);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.body)), { mergePages: true });
  assert.match(text, /Turni liberi/);
  assert.match(text, /Dal \d{2}\/\d{2}\/\d{4} al \d{2}\/\d{2}\/\d{4} · Tavolo 1/);
  assert.match(text, /Martedì/);

  // Presenze ai tavoli (issue 42): per table and week, the demo's bookings booked (none checked in: the demo predates
  // check-in), downloaded through the same Scarica.
  await page.getByRole('link', { name: 'Presenze ai tavoli' }).first().click();
  await page.getByRole('heading', { name: 'Presenze ai tavoli' }).waitFor();
  await page.getByLabel('Periodo', { exact: true }).selectOption({ label: 'Ultimi 3 mesi' });
  await page.getByLabel('Tavolo', { exact: true }).selectOption({ label: 'Tutti i tavoli' });
  const week = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'Tavolo 2', exact: true }) })
    .first();
  await week.waitFor();
  const cells = await week.getByRole('cell').allInnerTexts();
  assert.match(cells[1]!, /^\d{2}\/\d{2}\/\d{4} - \d{2}\/\d{2}\/\d{4}$/);
  assert.ok(Number(cells[2]) > 0, `booked ${cells[2]}`);
  await settled(page);
  await screenshot(page, 'statistics-4-table-weeks');
  violations.push(...(await seriousViolations(page, 'Presenze ai tavoli')));
  const weeks = await download(page, 'CSV');
  assert.match(weeks.name, /^presenze_tavoli_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  assert.equal(
    weeks.body
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)[0],
    'Tavolo;Settimana;Prenotati;Giocati;Liberati;Non presentati',
  );

  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'statistics-3-free-phone');
  assert.deepEqual(violations, [], 'no serious or critical accessibility violation');
  await page.context().close();
});
