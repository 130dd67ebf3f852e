/**
 * The users table's download action is real: the server exports the same query (here a search) as
 * EXCEL, CSV and PDF, and the browser saves the file under the server's name.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ADMIN, signIn, portalForThisFile } from './support/portal.ts';

const portal = portalForThisFile();

test('EXCEL, CSV and PDF downloads of the searched users list', async () => {
  const page = await (await portal.browser.newContext({ acceptDownloads: true })).newPage();
  await signIn(page, portal.server.url, ADMIN.email, ADMIN.password);
  await page.goto(`${portal.server.url}/registry/users/management`);
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
    await page.getByRole('button', { name: 'Scarica', exact: true }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: label }).click();
    const download = await downloading;
    assert.match(download.suggestedFilename(), new RegExp(`^utenti.*\\.${ext}$`));
    saved[ext] = readFileSync(await download.path());
  }
  const { xlsx, pdf, csv: csvFile } = saved;
  assert.ok(xlsx && pdf && csvFile, 'each format was downloaded');
  assert.equal(xlsx.subarray(0, 2).toString(), 'PK', 'an xlsx is a zip');
  assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
  const csv = csvFile.toString('utf8').replace(/^\uFEFF/, '');
  const [, member = '', ...rest] = csv.trim().split(/\r?\n/);
  assert.equal(rest.length, 0, `header and the one user the search finds:\n${csv}`);
  assert.match(member, /marco\.rossi@circolo\.example/);
  await page.context().close();
});
