/**
 * Issue 41, "Done means": the home page is made of the domain apps' 'home' slots, so a domain team ships its block
 * without the shell. A new version of mf-booking whose home block says something new is published and composed
 * through the API, and a signed-in member's home page (the shell not rebuilt) shows it; a version whose 'home' slot
 * throws leaves the Italian notice in its place while the certificates' and finance's blocks work.
 * Both versions are the app's current build with one change (no second build), published by the real command.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser.ts';
import { repoRoot } from './support/server.ts';
import { ADMIN, MEMBER_PASSWORD, portalForThisFile, signedInPage } from './support/portal.ts';

// The headless check after a switch is off here: it times out on this machine while the compose request's unit of
// work is open (reported in issue 41's note); what it checks (the app's './routes' loads) is releases.test.ts'.
const portal = portalForThisFile({ RELEASE_HEALTH_CHECK: 'off' });
const stamp = randomBytes(4).toString('hex');
const NEW_TITLE = `Prossima prenotazione · novità ${stamp}`;
const MEMBER = { email: 'marco.rossi@circolo.example' };
const buildDir = path.join(repoRoot, 'mf-booking', 'dist');
const copies: string[] = [];

/** `pnpm --filter mf-booking release --dist <dir>` against the test server's releases root; the version published. */
function release(dir: string): string {
  const res = spawnSync('pnpm', ['--filter', 'mf-booking', 'release', '--dist', dir], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', RELEASES_DIR: path.join(portal.server.dataDir, 'releases') },
    encoding: 'utf8',
  });
  assert.equal(res.status, 0, res.stdout + res.stderr);
  const version = /Pubblicata mf-booking (\S+)/.exec(res.stdout)?.[1];
  assert.ok(version, res.stdout);
  return version;
}

/** A copy of mf-booking's build with `change` applied to its home slot's own chunk (stale compressed copies dropped). */
function variant(name: string, change: (text: string) => string): string {
  const dir = path.join(repoRoot, 'mf-booking', `dist-e2e-slots-${stamp}-${name}`);
  copies.push(dir);
  cpSync(buildDir, dir, { recursive: true });
  const manifest = JSON.parse(readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8')) as {
    exposes: { name: string; assets: { js: { sync: string[] } } }[];
  };
  const home = manifest.exposes.find((e) => e.name === 'home');
  assert.ok(home, 'mf-booking offers the home slot');
  const chunk = home.assets.js.sync.find((f) => f.includes('expose_home'));
  assert.ok(chunk, JSON.stringify(home.assets));
  for (const file of readdirSync(dir)) if (/\.(br|gz)$/.test(file)) rmSync(path.join(dir, file));
  const text = readFileSync(path.join(dir, chunk), 'utf8');
  const changed = change(text);
  assert.notEqual(changed, text, `${name} changes the home chunk`);
  writeFileSync(path.join(dir, chunk), changed);
  return dir;
}

let admin: Page;
let member: Page;
let saying: string;
let throwing: string;

const compose = async (version: string) => {
  const res = await admin.request.post(`${portal.server.url}/api/v1/platform/releases`, { data: { apps: { 'mf-booking': version } } });
  assert.equal(res.status(), 201, await res.text());
  const body = (await res.json()) as { health?: { ok: boolean; reason?: string } };
  assert.notEqual(body.health?.ok, false, JSON.stringify(body.health));
};

describe('a domain team ships its home block without the shell (issue 41)', () => {
  before(() => {
    saying = release(variant('new-title', (text) => text.replace('title:"Prossima prenotazione"', `title:${JSON.stringify(NEW_TITLE)}`)));
    throwing = release(variant('throws', (text) => `throw new Error('home di mf-booking guasta');\n${text}`));
  });
  after(() => {
    for (const dir of copies) rmSync(dir, { recursive: true, force: true });
  });

  test("a new mf-booking composed through the API: the member's home shows its new block, the shell unchanged", async () => {
    admin = await signedInPage(portal, ADMIN.email, ADMIN.password);
    member = await signedInPage(portal, MEMBER.email, MEMBER_PASSWORD);
    const shellBefore = await (await member.request.get(`${portal.server.url}/`)).text();
    await compose(saying);
    await member.goto(`${portal.server.url}/`);
    await member.getByRole('region', { name: NEW_TITLE }).waitFor();
    await member.getByRole('region', { name: 'Certificato medico' }).getByText('Valido').waitFor();
    await member.getByRole('region', { name: 'Pagamenti in sospeso' }).waitFor();
    assert.equal(await member.getByRole('region', { name: 'Prossima prenotazione', exact: true }).count(), 0);
    // The same shell page (its scripts' hashes) as before the release.
    assert.equal(await (await member.request.get(`${portal.server.url}/`)).text(), shellBefore);
    await screenshot(member, 'slots-1-new-home-block');
  });

  test("a version whose 'home' slot throws: the Italian notice in its place, the other apps' blocks work", async () => {
    await compose(throwing);
    await member.goto(`${portal.server.url}/`);
    const notice = member.getByTestId('slot-fallback');
    await notice.getByText('Sezione non disponibile.').waitFor();
    await notice.getByRole('button', { name: 'Riprova' }).waitFor();
    await member.getByRole('region', { name: 'Certificato medico' }).getByText('Valido').waitFor();
    await member.getByRole('region', { name: 'Pagamenti in sospeso' }).waitFor();
    assert.equal(await member.getByRole('region', { name: /Prossima prenotazione/ }).count(), 0);
    // The rest of the portal works: the member's own bookings page (mf-booking's routes are unharmed).
    await member.getByRole('link', { name: 'Le mie prenotazioni' }).first().click();
    await member
      .getByRole('heading', { name: /prenotazioni/i })
      .first()
      .waitFor();
    await member.goto(`${portal.server.url}/`);
    await notice.waitFor();
    await screenshot(member, 'slots-2-home-slot-throws');
    for (const page of [admin, member]) await page.context().close();
  });
});
