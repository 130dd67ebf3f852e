/**
 * Page weight: the bytes of script a browser receives on the wire, in headless Chromium with the cache
 * disabled, on the built portal served by the real server (which sends the builds' brotli copies):
 *  - /login opened by an anonymous visitor;
 *  - /registry/users/management opened directly by a signed-in administrator;
 *  - the home page (/) opened by the same administrator, until its blocks have shown (homeShown);
 *  - each domain app's first route opened directly, counting that app's own files only.
 * Bytes are the encoded bodies Chromium reports (CDP Network.loadingFinished less the response headers),
 * counted until the network is idle. Baseline built in the same run: a bare React page (react + react-dom,
 * rendering one paragraph) built by the same rspack in production mode, brotli-compressed like the portal's assets.
 */
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rspack } from '@rspack/core';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser } from 'e2e/support/browser';
import {
  APP_ROUTES,
  filesOfApp,
  HOME_BUDGET_KB,
  homeShown,
  isScript,
  remotePageShown,
  sumBytes as sum,
  transfersOf,
  type Transfer,
} from 'e2e/support/page-weight';
import { repoRoot, startServer } from 'e2e/support/server';

const ADMIN = { email: 'admin@circolo.example', password: 'Admin-2026!' };

const kb = (n: number) => +(n / 1024).toFixed(1);

/**
 * The floor: react + react-dom rendering one paragraph, built now by rspack in production mode into `dir`/dist
 * (index.html and its script). Answers the script files.
 */
export async function buildBareReactPage(dir: string): Promise<Buffer[]> {
  writeFileSync(
    path.join(dir, 'index.jsx'),
    "import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(<p>Ciao</p>);\n",
  );
  const compiler = rspack({
    mode: 'production',
    context: dir,
    entry: './index.jsx',
    output: { path: path.join(dir, 'dist'), filename: 'main.js' },
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
  writeFileSync(
    path.join(out, 'index.html'),
    '<!doctype html><html lang="it"><head><meta charset="utf-8"><title>React</title><script defer src="main.js"></script></head><body><div id="root"></div></body></html>',
  );
  return readdirSync(out)
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(path.join(out, f)));
}

/** The same settings as the portal's build (tooling/rspack.ts). */
export const brotli = (b: Buffer) => brotliCompressSync(b, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } });

async function bareReactPage(): Promise<{ brotli: number; gzip: number }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bare-react-'));
  try {
    const files = await buildBareReactPage(dir);
    return {
      brotli: files.reduce((n, b) => n + brotli(b).length, 0),
      gzip: files.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function signedInContext(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const res = await context.request.post(`${baseUrl}/api/v1/auth/login`, { data: ADMIN });
  if (!res.ok()) throw new Error(`sign-in failed: HTTP ${res.status()}`);
  return context;
}

export interface PageWeights {
  floor: { brotli: number; gzip: number };
  login: Transfer[];
  users: Transfer[];
  home: Transfer[];
  apps: Record<string, Transfer[]>;
}

export async function measurePageWeights(): Promise<PageWeights> {
  const floor = await bareReactPage();
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const anonymous = await browser.newContext({ serviceWorkers: 'block' });
    const login = await transfersOf(anonymous, `${server.url}/login`, (p) => p.getByRole('button', { name: 'Entra' }).waitFor());
    await anonymous.close();

    const signedIn = await signedInContext(browser, server.url);
    const users = await transfersOf(signedIn, `${server.url}/registry/users/management`, (p) =>
      p.getByRole('table').or(p.getByText('Nessun dato da mostrare')).first().waitFor(),
    );
    const home = await transfersOf(signedIn, `${server.url}/`, homeShown);
    const apps: Record<string, Transfer[]> = {};
    for (const [app, route] of Object.entries(APP_ROUTES)) {
      // Ready when the shell's loading text for the section is gone (the app's page, or its fallback, shows).
      apps[app] = filesOfApp(app, await transfersOf(signedIn, `${server.url}${route}`, remotePageShown));
    }
    await signedIn.close();
    return { floor, login, users, home, apps };
  } finally {
    await browser.close();
    await server.stop();
  }
}

export async function benchPageWeight(): Promise<void> {
  const { floor, login, users, home, apps } = await measurePageWeights();
  const rows: Array<Record<string, string | number>> = [];
  const row = (what: string, list: Transfer[], budget: string) => {
    const scripts = list.filter(isScript);
    const bytes = sum(scripts);
    rows.push({
      pagina: what,
      script: scripts.length,
      'KB script (rete)': kb(bytes),
      'x React nudo': +(bytes / floor.brotli).toFixed(2),
      'KB tutto (rete)': kb(sum(list)),
      tetto: budget,
    });
  };
  rows.push({
    pagina: 'pagina React nuda, stesso rspack (baseline)',
    script: 1,
    'KB script (rete)': kb(floor.brotli),
    'x React nudo': 1,
    'KB tutto (rete)': kb(floor.brotli),
    tetto: '',
  });
  row('/login (anonimo)', login, '100 KB');
  row('/registry/users/management (aperta direttamente, con sessione)', users, '200 KB');
  row('/ home (amministratore, fino ai blocchi mostrati)', home, `${HOME_BUDGET_KB} KB`);
  for (const [app, list] of Object.entries(apps)) row(`${app}, prima pagina ${APP_ROUTES[app]} (solo i suoi file)`, list, '60 KB');
  console.log('\nPeso delle pagine: byte ricevuti dal browser (brotli), cache disattivata');
  console.table(rows);
  const encodings = new Set([...login, ...users, ...home].filter(isScript).map((t) => t.encoding));
  console.log(`Codifiche degli script: ${[...encodings].join(', ')}; React nudo gzip -9: ${kb(floor.gzip)} KB`);
  if (process.env.BENCH_VERBOSE) {
    for (const [name, list] of [
      ['login', login],
      ['users', users],
      ['home', home],
    ] as const) {
      console.log(`\n${name}`);
      for (const t of list.filter(isScript).sort((a, b) => b.bytes - a.bytes)) console.log(`  ${kb(t.bytes)}\t${t.encoding}\t${t.url}`);
    }
  }
}
