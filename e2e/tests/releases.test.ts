/**
 * Releases of the domain apps as the platform team and a member's open tab live them (issue 12, "Done means"):
 * release mf-registry v1 and v2 (v2 with a visible change), compose v1 and a signed-in browser shows v1; compose v2,
 * the open tab offers the update and after 'Aggiorna' shows v2; roll back, v1 again; a v3 whose manifest requires
 * react ^17 is refused with its reason and nothing changes.
 * v1 is built and published by the real command (`pnpm --filter mf-registry release`); v2 and v3 reuse that build
 * with a small change (a label in the scripts, a range in the manifest) and are published by the same command
 * (--dist), so the machine builds once. This v1 is the browser suite's one release built by the command itself, end to
 * end (a labelled production build, then published) for mf-registry: releases-console.test.ts publishes a copy of
 * the app's existing build with its label put in (support/releases.ts, labelled()).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from 'playwright-core';
import { recordCspViolations, screenshot } from './support/browser.ts';
import { repoRoot } from './support/server.ts';
import { ADMIN, signIn, portalForThisFile } from './support/portal.ts';
import { randomBytes } from 'node:crypto';

const portal = portalForThisFile();
const stamp = randomBytes(4).toString('hex');
const LABEL_V1 = `v1-${stamp}`;
const LABEL_V2 = `v2-${stamp}`;
const outDir = `dist-e2e-releases-${stamp}`;
const buildDir = path.join(repoRoot, 'mf-registry', outDir);
const copies: string[] = [buildDir];
const OFFER = 'È disponibile una nuova versione di questa sezione';

/** `pnpm --filter mf-registry release …` against the test server's releases root; the version it published. */
function release(args: string[], env: Record<string, string> = {}): string {
  const res = spawnSync('pnpm', ['--filter', 'mf-registry', 'release', ...args], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', RELEASES_DIR: path.join(portal.server.dataDir, 'releases'), ...env },
    encoding: 'utf8',
  });
  assert.equal(res.status, 0, res.stdout + res.stderr);
  const version = /Pubblicata mf-registry (\S+)/.exec(res.stdout)?.[1];
  assert.ok(version, res.stdout);
  return version;
}

/** A copy of the v1 build with `change` applied to its files (compressed copies dropped: they would be stale). */
function variant(name: string, change: (file: string, text: string) => string): string {
  const dir = path.join(repoRoot, 'mf-registry', `${outDir}-${name}`);
  copies.push(dir);
  cpSync(buildDir, dir, { recursive: true });
  for (const file of readdirSync(dir)) {
    const full = path.join(dir, file);
    if (/\.(br|gz)$/.test(file)) {
      rmSync(full);
      continue;
    }
    if (!/\.(js|json)$/.test(file)) continue;
    const text = readFileSync(full, 'utf8');
    const changed = change(file, text);
    if (changed !== text) writeFileSync(full, changed);
  }
  return dir;
}

/** The manifest with react's required range changed to ^17.0.0. */
function requireReact17(text: string): string {
  const manifest = JSON.parse(text) as { shared: { name: string; requiredVersion: string }[] };
  for (const shared of manifest.shared) if (shared.name === 'react') shared.requiredVersion = '^17.0.0';
  return JSON.stringify(manifest);
}

interface History {
  live: number;
  data: { number: number; apps: Record<string, string>; live: boolean; kind: string }[];
}

let api: APIRequestContext;
let page: Page;
let v1: string;
let v2: string;
let v3: string;
let v4: string;

const compose = (apps: Record<string, string>) => api.post(`${portal.server.url}/api/v1/platform/releases`, { data: { apps } });
const history = async () => (await (await api.get(`${portal.server.url}/api/v1/platform/releases`)).json()) as History;
const focusTab = () => page.evaluate(() => window.dispatchEvent(new Event('focus')));

