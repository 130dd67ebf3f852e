/**
 * Issue 42: the check-in page's first paint as a member's phone opens it from a table's QR code — signed in, a cold
 * start (fresh context, cache disabled), at 390 × 844 — beside a bare React page (react + react-dom rendering one
 * paragraph, page-weight.ts's floor) built in the same run and served by the same server. Each round opens the two
 * in turn after one warm-up round; medians of BENCH_PAINT_ROUNDS rounds (default 9): first contentful paint, when the
 * page's 'Sono al tavolo' button is there (the page usable), the first byte, and the bytes received. The link's token
 * need not be valid: nothing is asked of the API before the tap.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from 'e2e/support/browser';
import { startServer } from 'e2e/support/server';
import { coldPage, interleavedRounds, median, paintOf } from './first-paint.ts';
import { brotli, buildBareReactPage } from './page-weight.ts';

const MEMBER = { email: 'marco.rossi@circolo.example', password: 'Socio-2026!' };
/** A token of a link's shape (22 + 43 characters): the page paints the same for any. */
const TOKEN = `${'A'.repeat(22)}${'B'.repeat(43)}`;

interface Measure {
  fcp: number;
  /** When the page's `ready` element is in the document, ms from navigation start. */
  ready: number;
  ttfb: number;
  bytes: number;
}

async function paint(browser: Browser, baseUrl: string, url: string, ready: string, signIn: boolean): Promise<Measure> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  if (signIn) {
    const res = await context.request.post(`${baseUrl}/api/v1/auth/login`, { data: MEMBER, headers: { origin: baseUrl } });
    if (res.status() !== 200) throw new Error(`accesso: ${res.status()}`);
  }
  const page = await context.newPage();
  const bytes = await coldPage(page);
  await page.goto(url, { waitUntil: 'commit' });
  const readyAt = await page.waitForFunction((selector) => (document.querySelector(selector) ? performance.now() : null), ready, {
    polling: 'raf',
    timeout: 30_000,
  });
  const at = (await readyAt.jsonValue()) as number;
  const { fcp, ttfb } = await paintOf(page);
  await page.waitForLoadState('networkidle');
  await context.close();
  return { fcp, ready: at, ttfb, bytes: bytes() };
}

export async function benchCheckInPaint(): Promise<void> {
  const rounds = Number(process.env.BENCH_PAINT_ROUNDS ?? 9);
  const portal = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS, headless: true });
  try {
    const bareDir = path.join(portal.dataDir, 'releases', 'bench-check-in', 'bare');
    mkdirSync(bareDir, { recursive: true });
    await buildBareReactPage(bareDir);
    for (const file of [path.join(bareDir, 'dist', 'main.js'), path.join(bareDir, 'dist', 'index.html')])
      writeFileSync(`${file}.br`, brotli(readFileSync(file)));

    const pages = [
      { name: 'pagina React nuda (react + react-dom)', url: `${portal.url}/releases/bench-check-in/bare/dist/index.html`, ready: 'p', signIn: false },
      { name: '/check-in/:token (socio, 390 px)', url: `${portal.url}/check-in/${TOKEN}`, ready: '.bk-check-in__button', signIn: true },
    ];
    const results = await interleavedRounds(pages, rounds, (p) => paint(browser, portal.url, p.url, p.ready, p.signIn));
    const bare = results.get(pages[0]!.name)!;
    const bareFcp = median(bare.map((m) => m.fcp));
    console.log(`\nPagina di registrazione della presenza: mediane di ${rounds} giri, avvio a freddo, carico: ${os.loadavg()[0]!.toFixed(1)}`);
    console.table(
      pages.map((p) => {
        const list = results.get(p.name)!;
        const fcp = median(list.map((m) => m.fcp));
        return {
          pagina: p.name,
          'FCP ms (mediana)': +fcp.toFixed(1),
          'FCP min–max ms': `${Math.min(...list.map((m) => m.fcp)).toFixed(0)}–${Math.max(...list.map((m) => m.fcp)).toFixed(0)}`,
          'x React nudo': +(fcp / bareFcp).toFixed(2),
          'pronta ms (mediana)': +median(list.map((m) => m.ready)).toFixed(1),
          'pronta max ms': +Math.max(...list.map((m) => m.ready)).toFixed(0),
          'primo byte ms (mediana)': +median(list.map((m) => m.ttfb)).toFixed(1),
          'KB ricevuti (rete)': +(median(list.map((m) => m.bytes)) / 1024).toFixed(1),
        };
      }),
    );
  } finally {
    await browser.close();
    await portal.stop();
  }
}
