/**
 * Issue 44 item 10, pages that do not shift as they load: Gestione utenti opened directly (the section's placeholder,
 * then the table's body when its rows arrive) and /login keep what they show where it first appeared. Measured as
 * Chromium reports it: every 'layout-shift' entry of the page (none caused by an input) summed from navigation until
 * the page shows its rows and the network is idle; each must stay below 0.1 ("good" for Core Web Vitals). On failure
 * the message names the elements that moved and by how much.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { ADMIN, MEMBER_PASSWORD, portalForThisFile, signIn } from './support/portal.ts';

const portal = portalForThisFile();
const USERS = '/registry/users/management';
const GOOD_CLS = 0.1;
const MEMBER = 'marco.rossi@circolo.example';

interface Shift {
  value: number;
  sources: string[];
}

/** Records every layout shift of the page from its first byte (an init script runs before any of the page's own). */
async function recordLayoutShifts(page: Page): Promise<() => Promise<{ total: number; shifts: Shift[] }>> {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __layoutShifts: typeof shifts }).__layoutShifts = shifts;
    const describe = (node: Node | null | undefined) => {
      if (!(node instanceof Element)) return String(node?.nodeName ?? '?');
      const text = (node.textContent ?? '').trim().slice(0, 30);
      return `${node.tagName.toLowerCase()}${node.className ? `.${String(node.className).split(' ').join('.')}` : ''} "${text}"`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          sources: (entry.sources ?? []).map(
            (s) =>
              `${describe(s.node)} y ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)} h ${Math.round(s.previousRect.height)}→${Math.round(s.currentRect.height)}`,
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return async () => {
    // The observer's last entries are delivered on the next frames.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const shifts = await page.evaluate(() => (window as unknown as { __layoutShifts: Shift[] }).__layoutShifts);
    return { total: shifts.reduce((sum, s) => sum + s.value, 0), shifts };
  };
}

const report = ({ total, shifts }: { total: number; shifts: Shift[] }) =>
  `CLS ${total.toFixed(3)}: ${shifts.map((s) => `${s.value.toFixed(3)} [${s.sources.join('; ')}]`).join(' | ')}`;

const mainTop = (page: Page) => page.evaluate(() => document.querySelector('.shell-main')!.getBoundingClientRect().top);
/** Where the users table's body starts, below its header row. */
const bodyTop = (page: Page) => page.evaluate(() => document.querySelector('.ui-table tbody')!.getBoundingClientRect().top);

async function signedInContext(viewport: { width: number; height: number }): Promise<BrowserContext> {
  const context = await portal.browser.newContext({ serviceWorkers: 'block', viewport });
  assert.ok((await context.request.post(`${portal.server.url}/api/v1/auth/login`, { data: ADMIN })).ok());
  return context;
}

/**
 * Holds what matches `url` until `shown` is on screen: the page paints its loading state first, whatever the
 * machine's speed (on a fast one the rows could arrive before the first paint, and nothing would be seen moving).
 */
async function holdUntilShown(page: Page, url: RegExp, shown: () => Promise<void>): Promise<void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  void shown().then(release, release);
}

for (const [size, viewport] of [
  ['desktop', { width: 1366, height: 768 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`Gestione utenti opened directly (${size}): its section and its rows arrive without moving what is shown (CLS < ${GOOD_CLS})`, async () => {
    const context = await signedInContext(viewport);
    const page = await context.newPage();
    const shifts = await recordLayoutShifts(page);
    // The session check waits until the shell says it checks, the section's files until the shell shows its
    // placeholder, the users until the table shows it loads: each state is painted before the next arrives.
    let mainTopWhileChecking = Number.NaN;
    await holdUntilShown(page, /\/api\/v1\/auth\/me/, async () => {
      await page.getByText('Verifica autenticazione in corso...').waitFor();
      mainTopWhileChecking = await mainTop(page);
    });
    await holdUntilShown(page, /\/(apps|releases)\/mf-registry\//, () => page.getByText('Caricamento della sezione in corso...').waitFor());
    let bodyTopWhileLoading = Number.NaN;
    await holdUntilShown(page, /\/api\/v1\/user\?/, async () => {
      await page.getByRole('status').filter({ hasText: 'Caricamento in corso...' }).waitFor();
      bodyTopWhileLoading = await bodyTop(page);
    });
    await page.goto(`${portal.server.url}${USERS}`);
    await page.waitForFunction(() => document.querySelectorAll('.ui-table tbody tr').length > 1 && !document.querySelector('.ui-table__state'));
    await page.waitForLoadState('networkidle');
    const measured = await shifts();
    if (process.env.SHOW_LAYOUT_SHIFTS) console.log(`${size} ${USERS}: ${report(measured)}`);
    assert.ok(measured.total < GOOD_CLS, report(measured));
    // The page starts where it started while the session was checked: the header's room was kept.
    assert.ok(Math.abs((await mainTop(page)) - mainTopWhileChecking) <= 2, `main at ${mainTopWhileChecking}, then ${await mainTop(page)}`);
    // The rows start where the loading state started: the header row kept its height when the rows sized the
    // columns (on a wide screen its longer labels wrap to two lines only then).
    assert.ok(
      Math.abs((await bodyTop(page)) - bodyTopWhileLoading) <= 1,
      `rows at ${bodyTopWhileLoading} while loading, then ${await bodyTop(page)}`,
    );
    await context.close();
  });
}

test('the home page (a member, desktop): the blocks arriving do not push the section grid down, from the second visit on', async () => {
  const context = await portal.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1366, height: 768 } });
  await signIn(await context.newPage(), portal.server.url, MEMBER, MEMBER_PASSWORD, null);
  const gridTop = (page: Page) => page.evaluate(() => document.querySelector('.shell-home__grid')!.getBoundingClientRect().top);
  const settled = (page: Page) =>
    page.waitForFunction(
      () => document.querySelectorAll('.shell-home__block').length > 0 && !document.querySelector('.shell-home [aria-busy="true"]'),
    );
  // The first visit shows the member's blocks (the slot remembers how many).
  const first = await context.newPage();
  await first.goto(`${portal.server.url}/`);
  await settled(first);
  await first.waitForLoadState('networkidle');
  await first.close();
  // The next: the apps' files are held until the placeholders are on screen.
  const page = await context.newPage();
  let gridTopWhileLoading = Number.NaN;
  await holdUntilShown(page, /\/(apps|releases)\/mf-/, async () => {
    await page.locator('.shell-slot-placeholder').first().waitFor();
    gridTopWhileLoading = await gridTop(page);
  });
  await page.goto(`${portal.server.url}/`);
  await settled(page);
  await page.waitForLoadState('networkidle');
  const blocks = await page.locator('.shell-home__block').count();
  assert.ok(blocks >= 4, `${blocks} blocks`);
  assert.ok(Math.abs((await gridTop(page)) - gridTopWhileLoading) <= 2, `grid at ${gridTopWhileLoading} while loading, then ${await gridTop(page)}`);
  await context.close();
});

test(`/login paints its form where it stays while React takes it over (CLS < ${GOOD_CLS})`, async () => {
  const context = await portal.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  const shifts = await recordLayoutShifts(page);
  await page.goto(`${portal.server.url}/login`);
  await page.waitForFunction(() => !(document.querySelector('button[type="submit"]') as HTMLButtonElement).disabled);
  await page.waitForLoadState('networkidle');
  const measured = await shifts();
  if (process.env.SHOW_LAYOUT_SHIFTS) console.log(`/login: ${report(measured)}`);
  assert.ok(measured.total < GOOD_CLS, report(measured));
  await context.close();
});
