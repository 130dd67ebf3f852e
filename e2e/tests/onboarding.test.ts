/**
 * The whole onboarding of a member, as people do it in the composed portal:
 * the administrator signs in and creates a member; the invitation lands in the outbox (the server's log);
 * the member opens the link, sets a password, is signed in, accepts the terms, edits phone and e-mail,
 * changes the password, logs out, and signs in again with the new e-mail and password.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from './support/browser.ts';
import { ADMIN, openAndFillUserForm, signIn, toast, portalForThisFile, NEW_MEMBER } from './support/portal.ts';

const portal = portalForThisFile();

/** Clicks the field's save icon and waits for the PATCH /user/me it sends and its success toast. */
async function saveField(page: Page, field: Locator) {
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/user/me') && r.request().method() === 'PATCH');
  await field.getByRole('button', { name: 'Salva modifiche' }).click();
  assert.equal((await saved).status(), 200);
  await toast(page, 'Modifiche salvate con successo');
}

test('administrator invites a member who completes registration and manages the account', async () => {
  const admin = await portal.browser.newPage();
  await signIn(admin, portal.server.url, ADMIN.email, ADMIN.password);
  await admin.goto(`${portal.server.url}/registry/users/management`);
  await admin.getByRole('heading', { name: 'Gestione utenti' }).waitFor();
  const form = await openAndFillUserForm(admin, NEW_MEMBER);
  assert.equal(await form.getByLabel(/^Data di nascita/).inputValue(), '22/07/1990');
  assert.equal(await form.getByLabel(/^Luogo di nascita/).inputValue(), 'Napoli');
  await screenshot(admin, 'onboarding-1-user-form');
  await form.getByRole('button', { name: 'Crea' }).click();
  await toast(admin, 'Utente creato con successo!');
  await admin.getByRole('cell', { name: NEW_MEMBER.email }).waitFor();
  await admin.close();

  const invitation = await portal.server.waitForMail(NEW_MEMBER.email);
  const link = invitation.links.find((l) => l.includes('/complete-registration?'));
  assert.ok(link, `invitation carries the registration link: ${JSON.stringify(invitation)}`);

  const member = await (await portal.browser.newContext()).newPage();
  await member.goto(link);
  await member.getByText('Ci siamo quasi...').waitFor();
  await member.getByLabel(/^Nuova password/).fill('Benvenuta-2026');
  await member.getByLabel(/^Conferma password/).fill('Benvenuta-2026');
  await member.getByLabel(/Autorizzo il trattamento dei dati personali/).check();
  await member.getByRole('button', { name: 'Crea' }).click();
  await toast(member, 'Registrazione completata con successo!');
  await member.waitForURL(`${portal.server.url}/`);

  // Terms gate: blocking until both boxes are ticked and accepted; then the page reloads.
  const gate = member.getByRole('dialog', { name: 'Termini e condizioni' });
  await gate.waitFor();
  await screenshot(member, 'onboarding-2-terms-gate');
  await gate.getByLabel("Ho letto e accetto l'informativa sulla privacy").check();
  await gate.getByLabel('Ho letto e accetto il regolamento del circolo').check();
  // The acceptance is confirmed by its answer, not its toast: the page reloads at once, often before the toast can be
  // read (waiting for it then cost Playwright's whole 30 s limit, swallowed).
  const accepted = member.waitForResponse((r) => r.url().endsWith('/api/v1/auth/accept-terms') && r.request().method() === 'POST');
  await gate.getByRole('button', { name: 'Accetta' }).click();
  assert.equal((await accepted).status(), 200);
  await gate.waitFor({ state: 'detached' });
  await member.getByText(`Ciao ${NEW_MEMBER.name}`).first().waitFor();
  assert.equal(await member.getByTestId('terms-gate').count(), 0);

  // Profile: phone and e-mail edited in place.
  await member.goto(`${portal.server.url}/user/profile`);
  await member.getByText('Il tuo profilo, i tuoi dati').waitFor();
  const phone = member.getByTestId('editable-phone_number');
  await phone.getByRole('textbox').fill('+39 340 1112233');
  await saveField(member, phone);
  const email = member.getByTestId('editable-email');
  await email.getByRole('textbox').fill('chiara.e@example.it');
  // A new e-mail needs the current password confirmed first: the server refuses (REAUTH_REQUIRED), the profile asks.
  const emailSaved = member.waitForResponse((r) => r.url().endsWith('/api/v1/user/me') && r.request().method() === 'PATCH' && r.status() === 200);
  await email.getByRole('button', { name: 'Salva modifiche' }).click();
  const reauth = member.getByTestId('reauth-dialog');
  await reauth.getByLabel(/^Password attuale/).fill('Benvenuta-2026');
  await reauth.getByRole('button', { name: 'Verifica' }).click();
  await emailSaved;
  await toast(member, 'Modifiche salvate con successo');
  await reauth.waitFor({ state: 'detached' });

  // Password: the three-step dialog.
  await member.getByRole('button', { name: 'Modifica password' }).click();
  const dialog = member.getByTestId('password-dialog');
  await dialog.getByText('Sei sicuro di voler modificare la password?').waitFor();
  await dialog.getByRole('button', { name: 'Conferma' }).click();
  await dialog.getByLabel(/^Password attuale/).fill('Benvenuta-2026');
  await dialog.getByRole('button', { name: 'Verifica' }).click();
  await dialog.getByLabel(/^Nuova password/).fill('Nuova-Pass-2027');
  await dialog.getByLabel(/^Ripeti la nuova password/).fill('Nuova-Pass-2027');
  await dialog.getByRole('button', { name: 'Salva' }).click();
  await dialog.waitFor({ state: 'detached' });
  await screenshot(member, 'onboarding-3-profile');

  // Logout, then the new e-mail and password sign in; the saved phone is there.
  await member.getByRole('button', { name: 'Logout' }).click();
  await member.waitForURL(`${portal.server.url}/login`);
  await signIn(member, portal.server.url, 'chiara.e@example.it', 'Nuova-Pass-2027');
  await member.goto(`${portal.server.url}/user/profile`);
  assert.equal(await member.getByTestId('editable-phone_number').getByRole('textbox').inputValue(), '+39 340 1112233');
  const me = await member.evaluate(async () => (await fetch('/api/v1/auth/me', { credentials: 'include' })).json());
  assert.equal(me.user.email, 'chiara.e@example.it');
  assert.equal(me.user.has_accepted_terms, true);

  // The old password no longer works.
  const old = await fetch(`${portal.server.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'chiara.e@example.it', password: 'Benvenuta-2026' }),
  });
  assert.equal(old.status, 401);
});
