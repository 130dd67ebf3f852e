/**
 * The rough edges of issue 8 that a member and a secretary met, checked in the composed portal:
 * Enter in date fields and confirmations, the password dialog held open while it works, past deactivation
 * dates, the club's time zone on the profile, pagination back to page 1, the login error after a retry,
 * every column of the users table on a 1366 px laptop, and the phone's sub-navigation and cards.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page, Request } from 'playwright-core';
import { screenshot } from './support/browser.ts';
import { ADMIN, MEMBER_PASSWORD, portalForThisFile, signIn, toast } from './support/portal.ts';
import { withCheckLetter } from 'server/testing';
import { testNow } from 'test-kit';

const portal = portalForThisFile();
const USERS = '/registry/users/management';

/** The users table's row of a person, found by e-mail. */
const rowOf = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });

async function adminOn(path: string, viewport = { width: 1366, height: 768 }): Promise<Page> {
  const page = await portal.browser.newPage({ viewport });
  await signIn(page, portal.server.url, ADMIN.email, ADMIN.password);
  await page.goto(`${portal.server.url}${path}`);
  return page;
}

test('Enter submits the deactivation from its date field, a past date is refused, and Enter confirms the activation', async () => {
  const page = await adminOn(USERS);
  const row = rowOf(page, 'luca.ferrari@circolo.example');
  const deactivations: Request[] = [];
  page.on('request', (r) => r.url().includes('/deactivate') && deactivations.push(r));

  await row.getByRole('button', { name: 'Disattiva' }).click();
  const dialog = page.getByRole('dialog', { name: 'Disattiva utente' });
  const endDate = dialog.getByLabel('Data di fine disattivazione');
  await endDate.fill('01/01/2020');
  await endDate.press('Enter');
  await dialog.getByText('La data di fine disattivazione non può essere nel passato').waitFor();
  assert.equal(deactivations.length, 0, 'a past end date is not sent');

  const nextYear = testNow().getFullYear() + 1;
  await endDate.fill(`30/06/${nextYear}`);
  const sent = page.waitForRequest((r) => r.url().includes('/deactivate'));
  await endDate.press('Enter');
  assert.deepEqual((await sent).postDataJSON(), { end_date: `${nextYear}-06-30` });
  await toast(page, 'Utente disattivato con successo!');
  await dialog.waitFor({ state: 'detached' });
  await row.getByText(`Disattivato fino al 30/06/${nextYear}`).waitFor();

  await row.getByRole('button', { name: 'Attiva' }).click();
  await page.getByRole('dialog', { name: 'Attiva utente' }).waitFor();
  const activated = page.waitForRequest((r) => r.url().endsWith('/activate'));
  await page.keyboard.press('Enter');
  await activated;
  await toast(page, 'Utente attivato con successo!');
  await page.getByRole('dialog', { name: 'Attiva utente' }).waitFor({ state: 'detached' });
  await page.close();
});

