/**
 * The registry's mailing lists and training groups, as the secretary uses them in the composed portal:
 * - a mail to mailing lists reaches exactly the active members those lists reach (a new list given to the minors'
 *   category, then that list and the default one together: one mail each, none to a deactivated member), and the
 *   success toast says how many were queued; the outbox is read from the server's MAIL lines and, on PostgreSQL,
 *   from the mail_outbox table itself;
 * - a training group is created, two members are enrolled, a third enrollment past the maximum and a second
 *   enrollment of the same member are refused with their reasons, and deleting the group is refused with the
 *   spec's Italian message.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from './support/browser.ts';
import { ADMIN, portalForThisFile, signIn, toast } from './support/portal.ts';
import type { RunningServer } from './support/server.ts';

const portal = portalForThisFile();

const MEMBERS = {
  marco: 'marco.rossi@circolo.example',
  giulia: 'giulia.bianchi@circolo.example',
  luca: 'luca.ferrari@circolo.example',
  francesca: 'francesca.romano@circolo.example',
  matteo: 'matteo.colombo@circolo.example',
};

/** Chooses options of a multiple-choice menu, then closes it. */
async function chooseMany(page: Page, scope: Locator, combobox: RegExp, options: string[]): Promise<void> {
  await scope.getByRole('combobox', { name: combobox }).click();
  for (const option of options) await page.getByRole('option', { name: option }).click();
  if ((await page.getByRole('listbox').count()) > 0) await scope.getByRole('combobox', { name: combobox }).click();
}

/** Chooses a user in a picker, whose options carry the e-mail as sub-line. */
async function chooseUser(page: Page, scope: Locator, combobox: RegExp, surnameName: string): Promise<void> {
  await scope.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: new RegExp(`^${surnameName}`) }).click();
}

/** The recipients of the mails with this subject: the outbox's MAIL lines once `count` arrived, and on PostgreSQL the table. */
async function recipientsOf(server: RunningServer, subject: string, count: number): Promise<{ logged: string[]; stored: string[] | null }> {
  const withSubject = () => server.mails.filter((m) => m.subject === subject);
  const deadline = performance.now() + 20_000;
  while (withSubject().length < count) {
    if (performance.now() > deadline)
      throw new Error(`${withSubject().length} of ${count} mails '${subject}' delivered:\n${server.output.slice(-20).join('\n')}`);
    await new Promise((res) => setTimeout(res, 200));
  }
  const logged = withSubject()
    .map((m) => m.to)
    .sort();
  if (!server.databaseUrl) return { logged, stored: null };
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ to: string }>('select "to" from mail_outbox where subject = $1 order by "to"', [subject]);
    return { logged, stored: rows.map((r) => r.to) };
  } finally {
    await client.end();
  }
}

async function sendEmail(page: Page, lists: string[], subject: string, body: string): Promise<void> {
  await page.getByRole('button', { name: 'Invia email' }).click();
  const form = page.getByRole('dialog', { name: 'Invia email' });
  await chooseMany(page, form, /^Mailing list/, lists);
  await form.getByLabel(/^Oggetto/).fill(subject);
  await form.getByLabel(/^Messaggio/).fill(body);
  await form.getByRole('button', { name: 'Invia' }).click();
}

