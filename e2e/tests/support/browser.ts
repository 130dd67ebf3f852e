/** Headless Chromium from Debian's package, driven by playwright-core (no browser download). */
import { chromium, type Browser, type Download, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { browserClock } from 'test-kit';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './chromium.ts';
import { repoRoot } from './server.ts';

export { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE };

/**
 * Headless Chromium whose every context runs on the test's clock (the test kit's TEST_NOW): pages see the same
 * instant as the server and the test, whatever the machine's date.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await openBrowser();
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
 * The browser the pool shares (E2E_BROWSER_WS: scripts/test.mjs starts one, browser-server.ts, for all its browser
 * files), or one of this process's own (a developer's single file). Each file's contexts are its own either way (own
 * cookies, storage and cache); closing the connection closes them.
 */
async function openBrowser(): Promise<Browser> {
  const shared = process.env.E2E_BROWSER_WS;
  if (!shared)
    // playwright gives every launch a fresh temporary profile
    return chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS, headless: true });
  try {
    return await chromium.connect(shared, { timeout: 30_000 });
  } catch (err) {
    throw new Error(`Chromium condiviso non raggiungibile (${shared}): ${(err as Error).message}`, { cause: err });
  }
}

/**
 * A download's bytes. `download.path()` throws over a connection to a shared browser (the file is on its side); the
 * stream works both ways.
 */
export async function downloaded(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
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
