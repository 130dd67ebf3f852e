/**
 * First contentful paint of /login (issue 26's goal: at most 1.2 × a bare React page's), next to two pages built in
 * the same run and opened by the same Chromium: a bare React page (react + react-dom rendering one paragraph, the
 * floor of page-weight.ts) and a plain HTML page. Each round opens the three in turn, each in a fresh context with
 * the cache disabled (a first visit); the medians of BENCH_PAINT_ROUNDS rounds (default 9) are printed, with the
 * bytes each page received on the wire. BENCH_PAINT_VARIANTS=1 adds variants of /login (paintVariants);
 * BENCH_PAINT_TRACE=1 then sums, page by page, the renderer's CPU time until the first paint (parse, style, layout,
 * paint, raster, and script compiled or run before it: a preload's is compiled as it arrives), which the machine's load hardly moves. All three come from the portal's built server, through the same hooks and
 * brotli copies: the baselines are written into its releases folder (served as files under /releases/).
 * BENCH_PAINT_BEFORE=<another build's shell/dist> adds that build's login.html (e.g. main's, to compare a change in
 * the same run): its files missing from this build's shell/dist are copied there for the run (removed after), the
 * page itself served from the releases folder beside a copy of this build's login.html.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from 'e2e/support/browser';
import { repoRoot, startServer } from 'e2e/support/server';
import { brotli, buildBareReactPage } from './page-weight.ts';

interface Measure {
  /** First contentful paint, ms from navigation start. */
  fcp: number;
  /** The first byte of the page's answer, ms from navigation start (the server's part of the FCP). */
  ttfb: number;
  /** Encoded bytes received (every response). */
  bytes: number;
}

/** Counts the encoded bytes `page` receives, with the cache disabled (a first visit); read the count after the load. */
export async function coldPage(page: Page): Promise<() => number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  let bytes = 0;
  cdp.on('Network.loadingFinished', (e) => (bytes += e.encodedDataLength));
  return () => bytes;
}

/** The loaded page's first contentful paint and first byte, ms from navigation start. */
export const paintOf = (page: Page): Promise<{ fcp: number; ttfb: number }> =>
  page.evaluate(
    () =>
      new Promise<{ fcp: number; ttfb: number }>((resolve) => {
        const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        new PerformanceObserver((list) => {
          const entry = list.getEntries().find((e) => e.name === 'first-contentful-paint');
          if (entry) resolve({ fcp: entry.startTime, ttfb: navigation.responseStart });
        }).observe({ type: 'paint', buffered: true });
      }),
  );

/** Opens `url` in a fresh context, cache disabled, and reads its first contentful paint once the page has loaded. */
export async function firstPaint(browser: Browser, url: string, ready: string): Promise<Measure> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const bytes = await coldPage(page);
  await page.goto(url, { waitUntil: 'load' });
  await page.getByText(ready).first().waitFor();
  const { fcp, ttfb } = await paintOf(page);
  await page.waitForLoadState('networkidle');
  await context.close();
  return { fcp, ttfb, bytes: bytes() };
}

/**
 * One warm-up round (the browser's and the server's first page cost more), then `rounds` measured ones, the pages
 * interleaved so that a busier moment of the machine falls on each of them alike: each page's measures, by its name.
 */
