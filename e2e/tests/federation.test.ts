/**
 * Module Federation as deployed: the shell reads the domain apps from /remotes.json at run time.
 * 1. A domain app rebuilt with a visible change and deployed on another host is shown by the unchanged shell
 *    after one manifest line changes and the page reloads.
 * 2. With one domain app unreachable the shell boots, shows the Italian fallback with a retry button in that
 *    app's section only, and every other section works; once the app is reachable, 'Riprova' loads it.
 * 3. The public pages start no federation: the runtime, /remotes.json and the domain apps load with the home page
 *    (the apps that offer its 'home' slot, issue 41) or the first domain page.
 * Both under the server's Content-Security-Policy, which allows the origins the manifest names: no violation.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { recordCspViolations, screenshot } from './support/browser.ts';
import { freePort, repoRoot } from './support/server.ts';
import { serveStatic } from './support/static-host.ts';
import { ADMIN, signIn, portalForThisFile } from './support/portal.ts';
import { DEFAULT_REMOTES } from './support/domain-apps.ts';
import { randomBytes } from 'node:crypto';

const portal = portalForThisFile();

const writeRemotes = (remotes: Record<string, string>) => writeFileSync(path.join(portal.server.dataDir, 'remotes.json'), JSON.stringify(remotes));

describe('remotes manifest read at run time', () => {
  test('the sign-in page loads no federation; the home page loads the apps that offer its slots, a domain page its app', async () => {
    const page = await portal.browser.newPage();
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    // The domain apps come from /apps/<folder>/ (the built-in map) or the live release's /releases/<folder>/<version>/.
    const federationRequests = () => requested.filter((p) => p === '/remotes.json' || /^\/(apps|releases)\//.test(p) || /^\/federation\./.test(p));
    try {
      await page.goto(`${portal.server.url}/login`);
      await page.getByRole('button', { name: 'Entra' }).waitFor();
      await page.waitForLoadState('networkidle');
      assert.deepEqual(federationRequests(), []);

      // The home page is made of the domain apps' 'home' slots (issue 41): the runtime and the apps that offer one
      // load; an app offering none is only asked for its manifest.
      await signIn(page, portal.server.url, ADMIN.email, ADMIN.password);
      await page.getByText(/Ciao/).first().waitFor();
      await page.getByRole('region', { name: 'Prossima prenotazione' }).waitFor();
      await page.waitForLoadState('networkidle');
      const entry = (app: string) => (p: string) => new RegExp(`^/(apps|releases)/${app}/(?:[^/]+/)?remoteEntry\\.js$`).test(p);
      const home = federationRequests();
      assert.ok(home.includes('/remotes.json'), home.join());
      assert.ok(
        home.some((p) => /^\/federation\./.test(p)),
        home.join(),
      );
      for (const app of ['mf-booking', 'mf-certificates', 'mf-finance']) assert.ok(home.some(entry(app)), `${app}: ${home.join()}`);
      assert.ok(!home.some(entry('mf-registry')), `no slot of mf-registry: ${home.join()}`);

      await page.goto(`${portal.server.url}/registry/users/management`);
      await page.getByRole('heading', { name: 'Gestione utenti' }).waitFor();
      const loaded = federationRequests().slice(home.length);
      assert.ok(loaded.some(entry('mf-registry')), loaded.join());
    } finally {
      await page.close();
    }
  });

  test('a rebuilt domain app on another host shows in the unchanged shell', async () => {
    const label = `e2e-${randomBytes(4).toString('hex')}`;
    const outDir = 'dist-e2e';
    const build = spawnSync('pnpm', ['--filter', 'mf-registry', 'build'], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'production', BUILD_LABEL: label, OUT_DIR: outDir },
      encoding: 'utf8',
    });
    assert.equal(build.status, 0, build.stdout + build.stderr);
    const distDir = path.join(repoRoot, 'mf-registry', outDir);
    const cdn = await serveStatic(distDir, await freePort());
    const page = await portal.browser.newPage();
    const cspViolations = await recordCspViolations(page);
    try {
      await signIn(page, portal.server.url, ADMIN.email, ADMIN.password);
      await page.goto(`${portal.server.url}/registry/users/management`);
      await page.getByRole('heading', { name: 'Gestione utenti' }).waitFor();
      assert.equal(await page.getByText(`Build ${label}`).count(), 0, 'the new build is not deployed yet');

      writeRemotes({ ...DEFAULT_REMOTES, mf_registry: `${cdn.url}/mf-manifest.json` });
      await page.reload();
      await page.getByText(`Build ${label}`).waitFor();
      await page.getByRole('heading', { name: 'Gestione utenti' }).waitFor();
      const csp = (await page.request.get(`${portal.server.url}/registry/users/management`)).headers()['content-security-policy'];
      assert.ok(csp, 'the page carries a Content-Security-Policy');
      const scriptSrc =
        csp
          .split(';')
          .find((directive) => directive.trim().startsWith('script-src '))
          ?.trim()
          .split(/\s+/) ?? [];
      assert.ok(scriptSrc.includes(cdn.url), 'the remote host is allowed');
      await screenshot(page, 'federation-rebuilt-registry');
      assert.deepEqual(await cspViolations(), []);
    } finally {
      writeRemotes(DEFAULT_REMOTES);
      await page.close();
      await cdn.close();
      rmSync(distDir, { recursive: true, force: true });
    }
  });

  test('an unreachable domain app gets a fallback with retry; the rest of the portal works', async () => {
    const storagePort = await freePort();
    writeRemotes({ ...DEFAULT_REMOTES, mf_storage: `http://127.0.0.1:${storagePort}/mf-manifest.json` });
    const page = await portal.browser.newPage();
    const cspViolations = await recordCspViolations(page);
    try {
      await signIn(page, portal.server.url, ADMIN.email, ADMIN.password);
      await page.getByText(/Ciao/).first().waitFor();

      await page.goto(`${portal.server.url}/storage/management`);
      await page.getByText('Impossibile caricare questa sezione del portale.').waitFor();
      const retry = page.getByRole('button', { name: 'Riprova' });
      await retry.waitFor();
      await screenshot(page, 'federation-storage-unreachable');

      // Every other section still works, in the same page session.
      await page.goto(`${portal.server.url}/registry/users/management`);
      await page.getByRole('heading', { name: 'Gestione utenti' }).waitFor();
      await page.goto(`${portal.server.url}/user/profile`);
      await page.getByText('Il tuo profilo, i tuoi dati').waitFor();

      // The storage app comes back online on that host: 'Riprova' loads it without reloading the page.
      await page.goto(`${portal.server.url}/storage/management`);
      await page.getByText('Impossibile caricare questa sezione del portale.').waitFor();
      const cdn = await serveStatic(path.join(repoRoot, 'mf-storage', 'dist'), storagePort);
      try {
        await page.getByRole('button', { name: 'Riprova' }).click();
        // mf-storage now has its pages (the storage merge): its first page shows.
        await page.getByRole('heading', { name: 'Gestione magazzino' }).waitFor();
        assert.equal(await page.getByText('Impossibile caricare questa sezione del portale.').count(), 0);
        assert.deepEqual(await cspViolations(), []);
      } finally {
        await cdn.close();
      }
    } finally {
      writeRemotes(DEFAULT_REMOTES);
      await page.close();
    }
  });
});