describe('releases of a domain app, from the platform team to an open tab', () => {
  before(async () => {
    v1 = release([], { BUILD_LABEL: LABEL_V1, OUT_DIR: outDir });
    v2 = release(['--dist', variant('v2', (_f, text) => text.replaceAll(LABEL_V1, LABEL_V2))]);
    v3 = release(['--dist', variant('v3', (file, text) => (file === 'mf-manifest.json' ? requireReact17(text) : text))]);
    // Passes every static check (manifest, ranges, entry present), but its remote entry throws when loaded.
    v4 = release(['--dist', variant('v4', (file, text) => (file === 'remoteEntry.js' ? `throw new Error('v4 guasta');\n${text}` : text))]);
  });
  after(() => {
    for (const dir of copies) rmSync(dir, { recursive: true, force: true });
  });

  test('the versions are distinct and immutable; republishing is refused', () => {
    assert.equal(new Set([v1, v2, v3, v4]).size, 4);
    const again = spawnSync('pnpm', ['--filter', 'mf-registry', 'release', '--dist', buildDir], {
      cwd: repoRoot,
      env: { ...process.env, RELEASES_DIR: path.join(portal.server.dataDir, 'releases') },
      encoding: 'utf8',
    });
    assert.notEqual(again.status, 0);
    assert.match(again.stdout + again.stderr, new RegExp(`${v1.replace(/\./g, '\\.')} di mf-registry è già pubblicata`));
  });

  test('compose v1 → the tab shows v1; compose v2 → the tab offers the update, Aggiorna shows v2; rollback → v1', async () => {
    page = await portal.browser.newPage();
    const cspViolations = await recordCspViolations(page);
    await signIn(page, portal.server.url, ADMIN.email, ADMIN.password);
    api = page.request;

    const first = await compose({ 'mf-registry': v1 });
    assert.equal(first.status(), 201, await first.text());
    await page.goto(`${portal.server.url}/registry/users/management`);
    await page.getByRole('heading', { name: 'Gestione utenti' }).waitFor();
    await page.getByText(`Build ${LABEL_V1}`).waitFor();
    assert.equal(await page.getByText(OFFER).count(), 0);

    const second = await compose({ 'mf-registry': v2 });
    assert.equal(second.status(), 201, await second.text());
    await focusTab();
    await page.getByText(OFFER).waitFor();
    await screenshot(page, 'releases-update-offered');
    await page.getByRole('button', { name: 'Aggiorna' }).click();
    await page.getByText(`Build ${LABEL_V2}`).waitFor();
    await page.getByRole('heading', { name: 'Gestione utenti' }).waitFor();
    assert.equal(await page.getByText(`Build ${LABEL_V1}`).count(), 0);
    assert.equal(await page.getByText(OFFER).count(), 0);
    await screenshot(page, 'releases-v2');

    const back = await api.post(`${portal.server.url}/api/v1/platform/releases/rollback`, { data: {} });
    assert.equal(back.status(), 201, await back.text());
    assert.equal(((await back.json()) as { apps: Record<string, string> }).apps['mf-registry'], v1);
    await focusTab();
    await page.getByText(OFFER).waitFor();
    await page.getByRole('button', { name: 'Aggiorna' }).click();
    await page.getByText(`Build ${LABEL_V1}`).waitFor();
    assert.deepEqual(await cspViolations(), []);
  });

  test('a v3 requiring react ^17 is refused with its reason, and nothing changes', async () => {
    const before = await history();
    const remotesBefore = await (await api.get(`${portal.server.url}/remotes.json`)).json();
    const res = await compose({ 'mf-registry': v3 });
    assert.equal(res.status(), 422, await res.text());
    const body = (await res.json()) as {
      reasons: { app: string; version: string; dependency: string; required: string; provided: string; message: string }[];
    };
    const react = body.reasons.find((r) => r.dependency === 'react');
    assert.ok(react, JSON.stringify(body));
    assert.equal(react.app, 'mf-registry');
    assert.equal(react.version, v3);
    assert.equal(react.required, '^17.0.0');
    assert.match(react.provided, /^19\./);
    assert.deepEqual(await history(), before);
    assert.deepEqual(await (await api.get(`${portal.server.url}/remotes.json`)).json(), remotesBefore);
    await page.reload();
    await page.getByText(`Build ${LABEL_V1}`).waitFor();
  });

  test('a v4 that passes the checks but fails to load is switched, found broken by the headless check, rolled back', async () => {
    const before = await history();
    const res = await compose({ 'mf-registry': v4 });
    assert.equal(res.status(), 201, await res.text());
    const body = (await res.json()) as {
      release: { number: number; live: boolean };
      health: { ok: boolean; reason: string; checked: string[] };
      rolledBackTo: { apps: Record<string, string>; kind: string; note: string };
    };
    assert.equal(body.health.ok, false);
    assert.deepEqual(body.health.checked, ['mf-registry']);
    assert.match(body.health.reason, /mf-registry: [\s\S]*v4 guasta/);
    assert.equal(body.rolledBackTo.kind, 'auto-rollback');
    assert.match(body.rolledBackTo.note, /v4 guasta/);
    assert.equal(body.rolledBackTo.apps['mf-registry'], v1);
    const after = await history();
    assert.deepEqual(
      after.data.slice(0, 2).map((r) => [r.kind, r.live]),
      [
        ['auto-rollback', true],
        ['compose', false],
      ],
    );
    assert.equal(after.data.length, before.data.length + 2);
    await page.reload();
    await page.getByText(`Build ${LABEL_V1}`).waitFor();
  });

  test('a domain app built by another toolchain (Vite, ES module remote entry) is released, composed and loads in the rspack shell', async () => {
    const res = spawnSync('pnpm', ['--filter', 'vite-domain-app', 'release'], {
      cwd: repoRoot,
      env: { ...process.env, RELEASES_DIR: path.join(portal.server.dataDir, 'releases'), OUT_DIR: `dist-e2e-${stamp}` },
      encoding: 'utf8',
    });
    copies.push(path.join(repoRoot, 'e2e', 'vite-app', `dist-e2e-${stamp}`));
    assert.equal(res.status, 0, res.stdout + res.stderr);
    const vite = /Pubblicata mf-storage (\S+)/.exec(res.stdout)?.[1];
    assert.ok(vite, res.stdout);

    const versions = (await (await api.get(`${portal.server.url}/api/v1/platform/versions`)).json()) as {
      data: { app: string; version: string; remoteEntry: { type: string } }[];
    };
    assert.equal(versions.data.find((v) => v.app === 'mf-storage' && v.version === vite)?.remoteEntry.type, 'module');

    const composed = await compose({ 'mf-storage': vite });
    assert.equal(composed.status(), 201, await composed.text());
    const body = (await composed.json()) as { health: { ok: boolean; reason: string | null } | null; rolledBackTo: unknown };
    assert.equal(body.health?.ok, true, body.health?.reason ?? '');
    assert.equal(body.rolledBackTo, null);

    const cspViolations = await recordCspViolations(page);
    await page.goto(`${portal.server.url}/storage/management`);
    await page.getByRole('heading', { name: 'Sezione costruita con Vite' }).waitFor();
    await page.getByText('Questa sezione arriva da una build Vite con @module-federation/vite.').waitFor();
    await screenshot(page, 'releases-vite-app');
    // The rest of the portal still runs on the rspack-built apps.
    await page.goto(`${portal.server.url}/registry/users/management`);
    await page.getByText(`Build ${LABEL_V1}`).waitFor();
    assert.deepEqual(await cspViolations(), []);
    await page.close();
  });
});