export async function interleavedRounds<P extends { name: string }, M>(
  pages: readonly P[],
  rounds: number,
  measure: (page: P) => Promise<M>,
): Promise<Map<string, M[]>> {
  for (const p of pages) await measure(p);
  const results = new Map<string, M[]>(pages.map((p) => [p.name, []]));
  for (let round = 0; round < rounds; round += 1) for (const p of pages) results.get(p.name)!.push(await measure(p));
  return results;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export async function benchFirstPaint(): Promise<void> {
  const rounds = Number(process.env.BENCH_PAINT_ROUNDS ?? 9);
  const portal = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS, headless: true });
  const borrowed: string[] = [];
  try {
    // RELEASES_DIR's default: <data folder>/releases, served at /releases/.
    const baselines = path.join(portal.dataDir, 'releases', 'bench-first-paint');
    const bareDir = path.join(baselines, 'bare');
    const plainDir = path.join(baselines, 'plain');
    mkdirSync(bareDir, { recursive: true });
    mkdirSync(plainDir, { recursive: true });
    await buildBareReactPage(bareDir);
    const plainPage = '<!doctype html><html lang="it"><head><meta charset="utf-8"><title>HTML</title></head><body><p>Ciao</p></body></html>';
    writeFileSync(path.join(plainDir, 'index.html'), plainPage);
    for (const file of [path.join(bareDir, 'dist', 'main.js'), path.join(bareDir, 'dist', 'index.html'), path.join(plainDir, 'index.html')]) {
      writeFileSync(`${file}.br`, brotli(readFileSync(file)));
    }

    const pages = [
      { name: 'pagina HTML semplice', url: `${portal.url}/releases/bench-first-paint/plain/index.html`, ready: 'Ciao' },
      { name: 'pagina React nuda (react + react-dom)', url: `${portal.url}/releases/bench-first-paint/bare/dist/index.html`, ready: 'Ciao' },
      { name: '/login', url: `${portal.url}/login`, ready: 'Bentornato! Accedi con i tuoi dati' },
    ];
    const before = process.env.BENCH_PAINT_BEFORE;
    if (before) {
      const shellDist = path.join(repoRoot, 'shell', 'dist');
      for (const name of readdirSync(before)) {
        if (existsSync(path.join(shellDist, name)) || !/\.[0-9a-f]{8}\.(?:js|css)(?:\.br|\.gz)?$/.test(name)) continue;
        copyFileSync(path.join(before, name), path.join(shellDist, name));
        borrowed.push(path.join(shellDist, name));
      }
      const both = path.join(baselines, 'login');
      mkdirSync(both, { recursive: true });
      for (const [name, file] of [
        ['prima', path.join(before, 'login.html')],
        ['dopo', path.join(shellDist, 'login.html')],
      ] as const) {
        writeFileSync(path.join(both, `${name}.html`), readFileSync(file));
        writeFileSync(path.join(both, `${name}.html.br`), brotli(readFileSync(file)));
        pages.push({
          name: `login.html ${name} (file)`,
          url: `${portal.url}/releases/bench-first-paint/login/${name}.html`,
          ready: 'Bentornato! Accedi con i tuoi dati',
        });
      }
    }
    // BENCH_PAINT_VARIANTS=1: the plain page given one property of /login at a time, and /login less one (paintVariants).
    if (process.env.BENCH_PAINT_VARIANTS) {
      const login = await (await fetch(`${portal.url}/login`)).text();
      const variantsDir = path.join(baselines, 'variants');
      mkdirSync(variantsDir, { recursive: true });
      // BENCH_PAINT_VARIANTS=1: all of them; otherwise the words of the names to keep, comma-separated.
      const picked = process.env.BENCH_PAINT_VARIANTS === '1' ? null : process.env.BENCH_PAINT_VARIANTS.split(',');
      for (const [name, html] of Object.entries(paintVariants(login))) {
        if (picked && !picked.some((word) => name.includes(word))) continue;
        const file = path.join(variantsDir, `${name}.html`);
        writeFileSync(file, html);
        writeFileSync(`${file}.br`, brotli(Buffer.from(html)));
        pages.push({
          name: `variante ${name}`,
          url: `${portal.url}/releases/bench-first-paint/variants/${name}.html`,
          ready: html.includes('Bentornato') ? 'Bentornato! Accedi con i tuoi dati' : 'Ciao',
        });
      }
    }
    const results = await interleavedRounds(pages, rounds, (p) => firstPaint(browser, p.url, p.ready));
    const plainFcp = median(results.get(pages[0]!.name)!.map((m) => m.fcp));
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
          'x pagina semplice': +(fcp / plainFcp).toFixed(2),
          'x React nudo': +(fcp / bareFcp).toFixed(2),
          'primo byte ms (mediana)': +median(list.map((m) => m.ttfb)).toFixed(1),
          'FCP dopo il primo byte ms': +median(list.map((m) => m.fcp - m.ttfb)).toFixed(1),
          'KB ricevuti (rete)': +(median(list.map((m) => m.bytes)) / 1024).toFixed(1),
        };
      }),
    );
    if (process.env.BENCH_PAINT_TRACE) {
      // The same pages' work until the first paint, in CPU time of the renderer's threads: unlike the FCP, it hardly
      // moves with the machine's load (other processes' CPU is not counted).
      const traced = await interleavedRounds(pages, rounds, (p) => workBeforePaint(browser, p.url));
      console.log(
        `\nLavoro fino al primo disegno, ms di CPU dei thread del renderer (mediane di ${rounds} giri), carico: ${os.loadavg()[0]!.toFixed(1)}`,
      );
      console.table(
        pages.map((p) => {
          const list = traced.get(p.name)!;
          return { pagina: p.name, ...Object.fromEntries(TRACED.map((n) => [n, +median(list.map((m) => m[n] ?? 0)).toFixed(1)])) };
        }),
      );
    }
  } finally {
    await browser.close();
    await portal.stop();
    for (const file of borrowed) rmSync(file, { force: true });
  }
}

/**
 * The trace events summed by workBeforePaint (thread time): the main thread's steps, the tiles' raster, then script:
 * compiled off the main thread as it downloads (a preload's too), and run.
 */
const TRACED = ['ParseHTML', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'RasterTask', 'v8.parseOnBackground', 'EvaluateScript'] as const;

