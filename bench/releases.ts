/**
 * From a compose to an open tab offering the update (issue 12). A signed-in tab shows /registry/users/management;
 * each round publishes nothing new but composes the other of two published versions of mf-registry through the API,
 * and the tab is given focus every 50 ms (as a member coming back to it would) until it shows
 * 'È disponibile una nuova versione di questa sezione'. Without focus the tab asks every 3 minutes (the bound).
 * Printed: the compose call (with and without the headless health check), compose → offer, and the baseline of the
 * same run: one /remotes.json read from the tab, the floor of what the tab must do to notice.
 */
import { cpSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { launchBrowser } from 'e2e/support/browser';
import { repoRoot, startServer } from 'e2e/support/server';
import { ADMIN, signIn } from 'e2e/support/portal';

const ROUNDS = Number(process.env.BENCH_RELEASE_ROUNDS ?? 6);
const OFFER = 'È disponibile una nuova versione di questa sezione';

function publish(dist: string, releasesDir: string): string {
  const res = spawnSync('pnpm', ['--filter', 'mf-registry', 'release', '--dist', dist], {
    cwd: repoRoot,
    env: { ...process.env, RELEASES_DIR: releasesDir },
    encoding: 'utf8',
  });
  const version = /Pubblicata mf-registry (\S+)/.exec(res.stdout)?.[1];
  if (!version) throw new Error(res.stdout + res.stderr);
  return version;
}

const stats = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: Math.round(at(0.5)), max: Math.round(sorted[sorted.length - 1]!) };
};

async function measure(healthCheck: boolean): Promise<{ compose: number[]; offer: number[]; read: number[] }> {
  const server = await startServer({ RELEASE_HEALTH_CHECK: healthCheck ? 'on' : 'off' });
  const browser = await launchBrowser();
  const variant = path.join(repoRoot, 'mf-registry', `dist-bench-releases-${Date.now()}`);
  try {
    // Two versions of mf-registry: the built dist, and a copy with a different remote entry comment.
    cpSync(path.join(repoRoot, 'mf-registry', 'dist'), variant, { recursive: true });
    for (const f of readdirSync(variant)) if (/\.(br|gz)$|^\.built$/.test(f)) rmSync(path.join(variant, f));
    writeFileSync(path.join(variant, 'remoteEntry.js'), `${readFileSync(path.join(variant, 'remoteEntry.js'), 'utf8')}\n/* bench */\n`);
    const releasesDir = path.join(server.dataDir, 'releases');
    const live = readdirSync(path.join(releasesDir, 'mf-registry'))[0]!;
    const versions = [live, publish(variant, releasesDir)];

    const page = await browser.newPage();
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.goto(`${server.url}/registry/users/management`);
    await page.getByRole('heading', { name: 'Gestione utenti' }).waitFor();
    const result = { compose: [] as number[], offer: [] as number[], read: [] as number[] };
    for (let round = 1; round <= ROUNDS; round++) {
      result.read.push(
        await page.evaluate(async () => {
          const t0 = performance.now();
          await (await fetch('/remotes.json', { cache: 'no-cache' })).json();
          return performance.now() - t0;
        }),
      );
      const t0 = performance.now();
      const composed = page.request.post(`${server.url}/api/v1/platform/releases`, { data: { apps: { 'mf-registry': versions[round % 2] } } });
      const offered = (async () => {
        for (;;) {
          await page.evaluate(() => window.dispatchEvent(new Event('focus')));
          if (await page.getByText(OFFER).isVisible()) return performance.now() - t0;
          await new Promise((r) => setTimeout(r, 50));
        }
      })();
      const res = await composed;
      result.compose.push(performance.now() - t0);
      if (res.status() !== 201) throw new Error(await res.text());
      result.offer.push(await offered);
      await page.getByRole('button', { name: 'Aggiorna' }).click();
      await page.getByRole('heading', { name: 'Gestione utenti' }).waitFor();
    }
    return result;
  } finally {
    rmSync(variant, { recursive: true, force: true });
    await browser.close();
    await server.stop();
  }
}

export async function benchReleases(): Promise<void> {
  const rows: Record<string, string | number>[] = [];
  for (const health of [false, true]) {
    const { compose, offer, read } = await measure(health);
    const label = health ? 'con controllo headless' : 'senza controllo headless';
    rows.push({ misura: `lettura di /remotes.json dalla scheda (baseline) — ${label}`, ...stats(read) });
    rows.push({ misura: `POST /platform/releases (risposta) — ${label}`, ...stats(compose) });
    rows.push({ misura: `compose → la scheda offre 'Aggiorna' (focus ogni 50 ms) — ${label}`, ...stats(offer) });
  }
  console.log(
    `\nDa una compose alla scheda aperta che offre l'aggiornamento (${ROUNDS} giri per riga, ms; senza focus la scheda controlla ogni 180 000 ms)`,
  );
  console.table(rows);
}
