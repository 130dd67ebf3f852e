/**
 * Issue 27's home page in the composed portal: a member signed in lands on the home and sees their next booking
 * (table, day and time on the club's clock) and their medical certificate's state and expiry, each block loaded on
 * its own.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { clubDate } from 'test-kit';
import { apiCall } from './support/api-call.ts';
import { openShiftInActiveWeek } from './support/shifts.ts';
import { screenshot } from './support/browser.ts';
import { ADMIN, MEMBER_PASSWORD, portalForThisFile, signedInPage } from './support/portal.ts';

const portal = portalForThisFile();

const MEMBER = { email: 'marco.rossi@circolo.example' };
const PARTNER = { email: 'giulia.bianchi@circolo.example' };
const TITLE = 'Turno della home';
const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const TODAY = clubDate();
const DAY = addDays(TODAY, 2);
const italian = (iso: string) => iso.split('-').reverse().join('/');

interface Ref {
  _id: string;
  number?: number;
  email?: string;
}

const signedIn = (email: string, password: string): Promise<Page> => signedInPage(portal, email, password);

test('a member sees their next booking and their medical certificate on the home page', async () => {
  // A shift on DAY, inside a booking week laid out from today whatever the weekday.
  const admin = await signedIn(ADMIN.email, ADMIN.password);
  const sessionId = await openShiftInActiveWeek(admin, { title: TITLE, today: TODAY, day: DAY, table: 4 });

  const member = await signedIn(MEMBER.email, MEMBER_PASSWORD);
  const partners = (await apiCall<{ data: Ref[] }>(member, 'GET', '/user?onlyAvailablePartners=true&limit=500')).body.data;
  const booked = await apiCall(member, 'POST', `/training-session/${sessionId}/book`, {
    partnersId: [partners.find((p) => p.email === PARTNER.email)!._id],
    date: DAY,
  });
  assert.equal(booked.status, 201, JSON.stringify(booked.body));
  const me = (await apiCall<{ medical_certificate_expiration_date: string | null }>(member, 'GET', '/user/me')).body;
  assert.ok(me.medical_certificate_expiration_date, 'the demo member holds an approved certificate');

  await member.goto(`${portal.server.url}/`);
  const next = member.getByRole('region', { name: 'Prossima prenotazione' });
  await next.getByText(`${TITLE} · Tavolo 4`).waitFor();
  await next.getByText(`${italian(DAY)} 21:00`).waitFor();
  // The partner, not the member themselves.
  await next.getByText('Con: Giulia Bianchi', { exact: true }).waitFor();
  await next.getByRole('button', { name: 'Aggiungi al calendario' }).waitFor();
  await next.getByRole('button', { name: 'Annulla prenotazione' }).waitFor();

  const certificate = member.getByRole('region', { name: 'Certificato medico' });
  await certificate.getByText('Valido').waitFor();
  await certificate.getByText(`Scadenza: ${italian(me.medical_certificate_expiration_date)}`).waitFor();

  // The .ics of the booking, as the browser saves it.
  const [download] = await Promise.all([member.waitForEvent('download'), next.getByRole('button', { name: 'Aggiungi al calendario' }).click()]);
  assert.equal(download.suggestedFilename(), `prenotazione-${DAY}.ics`);
  await screenshot(member, 'home-1-member');
  for (const page of [admin, member]) await page.context().close();
});
