/**
 * The users table's download action is real: the server exports the same query (here a search) as
 * EXCEL, CSV and PDF, and the browser saves the file under the server's name.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { ADMIN, signIn } from './support/portal.ts';

let server: RunningServer;
let browser: Browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

test('EXCEL, CSV and PDF downloads of the searched users list', async () => {
  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await signIn(page, server.url, ADMIN.email, ADMIN.password);
  await page.goto(`${server.url}/registry/users/management`);
  await page.getByRole('heading', { name: 'Gestione utenti' }).waitFor();
  await page.getByPlaceholder('Cerca qualcosa...').fill('rossi');
  await page.getByRole('cell', { name: 'marco.rossi@circolo.example' }).waitFor();
  await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);

  const saved: Record<string, Buffer> = {};
  for (const [label, ext] of [
    ['EXCEL', 'xlsx'],
    ['CSV', 'csv'],
    ['PDF', 'pdf'],
  ] as const) {
    await page.getByRole('button', { name: 'Scarica' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: label }).click();
    const download = await downloading;
    assert.match(download.suggestedFilename(), new RegExp(`^utenti.*\\.${ext}$`));
    saved[ext] = readFileSync((await download.path())!);
  }
  assert.equal(saved.xlsx.subarray(0, 2).toString(), 'PK', 'an xlsx is a zip');
  assert.equal(saved.pdf.subarray(0, 5).toString(), '%PDF-');
  const csv = saved.csv.toString('utf8').replace(/^\uFEFF/, '');
  const lines = csv.trim().split(/\r?\n/);
  assert.equal(lines.length, 2, `header and the one user the search finds:\n${csv}`);
  assert.match(lines[1], /marco\.rossi@circolo\.example/);
  await page.context().close();
});
