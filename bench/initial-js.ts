/**
 * Initial JavaScript (gzip) that a browser downloads for the shell and for each domain app, measured by
 * loading the composed portal in headless Chromium: the shell on /login, each domain app on one of its routes
 * (signed in as the demo administrator). Baseline measured in the same run: react + react-dom production
 * builds gzipped, the floor any React page pays.
 */
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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

function reactFloorGzip(): number {
  const req = createRequire(path.join(repoRoot, 'shell', 'package.json'));
  // The cjs/ files are not in the packages' exports map: reach them from each package's folder.
  const dir = (pkg: string) => path.dirname(req.resolve(`${pkg}/package.json`));
  const files = [path.join(dir('react'), 'cjs/react.production.js'), path.join(dir('react-dom'), 'cjs/react-dom-client.production.js')];
  return files.reduce((sum, f) => sum + gzipSync(readFileSync(f)).length, 0);
}

const kb = (n: number) => +(n / 1024).toFixed(1);

export async function benchInitialJs(): Promise<void> {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    let bytesByGroup = new Map<string, number>();
    page.on('response', async (res) => {
      const url = new URL(res.url());
      if (!url.pathname.endsWith('.js') || res.status() !== 200) return;
      const group = url.pathname.startsWith('/apps/') ? url.pathname.split('/')[2] : 'shell';
      const body = await res.body().catch(() => null);
      if (body) bytesByGroup.set(group, (bytesByGroup.get(group) ?? 0) + gzipSync(body).length);
    });

    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    const shellBytes = bytesByGroup.get('shell') ?? 0;

    await page.fill('input[type=email]', 'admin@circolo.example');
    await page.fill('input[type=password]', 'Admin-2026!');
    await page.getByRole('button', { name: 'Entra' }).click();
    await page.waitForURL(`${server.url}/`);

    const rows: Array<Record<string, string | number>> = [];
    const floor = reactFloorGzip();
    rows.push({ pacchetto: 'react + react-dom (baseline)', 'KB gzip': kb(floor), rapporto: 1 });
    rows.push({ pacchetto: 'shell (/login)', 'KB gzip': kb(shellBytes), rapporto: +(shellBytes / floor).toFixed(2) });
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
