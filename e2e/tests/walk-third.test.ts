/**
 * Issue 44, the walk's third pass, the front end's items seen in the browser at 1366 px:
 * 1. A row's 'Altre azioni' menu sits over the table: a click where its item shows acts on that row's member.
 * 2. Requests failing while the browser says it is online: the saved bookings, not the sign-in page.
 * 3. Escape in a multi-select closes its menu only; 'Deseleziona tutto' stays inside it; a form with changes asks
 *    before closing.
 * 8. The keyboard focus survives booking, cancelling and Escape on a top-menu sub-menu (the arrows enter it); the
 *    audit log's long 'Dettagli' scrolls by keyboard.
 * 9. A long title in the calendar's week card keeps to one line (the whole title on the card's title).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { clubDate, testNow } from 'test-kit';
import { apiCall } from './support/api-call.ts';
import { seriousViolations } from './support/axe.ts';
import { repoRoot } from './support/server.ts';
import { ADMIN, MEMBER_PASSWORD, portalForThisFile, signIn, toast } from './support/portal.ts';
import { openShiftInActiveWeek } from './support/shifts.ts';

const portal = portalForThisFile();
const DESKTOP = { width: 1366, height: 768 };
const MATTEO = 'matteo.colombo@circolo.example';
const FOCUS_TITLE = 'Turno per il fuoco';
const NETWORK_TITLE = 'Turno senza rete vera';
const GIULIA = 'giulia.bianchi@circolo.example';
const LONG_TITLE = 'Allenamento speciale di preparazione al campionato regionale a squadre';
const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const TODAY = clubDate(testNow(), 'Europe/Rome');
const DAY = addDays(TODAY, 2);

async function signedIn(email: string, password: string, open = '/'): Promise<Page> {
  const page = await portal.browser.newPage({ viewport: DESKTOP });
  await signIn(page, portal.server.url, email, password, open);
  return page;
}

test("1. a middle row's 'Altre azioni' item, clicked where it shows, acts on that row's member", async () => {
  const page = await signedIn(ADMIN.email, ADMIN.password, '/registry/users/management');
  await page.getByRole('heading', { name: 'Gestione utenti' }).waitFor();
  const rows = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Altre azioni' }) });
  await rows.nth(3).waitFor();
  const count = await rows.count();
  assert.ok(count >= 3, `${count} rows with a menu`);
  // A row with a row below it (the walk found only the last row working).
  const row = rows.nth(Math.floor(count / 2) - 1);
  const name = (await row.getByRole('cell').nth(2).innerText()).trim();
  const surname = (await row.getByRole('cell').nth(1).innerText()).trim();
  const more = row.getByRole('button', { name: 'Altre azioni' });
  await more.scrollIntoViewIfNeeded();
  await more.click();
  const item = page.getByRole('menu', { name: 'Altre azioni' }).getByRole('menuitem', { name: 'Anonimizza' });
  const box = await item.boundingBox();
  assert.ok(box, 'the menu item has a box');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  // What a person sees at the item's place is the item, not the next row's buttons painted over it.
  const seen = await page.evaluate(([px, py]) => document.elementFromPoint(px, py)?.textContent?.trim(), [x, y] as const);
  assert.equal(seen, 'Anonimizza');
  // The window as it is (a full-page picture resizes the window, and a resize closes the menu).
  mkdirSync(path.join(repoRoot, 'e2e', 'artifacts'), { recursive: true });
  await page.screenshot({ path: path.join(repoRoot, 'e2e', 'artifacts', 'walk-third-1-row-menu.png') });
  await page.mouse.click(x, y);
  const dialog = page.getByRole('dialog', { name: 'Anonimizza utente' });
  await dialog.waitFor({ timeout: 5000 });
  assert.match(await dialog.innerText(), new RegExp(`Anonimizzare ${name} ${surname}\\?`));
  await dialog.getByRole('button', { name: 'Annulla' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.close();
});

test("3. Escape after 'Seleziona tutto' closes the menu only; 'Deseleziona tutto' inside it; closing with changes asks", async () => {
  const page = await signedIn(ADMIN.email, ADMIN.password, '/registry/users/management');
  await page.getByRole('button', { name: 'Aggiungi utente' }).click();
  const form = page.getByRole('dialog', { name: 'Aggiungi utente' });
  await form.getByLabel(/^Nome/).fill('Ottavia');
  await form.getByRole('combobox', { name: /^Qualifiche/ }).click();
  const popover = form.locator('.ui-menu__popover');
  await popover.getByRole('button', { name: 'Seleziona tutto', exact: true }).click();
  const outer = await popover.boundingBox();
  const inner = await popover.getByRole('button', { name: 'Deseleziona tutto' }).boundingBox();
  assert.ok(outer && inner);
  assert.ok(
    inner.x + inner.width <= outer.x + outer.width,
    `'Deseleziona tutto' ends at ${inner.x + inner.width}, the menu at ${outer.x + outer.width}`,
  );
  await page.keyboard.press('Escape');
  await form.getByRole('listbox').waitFor({ state: 'detached' });
  assert.equal(await form.getByLabel(/^Nome/).inputValue(), 'Ottavia');
  // The form has changes: Escape asks before it loses them.
  await page.keyboard.press('Escape');
  const ask = page.getByRole('dialog', { name: 'Modifiche non salvate' });
  await ask.getByText('Ci sono modifiche non salvate. Chiudere senza salvarle?').waitFor();
  await ask.getByRole('button', { name: 'Continua a modificare' }).click();
  assert.equal(await form.getByLabel(/^Nome/).inputValue(), 'Ottavia');
  await form.getByRole('button', { name: 'Chiudi', exact: true }).click();
  await ask.getByRole('button', { name: 'Chiudi senza salvare' }).click();
  await form.waitFor({ state: 'detached' });
  await page.close();
});

/** What has the keyboard focus: a short description, 'BODY' when it was lost. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return !el || el === document.body ? 'BODY' : `${el.tagName} ${el.textContent?.trim().slice(0, 40) ?? ''}`;
  });

test('8. Escape on a top-menu sub-menu gives the focus back to its entry; the arrows enter the sub-menu', async () => {
  const page = await signedIn(ADMIN.email, ADMIN.password, '/');
  const entry = page.getByRole('navigation', { name: 'Navigazione principale' }).getByRole('button', { name: 'Anagrafica' });
  await entry.focus();
  await page.keyboard.press('ArrowDown');
  const submenu = page.getByRole('list', { name: 'Anagrafica' });
  await submenu.waitFor();
  assert.ok(
    await submenu
      .getByRole('link')
      .first()
      .evaluate((el) => el === document.activeElement),
    await focused(page),
  );
  await page.keyboard.press('ArrowDown');
  assert.ok(
    await submenu
      .getByRole('link')
      .nth(1)
      .evaluate((el) => el === document.activeElement),
    await focused(page),
  );
  await page.keyboard.press('Escape');
  await submenu.waitFor({ state: 'detached' });
  assert.ok(await entry.evaluate((el) => el === document.activeElement), await focused(page));
  await page.close();
});

test('8. the keyboard focus stays in the page after booking and after cancelling', async () => {
  const admin = await portal.browser.newPage();
  await signIn(admin, portal.server.url, ADMIN.email, ADMIN.password);
  await openShiftInActiveWeek(admin, { title: FOCUS_TITLE, today: TODAY, day: DAY, table: 4 });
  await admin.close();

  const page = await signedIn(MATTEO, MEMBER_PASSWORD, `/book-session?date=${encodeURIComponent(JSON.stringify(DAY))}`);
  const card = page.getByRole('article').filter({ hasText: FOCUS_TITLE });
  await card.getByRole('button', { name: 'Prenota' }).focus();
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog', { name: `Prenotati a: ${FOCUS_TITLE}` });
  await modal.waitFor();
  const partners = modal.getByRole('combobox', { name: /^Scegli compagno/ });
  await partners.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.type('Luca Ferrari');
  await page.getByRole('option', { name: /^Luca Ferrari/ }).waitFor();
  await page.keyboard.press('Enter');
  await modal.getByRole('button', { name: 'Prenota' }).focus();
  await page.keyboard.press('Enter');
  await toast(page, 'Turno prenotato correttamente!');
  await modal.waitFor({ state: 'detached' });
  // The search's results reload after the booking: the focus must survive that too.
  await page.waitForTimeout(1500);
  assert.notEqual(await focused(page), 'BODY', 'focus lost after booking');
  assert.ok(await page.evaluate(() => Boolean(document.activeElement?.closest('main'))), await focused(page));

  await page.goto(`${portal.server.url}/user/bookings`);
  const booking = page.getByRole('article').filter({ hasText: FOCUS_TITLE });
  await booking.getByRole('button', { name: 'Annulla prenotazione' }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Annulla prenotazione' });
  await confirm.getByRole('button', { name: 'Annulla prenotazione' }).focus();
  await page.keyboard.press('Enter');
  await toast(page, 'Prenotazione annullata con successo!');
  await booking.waitFor({ state: 'detached' });
  await page.waitForTimeout(500);
  assert.notEqual(await focused(page), 'BODY', 'focus lost after cancelling');
  assert.ok(await page.evaluate(() => Boolean(document.activeElement?.closest('main'))), await focused(page));
  await page.close();
});

test("8. the audit log's 'Dettagli', longer than the window, scrolls by keyboard (axe: no serious violation)", async () => {
  const page = await portal.browser.newPage({ viewport: { width: 390, height: 300 } });
  await signIn(page, portal.server.url, ADMIN.email, ADMIN.password, '/registry/audit');
  await page.getByRole('button', { name: 'Dettagli', exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  const body = dialog.locator('.ui-modal__body');
  assert.ok(await body.evaluate((el) => el.scrollHeight > el.clientHeight), 'the entry is longer than the window');
  assert.deepEqual(await seriousViolations(page, "'Dettagli' of the audit log"), []);
  // Tab reaches the body; the arrows scroll it.
  for (let i = 0; i < 5 && !(await body.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
  assert.ok(await body.evaluate((el) => el === document.activeElement), await focused(page));
  await page.keyboard.press('PageDown');
  await page.waitForFunction(() => (document.querySelector('.ui-modal__body')?.scrollTop ?? 0) > 0);
  await page.close();
});

test("9. a long title in the calendar's week card keeps to one line, cut with '…', the whole title on the card", async () => {
  const admin = await portal.browser.newPage();
  await signIn(admin, portal.server.url, ADMIN.email, ADMIN.password, null);
  await openShiftInActiveWeek(admin, { title: LONG_TITLE, today: TODAY, day: DAY, table: 6 });
  await admin.close();

  const page = await signedIn(MATTEO, MEMBER_PASSWORD, `/book-session-calendar?date=${DAY}`);
  await page.getByRole('button', { name: 'Tavolo 6', exact: true }).click();
  const card = page.locator(`.bk-event__open[title*="${LONG_TITLE}"]`);
  await card.waitFor();
  const title = card.locator('.bk-event__title');
  const { lines, cut } = await title.evaluate((el) => {
    const style = getComputedStyle(el);
    return { lines: Math.round(el.getBoundingClientRect().height / parseFloat(style.lineHeight || '16')), cut: el.scrollWidth > el.clientWidth };
  });
  assert.equal(lines, 1, 'the title wraps onto lines the card cuts off');
  assert.ok(cut, 'the title is cut with an ellipsis');
  // The whole title stays on the card, for the pointer (its title) and in the button's name.
  assert.match((await card.getAttribute('title')) ?? '', new RegExp(LONG_TITLE));
  await page.close();
});

test("2. with requests failing while the phone says it is online, 'Le mie prenotazioni' shows the saved bookings, not /login", async () => {
  const admin = await portal.browser.newPage();
  await signIn(admin, portal.server.url, ADMIN.email, ADMIN.password, null);
  const sessionId = await openShiftInActiveWeek(admin, { title: NETWORK_TITLE, today: TODAY, day: DAY, table: 3 });
  const users = await apiCall<{ data: { _id: string; email: string }[] }>(admin, 'GET', '/user?limit=50&reducedDetails=true&q=marco.rossi');
  const partner = users.body.data.find((u) => u.email === 'marco.rossi@circolo.example')!;
  await admin.close();

  const page = await portal.browser.newPage({ viewport: { width: 390, height: 844 } });
  await signIn(page, portal.server.url, GIULIA, MEMBER_PASSWORD, null);
  const booked = await apiCall(page, 'POST', `/training-session/${sessionId}/book`, { partnersId: [partner._id], date: DAY });
  assert.equal(booked.status, 201, JSON.stringify(booked.body));
  await page.goto(`${portal.server.url}/user/bookings`);
  await page.getByRole('article').filter({ hasText: NETWORK_TITLE }).waitFor();

  // A Wi-Fi without internet, a captive portal, a server down: every API call fails, navigator.onLine stays true.
  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await page.getByTestId('offline-bookings').waitFor();
  assert.ok(await page.evaluate(() => navigator.onLine));
  assert.equal(new URL(page.url()).pathname, '/user/bookings');
  await page.getByRole('article').filter({ hasText: NETWORK_TITLE }).waitFor();
  await page.screenshot({ path: path.join(repoRoot, 'e2e', 'artifacts', 'walk-third-2-network-down.png') });

  // The network back: the page is the live one again, the session the server's.
  await page.unroute('**/api/**');
  await page.reload();
  await page.getByRole('article').filter({ hasText: NETWORK_TITLE }).waitFor();
  assert.equal(await page.getByTestId('offline-bookings').count(), 0);
  await page.close();
});
