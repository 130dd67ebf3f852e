/**
 * Issue 27 in the composed portal: a member turns on 'Calendario sul telefono' on the profile and copies the address;
 * a booking made afterwards is in the feed fetched as a calendar app does (no cookie) and read by an iCalendar parser,
 * at its time in Europe/Rome; 'Rigenera' makes the old address answer 404.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { clubDate } from 'test-kit';
import { apiCall } from './support/api-call.ts';
import { openShiftInActiveWeek } from './support/shifts.ts';
import { screenshot } from './support/browser.ts';
import { ADMIN, MEMBER_PASSWORD, portalForThisFile, signIn, toast } from './support/portal.ts';

const portal = portalForThisFile();

const MEMBER = { email: 'marco.rossi@circolo.example' };
const PARTNER = { email: 'giulia.bianchi@circolo.example', name: 'Giulia Bianchi' };
const TITLE = 'Turno nel calendario';
const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const TODAY = clubDate();
const DAY = addDays(TODAY, 2);

interface Ref {
  _id: string;
  number?: number;
  email?: string;
}

async function signedIn(email: string, password: string): Promise<Page> {
  const context = await portal.browser.newContext({ viewport: { width: 1366, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.server.url });
  const page = await context.newPage();
  await signIn(page, portal.server.url, email, password);
  return page;
}

/** The events of a feed as a calendar app reads them: ical.js, with the feed's own time zones registered. */
function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const tz of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      summary: event.summary,
      tzid: component.getFirstProperty('dtstart')?.getParameter('tzid'),
      local: event.startDate.toString(),
      instant: event.startDate.toJSDate().toISOString(),
      status: component.getFirstPropertyValue('status'),
    };
  });
}

test('the feed address copied from the profile shows a booking made afterwards; Rigenera makes the old one 404', async () => {
  // A shift on DAY, inside a booking week laid out from today whatever the weekday.
  const admin = await signedIn(ADMIN.email, ADMIN.password);
  const sessionId = await openShiftInActiveWeek(admin, { title: TITLE, today: TODAY, day: DAY, table: 4 });

  // The member turns the address on and copies it.
  const member = await signedIn(MEMBER.email, MEMBER_PASSWORD);
  await member.goto(`${portal.server.url}/user/profile`);
  const card = member.getByRole('region', { name: 'Calendario sul telefono' });
  await card.getByRole('button', { name: 'Attiva' }).click();
  const address = card.getByLabel('Indirizzo del calendario');
  await address.waitFor();
  await card.getByRole('button', { name: 'Copia' }).click();
  // The copy's answer, whichever it is: a browser that refuses the clipboard shows the error toast (which closes by
  // itself after 5 s, so a plain wait for the success would time out without saying it had been there).
  const copiedToast = member.getByText('Indirizzo copiato: incollalo nel calendario del telefono ("Aggiungi calendario da URL").', { exact: true });
  const refusedToast = member.getByText("Impossibile copiare: seleziona l'indirizzo e copialo a mano.", { exact: true });
  await copiedToast.or(refusedToast).first().waitFor();
  assert.equal(await refusedToast.count(), 0, 'il browser ha rifiutato la copia negli appunti');
  const copied = await member.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, await address.inputValue());
  assert.match(copied, new RegExp(`^${portal.server.url}/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
  await screenshot(member, 'calendar-feed-1-profile-card');

  // A booking made afterwards.
  const partners = (await apiCall<{ data: Ref[] }>(member, 'GET', '/user?onlyAvailablePartners=true&limit=500')).body.data;
  const booked = await apiCall<Ref>(member, 'POST', `/training-session/${sessionId}/book`, {
    partnersId: [partners.find((p) => p.email === PARTNER.email)!._id],
    date: DAY,
  });
  assert.equal(booked.status, 201, JSON.stringify(booked.body));

  // Fetched as a calendar app does: no cookie.
  const feed = await fetch(copied);
  assert.equal(feed.status, 200);
  assert.match(feed.headers.get('content-type') ?? '', /^text\/calendar/);
  const event = eventsOf(await feed.text()).find((e) => e.summary.startsWith(TITLE));
  assert.ok(event, 'the booking is in the feed');
  assert.equal(event.summary, `${TITLE}, Tavolo 4 con ${PARTNER.name}`);
  assert.equal(event.tzid, 'Europe/Rome');
  assert.equal(event.local, `${DAY}T21:00:00`);
  const romeOffset = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Rome', timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${DAY}T12:00:00Z`))
    .find((p) => p.type === 'timeZoneName')!
    .value.replace('GMT', '');
  assert.equal(event.instant, new Date(`${DAY}T21:00:00${romeOffset}`).toISOString());
  assert.equal(event.status, 'CONFIRMED');

  // Rigenera: the old address answers 404 at once, the new one serves the feed.
  await card.getByRole('button', { name: 'Rigenera' }).click();
  await member.getByRole('dialog').getByRole('button', { name: 'Rigenera' }).click();
  await toast(member, 'Nuovo indirizzo creato: il vecchio non funziona più.');
  const fresh = await address.inputValue();
  assert.notEqual(fresh, copied);
  assert.equal((await fetch(copied)).status, 404);
  assert.equal((await fetch(fresh)).status, 200);
  await screenshot(member, 'calendar-feed-2-regenerated');
  for (const page of [admin, member]) await page.context().close();
});
