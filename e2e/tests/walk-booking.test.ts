/**
 * Issue 26, "Booking as a member sees it": what a walk through the booking screens found, each seen in the browser.
 * 1. A session of today that has started or ended is not offered; reached anyway, the refusal says it has started.
 * 2. The shift search says why a result cannot be booked (booking disabled, outside the bookable week and when it
 *    opens, no certificate) instead of a 'Prenota' that fails once a partner is picked.
 * 3. The calendar reads at 1366 px and at a 390 px phone: the week of every table, the day, the month.
 * 4. The partner picker marks members who cannot play and does not offer them; Enter after choosing books.
 * 5. The calendar's table, view and date, and a list's search box, survive a reload and Back.
 *
 * The file runs at the test kit's clock edges too (its name ends in booking.test.ts: scripts/test.mjs), so every day
 * and hour is computed from testNow(): a Sunday night, the nights the clocks change and New Year's Eve.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { clubDate, testNow } from 'test-kit';
import { apiCall } from './support/api-call.ts';
import { seriousViolations, settled } from './support/axe.ts';
import { screenshot } from './support/browser.ts';
import { ADMIN, MEMBER_PASSWORD, portalForThisFile, removeCertificates, signIn, toast } from './support/portal.ts';

const portal = portalForThisFile();
const ZONE = 'Europe/Rome';
const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

const MARCO = 'marco.rossi@circolo.example';
const GIULIA = 'giulia.bianchi@circolo.example';

const TODAY = clubDate(testNow(), ZONE);
const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const weekdayOf = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();
const mondayOf = (iso: string) => addDays(iso, -((weekdayOf(iso) + 6) % 7));
const italian = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const WEEKDAYS = ['domenica', 'lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato'];

/** Minutes since midnight on the club's clock now. */
function clubMinutes(): number {
  const [h, m] = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(testNow())
    .split(':')
    .map(Number);
  return h! * 60 + m!;
}

/**
 * A slot still to come in the active booking week of the demo rules (Monday to Sunday): tomorrow evening, or on a
 * Sunday (the week's last day) later today, clear of the hour a clock change skips or repeats.
 */
function slotThisWeek(): { date: string; start: string; end: string } {
  if (weekdayOf(TODAY) !== 0) return { date: addDays(TODAY, 1), start: '21:15', end: '22:00' };
  let start = Math.ceil((clubMinutes() + 15) / 15) * 15;
  if (start >= 60 && start < 195) start = 195;
  assert.ok(start + 30 <= 24 * 60, 'a slot still to come today');
  return { date: TODAY, start: hhmm(start), end: hhmm(start + 30) };
}

async function signedIn(email: string, password: string, viewport = DESKTOP): Promise<Page> {
  const page = await portal.browser.newPage({ viewport });
  await signIn(page, portal.server.url, email, password);
  return page;
}

interface Ref {
  _id: string;
  number?: number;
}

