/**
 * Bad input in the browser gets the spec's Italian message and changes nothing: empty required fields,
 * a malformed e-mail, a 7-character password, a reused invitation or reset link, a wrong codice fiscale,
 * a 6 MB photo, a PDF renamed .png.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page, Request } from 'playwright-core';
import { screenshot } from './support/browser.ts';
import { ADMIN, MEMBER_PASSWORD, openAndFillUserForm, signIn, toast, portalForThisFile, NEW_MEMBER } from './support/portal.ts';

const portal = portalForThisFile();

/** Records the API calls a page makes, to prove a refused form sent nothing. */
function apiCalls(page: Page, method: string, path: string): Request[] {
  const calls: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === method && new URL(r.url()).pathname === `/api/v1${path}`) calls.push(r);
  });
  return calls;
}

async function login(email: string, password: string) {
  return fetch(`${portal.server.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
}

test('a malformed e-mail at sign-in is refused in the browser and never sent', async () => {
  const page = await portal.browser.newPage();
  const calls = apiCalls(page, 'POST', '/auth/login');
  await page.goto(`${portal.server.url}/login`);
  await page.getByLabel(/^Email/).fill('mario.rossi@');
  await page.locator('input[name="password"]').fill('qualcosa-di-lungo');
  await page.getByRole('button', { name: 'Entra' }).click();
  await page.getByText('Inserisci un indirizzo email valido').waitFor();
  assert.equal(calls.length, 0);
  await page.close();
});

test('registration: a 7-character password is refused, a reused invitation link changes nothing', async () => {
  const adminLogin = await login(ADMIN.email, ADMIN.password);
  const setCookie = adminLogin.headers.get('set-cookie');
  assert.ok(setCookie, 'the administrator is signed in');
  const [cookie = ''] = setCookie.split(';');
  const categories = await (await fetch(`${portal.server.url}/api/v1/user/category?limit=50`, { headers: { cookie } })).json();
  const soci = categories.data.find((c: { name: string }) => c.name === 'Soci');
  const created = await fetch(`${portal.server.url}/api/v1/user`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      member_id: '0200',
      name: 'Paolo',
      surname: 'Gallo',
      email: 'paolo.gallo@example.it',
      phone_number: '3331112222',
      fiscal_code: 'GLLPLA88S03L219D',
      birth_date: '1988-11-03',
      birth_province: 'TO',
      birth_place: 'Torino',
      residence_address: 'Via Po 1',
      residence_province: 'TO',
      residence_place: 'Torino',
      residence_postal_code: '10123',
      gender: 'M',
      category: soci._id,
    }),
  });
  assert.equal(created.status, 201, await created.clone().text());
  const link = (await portal.server.waitForMail('paolo.gallo@example.it')).links.find((l) => l.includes('/complete-registration?'))!;

  const page = await (await portal.browser.newContext()).newPage();
  const calls = apiCalls(page, 'POST', '/auth/complete-registration');
  await page.goto(link);
  await page.getByLabel(/^Nuova password/).fill('1234567');
  await page.getByLabel(/^Conferma password/).fill('1234567');
  await page.getByLabel(/Autorizzo il trattamento dei dati personali/).check();
  await page.getByRole('button', { name: 'Crea' }).click();
  await page.getByText('La password deve contenere almeno 8 caratteri').first().waitFor();
  await page.getByLabel(/^Conferma password/).fill('12345678');
  await page.getByLabel(/^Nuova password/).fill('12345679');
  await page.getByRole('button', { name: 'Crea' }).click();
  await page.getByText('Le password non corrispondono').first().waitFor();
  assert.equal(calls.length, 0, 'nothing is sent while the form is invalid');
  await screenshot(page, 'validation-registration');

  await page.getByLabel(/^Nuova password/).fill('Prima-Password-1');
  await page.getByLabel(/^Conferma password/).fill('Prima-Password-1');
  await page.getByRole('button', { name: 'Crea' }).click();
  await page.waitForURL(`${portal.server.url}/`);
  await page.context().close();

  // The same link a second time: refused, and the first password still stands.
  const again = await (await portal.browser.newContext()).newPage();
  await again.goto(link);
  await again.getByLabel(/^Nuova password/).fill('Seconda-Password-2');
  await again.getByLabel(/^Conferma password/).fill('Seconda-Password-2');
  await again.getByLabel(/Autorizzo il trattamento dei dati personali/).check();
  await again.getByRole('button', { name: 'Crea' }).click();
  // Issue 44 item 8: a used invitation says so, and what to do, instead of a generic error.
  await again
    .getByText(/^Questo invito è già stato usato: la registrazione è completata/)
    .first()
    .waitFor();
  assert.equal((await login('paolo.gallo@example.it', 'Seconda-Password-2')).status, 401);
  assert.equal((await login('paolo.gallo@example.it', 'Prima-Password-1')).status, 200);
  await again.context().close();
});

test('password reset: the link works once; reused it says the token is invalid or expired', async () => {
  const email = 'luca.ferrari@circolo.example';
  const page = await (await portal.browser.newContext()).newPage();
  await page.goto(`${portal.server.url}/login-send-email`);
  await page.getByText('Nessun problema!').waitFor();
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole('button', { name: 'Invia' }).click();
  await toast(page, 'Email inviata con successo! Controlla la tua casella di posta elettronica.');
  const link = (await portal.server.waitForMail(email)).links.find((l) => l.includes('/change-password?'))!;

  await page.goto(link);
  await page.getByText('Crea la tua nuova password, non la dimenticare!').waitFor();
  await page.getByLabel(/^Nuova password/).fill('Reset-Password-1');
  await page.getByLabel(/^Conferma password/).fill('Reset-Password-1');
  await page.getByRole('button', { name: 'Conferma' }).click();
  await toast(page, 'Reset password completato con successo!');
  await page.waitForURL(`${portal.server.url}/`);
  await page.context().close();

  const again = await (await portal.browser.newContext()).newPage();
  await again.goto(link);
  await again.getByLabel(/^Nuova password/).fill('Reset-Password-2');
  await again.getByLabel(/^Conferma password/).fill('Reset-Password-2');
  await again.getByRole('button', { name: 'Conferma' }).click();
  await toast(again, 'Token non valido o scaduto, riprova a richiedere il reset della password');
  assert.equal((await login(email, MEMBER_PASSWORD)).status, 401);
  assert.equal((await login(email, 'Reset-Password-2')).status, 401);
  assert.equal((await login(email, 'Reset-Password-1')).status, 200);
  await again.context().close();
});

test('user form: empty fields, wrong codice fiscale, 6 MB photo and a PDF renamed .png are refused and nothing is saved', async () => {
  const page = await portal.browser.newPage();
  await signIn(page, portal.server.url, ADMIN.email, ADMIN.password);
  await page.goto(`${portal.server.url}/registry/users/management`);
  await page.getByRole('heading', { name: 'Gestione utenti' }).waitFor();
  const creates = apiCalls(page, 'POST', '/user');

  // An empty form: every required field says so, nothing is sent.
  await page.getByRole('button', { name: 'Aggiungi utente' }).click();
  const empty = page.getByRole('dialog', { name: 'Aggiungi utente' });
  await empty.getByRole('button', { name: 'Crea' }).click();
  // The 15 required fields of an adult (spec 001 §5), each flagged once.
  await empty.getByText('Campo obbligatorio').nth(14).waitFor();
  assert.equal(await empty.getByText('Campo obbligatorio').count(), 15);
  assert.equal(creates.length, 0);
  await empty.getByRole('button', { name: 'Annulla' }).click();
  await empty.waitFor({ state: 'detached' });

  const form = await openAndFillUserForm(page, NEW_MEMBER);

  // Wrong check letter: the form says so and sends nothing.
  await form.getByLabel(/^Codice fiscale/).fill('SPSCHR90L62F839A');
  await form.getByRole('button', { name: 'Crea' }).click();
  await form.getByText('Codice fiscale non valido: il carattere di controllo non corrisponde').waitFor();
  assert.equal(creates.length, 0);
  await form.getByLabel(/^Codice fiscale/).fill(NEW_MEMBER.fiscalCode);

  // A 6 MB photo is refused by the file input itself.
  await form.getByLabel(/^Foto/).setInputFiles({ name: 'grande.png', mimeType: 'image/png', buffer: Buffer.alloc(6 * 1024 * 1024, 1) });
  await form.getByText('Il file grande.png supera la dimensione massima di 5 MB').waitFor();

  // A PDF renamed .png passes the browser's name check; the server reads the content and refuses it.
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
  await form.getByLabel(/^Foto/).setInputFiles({ name: 'finta.png', mimeType: 'image/png', buffer: pdf });
  await form.getByRole('button', { name: 'Crea' }).click();
  await toast(page, "Si è verificato un errore durante la creazione dell'utente: Tipo di file non accettato: finta.png");
  assert.equal(creates.length, 1);
  await screenshot(page, 'validation-user-form');
  await form.waitFor(); // the form stays open with what was typed

  const list = await page.evaluate(async () => (await fetch('/api/v1/user?q=esposito', { credentials: 'include' })).json());
  assert.equal(list.meta.totalItems, 0, 'no user was saved');
  await page.close();
});
