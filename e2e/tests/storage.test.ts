/**
 * The stockroom end to end (issue 11): the administrator creates an item category and an item, records a load and
 * a delivery to a member, and the item's current quantity follows; an unload of more than the stock is refused
 * with its message and nothing changes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser.ts';
import { ADMIN, choose, portalForThisFile, signIn, toast } from './support/portal.ts';

const portal = portalForThisFile();

const ITEM = 'Racchette da prestito';

async function open(page: Page, path: string, title: string) {
  await page.goto(`${portal.server.url}${path}`);
  await page.getByRole('heading', { name: title }).waitFor();
}

/** The item's row on Gestione magazzino: [description, category, total, current]. */
async function itemRow(page: Page): Promise<string[]> {
  await open(page, '/storage/management', 'Gestione magazzino');
  await page.getByPlaceholder('Cerca qualcosa...').fill(ITEM);
  const row = page.getByRole('row').filter({ hasText: ITEM });
  await row.waitFor();
  await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
  return (await row.getByRole('cell').allInnerTexts()).slice(0, 4).map((t) => t.trim());
}

async function chooseItem(page: Page) {
  await page.getByRole('combobox', { name: /^Articolo/ }).click();
  await page.getByRole('option', { name: new RegExp(`^${ITEM}`) }).click();
}

test('a load then a delivery change the item quantity; an oversized unload is refused and changes nothing', async () => {
  const page = await (await portal.browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signIn(page, portal.server.url, ADMIN.email, ADMIN.password);

  // Categorie articoli: a new category.
  await open(page, '/storage/categories', 'Categorie articoli');
  await page.getByRole('button', { name: 'Aggiungi categoria' }).click();
  const categoryForm = page.getByRole('dialog', { name: 'Aggiungi categoria' });
  await categoryForm.getByLabel(/^Nome/).fill('Attrezzatura');
  await categoryForm.getByRole('button', { name: 'Crea' }).click();
  await toast(page, 'Categoria articoli creata con successo!');
  await page.getByRole('cell', { name: 'Attrezzatura', exact: true }).waitFor();
  await screenshot(page, 'storage-categories');

  // Gestione magazzino: the item, empty.
  await open(page, '/storage/management', 'Gestione magazzino');
  await page.getByRole('button', { name: 'Aggiungi articolo' }).click();
  const itemForm = page.getByRole('dialog', { name: 'Aggiungi articolo' });
  await itemForm.getByLabel(/^Descrizione/).fill(ITEM);
  await choose(page, /^Categoria/, 'Attrezzatura');
  await itemForm.getByLabel(/^Quantità totale/).fill('0');
  await itemForm.getByLabel(/^Quantità attuale/).fill('0');
  await itemForm.getByRole('button', { name: 'Crea' }).click();
  await toast(page, 'Articolo creato con successo!');
  assert.deepEqual(await itemRow(page), [ITEM, 'Attrezzatura', '0', '0']);

  // Carico: 10 rackets arrive.
  await open(page, '/storage/load', 'Carico');
  await page.getByRole('button', { name: 'Aggiungi carico' }).click();
  const loadForm = page.getByRole('dialog', { name: 'Aggiungi carico' });
  await chooseItem(page);
  await loadForm.getByLabel(/^Quantità/).fill('10');
  await loadForm.getByLabel(/^Data di acquisizione/).fill('05/11/2026');
  await loadForm.getByLabel(/^Note/).click();
  await loadForm.getByLabel(/^Note/).fill('Acquisto di inizio stagione');
  await loadForm.getByRole('button', { name: 'Crea' }).click();
  await toast(page, 'Carico registrato con successo!');
  await page.getByRole('row').filter({ hasText: ITEM }).filter({ hasText: '05/11/2026' }).waitFor();
  await screenshot(page, 'storage-load');
  assert.deepEqual(await itemRow(page), [ITEM, 'Attrezzatura', '10', '10']);

  // Scarico, tab Consegna: 3 go to Marco Rossi.
  await open(page, '/storage/unload', 'Scarico');
  await page.getByRole('button', { name: 'Aggiungi scarico' }).click();
  const unloadForm = page.getByRole('dialog', { name: 'Aggiungi scarico' });
  await unloadForm.getByRole('tab', { name: 'Consegna' }).click();
  await chooseItem(page);
  await unloadForm.getByLabel(/^Quantità/).fill('3');
  await unloadForm.getByLabel(/^Data di consegna/).fill('10/11/2026');
  await page.getByRole('combobox', { name: /^Socio/ }).click();
  await page.getByRole('option', { name: /^Rossi Marco/ }).click();
  await unloadForm.getByRole('button', { name: 'Crea' }).click();
  await toast(page, 'Scarico registrato con successo!');
  const deliveryRow = page.getByRole('row').filter({ hasText: ITEM });
  await deliveryRow.waitFor();
  assert.deepEqual(
    (await deliveryRow.getByRole('cell').allInnerTexts()).slice(0, 7).map((t) => t.trim()),
    ['Consegna', ITEM, '3', '10/11/2026', '', 'Rossi', 'Marco'],
  );
  assert.deepEqual(await itemRow(page), [ITEM, 'Attrezzatura', '10', '7']);

  // Scarico of 8 with 7 in stock: refused with the reason, the form keeps what was typed, nothing changes.
  await open(page, '/storage/unload', 'Scarico');
  await page.getByRole('button', { name: 'Aggiungi scarico' }).click();
  await chooseItem(page);
  await unloadForm.getByLabel(/^Quantità/).fill('8');
  await unloadForm.getByLabel(/^Data di scarico/).fill('12/11/2026');
  await unloadForm.getByLabel(/^Motivo/).fill('Racchette rotte');
  await unloadForm.getByRole('button', { name: 'Crea' }).click();
  await toast(
    page,
    `Si è verificato un errore durante la registrazione dello scarico: Quantità non disponibile in magazzino: di «${ITEM}» restano 7 pezzi, l'operazione ne toglierebbe 8.`,
  );
  assert.equal(await unloadForm.getByLabel(/^Motivo/).inputValue(), 'Racchette rotte');
  await screenshot(page, 'storage-unload-refused');
  await unloadForm.getByRole('button', { name: 'Annulla' }).click();
  await page.getByPlaceholder('Cerca qualcosa...').fill(ITEM);
  await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
  await screenshot(page, 'storage-unload');
  assert.deepEqual(await itemRow(page), [ITEM, 'Attrezzatura', '10', '7']);
  await screenshot(page, 'storage-management');
  await page.context().close();
});
