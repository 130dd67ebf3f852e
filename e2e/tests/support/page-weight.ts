/**
 * What a page downloads, as Chromium reports it (CDP Network events): each response's encoded body, the cache
 * disabled, until the network is idle. Used by the first-load test (first-load.test.ts) and the page-weight bench.
 */
import type { BrowserContext, Page } from 'playwright-core';

export interface Transfer {
  url: string;
  type: string;
  /** Encoded body bytes (what crossed the network for the content). */
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
 * Opens `url` in a fresh page of `context` with the cache disabled and returns every response received until
 * the network is idle (after `ready`, when given), with its encoded size.
 */
export async function transfersOf(context: BrowserContext, url: string, ready?: (page: Page) => Promise<unknown>): Promise<Transfer[]> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const pending = new Map<string, { url: string; type: string; headerBytes: number; encoding: string }>();
  const done: Transfer[] = [];
  cdp.on('Network.responseReceived', (e) => {
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    pending.set(e.requestId, {
      url: e.response.url,
      type: e.type,
      headerBytes: e.response.encodedDataLength,
      encoding: headers['content-encoding'] ?? 'identity',
    });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = pending.get(e.requestId);
    if (!r) return;
    done.push({ url: r.url, type: r.type, bytes: e.encodedDataLength - r.headerBytes, encoding: r.encoding });
  });
  await page.goto(url, { waitUntil: ready ? 'domcontentloaded' : 'networkidle' });
  if (ready) await ready(page);
  await page.waitForLoadState('networkidle');
  await page.close();
  return done;
}

export const isScript = (t: Transfer) => t.type === 'Script' || /\.m?js(\?|$)/.test(new URL(t.url).pathname);
export const sumBytes = (list: Transfer[]) => list.reduce((n, t) => n + t.bytes, 0);
/** A domain app's own files: served from /apps/<app>/ or, once a release is live, from /releases/<app>/<version>/. */
export const filesOfApp = (app: string, list: Transfer[]) =>
  list.filter((t) => new RegExp(`^/(apps|releases)/${app}/`).test(new URL(t.url).pathname));

/** The page of a domain app is on screen: the shell's loading text for the section came and went. */
export async function remotePageShown(page: Page): Promise<void> {
  await page.getByTestId('remote-loading').waitFor({ state: 'attached' });
  await page.getByTestId('remote-loading').waitFor({ state: 'detached' });
}
