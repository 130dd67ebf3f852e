/**
 * The audit log in the composed portal (issue 28): the administrator edits a member's phone on 'Gestione utenti';
 * 'Registro attività' (Anagrafica, '*' only) lists the change, and opening it shows the phone before and after side
 * by side. The member's profile shows it under 'Attività recente' with their own sign-in.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot } from './support/browser.ts';
import { ADMIN, MEMBER_PASSWORD, signIn, toast, portalForThisFile } from './support/portal.ts';

const portal = portalForThisFile();
const MARCO = 'marco.rossi@circolo.example';
const NEW_PHONE = '+39 333 7654321';

test("an administrator edits a member's phone; 'Registro attività' shows it before and after", async () => {
  const context = await portal.browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await signIn(page, portal.server.url, ADMIN.email, ADMIN.password);
  await page.goto(`${portal.server.url}/registry/users/management`);
  await page.getByRole('heading', { name: 'Gestione utenti' }).waitFor();

  const marco = page.getByRole('row').filter({ hasText: MARCO });
  await marco.getByRole('button', { name: 'Modifica' }).click();
  const form = page.getByRole('dialog', { name: 'Modifica utente' });
  const phone = form.getByLabel(/^Telefono/);
  const before = await phone.inputValue();
  assert.notEqual(before, NEW_PHONE);
  await phone.fill(NEW_PHONE);
  await form.getByRole('button', { name: 'Salva' }).click();
  await toast(page, 'Utente modificato con successo!');

  // The sub-navigation of Anagrafica leads there.
  await page.getByRole('link', { name: 'Registro attività' }).first().click();
  await page.waitForURL(`${portal.server.url}/registry/audit`);
  await page.getByRole('heading', { name: 'Registro attività' }).waitFor();
  const newest = page.getByRole('row').filter({ hasText: 'Utenti' }).filter({ hasText: 'Modifica' }).first();
  await newest.waitFor();
  await newest.getByRole('button', { name: 'Dettagli' }).click();
  const dialog = page.getByRole('dialog', { name: 'Modifica — Utenti' });
  const change = dialog.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Telefono' }) });
  assert.deepEqual(await change.getByRole('cell').allInnerTexts(), [before, NEW_PHONE]);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await screenshot(page, 'audit-change');
  await context.close();

  const member = await portal.browser.newContext({ viewport: { width: 1366, height: 900 } });
  const own = await member.newPage();
  await signIn(own, portal.server.url, MARCO, MEMBER_PASSWORD);
  await own.goto(`${portal.server.url}/user/profile`);
  const card = own.getByRole('region', { name: 'Attività recente' });
  await card.getByText('Modifica: telefono (da').waitFor();
  await card
    .getByText(/^Accesso/)
    .first()
    .waitFor();
  await card.scrollIntoViewIfNeeded();
  await screenshot(own, 'audit-profile-activity');
  await member.close();
});