/** Opens `url` in a fresh context while tracing, and sums the CPU time of TRACED's steps until the first contentful paint. */
async function workBeforePaint(browser: Browser, url: string): Promise<Record<string, number>> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'cc', 'loading', 'v8.execute', 'disabled-by-default-v8.compile'],
  });
  await page.goto(url, { waitUntil: 'load' });
  await paintOf(page);
  const trace = JSON.parse((await browser.stopTracing()).toString()) as {
    traceEvents: { name: string; ph: string; ts: number; dur?: number; tdur?: number }[];
  };
  await context.close();
  const fcp = trace.traceEvents.find((e) => e.name === 'firstContentfulPaint')?.ts ?? Infinity;
  const sums: Record<string, number> = {};
  for (const e of trace.traceEvents) {
    if (e.ph !== 'X' || e.ts > fcp || !(TRACED as readonly string[]).includes(e.name)) continue;
    sums[e.name] = (sums[e.name] ?? 0) + (e.tdur ?? e.dur ?? 0) / 1000;
  }
  return sums;
}

/**
 * Variants of /login's first paint (issue 44 item 10), served as files by the same server: the plain page given one
 * property of /login at a time, and /login's HTML less one of its parts. Their names say what differs.
 */
export function paintVariants(login: string): Record<string, string> {
  const style = /<style>([^<]*)<\/style>/.exec(login)![1]!;
  const head = /<head>(.*?)<style>/s.exec(login)![1]!;
  const body = /<body>(.*)<\/body>/s.exec(login)![1]!;
  const markup = /<div id="root">(.*)<\/div><link href=/s.exec(body)![1]!;
  const plain = (headExtra: string, bodyHtml = '<p>Ciao</p>') =>
    `<!doctype html><html lang="it"><head><meta charset="utf-8"><title>HTML</title>${headExtra}</head><body>${bodyHtml}</body></html>`;
  const font = /--ui-font:([^;]*);/.exec(style)![1]!;
  // login.html's inline script (issue 44 item 10: it preloads the sign-in chunk after the first paint).
  const inline = /<script>[^<]*<\/script>/g;
  const preloaded = [...login.matchAll(/"(\/[^"]+\.js)"/g)].map((m) => m[1]!).filter((file) => !login.includes(`src="${file}"`));
  // The page as before issue 44 item 10: the chunk's files preloaded from the head, fetched as the HTML is parsed.
  const headPreloads = login.replace(inline, preloaded.map((file) => `<link rel="preload" as="script" href="${file}">`).join(''));
  const noScripts = (html: string) =>
    html
      .replace(/<script[^>]*><\/script>/g, '')
      .replace(inline, '')
      .replace(/<link rel="preload"[^>]*>/g, '')
      .replace(/<link href="[^"]*\.css" rel="stylesheet">/g, '');
  const bare = noScripts(login);
  return {
    // The plain page with /login's font stack and size.
    'semplice+font': plain(`<style>body{font-family:${font};font-size:15px;line-height:1.5}</style>`),
    // The plain page with /login's head but its style (meta viewport, description, theme colour, manifest, icons, title).
    'semplice+head': plain(
      head
        .replace('<title>Circolo Tennistavolo</title>', '')
        .replace(/<script[^>]*><\/script>/g, '')
        .replace(inline, ''),
    ),
    // The plain page with /login's whole inline CSS (its rules match nothing of the page but body's).
    'semplice+css': plain(`<style>${style}</style>`),
    // /login's markup with no style at all.
    'markup senza css': plain('', markup.replace(/<p class="shell-sr-only"[^>]*><\/p>/, '')),
    // /login without scripts, preloads and the late style sheet (markup and inline CSS alone).
    'login senza script': bare,
    // /login less one of its loads: the full style sheet linked at the end of the body, the preloads after the first
    // paint (its inline script), the deferred entry.
    'login senza foglio di stile finale': login.replace(/<link href="[^"]*\.css" rel="stylesheet">/g, ''),
    'login senza preload': login.replace(inline, ''),
    // /login with the chunk preloaded from its head, as before issue 44 item 10 (the entry as this build's).
    'login con preload nel head': headPreloads,
    // … fetched at low priority (the early fetch kept, not competing with the first paint's resources).
    'login con preload nel head a bassa priorità': headPreloads.replace(/<link rel="preload"([^>]*)>/g, '<link rel="preload"$1 fetchpriority="low">'),
    // … and as prefetches (fetched when the network is idle, kept in the cache for the entry's import).
    'login con prefetch nel head': headPreloads.replace(/<link rel="preload" as="script"([^>]*)>/g, '<link rel="prefetch" as="script"$1>'),
    'login senza script defer': login.replace(/<script[^>]*><\/script>/g, ''),
    // … and without the form's controls (inputs and buttons): the card's text only.
    'login senza controlli': bare.replace(/<form.*<\/form>/s, '<p>Modulo</p>'),
    // … and without the SVG logo.
    'login senza svg': bare.replace(/<svg.*?<\/svg>/s, ''),
    // … with the system font stack replaced by the browser's default font.
    'login senza font di sistema': bare.replace(`--ui-font:${font};`, '--ui-font:serif;'),
    // … without the full-height gradient and the card's shadow.
    'login senza sfondo e ombra': bare
      .replace(/background:linear-gradient\([^)]*\)[^;]*\);/, '')
      .replace('box-shadow:0 20px 40px rgba(0,0,0,.18)', ''),
  };
}
