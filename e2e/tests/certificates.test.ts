/**
 * Certificates end to end (issue 9): the administrator creates the type 'Medico agonistico' (medical, warned 30 and 7
 * days before) and gives Marco a certificate of it; Marco uploads a PDF from his profile; the administrator sees it
 * not approved, approves it with an expiry date; Marco's profile then shows it approved with that date.
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser.ts';
import { ADMIN, MEMBER_PASSWORD, choose, portalForThisFile, removeCertificates, signIn, toast } from './support/portal.ts';
import { testNow } from 'test-kit';

const portal = portalForThisFile();
const MARCO = 'marco.rossi@circolo.example';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

const rowOf = (page: Page, text: string) => page.locator('tbody tr').filter({ has: page.getByRole('cell', { name: text, exact: true }) });
const medicalStatus = (page: Page) => page.getByTestId('medical-status');

test("a member's medical certificate: type, upload from the profile, approval, the profile follows", async () => {
  const admin = await (await portal.browser.newContext()).newPage();
  await signIn(admin, portal.server.url, ADMIN.email, ADMIN.password);
  // Marco starts without a certificate (the demo club gives him an approved one).
  await removeCertificates(admin, MARCO);

  // The type, with its comma-separated warning days.
  await admin.goto(`${portal.server.url}/certificates/types`);
  await admin.getByRole('heading', { name: 'Tipologie certificati' }).waitFor();
  await admin.getByRole('button', { name: 'Aggiungi tipologia' }).click();
  const typeForm = admin.getByRole('dialog', { name: 'Aggiungi tipologia' });
  await typeForm.getByLabel(/^Nome/).fill('Medico agonistico');
  await typeForm.getByLabel(/^Giorni prima della notifica/).fill('30,7');
  await typeForm.getByLabel(/^Certificato medico/).check();
  await typeForm.getByRole('button', { name: 'Crea' }).click();
  await toast(admin, 'Tipologia creata con successo!');
  const typeRow = rowOf(admin, 'Medico agonistico');
  await typeRow.getByRole('cell', { name: '30, 7' }).waitFor();
  await screenshot(admin, 'certificates-1-types');

  // Marco's certificate of that type, before any upload.
  await admin.goto(`${portal.server.url}/certificates/management`);
  await admin.getByRole('heading', { name: 'Gestione certificati' }).waitFor();
  await admin.getByRole('button', { name: 'Aggiungi certificato' }).click();
  const createForm = admin.getByRole('dialog', { name: 'Aggiungi certificato' });
  await choose(admin, /^Tipologia/, 'Medico agonistico');
  await admin.getByRole('combobox', { name: /^Utente/ }).click();
  await admin.getByRole('option', { name: /^Rossi Marco/ }).click();
  await createForm.getByRole('button', { name: 'Crea' }).click();
  await toast(admin, 'Certificato creato con successo!');
  const marcoRow = rowOf(admin, 'Rossi');
  await marcoRow.getByText('Non caricato').waitFor();

  // Marco uploads a PDF from his profile.
  const member = await (await portal.browser.newContext({ acceptDownloads: true })).newPage();
  await signIn(member, portal.server.url, MARCO, MEMBER_PASSWORD);
  await member.goto(`${portal.server.url}/user/profile`);
  await member.getByRole('heading', { name: 'Il tuo profilo, i tuoi dati' }).waitFor();
  const card = member.getByRole('region', { name: 'Certificato medico' });
  assert.equal(await medicalStatus(member).textContent(), 'Non caricato');
  await card.getByRole('button', { name: 'Carica', exact: true }).click();
  const upload = member.getByRole('dialog', { name: 'Carica certificato medico' });
  await upload.getByLabel(/^File del certificato medico/).setInputFiles({ name: 'visita-medica.pdf', mimeType: 'application/pdf', buffer: PDF });
  await upload.getByRole('button', { name: 'Carica' }).click();
  await toast(member, 'Certificato caricato con successo!');
  await upload.waitFor({ state: 'detached' });
  await member.getByTestId('medical-status').filter({ hasText: 'In attesa di approvazione' }).waitFor();
  // Uploading again waits for the approval.
  assert.equal(await card.getByRole('button', { name: 'Carica', exact: true }).isDisabled(), true);
  assert.equal(await card.locator('span[title="Il certificato caricato è in attesa di approvazione"]').count(), 1);

  // The member downloads what he uploaded, named certificato_{id}.
  const downloading = member.waitForEvent('download');
  await card.getByRole('button', { name: 'Scarica certificato' }).click();
  const download = await downloading;
  const me = (await member.evaluate(async () => (await fetch('/api/v1/user/me', { credentials: 'include' })).json())) as { _id: string };
  assert.equal(download.suggestedFilename(), `certificato_${me._id}.pdf`);
  await screenshot(member, 'certificates-2-profile-awaiting-approval');

  // The administrator sees it not approved, and approves it with an expiry date.
  await admin.reload();
  await marcoRow.getByText('Da approvare').waitFor();
  assert.equal(await marcoRow.getByRole('cell', { name: 'No', exact: true }).count(), 1, 'not approved');
  await marcoRow.getByRole('button', { name: 'visita-medica.pdf' }).waitFor();
  await screenshot(admin, 'certificates-3-management-awaiting-approval');
  await marcoRow.getByRole('button', { name: 'Approva' }).click();
  const approve = admin.getByRole('dialog', { name: 'Approva certificato' });
  // Six months ahead, the first of the month: within the type's validity (12 months, issue 25) and past its warnings.
  const ahead = testNow();
  ahead.setUTCDate(1);
  ahead.setUTCMonth(ahead.getUTCMonth() + 6);
  const [year, month] = [ahead.getUTCFullYear(), String(ahead.getUTCMonth() + 1).padStart(2, '0')];
  await approve.getByLabel(/^Data di scadenza/).fill(`01/${month}/${year}`);
  await approve.getByLabel(/^Note/).fill('Visita del medico sportivo');
  const approving = admin.waitForRequest((r) => r.url().includes('/approve'));
  await approve.getByRole('button', { name: 'Approva' }).click();
  assert.deepEqual((await approving).postDataJSON(), { end_date: `${year}-${month}-01`, notes: 'Visita del medico sportivo' });
  await toast(admin, 'Certificato approvato con successo!');
  await marcoRow.locator('[data-state="valid"]').waitFor();
  await marcoRow.getByRole('cell', { name: `01/${month}/${year}` }).waitFor();
  assert.equal(await marcoRow.getByRole('cell', { name: 'Sì', exact: true }).count(), 1, 'approved');
  assert.equal(await marcoRow.getByRole('button', { name: 'Approva' }).count(), 0);
  await screenshot(admin, 'certificates-4-management-approved');

  // Marco's profile shows it approved, with that date.
  await member.reload();
  await member.getByTestId('medical-status').filter({ hasText: 'Approvato' }).waitFor();
  await card.getByText(`01/${month}/${year}`).waitFor();
  await card.getByRole('button', { name: 'Caricato', exact: true }).waitFor();
  assert.equal(await card.getByRole('button', { name: 'Caricato', exact: true }).isEnabled(), true);
  await screenshot(member, 'certificates-5-profile-approved');

  // The request forms are real PDFs.
  const form = member.waitForEvent('download');
  await card.getByRole('button', { name: 'Modulo certificato agonistico' }).click();
  const agonistic = await form;
  assert.equal(agonistic.suggestedFilename(), 'modulo_certificato_agonistico.pdf');

  await member.context().close();
  await admin.context().close();
});
