/**
 * Issue 25 in the composed portal: a member booked by another member as partner finds the booking under 'Le mie
 * prenotazioni' with who made it, and leaves it ('Lascia'): the booking is cancelled for both; the registry's users
 * page counts, for the booker, the bookings a partner left.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { clubDate } from 'test-kit';
import { apiCall } from './support/api-call.ts';
import { openShiftInActiveWeek } from './support/shifts.ts';
import { screenshot } from './support/browser.ts';
import { ADMIN, MEMBER_PASSWORD, portalForThisFile, signIn, toast } from './support/portal.ts';

const portal = portalForThisFile();

// Demo members with an approved medical certificate (server/src/domains/booking/seed.ts).
const BOOKER = { email: 'matteo.colombo@circolo.example', name: 'Matteo Colombo' };
const PARTNER = { email: 'giulia.bianchi@circolo.example' };
const TITLE = 'Turno prenotato da un altro';

const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const TODAY = clubDate();
/** Two days ahead, inside a booking week laid out from today (below), whatever the weekday. */
const DAY = addDays(TODAY, 2);

async function signedIn(email: string, password: string): Promise<Page> {
  // The browser's clock is the test's (support/browser.ts sets it on every new context).
  const context = await portal.browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await signIn(page, portal.server.url, email, password);
  return page;
}

interface Ref {
  _id: string;
  number?: number;
  email?: string;
}

test('a member booked by another leaves the booking from Le mie prenotazioni; the staff see it on the users page', async () => {
  // The administrator opens a shift on DAY and lays every rule's week out from today (no unlock times), so the
  // member's booking is inside the active week whatever today's weekday.
  const admin = await signedIn(ADMIN.email, ADMIN.password);
  const sessionId = await openShiftInActiveWeek(admin, { title: TITLE, today: TODAY, day: DAY, table: 5 });

  // Matteo books Giulia as his partner, without asking her.
  const booker = await signedIn(BOOKER.email, MEMBER_PASSWORD);
  const partners = (await apiCall<{ data: Ref[] }>(booker, 'GET', '/user?onlyAvailablePartners=true&limit=500')).body.data;
  const partnerId = partners.find((p) => p.email === PARTNER.email)!._id;
  const booked = await apiCall<Ref>(booker, 'POST', `/training-session/${sessionId}/book`, { partnersId: [partnerId], date: DAY });
  assert.equal(booked.status, 201, JSON.stringify(booked.body));

  // Giulia is told by mail, with the way to leave it…
  const notice = await portal.server.waitForMail(PARTNER.email);
  assert.match(notice.subject, new RegExp(`^Sei stato prenotato a un turno: ${TITLE} del `));
  assert.deepEqual(notice.links, [`${portal.server.url}/user/bookings`]);

  // …finds it with who made it, and leaves it.
  const partner = await signedIn(PARTNER.email, MEMBER_PASSWORD);
  await partner.goto(`${portal.server.url}/user/bookings`);
  const card = partner.getByRole('article').filter({ hasText: TITLE });
  await card.waitFor();
  await card.getByText(`Prenotato da ${BOOKER.name}`).waitFor();
  assert.equal(await card.getByRole('button', { name: 'Annulla prenotazione' }).count(), 0, 'not hers to cancel: hers to leave');
  await screenshot(partner, 'hardening-1-booked-by-another');
  await card.getByRole('button', { name: 'Lascia la prenotazione' }).click();
  const confirm = partner.getByRole('dialog', { name: 'Lascia la prenotazione' });
  await confirm
    .getByText(`Vuoi lasciare la prenotazione fatta da ${BOOKER.name}? Sarà annullata anche per chi ti ha prenotato e il turno tornerà libero.`)
    .waitFor();
  await screenshot(partner, 'hardening-2-leave-confirm');
  await confirm.getByRole('button', { name: 'Lascia' }).click();
  await toast(partner, 'Hai lasciato la prenotazione');
  await card.waitFor({ state: 'detached' });
  await screenshot(partner, 'hardening-3-left');

  // Cancelled for both; the occurrence is free again.
  const mine = (await apiCall<{ data: Ref[] }>(booker, 'GET', '/user/me/booked-sessions?filter=future')).body.data;
  assert.equal(
    mine.some((b) => b._id === booked.body._id),
    false,
  );
  const participants = await apiCall<{ booking_id: string | null }>(booker, 'GET', `/training-session/${sessionId}/participants`);
  assert.equal(participants.body.booking_id, null);

  // The registry's users page counts, for Matteo, the bookings a partner left.
  await admin.goto(`${portal.server.url}/registry/users/management`);
  await admin.getByPlaceholder('Cerca qualcosa...').fill('Colombo');
  const row = admin.getByRole('row').filter({ hasText: 'Colombo' });
  await row.waitFor();
  const header = admin.getByRole('columnheader', { name: 'Lasciate dai compagni' });
  await header.waitFor();
  const headers = await admin.getByRole('columnheader').allInnerTexts();
  const column = headers.findIndex((h) => h.includes('Lasciate dai compagni'));
  assert.equal((await row.getByRole('cell').nth(column).innerText()).trim(), '1');
  await screenshot(admin, 'hardening-4-users-page');
  for (const page of [admin, booker, partner]) await page.context().close();
});
