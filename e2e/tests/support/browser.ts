/** Headless Chromium from Debian's package, driven by playwright-core (no browser download). */
import { chromium, type Browser, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { browserClock } from 'test-kit';
import { repoRoot } from './server.ts';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Headless Chromium whose every context runs on the test's clock (the test kit's TEST_NOW): pages see the same
 * instant as the server and the test, whatever the machine's date.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // playwright gives every launch a fresh temporary profile
    args: CHROMIUM_ARGS,
    headless: true,
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
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

/** Saves a screenshot under e2e/artifacts/ for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = path.join(repoRoot, 'e2e', 'artifacts');
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
