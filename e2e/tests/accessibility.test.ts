/**
 * Accessibility of the composed portal: axe-core (injected from its own file) runs on every route of the
 * route table as the demo administrator, on the public pages, and on every modal and menu that exists today
 * (user form, category form, confirmations, deactivate, download menu, password dialog, terms gate).
 * No serious or critical violation may remain.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PORTAL_ROUTES } from 'shared-api/portal-routes';
import { PUBLIC_ROUTES } from 'shell/routes';
import { seriousViolations, settled } from './support/axe.ts';
import { ADMIN, openAndFillUserForm, portalForThisFile, signIn, toast, NEW_MEMBER } from './support/portal.ts';

const portal = portalForThisFile();

test('every route, signed in as the administrator, has no serious or critical violation', async () => {
  const page = await portal.browser.newPage({ viewport: { width: 1366, height: 768 } });
  await signIn(page, portal.server.url, ADMIN.email, ADMIN.password);
  const found: string[] = [];
  for (const route of PORTAL_ROUTES) {
    await page.goto(`${portal.server.url}${route.path}`);
    await page.locator('main :is(h1, h2)').first().waitFor();
    await settled(page);
    found.push(...(await seriousViolations(page, route.path)));
  }
  await page.goto(`${portal.server.url}/una-pagina-che-non-esiste`);
  await page.getByRole('heading', { name: 'Pagina non trovata' }).waitFor();
  found.push(...(await seriousViolations(page, 'not found (signed in)')));
  assert.deepEqual(found, []);
  await page.close();
});

test('the public pages have no serious or critical violation', async () => {
  const page = await (await portal.browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  const found: string[] = [];
  for (const route of PUBLIC_ROUTES) {
    await page.goto(`${portal.server.url}${route.path}?uid=00000000-0000-4000-8000-000000000000&token=t`);
    await page
      .getByRole('button', { name: /Entra|Invia|Conferma|Crea/ })
      .first()
      .waitFor();
    await settled(page);
    found.push(...(await seriousViolations(page, route.path)));
  }
  // The sign-in page with its errors on screen.
  await page.goto(`${portal.server.url}/login`);
  await page.getByLabel(/^Email/).fill(ADMIN.email);
  await page.locator('input[name="password"]').fill('sbagliata-123');
  await page.getByRole('button', { name: 'Entra' }).click();
  await page.getByText('Accesso fallito. Controlla le tue credenziali e riprova').waitFor();
  found.push(...(await seriousViolations(page, '/login after a refusal')));
  assert.deepEqual(found, []);
  await page.context().close();
});

test('every modal and menu has no serious or critical violation', async () => {
  const page = await portal.browser.newPage({ viewport: { width: 1366, height: 768 } });
  await signIn(page, portal.server.url, ADMIN.email, ADMIN.password);
  const found: string[] = [];
  const check = async (where: string) => found.push(...(await seriousViolations(page, where)));

  await page.goto(`${portal.server.url}/registry/users/management`);
  await page.getByRole('cell', { name: 'Rossi', exact: true }).waitFor();

  await page.getByRole('button', { name: 'Scarica', exact: true }).click();
  await page.getByRole('menu', { name: 'Formato del file' }).waitFor();
  await check('download menu');
  await page.keyboard.press('Escape');

  // The user form, empty after a failed submit (errors on screen), with a menu and the date picker open.
  await page.getByRole('button', { name: 'Aggiungi utente' }).click();
  const form = page.getByRole('dialog', { name: 'Aggiungi utente' });
  await form.getByRole('button', { name: 'Crea' }).click();
  await form.getByText('Campo obbligatorio').first().waitFor();
  await check('user form after a failed submit');
  await page.getByRole('combobox', { name: 'Categoria (obbligatorio)' }).click();
  await page.getByRole('option', { name: 'Soci', exact: true }).waitFor();
  await check('user form, category menu open');
  await page.keyboard.press('Escape');
  await form.getByLabel(/^Data di nascita/).click();
  await page.locator('.react-datepicker').waitFor();
  await check('user form, date picker open');
  await page.keyboard.press('Escape');
  await form.getByRole('button', { name: 'Annulla' }).click();

  const row = page.getByRole('row').filter({ hasText: 'marco.rossi@circolo.example' });
  await row.getByRole('button', { name: 'Modifica' }).click();
  await page.getByRole('dialog', { name: 'Modifica utente' }).getByLabel(/^Nome/).waitFor();
  await check('user edit form');
  await page.getByRole('dialog', { name: 'Modifica utente' }).getByRole('button', { name: 'Annulla' }).click();

  await row.getByRole('button', { name: 'Disattiva' }).click();
  await page.getByRole('dialog', { name: 'Disattiva utente' }).waitFor();
  await check('deactivate');
  await page.getByRole('dialog', { name: 'Disattiva utente' }).getByRole('button', { name: 'Annulla' }).click();

  await row.getByRole('button', { name: 'Elimina' }).click();
  await page.getByRole('dialog', { name: 'Elimina utente' }).waitFor();
  await check('delete confirmation');
  await page.getByRole('dialog', { name: 'Elimina utente' }).getByRole('button', { name: 'Annulla' }).click();

  await page.goto(`${portal.server.url}/registry/users/categories`);
  await page.getByRole('cell', { name: 'Soci', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Aggiungi categoria' }).click();
  const categoryForm = page.getByRole('dialog', { name: /categoria/i });
  await categoryForm.waitFor();
  await check('category form');
  await categoryForm.getByRole('button', { name: 'Annulla' }).click();
  await page.getByRole('row').filter({ hasText: 'Soci' }).first().getByRole('button', { name: 'Elimina' }).click();
  await page.getByRole('dialog', { name: 'Elimina categoria' }).waitFor();
  await check('category delete confirmation');
  await page.getByRole('dialog', { name: 'Elimina categoria' }).getByRole('button', { name: 'Annulla' }).click();

  await page.goto(`${portal.server.url}/user/profile`);
  await page.getByRole('button', { name: 'Modifica password' }).click();
  const passwordDialog = page.getByRole('dialog', { name: 'Modifica password' });
  await passwordDialog.getByText('Sei sicuro di voler modificare la password?').waitFor();
  await check('password dialog, step 1');
  await passwordDialog.getByRole('button', { name: 'Conferma' }).click();
  await passwordDialog.getByLabel(/^Password attuale/).waitFor();
  await check('password dialog, step 2');
  await passwordDialog.getByRole('button', { name: 'Annulla' }).click();

  // The mobile menu, open.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: /menu/i }).first().click();
  await page.getByRole('link', { name: 'Prenota' }).first().waitFor();
  await check('mobile menu open');

  assert.deepEqual(found, []);
  await page.close();
});

test('the terms gate of a member who has not accepted has no serious or critical violation', async () => {
  const admin = await portal.browser.newPage({ viewport: { width: 1366, height: 768 } });
  await signIn(admin, portal.server.url, ADMIN.email, ADMIN.password);
  await admin.goto(`${portal.server.url}/registry/users/management`);
  const form = await openAndFillUserForm(admin, NEW_MEMBER);
  await form.getByRole('button', { name: 'Crea' }).click();
  await toast(admin, 'Utente creato con successo!');
  await admin.close();
  const link = (await portal.server.waitForMail(NEW_MEMBER.email)).links.find((l) => l.includes('/complete-registration?'));
  assert.ok(link);

  const member = await (await portal.browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  await member.goto(link);
  await member.getByLabel(/^Nuova password/).fill('Benvenuta-2026');
  await member.getByLabel(/^Conferma password/).fill('Benvenuta-2026');
  await member.getByLabel(/Autorizzo il trattamento dei dati personali/).check();
  await member.getByRole('button', { name: 'Crea' }).click();
  const gate = member.getByRole('dialog', { name: 'Termini e condizioni' });
  await gate.waitFor();
  // Only Accetta and Esci end the gate: it shows no '×' that could never work.
  assert.equal(await gate.getByRole('button', { name: 'Chiudi' }).count(), 0);
  const found = await seriousViolations(member, 'terms gate');
  await gate.getByRole('button', { name: 'Accetta' }).click();
  await gate.getByText('Campo obbligatorio').first().waitFor();
  found.push(...(await seriousViolations(member, 'terms gate with its errors')));
  assert.deepEqual(found, []);
  await member.context().close();
});