test('a mail to mailing lists reaches exactly the active members they reach, once each', async () => {
  const { server } = portal;
  const page = await portal.browser.newPage();
  await signIn(page, server.url, ADMIN.email, ADMIN.password);

  // Luca Ferrari is deactivated: no list may reach him.
  await page.goto(`${server.url}/registry/users/management`);
  const luca = page.getByRole('row').filter({ hasText: MEMBERS.luca });
  await luca.getByRole('button', { name: 'Disattiva' }).click();
  await page.getByRole('dialog', { name: 'Disattiva utente' }).getByRole('button', { name: 'Disattiva' }).click();
  await toast(page, 'Utente disattivato con successo!');

  // A new list, given to the minors' category.
  await page.goto(`${server.url}/registry/users/mailing-lists`);
  await page.getByRole('heading', { name: 'Mailing list' }).waitFor();
  await page.getByRole('button', { name: 'Aggiungi mailing list' }).click();
  const create = page.getByRole('dialog', { name: 'Aggiungi mailing list' });
  await create.getByLabel(/^Nome/).fill('Squadra giovanile');
  await create.getByLabel(/^Descrizione/).fill('Convocazioni del settore giovanile');
  await create.getByRole('button', { name: 'Crea' }).click();
  await toast(page, 'Mailing list creata con successo!');
  await page.getByRole('cell', { name: 'Squadra giovanile' }).waitFor();
  await page.getByRole('cell', { name: 'Offerte e promozioni' }).waitFor();
  await screenshot(page, 'registry-mail-1-mailing-lists');

  await page.goto(`${server.url}/registry/users/categories`);
  await page.getByRole('row').filter({ hasText: 'Minorenne' }).getByRole('button', { name: 'Modifica' }).click();
  const category = page.getByRole('dialog', { name: 'Modifica categoria' });
  await chooseMany(page, category, /^Mailing list/, ['Squadra giovanile']);
  await category.getByRole('button', { name: 'Salva' }).click();
  await toast(page, 'Categoria modificata con successo!');

  // The new list alone reaches the one minor.
  await page.goto(`${server.url}/registry/users/mailing-lists`);
  await page.getByRole('cell', { name: 'Squadra giovanile' }).waitFor();
  await sendEmail(page, ['Squadra giovanile'], 'Convocazione torneo giovanile', 'Sabato alle 15 in palestra.');
  await toast(page, 'Email inviata con successo! 1 email messa in coda di invio.');
  const youth = await recipientsOf(server, 'Convocazione torneo giovanile', 1);
  assert.deepEqual(youth.logged, [MEMBERS.matteo]);
  if (youth.stored) assert.deepEqual(youth.stored, [MEMBERS.matteo]);

  // With the default list too: every active member, the minor once, the deactivated member not at all.
  await sendEmail(
    page,
    ['Squadra giovanile', 'Comunicazioni del circolo'],
    'Chiusura per le feste',
    'Il circolo resta chiuso dal 24 al 26 dicembre.',
  );
  const form = page.getByRole('dialog', { name: 'Invia email' });
  await toast(page, 'Email inviata con successo! 5 email messe in coda di invio.');
  await form.waitFor({ state: 'detached' });
  const everyone = [ADMIN.email, MEMBERS.marco, MEMBERS.giulia, MEMBERS.francesca, MEMBERS.matteo].sort();
  const holidays = await recipientsOf(server, 'Chiusura per le feste', everyone.length);
  assert.deepEqual(holidays.logged, everyone);
  if (holidays.stored) assert.deepEqual(holidays.stored, everyone);
  assert.ok(!holidays.logged.includes(MEMBERS.luca));
  await screenshot(page, 'registry-mail-2-sent');

  // The form refuses an empty send without calling the server.
  await page.getByRole('button', { name: 'Invia email' }).click();
  const empty = page.getByRole('dialog', { name: 'Invia email' });
  await empty.getByRole('button', { name: 'Invia' }).click();
  assert.equal(await empty.getByText('Campo obbligatorio').count(), 3);
  await screenshot(page, 'registry-mail-3-send-form');
  await page.close();
});

/** Adds a participant to the group of this card. */
async function enroll(page: Page, card: Locator, groupTitle: string, member: string, fee: string): Promise<void> {
  await card.getByRole('button', { name: `Aggiungi partecipante a ${groupTitle}` }).click();
  const form = page.getByRole('dialog', { name: 'Aggiungi partecipante' });
  await chooseUser(page, form, /^Partecipante/, member);
  await form.getByLabel(/^Quota mensile/).fill(fee);
  await form.getByRole('button', { name: 'Aggiungi' }).click();
}

