/**
 * Issue 44, the walk's third pass, the front end's items seen in the browser at 1366 px:
 * 1. A row's 'Altre azioni' menu sits over the table: a click where its item shows acts on that row's member.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser.ts';
import { ADMIN, portalForThisFile, signIn } from './support/portal.ts';

const portal = portalForThisFile();
const DESKTOP = { width: 1366, height: 768 };

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
  await screenshot(page, 'walk-third-1-row-menu');
  await page.mouse.click(x, y);
  const dialog = page.getByRole('dialog', { name: 'Anonimizza utente' });
  await dialog.waitFor({ timeout: 5000 });
  assert.match(await dialog.innerText(), new RegExp(`Anonimizzare ${name} ${surname}\\?`));
  await dialog.getByRole('button', { name: 'Annulla' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.close();
});