/** The administrator opens a single session through the API; answers its id. */
async function openSession(
  title: string,
  date: string,
  start: string,
  end: string,
  table: number,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const admin = await signedIn(ADMIN.email, ADMIN.password);
  const tables = (await apiCall<{ data: Ref[] }>(admin, 'GET', '/training-session/game-tables')).body.data;
  const qualifications = (await apiCall<{ data: Ref[] }>(admin, 'GET', '/user/qualification?limit=300')).body.data;
  const created = await apiCall<{ data: Ref[] }>(admin, 'POST', '/training-session', {
    title,
    day: date,
    start_time: start,
    end_time: end,
    participant_qualifications: qualifications.map((q) => q._id),
    game_tables: [tables.find((t) => t.number === table)!._id],
    ...extra,
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  await admin.context().close();
  return created.body.data[0]!._id;
}

const searchDay = (page: Page, date: string) => page.goto(`${portal.server.url}/book-session?date=${encodeURIComponent(JSON.stringify(date))}`);

/** Whether the page pans sideways (wider than its viewport). */
const pansSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** The widths of the buttons inside a locator's element, in px. */
async function buttonWidths(page: Page, selector: string): Promise<number[]> {
  return page.$$eval(`${selector} button`, (buttons) =>
    buttons.filter((b) => (b as HTMLElement).offsetParent !== null).map((b) => b.getBoundingClientRect().width),
  );
}

/** A session of today that has already started: ended when the day has an hour behind it, else under way. */
function startedToday(): { start: string; end: string } {
  const start = Math.max(0, Math.floor((clubMinutes() - 60) / 15) * 15);
  return { start: hhmm(start), end: hhmm(start + 45) };
}

test('1. a session of today that has started is not offered; reached anyway, the refusal says it has started', async () => {
  const { start, end } = startedToday();
  const title = 'Turno del mattino già iniziato';
  await openSession(title, TODAY, start, end, 6);

  // The phone calendar lists the day's sessions whatever their hour: this one says it has started and offers nothing.
  const page = await signedIn(GIULIA, MEMBER_PASSWORD, PHONE);
  await page.goto(`${portal.server.url}/book-session-calendar?view=day`);
  const card = page.getByRole('button', { name: new RegExp(`^${start} - ${end} ${title} Tavolo 6`) });
  await card.waitFor();
  assert.doesNotMatch(await card.innerText(), /Clicca per prenotare/);
  assert.match(await card.innerText(), /Già iniziato/);
  await screenshot(page, 'walk-booking-1-started-phone');
  await card.click();
  const detail = page.getByRole('dialog', { name: title });
  await detail.getByText('Questo turno è già iniziato: non si può più prenotare').waitFor();
  await detail.getByRole('button', { name: 'Chiudi' }).last().click();

  // The search says the same and has no 'Prenota' for it.
  await page.setViewportSize(DESKTOP);
  await searchDay(page, TODAY);
  const result = page.getByRole('article').filter({ hasText: title });
  await result.getByText('Questo turno è già iniziato: non si può più prenotare').waitFor();
  assert.equal(await result.getByRole('button', { name: 'Prenota' }).count(), 0);

  // A page read before it started still offers it: the booking is refused as started, in the contract's words.
  await page.route(
    (url) => url.pathname === '/api/v1/training-session',
    async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      for (const o of body.data) if (o.title === title) o.bookability = { bookable: true, refusal: null, opens_at: null };
      await route.fulfill({ response, json: body });
    },
  );
  await page.reload();
  await result.getByRole('button', { name: 'Prenota' }).click();
  const modal = page.getByRole('dialog', { name: `Prenotati a: ${title}` });
  await modal.getByRole('combobox', { name: /^Scegli compagno/ }).click();
  await page.getByRole('option', { name: /^Matteo Colombo/ }).click();
  await modal.getByRole('button', { name: 'Prenota' }).click();
  await toast(page, 'Questo turno è già iniziato: non si può più prenotare');
  await page.context().close();
});

test('2. the search says why a shift cannot be booked, and when it opens, instead of a Prenota that fails', async () => {
  const slot = slotThisWeek();
  const nextWeek = addDays(TODAY, 7);
  await openSession('Turno chiuso alle prenotazioni', slot.date, slot.start, slot.end, 5, { is_booking_allowed: false });
  // After the demo club's evening sessions (18:00–21:00 on weekdays): sessions never overlap on a table (issue 44).
  await openSession('Turno della settimana dopo', nextWeek, '21:00', '22:30', 5);
  await openSession('Turno per chi ha il certificato', slot.date, slot.start, slot.end, 4);
  const admin = await signedIn(ADMIN.email, ADMIN.password);
  await removeCertificates(admin, MARCO);
  await admin.context().close();

  const page = await signedIn(MARCO, MEMBER_PASSWORD);
  await searchDay(page, slot.date);
  const closed = page.getByRole('article').filter({ hasText: 'Turno chiuso alle prenotazioni' });
  await closed.getByText('Questo turno non può essere prenotato').waitFor();
  const noCertificate = page.getByRole('article').filter({ hasText: 'Turno per chi ha il certificato' });
  await noCertificate.getByText('Non puoi prenotare turni senza un certificato medico valido').waitFor();
  for (const card of [closed, noCertificate]) assert.equal(await card.getByRole('button', { name: 'Prenota' }).count(), 0);
  await settled(page);
  assert.deepEqual(await seriousViolations(page, 'the search with its reasons'), []);
  await screenshot(page, 'walk-booking-2-search-reasons');

  // Next week opens on its Monday, when Marco's rule (Agonisti) unlocks its shifts at 09:00.
  await searchDay(page, nextWeek);
  const later = page.getByRole('article').filter({ hasText: 'Turno della settimana dopo' });
  await later.getByText('Non puoi prenotare un turno fuori dalla settimana attualmente attiva').waitFor();
  const monday = mondayOf(nextWeek);
  await later.getByText(`Prenotabile da ${WEEKDAYS[1]} ${italian(monday)} alle 09:00`).waitFor();
  assert.equal(await later.getByRole('button', { name: 'Prenota' }).count(), 0);
  await page.setViewportSize(PHONE);
  await screenshot(page, 'walk-booking-2-search-reasons-phone');
  await page.context().close();
});

test('3. the calendar reads at 1366 px and on a phone: the week of every table, the day and the month', async () => {
  const page = await signedIn(GIULIA, MEMBER_PASSWORD);
  await page.goto(`${portal.server.url}/book-session-calendar`);
  const week = page.getByRole('grid', { name: 'Vista settimana' });
  await week.waitFor();
  // Every table's 18:00 shift on a weekday is one entry with the count, not six slivers reading '18'.
  await week
    .getByRole('button', { name: /^18:00 - 19:30 Allenamento libero 6 tavoli/ })
    .first()
    .waitFor();
  const desktopWidths = await buttonWidths(page, '.bk-calendar__body');
  assert.ok(desktopWidths.length > 0);
  assert.ok(Math.min(...desktopWidths) >= 100, `entries of the week at 1366 px: ${desktopWidths.join(', ')} px`);
  await settled(page);
  const violations = await seriousViolations(page, 'the week of every table');
  await screenshot(page, 'walk-booking-3-week-desktop');

  await page.setViewportSize(PHONE);
  await page.reload();
  await page
    .getByRole('region', { name: /^Mercoledì|^Lunedì|^Martedì|^Giovedì|^Venerdì|^Sabato|^Domenica/ })
    .first()
    .waitFor();
  const monday = mondayOf(TODAY);
  const mondayList = page.getByRole('region', { name: `Lunedì ${italian(monday)}` });
  await mondayList.getByRole('button', { name: /^18:00 - 19:30 Allenamento libero 6 tavoli/ }).waitFor();
  assert.equal(await pansSideways(page), false, 'the week pans sideways at 390 px');
  const phoneWeek = await buttonWidths(page, '.bk-calendar__body');
  assert.ok(Math.min(...phoneWeek) >= 300, `entries of the week at 390 px: ${phoneWeek.join(', ')} px`);
  violations.push(...(await seriousViolations(page, 'the week on a phone')));
  await screenshot(page, 'walk-booking-3-week-phone');

  // The 18:00 entry opens that day, each table's shift full width.
  await mondayList.getByRole('button', { name: /^18:00 - 19:30 Allenamento libero 6 tavoli/ }).click();
  await page.getByRole('tab', { name: 'Giorno', selected: true }).waitFor();
  await page.getByRole('button', { name: /^18:00 - 19:30 Allenamento libero Tavolo 6/ }).waitFor();
  assert.equal(await pansSideways(page), false, 'the day pans sideways at 390 px');
  const phoneDay = await buttonWidths(page, '.bk-calendar__body');
  assert.ok(Math.min(...phoneDay) >= 150, `entries of the day at 390 px: ${phoneDay.join(', ')} px`);
  await settled(page);
  violations.push(...(await seriousViolations(page, 'the day on a phone')));
  await screenshot(page, 'walk-booking-3-day-phone');
  await page.context().close();

  // The month (the administrator's calendars) on a phone: each day says how many shifts it has.
  const admin = await signedIn(ADMIN.email, ADMIN.password, PHONE);
  await admin.goto(`${portal.server.url}/bookings/calendar`);
  const month = admin.getByRole('grid', { name: 'Vista mese' });
  await month.waitFor();
  await month.getByRole('button', { name: new RegExp(`^\\d+ turni il ${italian(monday).replaceAll('/', '\\/')}$`) }).click();
  const list = admin.getByRole('dialog', { name: `Turni del ${italian(monday)}` });
  await list.getByRole('button', { name: /^18:00 - 19:30 Allenamento libero Tavolo 1/ }).waitFor();
  await list.getByRole('button', { name: 'Chiudi' }).first().click();
  assert.equal(await month.getByRole('button', { name: /^Azioni / }).count(), 0, "no card squeezed to '1 ⋮' in a phone's month cell");
  assert.equal(await pansSideways(admin), false, 'the month pans sideways at 390 px');
  violations.push(...(await seriousViolations(admin, 'the month on a phone')));
  assert.deepEqual(violations, []);
  await screenshot(admin, 'walk-booking-3-month-phone');
  await admin.setViewportSize(DESKTOP);
  await screenshot(admin, 'walk-booking-3-month-desktop');
  await admin.context().close();
});

test('4. the partner picker marks who cannot play and does not offer them; Enter after choosing books', async () => {
  const slot = slotThisWeek();
  const title = 'Turno con il compagno giusto';
  await openSession(title, slot.date, slot.start, slot.end, 3);
  const admin = await signedIn(ADMIN.email, ADMIN.password);
  await removeCertificates(admin, MARCO);
  await admin.context().close();

  const page = await signedIn(GIULIA, MEMBER_PASSWORD);
  await searchDay(page, slot.date);
  await page.getByRole('article').filter({ hasText: title }).getByRole('button', { name: 'Prenota' }).click();
  const modal = page.getByRole('dialog', { name: `Prenotati a: ${title}` });
  const picker = modal.getByRole('combobox', { name: /^Scegli compagno/ });
  await picker.click();
  // The administrator has no medical certificate, nor (removed above) has Marco: marked, and not chosen when clicked.
  for (const who of ['Amministratore Circolo', 'Marco Rossi']) {
    const option = page.getByRole('option', { name: new RegExp(`^${who}`) });
    assert.equal(await option.getAttribute('aria-disabled'), 'true', who);
    assert.match(await option.innerText(), /certificato medico non valido/i, who);
  }
  await screenshot(page, 'walk-booking-4-partners');
  // A person clicks it all the same (Playwright would wait for it to be enabled).
  await page.getByRole('option', { name: /^Amministratore Circolo/ }).click({ force: true });
  assert.equal(await picker.getAttribute('aria-expanded'), 'true', 'the menu stays open: nothing was chosen');
  await page.getByRole('option', { name: /^Matteo Colombo/ }).click();
  assert.equal(await picker.getAttribute('aria-expanded'), 'false');
  assert.match(await picker.innerText(), /Matteo Colombo/);
  // Focus is back on the menu: Enter books instead of opening it again.
  await page.keyboard.press('Enter');
  await toast(page, 'Turno prenotato correttamente!');
  await modal.waitFor({ state: 'detached' });
  await page.context().close();
});

test("5. the calendar's table, view and date, and a list's search, survive a reload and Back", async () => {
  const page = await signedIn(GIULIA, MEMBER_PASSWORD);
  await page.goto(`${portal.server.url}/book-session-calendar`);
  await page.getByRole('grid', { name: 'Vista settimana' }).waitFor();
  await page.getByRole('group', { name: 'Tavoli' }).getByRole('button', { name: 'Tavolo 3', exact: true }).click();
  await page.getByRole('tablist', { name: 'Vista' }).getByRole('tab', { name: 'Giorno' }).click();
  await page.getByRole('button', { name: 'Successivo', exact: true }).click();
  const day = addDays(TODAY, 1);
  const shown = async () => {
    await page.getByRole('button', { name: `Scegli la data: ${italian(day)}` }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Tavolo 3', exact: true }).getAttribute('aria-pressed'), 'true');
    assert.equal(await page.getByRole('tab', { name: 'Giorno' }).getAttribute('aria-selected'), 'true');
  };
  await shown();
  await page.reload();
  await shown();
  await page.goto(`${portal.server.url}/user/bookings`);
  await page.goBack();
  await shown();
  await page.goForward();
  await page.goBack();
  await shown();
  await page.context().close();

  const admin = await signedIn(ADMIN.email, ADMIN.password);
  await admin.goto(`${portal.server.url}/registry/users/management`);
  const search = admin.getByRole('searchbox', { name: 'Cerca' });
  await search.fill('Rossi');
  await admin.waitForURL(/[?&]q=Rossi/);
  const rows = admin.getByRole('table').getByRole('row');
  const filtered = async () => {
    assert.equal(await search.inputValue(), 'Rossi');
    await rows.filter({ hasText: 'Marco' }).first().waitFor();
    await rows.filter({ hasText: 'Giulia' }).first().waitFor({ state: 'detached' });
  };
  await filtered();
  await admin.reload();
  await filtered();
  await admin.goto(`${portal.server.url}/registry/users/categories`);
  await admin.goBack();
  await filtered();
  await admin.context().close();
});
