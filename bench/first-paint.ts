/**
 * First contentful paint of /login (issue 26's goal: at most 1.2 × a bare React page's), next to two pages built in
 * the same run and opened by the same Chromium: a bare React page (react + react-dom rendering one paragraph, the
 * floor of page-weight.ts) and a plain HTML page. Each round opens the three in turn, each in a fresh context with
 * the cache disabled (a first visit); the medians of BENCH_PAINT_ROUNDS rounds (default 9) are printed, with the
 * bytes each page received on the wire. The two baselines are served by a small static host here, brotli copies
 * as the portal's server sends them; /login by the portal's built server.
 */
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/tests/support/browser.ts';
import { startServer } from '../e2e/tests/support/server.ts';
import { brotli, buildBareReactPage } from './page-weight.ts';

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html; charset=utf-8' };

/** Serves `dir` as the portal serves its assets: the .br copy when the browser accepts it, never cached. */
export async function serve(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const file = path.join(dir, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) return void res.writeHead(404).end();
    const br = /\bbr\b/.test(String(req.headers['accept-encoding'])) && existsSync(`${file}.br`);
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
      ...(br ? { 'content-encoding': 'br' } : {}),
    });
    createReadStream(br ? `${file}.br` : file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Measure {
  /** First contentful paint, ms from navigation start. */
  fcp: number;
  /** The first byte of the page's answer, ms from navigation start (the server's part of the FCP). */
  ttfb: number;
  /** Encoded bytes received (every response). */
  bytes: number;
}

/** Opens `url` in a fresh context, cache disabled, and reads its first contentful paint once the page has loaded. */
export async function firstPaint(browser: Browser, url: string, ready: string): Promise<Measure> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  let bytes = 0;
  cdp.on('Network.loadingFinished', (e) => (bytes += e.encodedDataLength));
  await page.goto(url, { waitUntil: 'load' });
  await page.getByText(ready).first().waitFor();
  const { fcp, ttfb } = await page.evaluate(
    () =>
      new Promise<{ fcp: number; ttfb: number }>((resolve) => {
        const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        new PerformanceObserver((list) => {
          const entry = list.getEntries().find((e) => e.name === 'first-contentful-paint');
          if (entry) resolve({ fcp: entry.startTime, ttfb: navigation.responseStart });
        }).observe({ type: 'paint', buffered: true });
      }),
  );
  await page.waitForLoadState('networkidle');
  await context.close();
  return { fcp, ttfb, bytes };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export async function benchFirstPaint(): Promise<void> {
  const rounds = Number(process.env.BENCH_PAINT_ROUNDS ?? 9);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'first-paint-'));
  const bareDir = path.join(dir, 'bare');
  const plainDir = path.join(dir, 'plain');
  const portal = await startServer();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
  const hosts: Array<{ close: () => Promise<void> }> = [];
  try {
    mkdirSync(bareDir);
    mkdirSync(plainDir);
    await buildBareReactPage(bareDir);
    const bareOut = path.join(bareDir, 'dist');
    writeFileSync(path.join(bareOut, 'main.js.br'), brotli(readFileSync(path.join(bareOut, 'main.js'))));
    writeFileSync(
      path.join(plainDir, 'index.html'),
      '<!doctype html><html lang="it"><head><meta charset="utf-8"><title>HTML</title></head><body><p>Ciao</p></body></html>',
    );
    const bare = await serve(bareOut);
    const plain = await serve(plainDir);
    hosts.push(bare, plain);

    const pages = [
      { name: 'pagina HTML semplice', url: `${plain.url}/`, ready: 'Ciao' },
      { name: 'pagina React nuda (react + react-dom)', url: `${bare.url}/`, ready: 'Ciao' },
      { name: '/login', url: `${portal.url}/login`, ready: 'Bentornato! Accedi con i tuoi dati' },
    ];
    // One warm-up round (the browser's and the server's first page cost more), then the measured ones, interleaved.
    for (const p of pages) await firstPaint(browser, p.url, p.ready);
    const results = new Map<string, Measure[]>(pages.map((p) => [p.name, []]));
    for (let round = 0; round < rounds; round += 1) {
      for (const p of pages) results.get(p.name)!.push(await firstPaint(browser, p.url, p.ready));
    }
    const bareFcp = median(results.get(pages[1]!.name)!.map((m) => m.fcp));
    console.log(`\nPrimo disegno con contenuto (FCP), mediane di ${rounds} giri, cache disattivata, carico: ${os.loadavg()[0]!.toFixed(1)}`);
    console.table(
      pages.map((p) => {
        const list = results.get(p.name)!;
        const fcp = median(list.map((m) => m.fcp));
        return {
          pagina: p.name,
          'FCP ms (mediana)': +fcp.toFixed(1),
          'FCP min–max ms': `${Math.min(...list.map((m) => m.fcp)).toFixed(0)}–${Math.max(...list.map((m) => m.fcp)).toFixed(0)}`,
          'x React nudo': +(fcp / bareFcp).toFixed(2),
          'primo byte ms (mediana)': +median(list.map((m) => m.ttfb)).toFixed(1),
          // The page's own part: the static host answers the baselines, the portal's server /login.
          'FCP dopo il primo byte ms': +median(list.map((m) => m.fcp - m.ttfb)).toFixed(1),
          'KB ricevuti (rete)': +(median(list.map((m) => m.bytes)) / 1024).toFixed(1),
        };
      }),
    );
  } finally {
    await browser.close();
    for (const host of hosts) await host.close();
    await portal.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
