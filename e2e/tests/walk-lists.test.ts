/**
 * Issue 26, "Lists and polish", each seen in the browser at 1366 px:
 * 13. A list that fails to load shows the error panel and the spec's two toasts after one quick retry.
 * 14. Gestione tavoli downloads its tables like every admin list page; Dati FITET edits and deletes by row.
 * 15. statistics_access opens the statistics to the staff whose category holds it, and only to them (spec 000 §2.1).
 * 16. No empty 'Azioni' column on Turni liberi; finance downloads named in Italian; pages start where the header
 *     starts; the cancel-booking dialog says 'Annulla prenotazione' / 'Chiudi'.
 */
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { apiCall } from './support/api-call.ts';
import { screenshot } from './support/browser.ts';
import { ADMIN, MEMBER_PASSWORD, portalForThisFile, signIn, toast } from './support/portal.ts';

const portal = portalForThisFile();
const DESKTOP = { width: 1366, height: 768 };
const GIULIA = 'giulia.bianchi@circolo.example';

async function signedIn(email: string, password: string): Promise<Page> {
  const page = await portal.browser.newPage({ viewport: DESKTOP, acceptDownloads: true });
  await signIn(page, portal.server.url, email, password);
  return page;
}

test('13. a list that fails to load says so at once, with the two toasts of the spec', async () => {
  const page = await signedIn(ADMIN.email, ADMIN.password);
  let attempts = 0;
  await page.route(/\/api\/v1\/user\/qualification\?/, async (route) => {
    attempts++;
    await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'INTERNAL', message: 'guasto' }) });
  });
  await page.goto(`${portal.server.url}/registry/users/qualifications`);
  await page.getByRole('alert').filter({ hasText: 'Errore durante il recupero dei dati.' }).getByRole('button', { name: 'Ricarica' }).waitFor();
  await page
    .getByText('Non è stato possibile recuperare i dati della tabella, se il problema persiste contattare un amministratore.')
    .first()
    .waitFor();
  // the panel and the toast say the same words: two of them
  assert.ok((await page.getByText('Errore durante il recupero dei dati.', { exact: true }).count()) >= 2);
  // One retry, not three (1 + 2 + 4 s of 'Caricamento in corso...' before anything was said).
  assert.ok(attempts <= 2, `${attempts} requests before the error`);
  await screenshot(page, 'walk-lists-13-load-error');
  await page.close();
});

test('14, 16. Gestione tavoli downloads its tables; finance downloads are named in Italian', async () => {
  const page = await signedIn(ADMIN.email, ADMIN.password);
  await page.goto(`${portal.server.url}/bookings/game-tables`);
  await page.getByRole('button', { name: 'Scarica', exact: true }).click();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'CSV' }).click()]);
  assert.equal(file.suggestedFilename(), 'tavoli.csv');

  await page.goto(`${portal.server.url}/finance/insertion-count`);
  await page.getByRole('button', { name: 'Scarica', exact: true }).click();
  const [accounts] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'EXCEL' }).click()]);
  assert.equal(accounts.suggestedFilename(), 'conti.xlsx');
  await page.close();
});

test('14. Dati FITET edits and deletes a row, like every admin list page', async () => {
  const page = await signedIn(ADMIN.email, ADMIN.password);
  await page.goto(`${portal.server.url}/registry/users/fitet`);
  await page.getByRole('heading', { name: 'Dati FITET' }).waitFor();
  await page.getByRole('button', { name: 'Carica file FITET' }).click();
  const upload = page.getByRole('dialog', { name: 'Carica file FITET' });
  await upload.getByLabel(/^File FITET/).setInputFiles(path.join(import.meta.dirname, '..', '..', 'docs', 'samples', 'fitet-esempio.csv'));
  await upload.getByRole('button', { name: 'Carica' }).click();
  const report = page.getByRole('dialog', { name: 'Resoconto importazione FITET' });
  await report.getByRole('button', { name: 'Chiudi resoconto' }).click();

  const rowOf = (code: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: code, exact: true }) });
  await rowOf('1045872').getByRole('button', { name: 'Modifica' }).click();
  const form = page.getByRole('dialog', { name: 'Modifica dato FITET' });
  await form.getByLabel(/^Categoria/).fill('2ª categoria');
  await form.getByRole('button', { name: 'Salva' }).click();
  await toast(page, 'Dato FITET modificato con successo!');
  await rowOf('1045872').getByRole('cell', { name: '2ª categoria' }).waitFor();

  await rowOf('1051230').getByRole('button', { name: 'Elimina' }).click();
  const confirm = page.getByRole('dialog', { name: 'Elimina dato FITET' });
  assert.match(await confirm.innerText(), /L'operazione non è reversibile/);
  await confirm.getByRole('button', { name: 'Elimina' }).click();
  await toast(page, 'Dato FITET eliminato con successo!');
  await rowOf('1051230').waitFor({ state: 'detached' });
  await rowOf('1038114').waitFor();
  await screenshot(page, 'walk-lists-14-fitet-row-actions');
  await page.close();
});

