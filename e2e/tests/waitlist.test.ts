/**
 * Issue 27, the waitlist from the shift search: member A books a shift; member B searches that day and finds it under
 * 'Turni al completo', marked 'Al completo', joins its waitlist there ('Avvisami se si libera', then 'Esci dalla lista'
 * on the same card) and sees the entry in Le mie prenotazioni; A cancels; B's entry says the shift is free, and its
 * link opens the booking modal on it in the search, where B books it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { clubDate } from 'test-kit';
import { apiCall } from './support/api-call.ts';
import { openShiftInActiveWeek } from './support/shifts.ts';
import { screenshot } from './support/browser.ts';
import { ADMIN, MEMBER_PASSWORD, portalForThisFile, signedInPage, toast } from './support/portal.ts';

const portal = portalForThisFile();

const A = { email: 'marco.rossi@circolo.example', partner: 'giulia.bianchi@circolo.example' };
const B = { email: 'luca.ferrari@circolo.example', partner: 'Matteo Colombo' };
const TITLE = 'Turno conteso';
const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const TODAY = clubDate();
const DAY = addDays(TODAY, 2);

interface Ref {
  _id: string;
  email?: string;
}

const signedIn = (email: string, password: string): Promise<Page> => signedInPage(portal, email, password);

test('a member finds a booked-out shift in the search, joins its waitlist there, and books it through Le mie prenotazioni once it is freed', async () => {
  const admin = await signedIn(ADMIN.email, ADMIN.password);
  const sessionId = await openShiftInActiveWeek(admin, { title: TITLE, today: TODAY, day: DAY, table: 3 });

  // A books it.
  const a = await signedIn(A.email, MEMBER_PASSWORD);
  const partners = (await apiCall<{ data: Ref[] }>(a, 'GET', '/user?onlyAvailablePartners=true&limit=500')).body.data;
  const booked = await apiCall<Ref>(a, 'POST', `/training-session/${sessionId}/book`, {
    partnersId: [partners.find((p) => p.email === A.partner)!._id],
    date: DAY,
  });
  assert.equal(booked.status, 201, JSON.stringify(booked.body));

  // B searches the day: the shift is not among the free results but under 'Turni al completo'.
  const b = await signedIn(B.email, MEMBER_PASSWORD);
  await b.goto(`${portal.server.url}/book-session?date=${encodeURIComponent(JSON.stringify(DAY))}`);
  const full = b.getByRole('region', { name: 'Turni al completo' });
  const card = full.getByRole('article', { name: `${TITLE} 21:00` });
  await card.waitFor();
  assert.equal(
    await b
      .getByRole('list', { name: 'Risultati' })
      .getByRole('article', { name: `${TITLE} 21:00` })
      .count(),
    0,
  );
  await card.getByText('Al completo').waitFor();
  assert.equal(await card.getByRole('button', { name: 'Prenota' }).count(), 0);
  await card.getByRole('button', { name: 'Avvisami se si libera' }).click();
  await toast(b, 'Ti avviseremo per email se il turno si libera');
  await card.getByText("Sei in lista d'attesa (posizione 1): ti avviseremo per email se si libera.").waitFor();
  await card.getByRole('button', { name: 'Esci dalla lista' }).waitFor();
  await screenshot(b, 'waitlist-1-search-joined');

  // Le mie prenotazioni lists the entry with its place.
  await b.goto(`${portal.server.url}/user/bookings`);
  const waitlists = b.getByRole('region', { name: "Liste d'attesa" });
  await waitlists.getByText('Posizione in lista: 1').waitFor();

  // A cancels: B's entry says the shift is free; its link opens the booking modal on it, and B books it.
  const cancelled = await apiCall(a, 'PATCH', `/training-session/booking/${booked.body._id}`);
  assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
  await b.reload();
  await waitlists.getByRole('link', { name: 'prenotalo ora' }).click();
  const dialog = b.getByRole('dialog', { name: `Prenotati a: ${TITLE}` });
  await dialog.waitFor();
  const partner = b.getByRole('combobox', { name: /^Scegli compagno/ });
  await partner.click();
  await b.getByRole('option', { name: new RegExp(`^${B.partner}`) }).click();
  if ((await partner.getAttribute('aria-expanded')) === 'true') await partner.click();
  await dialog.getByRole('button', { name: 'Prenota' }).click();
  await toast(b, 'Turno prenotato correttamente!');
  await dialog.waitFor({ state: 'detached' });
  const mine = await apiCall<{ data: { trainingSession: { _id: string }; session_date: string }[] }>(
    b,
    'GET',
    '/user/me/booked-sessions?filter=future',
  );
  assert.ok(
    mine.body.data.some((x) => x.trainingSession._id === sessionId && x.session_date.startsWith(DAY)),
    JSON.stringify(mine.body),
  );
  await screenshot(b, 'waitlist-2-booked-through-the-link');
  for (const page of [admin, a, b]) await page.context().close();
});
