/**
 * Issue 26, "Forms and input": what a walk through the forms found, each seen in the browser.
 * 6. Every message of the contract's schemas is Italian; inputs stop at the schema's length; a refused profile value
 *    is not left in the field as if saved.
 * 7. Impossible dates are refused, in the form and by the server: a certificate expiring before today, a session
 *    on a past day or more than two years ahead, a payment or an accounting movement more than 30 days ahead.
 * 8. A date the picker cannot take is not cleared silently: the field says what is wrong.
 * 9. Phone numbers and postal codes are checked in the form (and by the server, the same schema).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { clubDate, testNow } from 'test-kit';
import { apiCall } from './support/api-call.ts';
import { screenshot } from './support/browser.ts';
import { ADMIN, MEMBER_PASSWORD, NEW_MEMBER, openAndFillUserForm, portalForThisFile, signIn } from './support/portal.ts';

const portal = portalForThisFile();
const MARCO = 'marco.rossi@circolo.example';
const TODAY = clubDate(testNow(), 'Europe/Rome');
const italian = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const ENGLISH = /Too (big|small)|expected|Invalid (input|option)|must (be|have)/;

async function signedIn(email: string, password: string): Promise<Page> {
  const page = await portal.browser.newPage({ viewport: { width: 1366, height: 768 } });
  await signIn(page, portal.server.url, email, password);
  return page;
}

test('6, 9. the profile phone stops at 30 characters, says in Italian what is wrong, and a refused value is not kept', async () => {
  const page = await signedIn(MARCO, MEMBER_PASSWORD);
  await page.goto(`${portal.server.url}/user/profile`);
  const phone = page.getByLabel('Numero di telefono');
  const saved = await phone.inputValue();
  assert.equal(await phone.getAttribute('maxlength'), '30');
  await phone.fill('9'.repeat(40));
  assert.equal((await phone.inputValue()).length, 30);

  await phone.fill('abc<script>');
  await phone.press('Enter');
  await page.getByText('Numero di telefono non valido: usa cifre, spazi e il prefisso internazionale (es. +39 333 1234567)').waitFor();
  await screenshot(page, 'walk-forms-6-profile-phone');
  // Leaving the field puts back what is saved: the refused text does not stay as if it were.
  await page.getByRole('heading', { name: 'Il tuo profilo, i tuoi dati' }).click();
  assert.equal(await phone.inputValue(), saved);
  await page.reload();
  assert.equal(await page.getByLabel('Numero di telefono').inputValue(), saved);

  // The server says the same, in Italian, of what the form would not send.
  const tooLong = await apiCall<{ code: string; message: string }>(page, 'PATCH', '/user/me', { phone_number: '9'.repeat(40) });
  assert.equal(tooLong.status, 400);
  assert.match(tooLong.body.message, /Al massimo 30 caratteri/);
  assert.doesNotMatch(tooLong.body.message, ENGLISH);
  const script = await apiCall<{ message: string }>(page, 'PATCH', '/user/me', { phone_number: 'abc<script>' });
  assert.equal(script.status, 400);
  assert.match(script.body.message, /Numero di telefono non valido/);
  await page.close();
});

test('6. a mailing list name stops at 200 characters and the server answers past it in Italian', async () => {
  const page = await signedIn(ADMIN.email, ADMIN.password);
  await page.goto(`${portal.server.url}/registry/users/mailing-lists`);
  await page.getByRole('button', { name: 'Aggiungi mailing list' }).click();
  const name = page.getByRole('dialog', { name: 'Aggiungi mailing list' }).getByLabel(/^Nome/);
  assert.equal(await name.getAttribute('maxlength'), '200');
  const answer = await apiCall<{ message: string }>(page, 'POST', '/user/mailing-list/classes', { name: 'x'.repeat(201), type: 'INFORMATIVA' });
  assert.equal(answer.status, 400);
  assert.match(answer.body.message, /Al massimo 200 caratteri/);
  assert.doesNotMatch(answer.body.message, ENGLISH);
  await page.close();
});

test('8, 9. the user form says what is wrong with a phone, a postal code and a date that does not exist', async () => {
  const page = await signedIn(ADMIN.email, ADMIN.password);
  await page.goto(`${portal.server.url}/registry/users/management`);
  const form = await openAndFillUserForm(page, { ...NEW_MEMBER, email: 'walk.forms@example.it' });
  await form.getByLabel(/^Telefono/).fill('abc<script>');
  await form.getByLabel(/^CAP di residenza/).fill('abcde');
  const contractEnd = form.getByLabel(/^Scadenza del contratto/);
  await contractEnd.fill('31/02/2027');
  await contractEnd.press('Tab');
  await form.getByText('Data non valida: il 31/02/2027 non esiste').waitFor();
  await form.getByRole('button', { name: 'Crea' }).click();
  await form.getByText(/^Numero di telefono non valido/).waitFor();
  await form.getByText('CAP non valido (5 cifre)').waitFor();
  await screenshot(page, 'walk-forms-9-user-form');
  await page.close();
});

test('8. the shift search says a past day is before the first it takes, instead of clearing it', async () => {
  const page = await signedIn(MARCO, MEMBER_PASSWORD);
  await page.goto(`${portal.server.url}/book-session`);
  const day = page.getByLabel(/^Giorno/);
  await day.fill('01/01/2020');
  await day.press('Tab');
  await page.getByText(`La data non può essere precedente al ${italian(TODAY)}`).waitFor();
  await page.close();
});

test('7. a certificate approved with an expiry before today and a session on a past day are refused by the server', async () => {
  const page = await signedIn(ADMIN.email, ADMIN.password);
  const tables = (await apiCall<{ data: { _id: string }[] }>(page, 'GET', '/training-session/game-tables')).body.data;
  const past = await apiCall<{ code: string; message: string }>(page, 'POST', '/training-session', {
    title: 'Turno nel passato',
    day: '2020-01-01',
    start_time: '18:00',
    end_time: '19:00',
    participant_qualifications: (await apiCall<{ data: { _id: string }[] }>(page, 'GET', '/user/qualification?limit=300')).body.data.map(
      (q) => q._id,
    ),
    game_tables: [tables[0]!._id],
  });
  assert.equal(past.status, 400);
  assert.equal(past.body.code, 'SESSION_DATE_PAST');
  assert.equal(past.body.message, 'Non puoi creare turni in una data passata.');

  type Certificate = { _id: string; user: { _id: string }; active_record_content: { recordId: string } | null };
  const certificates = (await apiCall<{ data: Certificate[] }>(page, 'GET', '/certificate?limit=500')).body.data;
  const certificate = certificates.find((c) => c.active_record_content)!;
  const record = certificate.active_record_content!;
  // (the demo club's certificates are approved already: approving again only sets the expiry and notes)
  const approved = await apiCall<{ code: string }>(
    page,
    'PATCH',
    `/certificate/${certificate._id}/user/${certificate.user._id}/record/${record.recordId}/approve`,
    { end_date: '2020-01-01', notes: 'Controllato' },
  );
  assert.equal(approved.status, 400);
  assert.equal(approved.body.code, 'CERTIFICATE_END_DATE_PAST', JSON.stringify(approved.body));
  await page.close();
});

test('7. a payment dated 2030 is refused: the form names the last day it takes, and the server holds the same rule', async () => {
  const page = await signedIn(ADMIN.email, ADMIN.password);
  const last = new Date(`${TODAY}T00:00:00Z`);
  last.setUTCDate(last.getUTCDate() + 30);
  const lastDay = last.toISOString().slice(0, 10);
  await page.goto(`${portal.server.url}/finance/members-cashout`);
  await page.getByRole('row').filter({ hasText: 'Rossi Marco' }).getByRole('button', { name: 'Aggiungi pagamento' }).click();
  const form = page.getByRole('dialog', { name: 'Aggiungi pagamento' });
  await form.getByLabel(/^Importo/).fill('1');
  await form.getByLabel(/^Data del pagamento/).fill('01/10/2030');
  await form.getByLabel(/^Data del pagamento/).press('Tab');
  await form.getByText(`La data non può essere successiva al ${italian(lastDay)}`).waitFor();
  await screenshot(page, 'walk-forms-7-payment-date');

  const charges = (await apiCall<{ data: { _id: string; user: { surname: string } }[] }>(page, 'GET', '/finance/member-charge?limit=500')).body.data;
  const marco = charges.find((c) => c.user.surname === 'Rossi')!;
  const refused = await apiCall<{ code: string; message: string }>(page, 'POST', `/finance/member-charge/${marco._id}/payment`, {
    amount_paid: 1,
    payment_date: '2030-10-01',
    payment_type: 'cash',
  });
  assert.equal(refused.status, 400);
  assert.deepEqual(
    [refused.body.code, refused.body.message],
    ['PAYMENT_DATE_TOO_FAR', 'La data del pagamento è troppo avanti: al massimo 30 giorni da oggi.'],
  );
  await page.close();
});

test('7. a session more than two years ahead and a movement registered more than 30 days ahead: the forms name the last day, the server refuses', async () => {
  const page = await signedIn(ADMIN.email, ADMIN.password);
  const lastSessionDay = `${Number(TODAY.slice(0, 4)) + 2}${TODAY.slice(4)}`;
  await page.goto(`${portal.server.url}/bookings/sessions`);
  await page.getByRole('button', { name: '+ TS' }).click();
  const sessionForm = page.getByRole('dialog', { name: 'Nuovo turno di allenamento' });
  await sessionForm.getByLabel(/^Giorno/).fill('01/01/2030');
  await sessionForm.getByLabel(/^Giorno/).press('Tab');
  await sessionForm.getByText(`La data non può essere successiva al ${italian(lastSessionDay)}`).waitFor();
  await screenshot(page, 'walk-forms-7-session-day');
  const tables = (await apiCall<{ data: { _id: string }[] }>(page, 'GET', '/training-session/game-tables')).body.data;
  const qualifications = (await apiCall<{ data: { _id: string }[] }>(page, 'GET', '/user/qualification?limit=300')).body.data;
  const farSession = await apiCall<{ code: string; message: string }>(page, 'POST', '/training-session', {
    title: 'Turno nel 2030',
    day: '2030-01-01',
    start_time: '18:00',
    end_time: '19:00',
    participant_qualifications: qualifications.map((q) => q._id),
    game_tables: [tables[0]!._id],
  });
  assert.equal(farSession.status, 400);
  assert.deepEqual([farSession.body.code, farSession.body.message], ['SESSION_DATE_TOO_FAR', 'Non puoi creare turni a più di 2 anni da oggi.']);

  const last = new Date(`${TODAY}T00:00:00Z`);
  last.setUTCDate(last.getUTCDate() + 30);
  const lastEntryDay = last.toISOString().slice(0, 10);
  await page.goto(`${portal.server.url}/finance/accounting-movements`);
  await page.getByRole('button', { name: 'Aggiungi voce contabile' }).click();
  const entryForm = page.getByRole('dialog', { name: 'Aggiungi voce contabile' });
  await entryForm.getByLabel(/^Data di registrazione/).fill('01/10/2030');
  await entryForm.getByLabel(/^Data di registrazione/).press('Tab');
  await entryForm.getByText(`La data non può essere successiva al ${italian(lastEntryDay)}`).waitFor();
  await screenshot(page, 'walk-forms-7-entry-date');
  const subaccounts = (
    await apiCall<{ data: { _id: string; parent_account: { ledger_type: string } }[] }>(page, 'GET', '/finance/subaccount?limit=500')
  ).body.data;
  const farEntry = await apiCall<{ code: string; message: string }>(page, 'POST', '/finance/accounting-entry', {
    fiscal_year: '2030-2031',
    registration_date: '2030-10-01',
    payment_type: 'cash',
    subaccount: subaccounts.find((s) => s.parent_account.ledger_type === 'Costi')!._id,
    taxable_amount: 10,
  });
  assert.equal(farEntry.status, 400);
  assert.deepEqual(
    [farEntry.body.code, farEntry.body.message],
    ['ENTRY_DATE_TOO_FAR', 'La data di registrazione è troppo avanti: al massimo 30 giorni da oggi.'],
  );
  await page.close();
});
