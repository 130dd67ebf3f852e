/**
 * Issue 28, installable and usable offline: the pages link the web app manifest (Italian name, 192 and 512 px icons,
 * theme colour, start URL /), the service worker registers, a navigation offline shows the Italian page instead of
 * the browser's error, and Le mie prenotazioni offline shows the bookings last loaded, read-only, under a banner.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { clubDate, testNow } from 'test-kit';
import { apiCall } from './support/api-call.ts';
import { screenshot } from './support/browser.ts';
import { ADMIN, MEMBER_PASSWORD, portalForThisFile, signIn } from './support/portal.ts';
import { openShiftInActiveWeek } from './support/shifts.ts';

const portal = portalForThisFile();
const PHONE = { width: 390, height: 844 };
const MEMBER = 'matteo.colombo@circolo.example';
const PARTNER = 'luca.ferrari@circolo.example';
const TITLE = 'Turno da vedere senza rete';

const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

interface Manifest {
  name: string;
  start_url: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string }[];
}

test('/ and /login link the web app manifest: Italian name, icons of 192 and 512 px, the theme colour, start URL /', async () => {
  for (const page of ['/', '/login']) {
    const html = await (await fetch(`${portal.server.url}${page}`)).text();
    assert.match(html, /<link rel="manifest" href="\/manifest.webmanifest"/, page);
  }
  const res = await fetch(`${portal.server.url}/manifest.webmanifest`);
  assert.equal(res.status, 200);
  const manifest = (await res.json()) as Manifest;
  assert.equal(manifest.name, 'Circolo Tennistavolo');
  assert.equal(manifest.start_url, '/');
  assert.equal(manifest.theme_color, '#1558b0');
  assert.deepEqual(manifest.icons.map((i) => i.sizes).sort(), ['192x192', '512x512']);
  for (const icon of manifest.icons) {
    const png = await fetch(`${portal.server.url}${icon.src}`);
    assert.equal(png.status, 200, icon.src);
    assert.equal(png.headers.get('content-type'), 'image/png');
    const bytes = Buffer.from(await png.arrayBuffer());
    const side = Number(icon.sizes.split('x')[0]);
    // PNG header: width and height at bytes 16 and 20.
    assert.equal(bytes.readUInt32BE(16), side);
    assert.equal(bytes.readUInt32BE(20), side);
  }
  const worker = await fetch(`${portal.server.url}/sw.js`);
  assert.equal(worker.status, 200);
  assert.equal(worker.headers.get('cache-control'), 'no-cache', 'a new worker is picked up at once');
});

/** The member books a shift with a partner through the API (the booking pages have their own tests). */
async function memberWithBooking(page: Page): Promise<void> {
  await signIn(page, portal.server.url, ADMIN.email, ADMIN.password);
  const today = clubDate(testNow(), 'Europe/Rome');
  const day = addDays(today, 2);
  const sessionId = await openShiftInActiveWeek(page, { title: TITLE, today, day, table: 4 });
  const partner = (
    await apiCall<{ data: { _id: string; email: string }[] }>(page, 'GET', `/user?limit=50&reducedDetails=true&q=${PARTNER}`)
  ).body.data.find((u) => u.email === PARTNER)!;
  await page.context().clearCookies();
  await signIn(page, portal.server.url, MEMBER, MEMBER_PASSWORD);
  const booked = await apiCall(page, 'POST', `/training-session/${sessionId}/book`, { partnersId: [partner._id], date: day });
  assert.equal(booked.status, 201, JSON.stringify(booked.body));
}

test('the worker registers; offline a navigation shows the Italian page and Le mie prenotazioni the last loaded bookings', async () => {
  const context = await portal.browser.newContext({ viewport: PHONE, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await memberWithBooking(page);

  await page.goto(`${portal.server.url}/user/bookings`);
  await page.getByRole('article').filter({ hasText: TITLE }).waitFor();
  // Registered after the first paint; controlling the page once active (clients.claim).
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  assert.equal(scope, `${portal.server.url}/`);
  // The next visit loads through the worker, which keeps the shell and the release's files.
  await page.reload();
  await page.getByRole('article').filter({ hasText: TITLE }).waitFor();

  await context.setOffline(true);
  await page.goto(`${portal.server.url}/registry/users`);
  await page.getByRole('heading', { name: 'Nessuna connessione: riprova quando sei in linea' }).waitFor();
  await screenshot(page, 'offline-1-page-phone');

  await page.goto(`${portal.server.url}/user/bookings`);
  const banner = page.getByTestId('offline-bookings');
  await banner.waitFor();
  assert.match(
    await banner.innerText(),
    /^Nessuna connessione: queste sono le prenotazioni caricate il \d\d\/\d\d\/\d{4} \d\d:\d\d, in sola lettura\.$/,
  );
  const card = page.getByRole('article').filter({ hasText: TITLE });
  await card.waitFor();
  assert.match(await card.innerText(), /Luca Ferrari/);
  assert.equal(await card.getByRole('button', { name: 'Annulla prenotazione' }).count(), 0, 'read-only offline');
  await screenshot(page, 'offline-2-bookings-phone');

  // The worker never kept an API answer.
  const keptApi = await page.evaluate(async () => {
    const found: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) if (new URL(request.url).pathname.startsWith('/api/')) found.push(request.url);
    }
    return found;
  });
  assert.deepEqual(keptApi, []);
  await context.setOffline(false);
  await context.close();
});

test('a page the worker did not load (a hard reload, or a first visit whose worker activated mid-navigation) is taken under its control', async () => {
  const context = await portal.browser.newContext({ viewport: PHONE, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await signIn(page, portal.server.url, MEMBER, MEMBER_PASSWORD, '/user/bookings');
  await page.getByRole('tablist', { name: 'Prenotazioni' }).waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // Shift-reload: the browser loads the page past the worker, which then no longer controls it until it claims it.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Page.reload', { ignoreCache: true });
  await page.waitForLoadState('load');
  await page.getByRole('tablist', { name: 'Prenotazioni' }).waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await context.close();
});
