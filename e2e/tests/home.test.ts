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

test("the staff's home, desktop and phone: each block's list stops at three lines and the block keeps its reserved height (issue 44 item 10)", async () => {
  const admin = await signedIn(ADMIN.email, ADMIN.password);
  // Five charges to the administrator: 'Pagamenti in sospeso' lists three, its total and the link with the other two.
  const me = (await apiCall<{ _id: string }>(admin, 'GET', '/user/me')).body;
  const [category] = (await apiCall<{ data: Ref[] }>(admin, 'GET', '/finance/income-category?limit=1')).body.data;
  assert.ok(category, 'the demo club has an income category');
  for (const n of [1, 2, 3, 4, 5]) {
    const charged: { status: number; body: unknown } = await apiCall(admin, 'POST', '/finance/member-charge', {
      user: [me._id],
      income_category: category._id,
      description: `Quota di prova ${n} con una descrizione lunga che non sta in una riga del riquadro`,
      reference_period: { start_date: TODAY, end_date: addDays(TODAY, 30) },
      amount_due: 10 * n,
    });
    assert.equal(charged.status, 201, JSON.stringify(charged.body));
  }
  await admin.context().close();
  for (const [name, viewport] of [
    ['desktop', { width: 1366, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    const page = await signedInPage(portal, ADMIN.email, ADMIN.password, viewport);
    await page.goto(`${portal.server.url}/`);
    const payments = page.getByRole('region', { name: 'Pagamenti in sospeso' });
    await payments.getByRole('link', { name: '+ altri 2 pagamenti in sospeso' }).waitFor();
    // The line gives way, the amount stays whole.
    await payments.getByRole('listitem').first().getByText('10,00 €').waitFor();
    await page.waitForFunction(() => !document.querySelector('.shell-home [aria-busy="true"], .shell-slot-placeholder'));
    const blocks = await page.$$eval('.shell-home__block', (sections) =>
      sections.map((s) => ({
        name: s.getAttribute('aria-label'),
        height: s.getBoundingClientRect().height,
        reserved: Number.parseFloat(getComputedStyle(s).minHeight),
        items: s.querySelectorAll('li').length,
        // A line wider than its block (it would widen the page).
        overflows: [...s.querySelectorAll('li')].some(
          (li) => li.scrollWidth > li.clientWidth + 1 || li.getBoundingClientRect().right > s.getBoundingClientRect().right,
        ),
      })),
    );
    await screenshot(page, `home-2-admin-${name}`);
    assert.ok(blocks.length >= 6, `${name}: ${blocks.length} blocks`);
    for (const block of blocks) {
      assert.ok(block.items <= 3, `${name}, ${block.name}: ${block.items} items`);
      assert.ok(!block.overflows, `${name}, ${block.name}: a line overflows`);
      assert.ok(block.height <= block.reserved + 0.5, `${name}, ${block.name}: ${block.height} px, ${block.reserved} px reserved`);
    }
    await page.context().close();
  }
});
