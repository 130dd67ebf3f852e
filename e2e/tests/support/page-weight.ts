/**
 * What a page downloads: the files the page received until the network is idle, each counted at the size the server
 * sends it in the encoding the browser was answered in (brotli for the portal's scripts). The sizes are asked from
 * the server again instead of read from Chromium's network events: those split a response's bytes between its
 * events differently from run to run (the same file counted whole, in part or negative), so a budget checked on
 * them could pass or fail by timing alone. Used by the first-load test (first-load.test.ts) and the page-weight bench.
 */
import http from 'node:http';
import type { BrowserContext, Page } from 'playwright-core';

export interface Transfer {
  url: string;
  /** Playwright's resource type ('script', 'stylesheet', 'fetch', …). */
  type: string;
  /** Body bytes as sent by the server in `encoding` (what crosses the network for the content). */
  bytes: number;
  encoding: string;
}

/** The first route of each domain app (its first entry in the navigation). */
export const APP_ROUTES: Record<string, string> = {
  'mf-booking': '/book-session',
  'mf-registry': '/registry/users/management',
  'mf-certificates': '/certificates/management',
  'mf-storage': '/storage/management',
  'mf-finance': '/finance/insertion-count',
};

/**
 * Opens `url` in a fresh page of `context` and returns every same-origin response received until the network is
 * idle (after `ready`, when given), with the size the server sends it in. Use a context whose service workers are
 * blocked (`{ serviceWorkers: 'block' }`): a first visit has none, and a worker answering from its cache would hide
 * what the page loads.
 */
export async function transfersOf(context: BrowserContext, url: string, ready?: (page: Page) => Promise<unknown>): Promise<Transfer[]> {
  const page = await context.newPage();
  const origin = new URL(url).origin;
  const seen: Array<{ url: string; type: string; encoding: string }> = [];
  page.on('response', (response) => {
    // What a GET answered in full (asked again below: a POST or a partial answer cannot be).
    if (new URL(response.url()).origin !== origin || response.status() !== 200 || response.request().method() !== 'GET') return;
    seen.push({ url: response.url(), type: response.request().resourceType(), encoding: response.headers()['content-encoding'] ?? 'identity' });
  });
  await page.goto(url, { waitUntil: ready ? 'domcontentloaded' : 'networkidle' });
  if (ready) await ready(page);
  await page.waitForLoadState('networkidle');
  await page.close();
  const cookie = (await context.cookies(origin)).map((c) => `${c.name}=${c.value}`).join('; ');
  return Promise.all(seen.map(async (t) => ({ ...t, bytes: await bytesSent(t.url, t.encoding, cookie) })));
}

/** The body's length as the server sends it when asked for `encoding` (node:http, which does not decode it). */
function bytesSent(url: string, encoding: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'accept-encoding': encoding };
    if (cookie) headers.cookie = cookie;
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => {
          const sent = res.headers['content-encoding'] ?? 'identity';
          if (sent !== encoding) reject(new Error(`${url}: answered in ${sent}, not ${encoding} as to the browser`));
          else resolve(bytes);
        });
      })
      .on('error', reject);
  });
}

export const isScript = (t: Transfer) => t.type === 'script' || /\.m?js(\?|$)/.test(new URL(t.url).pathname);
export const sumBytes = (list: Transfer[]) => list.reduce((n, t) => n + t.bytes, 0);
/** A domain app's own files: served from /apps/<app>/ or, once a release is live, from /releases/<app>/<version>/. */
export const filesOfApp = (app: string, list: Transfer[]) =>
  list.filter((t) => new RegExp(`^/(apps|releases)/${app}/`).test(new URL(t.url).pathname));

/**
 * The page of a domain app is on screen: its title (or the shell's "section not available" fallback) is in the main
 * area and the shell's loading text is gone. (Waiting for the loading text to come and then go missed it when the app
 * loaded before the wait began, which a busy machine's timing made happen now and then.)
 */
export async function remotePageShown(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.querySelector('[data-testid="remote-loading"]') && document.querySelector('main h1, [data-testid="remote-unavailable"]') !== null,
  );
}

/**
 * Script on the wire of the home page opened by the demo administrator, until its blocks show (issue 44 item 10):
 * the shell, the federation runtime and the entries of the apps that offer home blocks. Checked by first-load.test.ts,
 * printed by the page-weight bench. Measured 215.7 KB on 2026-12-07 (the shell's main chunk 125.4, its shared chunk 21.1,
 * the three remote entries 14.4–14.5 each, the federation runtime 8.7, the three './home' modules 0.7–2.9).
 */
export const HOME_BUDGET_KB = 230;

/** The home page's blocks are on screen with their content: no placeholder left, no block still loading. */
export async function homeShown(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const blocks = document.querySelector('.shell-home__blocks');
    return !!blocks && blocks.querySelector('.shell-home__block') !== null && blocks.querySelector('[aria-busy="true"]') === null;
  });
}
