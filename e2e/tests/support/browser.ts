/** Headless Chromium from Debian's package, driven by playwright-core (no browser download). */
import { chromium, type Browser, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { browserClock } from 'test-kit';
import { repoRoot } from './server.ts';

/**
 * Debian's chromium-headless-shell (npm test installs it; CHROMIUM_PATH picks another build): Chromium's headless-only
 * build, the one Playwright runs headless. The whole browser's headless mode (/usr/bin/chromium) also runs its windows'
 * UI: about a fifth more CPU per browser file (booking.test, every process of its tree sampled: 51 → 40 CPU-s).
 */
export const CHROMIUM_EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/**
 * The features Playwright turns off (playwright-core's chromiumSwitches), and the omnibox popup's WebUI, which the
 * whole browser's headless mode opens in a renderer of its own for every window (about 1.3 s of CPU each) when
 * CHROMIUM_PATH points at it. Chromium keeps only the last --disable-features it is given, so Playwright's list is
 * repeated here.
 */
const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  // The compositor's (software) GPU thread inside the browser process instead of a process of its own: about 1.5 s of
  // CPU less per browser file (walk-lists, every Chromium process sampled, two pairs: 11.7 → 9.6 and 12.1 → 9.4 s).
  '--in-process-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];

/**
 * Headless Chromium whose every context runs on the test's clock (the test kit's TEST_NOW): pages see the same
 * instant as the server and the test, whatever the machine's date.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_EXECUTABLE,
    // playwright gives every launch a fresh temporary profile
    args: CHROMIUM_ARGS,
    headless: true,
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    // No service worker unless a test asks for one (the offline tests): the portal's worker precaches the shell's
    // files on a context's first visit, so every fresh context downloaded and ran them twice (about a third more
    // requests per sign-in) for a cache no other test reads.
    const context = await newContext({ serviceWorkers: 'block', ...options });
    await browserClock(context);
    return context;
  };
  // A page of its own context, as Playwright's newPage makes it; closing the page closes that context too.
  browser.newPage = async (options) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    // (the browser may be closing already: nothing left to close then)
    page.once('close', () => void context.close().catch(() => undefined));
    return page;
  };
  return browser;
}

/**
 * Saves a screenshot under e2e/artifacts/ for a person to look at; a run at another instant (TEST_NOW: npm test's
 * runs of the booking file at the clock's edges) under a folder named after it, so that it does not overwrite the
 * usual run's pictures of the same screens with its own.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  const instant = process.env.TEST_NOW;
  const dir = path.join(repoRoot, 'e2e', 'artifacts', ...(instant ? [`at-${instant.replaceAll(':', '.')}`] : []));
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/**
 * Records the page's Content-Security-Policy violations (the browser's securitypolicyviolation events and its
 * console reports), from the next navigation on. Read the list at the end of a test: it should be empty.
 */
export async function recordCspViolations(page: Page): Promise<() => Promise<string[]>> {
  const reported: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) reported.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return async () => [...reported, ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []))];
}
