/**
 * Issue 42, check-in at the table, as a member does it: the staff print a table's sheet (the PDF from the API, as
 * Gestione tavoli downloads it), the member's phone reads its QR code (decoded here from the rendered PDF by a QR
 * reader, mupdf and jsQR, not read from the database), opens the link signed in, taps once and sees 'Presente'.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import jsQR from 'jsqr';
import * as mupdf from 'mupdf';
import { clubDate, testNow } from 'test-kit';
import { apiCall } from './support/api-call.ts';
import { screenshot } from './support/browser.ts';
import { clubTime, halfHourFrom, userIdOf } from './support/shifts.ts';
import { ADMIN, MEMBER_PASSWORD, portalForThisFile, signIn } from './support/portal.ts';

const portal = portalForThisFile();
const ZONE = 'Europe/Rome';
const MEMBER = 'marco.rossi@circolo.example';
const PARTNER = 'giulia.bianchi@circolo.example';

/** The text of the QR code on the first page of a PDF, as a phone's camera would read the printed sheet. */
function qrOf(pdf: Buffer): string {
  const pixmap = mupdf.Document.openDocument(pdf, 'application/pdf')
    .loadPage(0)
    .toPixmap(mupdf.Matrix.scale(2, 2), mupdf.ColorSpace.DeviceRGB, false);
  const rgb = pixmap.getPixels();
  const rgba = new Uint8ClampedArray((rgb.length / 3) * 4);
  for (let i = 0, j = 0; i < rgb.length; i += 3, j += 4) {
    rgba[j] = rgb[i]!;
    rgba[j + 1] = rgb[i + 1]!;
    rgba[j + 2] = rgb[i + 2]!;
    rgba[j + 3] = 255;
  }
  const code = jsQR(rgba, pixmap.getWidth(), pixmap.getHeight());
  assert.ok(code, 'the sheet carries a readable QR code');
  return code.data;
}

/**
 * The shift this test books: from five to thirty-five minutes after the suite's instant. At an instant where that half
 * hour crosses midnight or a clock change (TEST_NOW on New Year's Eve at 23:30, or on a daylight-saving night) no such
 * session can be made, and the test says so instead of failing.
 */
const shiftAt = (now: Date) => halfHourFrom(new Date(now.getTime() + 5 * 60_000));
const notPlain = shiftAt(testNow()).plain
  ? false
  : "the half hour after the suite's instant crosses midnight or a clock change: no shift can be made in it";

test("a member opens the table's QR code on the phone, checks in with one tap and sees 'Presente'", { skip: notPlain }, async () => {
  // The staff: a shift on table 4 starting in five minutes (inside the check-in window), booked for Marco and Giulia.
  const staffContext = await portal.browser.newContext();
  const staff = await staffContext.newPage();
  await signIn(staff, portal.server.url, ADMIN.email, ADMIN.password, null);
  const { start, end } = shiftAt(testNow());
  const tables = (await apiCall<{ data: { _id: string; number: number }[] }>(staff, 'GET', '/training-session/game-tables')).body.data;
  const table = tables.find((t) => t.number === 4)!;
  const qualifications = (await apiCall<{ data: { _id: string }[] }>(staff, 'GET', '/user/qualification?limit=300')).body.data;
  const session = await apiCall<{ data: { _id: string }[] }>(staff, 'POST', '/training-session', {
    title: 'Turno con presenza',
    day: clubDate(start, ZONE),
    start_time: clubTime(start),
    end_time: clubTime(end),
    participant_qualifications: qualifications.map((q) => q._id),
    game_tables: [table._id],
  });
  assert.equal(session.status, 201, JSON.stringify(session.body));
  const booked = await apiCall(staff, 'POST', `/training-session/${session.body.data[0]!._id}/book`, {
    partnersId: [await userIdOf(staff, MEMBER), await userIdOf(staff, PARTNER)],
    date: clubDate(start, ZONE),
    admin: true,
  });
  assert.equal(booked.status, 201, JSON.stringify(booked.body));

  // The sheet, as 'Foglio presenze' downloads it: the table gets its code the first time.
  assert.equal((await apiCall(staff, 'POST', `/training-session/game-tables/${table._id}/check-in-link`)).status, 200);
  const sheet = await staff.request.get(`${portal.server.url}/api/v1/training-session/game-tables/${table._id}/check-in-sheet`);
  assert.equal(sheet.status(), 200);
  const link = new URL(qrOf(await sheet.body()));
  assert.match(link.pathname, /^\/check-in\/[\w-]{65}$/);
  await staffContext.close();

  // The member's phone: signed in, the link from the code, one tap.
  const context = await portal.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await context.newPage();
  await signIn(phone, portal.server.url, MEMBER, MEMBER_PASSWORD, `${link.pathname}${link.search}`);
  await phone.getByRole('heading', { name: 'Registra la presenza' }).waitFor();
  await screenshot(phone, 'check-in-1-phone-before');
  await phone.getByRole('button', { name: 'Sono al tavolo' }).tap();
  await phone.locator('.ui-badge', { hasText: 'Presente' }).waitFor();
  await phone.getByText(`Tavolo 4`, { exact: false }).first().waitFor();
  assert.match(await phone.locator('.bk-check-in__result').innerText(), /Giulia Bianchi: Presente/);
  // Nothing wider than the phone's screen.
  assert.equal(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
  await screenshot(phone, 'check-in-2-phone-present');
  await context.close();
});
