/**
 * Issue 28, keyboard-only: signing in, booking a shift with a partner and cancelling it, paging and sorting a DataTable,
 * all with keyboard events (Tab, typing, Enter, arrows): no click anywhere. Addresses are opened as a person types
 * them in the address bar (page.goto).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { clubDate, testNow } from 'test-kit';
import { screenshot } from './support/browser.ts';
import { ADMIN, MEMBER_PASSWORD, portalForThisFile, signIn, toast } from './support/portal.ts';
import { openShiftInActiveWeek } from './support/shifts.ts';

const portal = portalForThisFile();
const MEMBER = 'matteo.colombo@circolo.example';
const PARTNER = 'Luca Ferrari';
const TITLE = 'Turno prenotato da tastiera';

const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const TODAY = clubDate(testNow(), 'Europe/Rome');
const DAY = addDays(TODAY, 2);

/** Presses Tab until `target` has the focus (at most `max` times), as a person walks the page with the keyboard. */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  await target.waitFor();
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
  throw new Error(`${String(target)} non raggiunto con Tab in ${max} passi; il fuoco è su ${focused}`);
}

async function signInByKeyboard(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${portal.server.url}/login`);
  await tabTo(page, page.getByLabel(/^Email/));
  await page.keyboard.type(email);
  await tabTo(page, page.locator('input[name="password"]'));
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await page.waitForURL(`${portal.server.url}/`);
}

test('sign-in, booking a shift with a partner and cancelling it, with the keyboard only', async () => {
  const admin = await portal.browser.newPage();
  await signIn(admin, portal.server.url, ADMIN.email, ADMIN.password);
  await openShiftInActiveWeek(admin, { title: TITLE, today: TODAY, day: DAY, table: 5 });
  await admin.close();

  const page = await portal.browser.newPage({ viewport: { width: 1366, height: 900 } });
  await signInByKeyboard(page, MEMBER, MEMBER_PASSWORD);

  await page.goto(`${portal.server.url}/book-session?date=${encodeURIComponent(JSON.stringify(DAY))}`);
  const card = page.getByRole('article').filter({ hasText: TITLE });
  await tabTo(page, card.getByRole('button', { name: 'Prenota' }));
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog', { name: `Prenotati a: ${TITLE}` });
  await modal.waitFor();
  const partners = modal.getByRole('combobox', { name: /^Scegli compagno/ });
  await tabTo(page, partners);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.type(PARTNER);
  await page.getByRole('option', { name: new RegExp(`^${PARTNER}`) }).waitFor();
  await page.keyboard.press('Enter');
  await modal.getByText(PARTNER).first().waitFor();
  // One partner is the member's limit: the menu closes on the choice and the focus is back on its trigger.
  await modal.getByRole('listbox').waitFor({ state: 'detached' });
  assert.ok(await partners.evaluate((el) => el === document.activeElement));
  await screenshot(page, 'keyboard-1-partner');
  await tabTo(page, modal.getByRole('button', { name: 'Prenota' }));
  await page.keyboard.press('Enter');
  await toast(page, 'Turno prenotato correttamente!');
  await modal.waitFor({ state: 'detached' });

  await page.goto(`${portal.server.url}/user/bookings`);
  const booking = page.getByRole('article').filter({ hasText: TITLE });
  await booking.waitFor();
  assert.match(await booking.innerText(), new RegExp(PARTNER));
  await tabTo(page, booking.getByRole('button', { name: 'Annulla prenotazione' }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Annulla prenotazione' });
  await confirm.waitFor();
  await tabTo(page, confirm.getByRole('button', { name: 'Annulla prenotazione' }), 10);
  await page.keyboard.press('Enter');
  await toast(page, 'Prenotazione annullata con successo!');
  await booking.waitFor({ state: 'detached' });
  await page.close();
});

test('paging and sorting a DataTable with the keyboard only', async () => {
  const page = await portal.browser.newPage({ viewport: { width: 1366, height: 900 } });
  await signInByKeyboard(page, ADMIN.email, ADMIN.password);
  // 'Registro attività': the changes of the test above and the sign-ins fill more than one page of 10.
  await page.goto(`${portal.server.url}/registry/audit`);
  const table = page.getByRole('table');
  const header = table.getByRole('columnheader', { name: 'Azione' });
  await tabTo(page, header.getByRole('button'));
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('th[aria-sort="ascending"]')?.textContent?.includes('Azione'));
  const column = await header.evaluate((th) => Array.from(th.parentElement!.children).indexOf(th) + 1);
  const actions = async () => (await table.locator(`tbody tr > :nth-child(${column})`).allInnerTexts()).filter(Boolean);
  assert.ok((await actions()).length > 0);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('th[aria-sort="descending"]')?.textContent?.includes('Azione'));

  await tabTo(page, page.getByRole('button', { name: 'Pagina successiva' }));
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Pagina 2' }).and(page.locator('[aria-current="page"]')).waitFor();
  assert.equal(await page.getByRole('columnheader', { name: 'Azione' }).getAttribute('aria-sort'), 'descending', 'the order stays while paging');
  await screenshot(page, 'keyboard-2-table');
  await page.close();
});
