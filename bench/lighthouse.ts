/**
 * Lighthouse (issue 44 item 10) on /login (anonymous), the home page (a member, the administrator) and Gestione
 * utenti (the administrator) of the
 * built portal served by the real server, desktop and mobile presets, driving the same headless Chromium as the
 * browser tests. Lighthouse is not a dependency of the project: install it anywhere (`npm i lighthouse@12` in a
 * scratch folder) and name that folder's node_modules/lighthouse in LIGHTHOUSE_DIR. Prints performance, first
 * contentful paint, total blocking time and cumulative layout shift, with the elements that shifted.
 *
 *   LIGHTHOUSE_DIR=/tmp/lh/node_modules/lighthouse npm run bench -- lighthouse
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHROMIUM_EXECUTABLE } from 'e2e/support/browser';
import { startServer } from 'e2e/support/server';

const ADMIN = { email: 'admin@circolo.example', password: 'Admin-2026!' };
const MEMBER = { email: 'marco.rossi@circolo.example', password: 'Socio-2026!' };

interface Lhr {
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue?: number; details?: { items?: { node?: { snippet?: string }; score?: number }[] } }>;
}
interface ChromeLauncher {
  launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): Promise<void> | void }>;
}
type RunLighthouse = (url: string, flags: Record<string, unknown>, config?: unknown) => Promise<{ lhr: Lhr } | undefined>;

export async function benchLighthouse(): Promise<void> {
  const dir = process.env.LIGHTHOUSE_DIR;
  if (!dir) {
    console.log('\nLighthouse: LIGHTHOUSE_DIR non impostata (npm i lighthouse@12 in una cartella qualsiasi), salto.');
    return;
  }
  const load = async <T>(file: string): Promise<T> => (await import(pathToFileURL(path.join(dir, file)).href)) as T;
  const lighthouse = (await load<{ default: RunLighthouse }>('core/index.js')).default;
  const desktopConfig = (await load<{ default: unknown }>('core/config/desktop-config.js')).default;
  const chromeLauncher = await load<ChromeLauncher>(path.join('..', 'chrome-launcher', 'dist', 'index.js'));
  const portal = await startServer();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_EXECUTABLE,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const sessionCookie = async (who: { email: string; password: string }) => {
      const signIn = await fetch(`${portal.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: portal.url },
        body: JSON.stringify(who),
      });
      return (signIn.headers.getSetCookie() ?? []).map((c) => c.split(';')[0]).join('; ');
    };
    const admin = await sessionCookie(ADMIN);
    const member = await sessionCookie(MEMBER);
    const pages = [
      { name: '/login', url: `${portal.url}/login`, headers: {} },
      { name: 'home (socio)', url: `${portal.url}/`, headers: { Cookie: member } },
      { name: 'home (amministratore)', url: `${portal.url}/`, headers: { Cookie: admin } },
      { name: 'Gestione utenti', url: `${portal.url}/registry/users/management`, headers: { Cookie: admin } },
    ].filter((p) => !process.env.LIGHTHOUSE_PAGE || p.name.includes(process.env.LIGHTHOUSE_PAGE));
    const rows = [];
    for (const preset of ['desktop', 'mobile'] as const) {
      for (const page of pages) {
        const result = await lighthouse(
          page.url,
          { port: chrome.port, onlyCategories: ['performance'], extraHeaders: page.headers, logLevel: 'error' },
          preset === 'desktop' ? desktopConfig : undefined,
        );
        if (!result) continue;
        // LIGHTHOUSE_SAVE=<folder>: the whole report of each run, as JSON (its filmstrip, the shifts' elements).
        if (process.env.LIGHTHOUSE_SAVE) {
          writeFileSync(path.join(process.env.LIGHTHOUSE_SAVE, `${preset}-${page.name.replace(/\W+/g, '_')}.json`), JSON.stringify(result.lhr));
        }
        const { audits, categories } = result.lhr;
        const shifted = (audits['layout-shifts']?.details?.items ?? [])
          .map((item) => `${(item.score ?? 0).toFixed(3)} ${item.node?.snippet?.slice(0, 60) ?? ''}`)
          .join(' | ');
        rows.push({
          pagina: page.name,
          preset,
          performance: Math.round(categories.performance.score * 100),
          'FCP ms': Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
          'TBT ms': Math.round(audits['total-blocking-time']?.numericValue ?? 0),
          CLS: +(audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3),
          spostamenti: shifted,
        });
      }
    }
    console.log(`\nLighthouse, carico della macchina: ${os.loadavg()[0]!.toFixed(1)}`);
    console.table(rows);
  } finally {
    await chrome.kill();
    await portal.stop();
  }
}