test('the password dialog stays open, × disabled, while its check runs', async () => {
  const page = await adminOn('/user/profile');
  let release!: () => void;
  const held = new Promise<void>((res) => (release = res));
  await page.route('**/api/v1/auth/verifypassword', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Modifica password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Modifica password' });
  await dialog.getByRole('button', { name: 'Conferma' }).click();
  await dialog.getByLabel(/^Password attuale/).fill(ADMIN.password);
  const asked = page.waitForRequest('**/api/v1/auth/verifypassword');
  await dialog.getByLabel(/^Password attuale/).press('Enter');
  await asked;
  assert.equal(await dialog.getByRole('button', { name: 'Chiudi' }).isDisabled(), true);
  await page.keyboard.press('Escape');
  assert.equal(await dialog.isVisible(), true, 'Escape does not close it while the request runs');
  release();
  await dialog.getByLabel(/^Nuova password/).waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await page.close();
});

test("the profile's 'Data di iscrizione' is the club's day, whatever the browser's time zone", async () => {
  // Of two zones far east and far west of Rome, one is on another calendar day than Rome right now.
  const dayIn = (timeZone: string, at: Date) =>
    new Intl.DateTimeFormat('it-IT', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }).format(at);
  const now = testNow();
  const browserZone = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find((z) => dayIn(z, now) !== dayIn('Europe/Rome', now))!;
  const context = await portal.browser.newContext({ timezoneId: browserZone, viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await signIn(page, portal.server.url, 'marco.rossi@circolo.example', MEMBER_PASSWORD);
  await page.goto(`${portal.server.url}/user/profile`);
  const me = (await (await page.request.get(`${portal.server.url}/api/v1/user/me`)).json()) as { created_at: string };
  const createdAt = new Date(me.created_at);
  const card = page.getByRole('region', { name: 'Informazioni di iscrizione' });
  await card.getByText('Data di iscrizione').waitFor();
  const shown = await card
    .getByText(/^\d{2}\/\d{2}\/\d{4}$/)
    .first()
    .textContent();
  assert.equal(shown, dayIn('Europe/Rome', createdAt), `browser in ${browserZone} (${dayIn(browserZone, createdAt)} there)`);
  await context.close();
});

/** The login form sent with a wrong password, until its error toast shows. */
async function wrongPasswordOnLogin(page: Page): Promise<void> {
  await page.goto(`${portal.server.url}/login`);
  await page.getByLabel(/^Email/).fill(ADMIN.email);
  await page.locator('input[name="password"]').fill('sbagliata-123');
  await page.getByRole('button', { name: 'Entra' }).click();
  await toast(page, "Errore durante l'accesso.");
}

test('a retried sign-in takes the error off the screen beside the success toast', async () => {
  const page = await (await portal.browser.newContext()).newPage();
  await wrongPasswordOnLogin(page);
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Entra' }).click();
  await toast(page, 'Accesso effettuato con successo!');
  await page.getByText("Errore durante l'accesso.").waitFor({ state: 'detached' });
  assert.equal(await page.getByText('Accesso fallito. Controlla le tue credenziali e riprova').count(), 0);
  await page.context().close();
});

test('with reduced motion a toast stays its 5 seconds: its progress bar, the toast’s timer, keeps its pace unseen', async () => {
  const context = await portal.browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await wrongPasswordOnLogin(page);
  // The page's other animations are cut short; the bar is not (it closed the toast at once: 0.01 ms).
  const bar = await page
    .locator('.Toastify__progress-bar')
    .first()
    .evaluate((el) => {
      const style = getComputedStyle(el);
      return { duration: style.animationDuration, opacity: style.opacity };
    });
  assert.deepEqual(bar, { duration: '5s', opacity: '0' });
  await page.getByText("Errore durante l'accesso.").first().waitFor();
  await context.close();
});

test('with reduced motion the sign-in’s toasts show whole and leave on their timer, the success toast after a retry too', async () => {
  const context = await portal.browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  const shownWhole = async (text: string) => {
    const card = page.locator('.Toastify__toast').filter({ hasText: text });
    await card.waitFor();
    const box = await card.boundingBox();
    assert.ok(box && box.height >= 40, `'${text}' is drawn whole: ${JSON.stringify(box)}`);
    return card;
  };
  await wrongPasswordOnLogin(page);
  // Its 5 s run out (the toast's progress bar, unseen), it leaves the page.
  await (await shownWhole("Errore durante l'accesso.")).waitFor({ state: 'detached' });
  // A retry while the next error is on screen: the portal takes over the page as that error closes (the sign-in page's
  // toast host leaving, the portal's arriving); its success toast was drawn into the closing error's element and
  // collapsed to no height at once, its timer never started (CI's failure of the retried sign-in above).
  await wrongPasswordOnLogin(page);
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Entra' }).click();
  const welcome = await shownWhole('Accesso effettuato con successo!');
  await page.getByText("Errore durante l'accesso.").waitFor({ state: 'detached' });
  await welcome.waitFor({ state: 'detached' });
  await context.close();
});

test('at 1366 × 768 every column of the users table is in view, without scrolling sideways', async () => {
  const page = await adminOn(USERS);
  await page.getByRole('cell', { name: 'Rossi', exact: true }).waitFor();
  // The longest state there is: deactivated until a date.
  await rowOf(page, 'giulia.bianchi@circolo.example').getByRole('button', { name: 'Disattiva' }).click();
  const dialog = page.getByRole('dialog', { name: 'Disattiva utente' });
  await dialog.getByLabel('Data di fine disattivazione').fill(`31/12/${testNow().getFullYear() + 1}`);
  await dialog.getByRole('button', { name: 'Disattiva' }).click();
  await rowOf(page, 'giulia.bianchi@circolo.example')
    .getByText(/Disattivato fino al/)
    .waitFor();

  const widths = await page.evaluate(() => {
    const wrap = document.querySelector('.ui-table-wrap')!;
    return {
      page: document.documentElement.scrollWidth,
      view: document.documentElement.clientWidth,
      table: wrap.scrollWidth,
      wrap: wrap.clientWidth,
    };
  });
  assert.ok(widths.page <= widths.view, `the page scrolls sideways: ${JSON.stringify(widths)}`);
  assert.ok(widths.table <= widths.wrap, `the table scrolls sideways: ${JSON.stringify(widths)}`);
  for (const header of ['N. libro soci', 'Cognome', 'Nome', 'Email', 'Telefono', 'Codice fiscale', 'Categoria', 'Stato', 'Azioni']) {
    const box = (await page.getByRole('columnheader', { name: header, exact: false }).first().boundingBox())!;
    assert.ok(box.x >= 0 && box.x + box.width <= widths.view, `${header} is in view: ${JSON.stringify(box)}`);
  }
  const actions = rowOf(page, 'marco.rossi@circolo.example').getByRole('button');
  assert.deepEqual(await actions.evaluateAll((bs) => bs.map((b) => b.getAttribute('title'))), ['Disattiva', 'Modifica', 'Elimina', 'Altre azioni']);
  await screenshot(page, 'polish-users-1366');
  await page.close();
});

test('on a phone the active sub-navigation tab is in view and a user card shows its key fields first', async () => {
  const page = await adminOn('/registry/users/training-groups', { width: 390, height: 844 });
  const active = page.getByTestId('sub-nav').locator('[aria-current="page"]');
  await active.waitFor();
  await page.waitForFunction(() => {
    const tab = document.querySelector('[data-testid="sub-nav"] [aria-current="page"]')!.getBoundingClientRect();
    return tab.left >= 0 && tab.right <= window.innerWidth;
  });

  await page.goto(`${portal.server.url}${USERS}`);
  const card = rowOf(page, 'marco.rossi@circolo.example');
  await card.getByText('Rossi', { exact: true }).waitFor();
  assert.equal(await card.getByText('RSSMRC85C12H501L').isVisible(), false, 'the codice fiscale waits behind Mostra dettagli');
  await card.getByRole('button', { name: 'Mostra dettagli' }).click();
  await card.getByText('RSSMRC85C12H501L').waitFor();
  await screenshot(page, 'polish-users-390');
  await page.close();
});

// Last: its 44 extra members push the demo club's off the first page.
test('pagination keeps page 1 one click away from page 4 on', async () => {
  const page = await adminOn(USERS);
  const categories = (await (await page.request.get(`${portal.server.url}/api/v1/user/category?limit=500`)).json()) as {
    data: { _id: string; name: string }[];
  };
  const soci = categories.data.find((c) => c.name === 'Soci')!;
  // 44 more members: with the 6 of the demo club, 5 pages of 10.
  for (let i = 1; i <= 44; i++) {
    const day = String(((i - 1) % 28) + 1).padStart(2, '0');
    const res = await page.request.post(`${portal.server.url}/api/v1/user`, {
      data: {
        member_id: String(1000 + i),
        name: 'Socio',
        surname: `Prova${String(i).padStart(2, '0')}`,
        email: `socio.prova${i}@example.it`,
        phone_number: '3330000000',
        fiscal_code: withCheckLetter(`PRVSCO90${i <= 28 ? 'A' : 'B'}${day}H501`),
        birth_date: `1990-${i <= 28 ? '01' : '02'}-${day}`,
        birth_province: 'RM',
        birth_place: 'Roma',
        residence_address: 'Via Appia 1',
        residence_province: 'RM',
        residence_place: 'Roma',
        residence_postal_code: '00100',
        gender: 'M',
        category: soci._id,
      },
    });
    assert.equal(res.status(), 201, await res.text());
  }
  await page.reload();
  await page.getByText('50 risultati').waitFor();
  const pager = page.getByRole('navigation', { name: 'Paginazione' });
  await pager.getByRole('button', { name: 'Pagina 4' }).click();
  await pager.getByRole('button', { name: 'Pagina 4' }).and(page.locator('[aria-current="page"]')).waitFor();
  await pager.getByRole('button', { name: 'Pagina 1' }).click();
  await pager.getByRole('button', { name: 'Pagina 1' }).and(page.locator('[aria-current="page"]')).waitFor();
  await page.close();
});
