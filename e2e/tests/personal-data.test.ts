/**
 * A member's data and their anonymisation in the browser (issue 28): the member changes their phone, downloads
 * 'Scarica i miei dati' from the profile and finds the new phone and their bookings in the ZIP's dati.json; the
 * administrator anonymises them from Gestione utenti and the trial balance is the same before and after.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import { apiCall } from './support/api-call.ts';
import { ADMIN, MEMBER_PASSWORD, signIn, toast, portalForThisFile } from './support/portal.ts';

const portal = portalForThisFile();
// Luca has a booking in the demo club (the booking seed) and a charge (the finance seed).
const MEMBER = 'luca.ferrari@circolo.example';

/** One file of a ZIP, read through its central directory (sizes and offsets are there whatever the writer streamed). */
function unzipEntry(zip: Buffer, name: string): Buffer {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    if (zip.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + compressed);
      return method === 8 ? inflateRawSync(data) : data;
    }
    at += 46 + skip;
  }
  throw new Error(`${name} non è nello ZIP`);
}

test("the member's ZIP holds the new phone and their bookings; anonymising them keeps the trial balance", async () => {
  const member = await (await portal.browser.newContext({ acceptDownloads: true })).newPage();
  await signIn(member, portal.server.url, MEMBER, MEMBER_PASSWORD);
  assert.equal((await apiCall(member, 'PATCH', '/user/me', { phone_number: '+39 333 9876543' })).status, 200);
  await member.goto(`${portal.server.url}/user/profile`);
  const card = member.getByRole('region', { name: 'I tuoi dati' });
  const downloading = member.waitForEvent('download');
  await card.getByRole('button', { name: 'Scarica i miei dati' }).click();
  const download = await downloading;
  assert.equal(download.suggestedFilename(), 'dati-Ferrari-Luca.zip');
  const dati = JSON.parse(unzipEntry(readFileSync(await download.path()), 'dati.json').toString('utf8'));
  assert.equal(dati.profilo.phone_number, '+39 333 9876543');
  assert.ok(dati.prenotazioni.length > 0, 'their bookings');
  await member.screenshot({ path: '/tmp/h28-profile.png', fullPage: true });

  const admin = await (await portal.browser.newContext()).newPage();
  await signIn(admin, portal.server.url, ADMIN.email, ADMIN.password);
  const balance = async () => (await apiCall(admin, 'GET', '/finance/trial-balance?fiscal_year=2026-2027')).body;
  const before = await balance();
  await admin.goto(`${portal.server.url}/registry/users/management`);
  await admin.getByPlaceholder('Cerca qualcosa...').fill('ferrari');
  await admin.getByRole('cell', { name: MEMBER }).waitFor();
  await admin.getByRole('row').filter({ hasText: MEMBER }).getByRole('button', { name: 'Altre azioni' }).click();
  await admin.getByRole('menu', { name: 'Altre azioni' }).getByRole('menuitem', { name: 'Anonimizza' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Anonimizza utente' });
  await dialog.waitFor();
  await admin.screenshot({ path: '/tmp/h28-anonymize.png' });
  await dialog.getByRole('button', { name: 'Anonimizza' }).click();
  await toast(admin, 'Utente anonimizzato con successo!');
  assert.deepEqual(await balance(), before, 'the trial balance is unchanged');
  // Signed out: the member's session ended.
  assert.equal((await apiCall(member, 'GET', '/user/me')).status, 401);
  await member.context().close();
  await admin.context().close();
});