test('a training group with two members enrolled cannot be overfilled nor deleted', async () => {
  const { server } = portal;
  const page = await portal.browser.newPage();
  await signIn(page, server.url, ADMIN.email, ADMIN.password);
  await page.goto(`${server.url}/registry/users/training-groups`);
  await page.getByRole('heading', { name: 'Gruppi di allenamento' }).waitFor();
  await page.getByText('Nessun gruppo di allenamento: aggiungine uno.').waitFor();

  await page.getByRole('button', { name: 'Aggiungi gruppo' }).click();
  const create = page.getByRole('dialog', { name: 'Aggiungi gruppo di allenamento' });
  await create.getByLabel(/^Descrizione/).fill('Agonisti serie C');
  await chooseUser(page, create, /^Allenatore/, 'Rossi Marco');
  await chooseMany(page, create, /^Giorni della settimana/, ['Lunedì', 'Mercoledì']);
  // Typed, then Tab to the next field, as a person does at the keyboard.
  await create.getByLabel(/^Ora di inizio/).fill('18:00');
  await create.getByLabel(/^Ora di inizio/).press('Tab');
  await create.getByLabel(/^Ora di fine/).fill('19:30');
  await create.getByLabel(/^Ora di fine/).press('Tab');
  await create.getByLabel(/^Numero massimo di partecipanti/).fill('2');
  await screenshot(page, 'registry-groups-0-form');
  await create.getByRole('button', { name: 'Crea' }).click();
  await toast(page, 'Gruppo di allenamento creato con successo!');

  const title = 'Agonisti serie C';
  const card = page.getByRole('region', { name: title });
  await card.getByText('Lunedì, Mercoledì').waitFor();
  await card.getByText('18:00–19:30').waitFor();
  await card.getByText('Nessun partecipante iscritto').waitFor();

  await enroll(page, card, title, 'Bianchi Giulia', '35');
  await toast(page, 'Partecipante aggiunto con successo!');
  await enroll(page, card, title, 'Romano Francesca', '40,50');
  await toast(page, 'Partecipante aggiunto con successo!');
  const participants = card.getByRole('table', { name: `Partecipanti di ${title}` });
  await participants.getByRole('cell', { name: 'Bianchi Giulia', exact: true }).waitFor();
  await participants.getByRole('cell', { name: 'Romano Francesca', exact: true }).waitFor();
  await participants.getByText('40,50 €').waitFor();
  await card.getByText('Completo').waitFor();

  // Twice the same member, then a third member: both refused with the server's reason, nothing enrolled.
  await enroll(page, card, title, 'Bianchi Giulia', '35');
  await toast(
    page,
    "Si è verificato un errore durante l'aggiunta del partecipante al gruppo di allenamento: L'utente è già iscritto a questo gruppo di allenamento",
  );
  await page.getByRole('dialog', { name: 'Aggiungi partecipante' }).getByRole('button', { name: 'Annulla' }).click();
  await enroll(page, card, title, 'Colombo Matteo', '35');
  await toast(
    page,
    "Si è verificato un errore durante l'aggiunta del partecipante al gruppo di allenamento: Il gruppo di allenamento ha già raggiunto il numero massimo di partecipanti (2)",
  );
  await page.getByRole('dialog', { name: 'Aggiungi partecipante' }).getByRole('button', { name: 'Annulla' }).click();
  assert.equal(await participants.locator('tbody tr').count(), 2);
  await screenshot(page, 'registry-groups-1-card');

  // Deleting a group with participants is refused with the spec's Italian message; the group stays.
  await card.getByRole('button', { name: `Elimina ${title}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Elimina gruppo di allenamento' });
  await confirm.getByRole('button', { name: 'Elimina' }).click();
  await toast(page, 'Impossibile eliminare il gruppo di allenamento, ha ancora partecipanti iscritti');
  await screenshot(page, 'registry-groups-2-delete-refused');
  await confirm.getByRole('button', { name: 'Annulla' }).click();
  await page.reload();
  await page.getByRole('region', { name: title }).waitFor();
  await page.close();
});
