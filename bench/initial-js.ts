/**
 * Initial JavaScript (gzip) that a browser downloads for the shell and for each domain app, measured by
 * loading the composed portal in headless Chromium: the shell on /login, each domain app on one of its routes
 * (signed in as the demo administrator). Baseline built in the same run: a bare React page.
 */
import { gzipSync } from 'node:zlib';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { rspack } from '@rspack/core';
import path from 'node:path';
import { launchBrowser } from '../e2e/tests/support/browser.ts';
import { repoRoot, startServer } from '../e2e/tests/support/server.ts';

const APP_ROUTES: Record<string, string> = {
  'mf-booking': '/book-session',
  'mf-registry': '/registry/users/management',
  'mf-certificates': '/certificates/management',
  'mf-storage': '/storage/management',
  'mf-finance': '/finance/insertion-count',
};

/**
 * The floor: a page that only renders "Ciao" with React, built in this run by rspack in production mode with
 * the same loader and targets as the portal (no Module Federation), gzipped like the rest.
 */
async function bareReactPageGzip(): Promise<number> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bare-react-'));
  writeFileSync(
    path.join(dir, 'index.jsx'),
    "import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(<p>Ciao</p>);\n",
  );
  const compiler = rspack({
    mode: 'production',
    context: dir,
    entry: './index.jsx',
    output: { path: path.join(dir, 'dist') },
    // react and react-dom exactly as the shell has them
    resolve: { modules: [path.join(repoRoot, 'shell', 'node_modules'), 'node_modules'] },
    module: {
      rules: [
        {
          test: /\.jsx$/,
          loader: 'builtin:swc-loader',
          options: { jsc: { parser: { syntax: 'ecmascript', jsx: true }, transform: { react: { runtime: 'automatic' } } } },
          type: 'javascript/auto',
        },
      ],
    },
  });
  await new Promise<void>((resolve, reject) =>
    compiler.run((err, stats) => (err || stats?.hasErrors() ? reject(err ?? new Error(stats!.toString())) : resolve())),
  );
  const out = path.join(dir, 'dist');
  const total = readdirSync(out)
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => sum + gzipSync(readFileSync(path.join(out, f))).length, 0);
  rmSync(dir, { recursive: true, force: true });
  return total;
}

const kb = (n: number) => +(n / 1024).toFixed(1);

export async function benchInitialJs(): Promise<void> {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    let bytesByGroup = new Map<string, number>();
    const bytesByUrl = new Map<string, number>();
    page.on('response', async (res) => {
      const url = new URL(res.url());
      if (!url.pathname.endsWith('.js') || res.status() !== 200) return;
      const group = /^\/apps\/([^/]+)\//.exec(url.pathname)?.[1] ?? 'shell';
      const body = await res.body().catch(() => null);
      if (!body) return;
      const gz = gzipSync(body).length;
      bytesByUrl.set(res.url(), gz);
      bytesByGroup.set(group, (bytesByGroup.get(group) ?? 0) + gz);
    });
    // The moment the sign-in form is first on screen: what was requested before it is the initial JS.
    await page.addInitScript(() => {
      const w = window as unknown as { __firstRender?: number };
      new MutationObserver(() => {
        if (w.__firstRender === undefined && [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Entra')) {
          w.__firstRender = performance.now();
        }
      }).observe(document, { subtree: true, childList: true });
    });

    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    const beforeFirstRender = await page.evaluate(() => {
      const first = (window as unknown as { __firstRender: number }).__firstRender;
      return performance
        .getEntriesByType('resource')
        .filter((e) => e.name.endsWith('.js') && e.startTime < first)
        .map((e) => e.name);
    });
    const shellBytes = beforeFirstRender.reduce((sum, url) => sum + (bytesByUrl.get(url) ?? 0), 0);

    await page.fill('input[type=email]', 'admin@circolo.example');
    await page.fill('input[type=password]', 'Admin-2026!');
    await page.getByRole('button', { name: 'Entra' }).click();
    await page.waitForURL(`${server.url}/`);

    const rows: Array<Record<string, string | number>> = [];
    const floor = await bareReactPageGzip();
    rows.push({ pacchetto: 'pagina React nuda, stesso rspack (baseline)', 'KB gzip': kb(floor), rapporto: 1 });
    rows.push({ pacchetto: 'shell (/login, prima schermata)', 'KB gzip': kb(shellBytes), rapporto: +(shellBytes / floor).toFixed(2) });
    for (const [app, route] of Object.entries(APP_ROUTES)) {
      bytesByGroup = new Map();
      await page.goto(`${server.url}${route}`, { waitUntil: 'networkidle' });
      const bytes = bytesByGroup.get(app) ?? 0;
      rows.push({ pacchetto: `${app} (${route})`, 'KB gzip': kb(bytes), rapporto: +(bytes / floor).toFixed(2) });
    }
    console.log('\nJavaScript iniziale scaricato dal browser (gzip)');
    console.table(rows);
  } finally {
    await browser.close();
    await server.stop();
  }
}
