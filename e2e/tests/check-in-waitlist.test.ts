/**
 * Issue 42, a no-show's place goes to the waitlist: Marco and Giulia's shift starts with nobody checked in at the
 * table, the no-show job (every minute, on the runner) releases it at the end of the check-in window, Luca — on its
 * waitlist — gets the mail and books the started shift from the mail's link; the staff's 'Presenze' show the
 * booking 'Non presentato' beside Luca's. The server runs with CHECK_IN_CLOSES_MIN=0 (the window closes at the start)
 * so the test waits for the job, not for ten minutes; the shift starts three minutes after the suite's instant.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { clubDate, testNow } from 'test-kit';
import { apiCall } from './support/api-call.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { ADMIN, MEMBER_PASSWORD, signIn, signedInPage, toast } from './support/portal.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { clubTime, halfHourFrom, userIdOf } from './support/shifts.ts';

const portal = {} as { server: RunningServer; browser: Browser };
before(async () => {
  portal.server = await startServer({ CHECK_IN_CLOSES_MIN: '0' });
  portal.browser = await launchBrowser();
});
after(async () => {
  await portal.browser?.close();
  await portal.server?.stop();
});

const ZONE = 'Europe/Rome';
const TITLE = 'Turno senza presenti';
const LUCA = 'luca.ferrari@circolo.example';
/** The shift: from the whole minute three to four minutes after the suite's instant, for thirty minutes (none across midnight or a clock change). */
const shiftAt = (now: Date) => halfHourFrom(new Date(Math.ceil((now.getTime() + 3 * 60_000) / 60_000) * 60_000));
const notPlain = shiftAt(testNow()).plain
  ? false
  : "the half hour after the suite's instant crosses midnight or a clock change: no shift can be made in it";

test("a no-show's place is released after the start and the waiting member books it from the mail's link", { skip: notPlain }, async () => {
  const staff = await signedInPage(portal, ADMIN.email, ADMIN.password);
  const { start, end } = shiftAt(testNow());
  const day = clubDate(start, ZONE);
  const table = (await apiCall<{ data: { _id: string; number: number }[] }>(staff, 'GET', '/training-session/game-tables')).body.data.find(
    (t) => t.number === 5,
  )!;
  // The table's check-in is on from now (its sheet printed), before the shift starts.
  assert.equal((await apiCall(staff, 'POST', `/training-session/game-tables/${table._id}/check-in-link`)).status, 200);
  const qualifications = (await apiCall<{ data: { _id: string }[] }>(staff, 'GET', '/user/qualification?limit=300')).body.data;
  const session = await apiCall<{ data: { _id: string }[] }>(staff, 'POST', '/training-session', {
    title: TITLE,
    day,
    start_time: clubTime(start),
    end_time: clubTime(end),
    participant_qualifications: qualifications.map((q) => q._id),
    game_tables: [table._id],
  });
  assert.equal(session.status, 201, JSON.stringify(session.body));
  const sessionId = session.body.data[0]!._id;
  const booked = await apiCall(staff, 'POST', `/training-session/${sessionId}/book`, {
    partnersId: [await userIdOf(staff, 'marco.rossi@circolo.example'), await userIdOf(staff, 'giulia.bianchi@circolo.example')],
    date: day,
    admin: true,
  });
  assert.equal(booked.status, 201, JSON.stringify(booked.body));

  // Luca waits for it with Matteo.
  const luca = await signedInPage(portal, LUCA, MEMBER_PASSWORD);
  const waiting = await apiCall(luca, 'POST', `/training-session/${sessionId}/waitlist`, {
    date: day,
    partnersId: [await userIdOf(staff, 'matteo.colombo@circolo.example')],
  });
  assert.equal(waiting.status, 201, JSON.stringify(waiting.body));

  // Nobody checks in: at the start the window closes, the job releases the booking and Luca is mailed.
  const mail = await portal.server.waitForMail(LUCA, 6 * 60_000);
  assert.match(mail.subject, new RegExp(`^Turno libero: ${TITLE}`));
  const link = mail.links.find((l) => l.includes('book='));
  assert.ok(link, JSON.stringify(mail));
  const url = new URL(link);
  await signIn(luca, portal.server.url, LUCA, MEMBER_PASSWORD, `${url.pathname}${url.search}`);
  const dialog = luca.getByRole('dialog', { name: `Prenotati a: ${TITLE}` });
  await dialog.waitFor();
  const partner = luca.getByRole('combobox', { name: /^Scegli compagno/ });
  await partner.click();
  await luca.getByRole('option', { name: /^Matteo Colombo/ }).click();
  if ((await partner.getAttribute('aria-expanded')) === 'true') await partner.click();
  await screenshot(luca, 'check-in-waitlist-1-mail-link');
  await dialog.getByRole('button', { name: 'Prenota' }).click();
  await toast(luca, 'Turno prenotato correttamente!');

  // The staff's 'Presenze' of the day: Marco and Giulia's booking 'Non presentato', absent; Luca and Matteo's held.
  await staff.goto(`${portal.server.url}/bookings/attendance`);
  await staff.getByRole('heading', { name: 'Presenze' }).waitFor();
  const shifts = staff.getByRole('article', { name: `${clubTime(start)}-${clubTime(end)} · Tavolo 5 · ${TITLE}` });
  await shifts.nth(1).waitFor();
  const released = shifts.filter({ hasText: 'Non presentato' });
  assert.equal(await released.count(), 1);
  assert.match(await released.innerText(), /Marco Rossi\s*Assente/);
  const rebooked = shifts.filter({ hasNotText: 'Non presentato' });
  assert.match(await rebooked.innerText(), /Luca Ferrari\s*Non registrato/);
  // Staff mark Luca present from the list.
  await rebooked.getByRole('button', { name: 'Segna presente Luca Ferrari' }).click();
  await toast(staff, 'Presenza registrata');
  await rebooked.getByText('Presente', { exact: true }).waitFor();
  await screenshot(staff, 'check-in-waitlist-2-presenze');
  for (const page of [staff, luca]) await page.context().close();
});