test('15. statistics_access opens the statistics to a category that holds it, and to no other staff', async () => {
  const page = await signedIn(ADMIN.email, ADMIN.password);
  type Category = {
    _id: string;
    name: string;
    description: string | null;
    permissions: string[];
    reservation_rules: { _id: string }[];
    mailing_list_classes: { _id: string }[];
  };
  const categories = (await apiCall<{ data: Category[] }>(page, 'GET', '/user/category?limit=100')).body.data;
  const found = categories.find((c) => c.name === 'Soci')!;
  const members = {
    name: found.name,
    description: found.description,
    permissions: found.permissions,
    reservation_rules: found.reservation_rules.map((r) => r._id),
    mailing_list_classes: found.mailing_list_classes.map((m) => m._id),
  };
  const member = await signedIn(GIULIA, MEMBER_PASSWORD);
  await member.goto(`${portal.server.url}/statistics/free-sessions`);
  assert.equal(await member.getByRole('link', { name: 'Statistiche' }).count(), 0);
  assert.equal((await apiCall(member, 'GET', '/statistics/free-sessions?startDate=2026-11-01&endDate=2026-11-30')).status, 403);
  await member.close();

  const granted = await apiCall(page, 'PATCH', `/user/category/${found._id}`, {
    ...members,
    permissions: [...members.permissions, 'statistics_access'],
  });
  assert.equal(granted.status, 200, JSON.stringify(granted.body));
  const staff = await signedIn(GIULIA, MEMBER_PASSWORD);
  await staff.goto(`${portal.server.url}/statistics/free-sessions`);
  await staff.getByRole('heading', { name: 'Turni liberi' }).waitFor();
  // 16: the free sessions have no row actions: no empty 'Azioni' column on a laptop.
  await staff.getByRole('table').waitFor();
  assert.equal(await staff.getByRole('columnheader', { name: 'Azioni' }).count(), 0);
  await staff.close();
  await apiCall(page, 'PATCH', `/user/category/${found._id}`, members);
  await page.close();
});

test('16. a domain page starts where the header starts at 1366 px', async () => {
  const page = await signedIn(ADMIN.email, ADMIN.password);
  for (const path of ['/registry/users/qualifications', '/bookings/game-tables', '/finance/insertion-count', '/user/profile']) {
    await page.goto(`${portal.server.url}${path}`);
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    const brand = await page.locator('.shell-brand').boundingBox();
    const title = await heading.boundingBox();
    assert.ok(Math.abs(brand!.x - title!.x) <= 2, `${path}: header at ${brand!.x} px, page at ${title!.x} px`);
  }
  await page.close();
});

test('16. the cancel-booking dialog says what each button does', async () => {
  // The demo club's booking of Luca and Francesca on the next weekday: whoever made it may cancel it.
  for (const email of ['luca.ferrari@circolo.example', 'francesca.romano@circolo.example']) {
    const page = await signedIn(email, MEMBER_PASSWORD);
    await page.goto(`${portal.server.url}/user/bookings`);
    await page.getByRole('article').first().waitFor();
    const cancel = page.getByRole('button', { name: 'Annulla prenotazione' }).first();
    if ((await cancel.count()) === 0) {
      await page.close();
      continue;
    }
    await cancel.click();
    const dialog = page.getByRole('dialog', { name: 'Annulla prenotazione' });
    // (the '×' in the corner is 'Chiudi' too)
    await dialog.getByRole('button', { name: 'Chiudi' }).last().waitFor();
    assert.equal(await dialog.getByRole('button', { name: 'Annulla', exact: true }).count(), 0);
    await screenshot(page, 'walk-lists-16-cancel-dialog');
    await dialog.getByRole('button', { name: 'Annulla prenotazione' }).click();
    await toast(page, 'Prenotazione annullata con successo!');
    await page.close();
    return;
  }
  assert.fail('the demo booking of Luca and Francesca offers no cancellation');
});
