/**
 * The platform team's releases page (issue 29, "Done means"), on one build of mf-registry published in marked copies:
 * - the page composes (the whole-set check's answer shown, a refusal with its reason too), puts a release live and
 *   rolls back to an earlier one ('Ripristina'); the history shows it;
 * - a preview release of mf-registry for one category: a member of it sees the preview's version (its build label),
 *   a member of another category the live one; 'Metti in linea per tutti' → both see it;
 * - a release whose page throws on render: three users open it, their browsers report it, the release is rolled back
 *   by itself; the reports and the reason show on the page.
 * v1 is the app's existing build (scripts/build.mjs) with its label put in, published by the real command (--dist):
 * the command's own build, end to end, is proven by releases.test.ts (its v1), the one browser test that keeps it.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { apiCall } from './support/api-call.ts';
import { screenshot } from './support/browser.ts';
import { ADMIN, MEMBER_PASSWORD, choose, portalForThisFile, signIn, toast } from './support/portal.ts';
import { registryBuilds } from './support/releases.ts';
import { repoRoot } from './support/server.ts';

const portal = portalForThisFile();
const stamp = randomBytes(4).toString('hex');
const LABEL_V1 = `cons1-${stamp}`;
const LABEL_V2 = `cons2-${stamp}`;
const builds = registryBuilds(stamp);
const MARCO = 'marco.rossi@circolo.example'; // Soci
const GIULIA = 'giulia.bianchi@circolo.example'; // Soci
const LUCA = 'luca.ferrari@circolo.example'; // Soci
const MATTEO = 'matteo.colombo@circolo.example'; // Minorenne
const USERS_PAGE = '/registry/users/management';
const PASSED = "Controllo dell'insieme superato";
/** A switch waits for the server's headless check of the changed app (a browser started on first use). */
const SWITCH_MS = 120_000;

let v1: string;
let v2: string;
let v17: string;
let broken: string;
let admin: Page;

interface Category {
  _id: string;
  name: string;
  description: string;
  permissions: string[];
  reservation_rules: { _id: string }[];
  mailing_list_classes: { _id: string }[];
}
interface History {
  live: number;
  preview: number | null;
  data: { number: number; apps: Record<string, string>; kind: string; live: boolean; note: string | null; restores: number | null }[];
}

const url = (path: string) => `${portal.server.url}${path}`;
const history = async () => (await apiCall<History>(admin, 'GET', '/platform/releases')).body;
/** What /remotes.json answers this page's user. */
const remotesOf = (page: Page) =>
  page.evaluate(async () => (await fetch('/remotes.json', { credentials: 'include' })).json() as Promise<Record<string, string>>);
/** The outcome toast of a switch says `expected` (a failed check or an error says otherwise, and the test shows it). */
async function outcome(expected: string): Promise<void> {
  const said = await admin
    .getByText(expected, { exact: true })
    .or(admin.getByText(/^(Il controllo dopo il passaggio|Si è verificato un errore)/))
    .first()
    .textContent({ timeout: SWITCH_MS });
  assert.equal(said, expected);
}

/** The compose dialog closes once the switch is made (after the server's check): the live release's number. */
async function switched(dialog: Locator): Promise<number> {
  await dialog.waitFor({ state: 'detached', timeout: SWITCH_MS });
  return (await history()).live;
}

/** The members' categories may open the registry pages (where the build label shows). */
async function grantRegistry(page: Page): Promise<Record<string, string>> {
  const categories = (await apiCall<{ data: Category[] }>(page, 'GET', '/user/category?limit=100')).body.data;
  const ids: Record<string, string> = {};
  for (const c of categories.filter((c) => c.name === 'Soci' || c.name === 'Minorenne')) {
    const res = await apiCall(page, 'PATCH', `/user/category/${c._id}`, {
      name: c.name,
      description: c.description,
      permissions: [...c.permissions, 'registry_access'],
      reservation_rules: c.reservation_rules.map((r) => r._id),
      mailing_list_classes: c.mailing_list_classes.map((m) => m._id),
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    ids[c.name] = c._id;
  }
  return ids;
}

async function member(email: string): Promise<Page> {
  const page = await portal.browser.newPage({ viewport: { width: 1366, height: 768 } });
  await signIn(page, portal.server.url, email, MEMBER_PASSWORD);
  return page;
}

/** The history table's row of release `n`. */
const historyRow = (n: number) =>
  admin
    .getByRole('table', { name: 'Storico delle release' })
    .getByRole('row')
    .filter({ has: admin.getByRole('cell', { name: String(n), exact: true }) });

async function openCompose(): Promise<Locator> {
  await admin.getByRole('button', { name: 'Componi', exact: true }).click();
  const dialog = admin.getByRole('dialog', { name: 'Componi una release' });
  await dialog.waitFor();
  return dialog;
}

describe('the releases page', () => {
  before(async () => {
    v1 = builds.labelled(portal.server, LABEL_V1);
    v2 = builds.variant(portal.server, 'v2', (_f, text) => text.replaceAll(LABEL_V1, LABEL_V2));
    v17 = builds.variant(portal.server, 'react17', (file, text) => {
      if (file !== 'mf-manifest.json') return text;
      const manifest = JSON.parse(text) as { shared: { name: string; requiredVersion: string }[] };
      for (const shared of manifest.shared) if (shared.name === 'react') shared.requiredVersion = '^17.0.0';
      return JSON.stringify(manifest);
    });
    // Loads and passes every check, but its pages render an object as the build label: React throws on render.
    broken = builds.variant(portal.server, 'broken', (_f, text) =>
      text.replace(new RegExp(`(["'])${LABEL_V1}\\1`, 'g'), (literal) => `{guasta:${literal}}`),
    );
    admin = await portal.browser.newPage({ viewport: { width: 1366, height: 768 } });
    await signIn(admin, portal.server.url, ADMIN.email, ADMIN.password);
  });
  after(() => builds.remove());

  test('compose with the check shown, Metti in linea, a refused set with its reason, Ripristina an earlier release', async () => {
    await admin.getByTestId('top-nav').getByRole('link', { name: 'Rilasci' }).click();
    await admin.getByRole('heading', { name: 'Rilasci', level: 1 }).waitFor();
    await admin.getByRole('table', { name: 'Versioni pubblicate' }).getByText(v2).waitFor();

    let dialog = await openCompose();
    await dialog.getByLabel('Anagrafica (mf-registry)').selectOption(v1);
    await dialog.getByText(PASSED).waitFor();
    await screenshot(admin, 'releases-console-compose');
    await dialog.getByRole('button', { name: 'Metti in linea' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Metti in linea' });
    await confirm.getByText(`mf-registry: `).first().waitFor();
    await confirm.getByRole('button', { name: 'Metti in linea' }).click();
    const first = await switched(dialog);
    await outcome(`Release ${first} in linea`);
    assert.equal((await history()).live, first);
    assert.equal((await history()).data[0]!.apps['mf-registry'], v1);
    await historyRow(first).getByText('In linea').waitFor();

    // A set the shell cannot run: the reason shows, 'Metti in linea' stays off, nothing changes.
    dialog = await openCompose();
    await dialog.getByLabel('Anagrafica (mf-registry)').selectOption(v17);
    await dialog.getByText("L'insieme non può andare in linea:").waitFor();
    await dialog.getByText(/react/).first().waitFor();
    assert.equal(await dialog.getByRole('button', { name: 'Metti in linea' }).isDisabled(), true);
    await dialog.getByLabel('Anagrafica (mf-registry)').selectOption(v2);
    await dialog.getByText(PASSED).waitFor();
    await dialog.getByRole('button', { name: 'Metti in linea' }).click();
    await admin.getByRole('dialog', { name: 'Metti in linea' }).getByRole('button', { name: 'Metti in linea' }).click();
    const second = await switched(dialog);
    await outcome(`Release ${second} in linea`);
    assert.equal((await history()).live, second);

    // Ripristina the first: a new entry restoring it.
    await historyRow(first).getByRole('button', { name: 'Ripristina' }).click();
    await admin.getByRole('dialog', { name: 'Ripristina la release' }).getByRole('button', { name: 'Ripristina' }).click();
    await admin
      .getByText(new RegExp(`^Release ${first} ripristinata`))
      .first()
      .waitFor();
    const after = await history();
    assert.equal(after.data[0]!.kind, 'rollback');
    assert.equal(after.data[0]!.restores, first);
    assert.equal(after.live, after.data[0]!.number);
    assert.equal(after.data[0]!.apps['mf-registry'], v1);
    await historyRow(after.live).getByText(`Ripristino della ${first}`).waitFor();
    await historyRow(after.live).getByText('In linea').waitFor();
    await screenshot(admin, 'releases-console-history');
    assert.match((await remotesOf(admin)).mf_registry ?? '', new RegExp(v1));
  });

  test('a preview of mf-registry for Soci: their member sees it, a Minorenne member the live one; promoted, both see it', async () => {
    await grantRegistry(admin);
    await admin.goto(url('/platform/releases'));
    const dialog = await openCompose();
    await dialog.getByLabel('Anagrafica (mf-registry)').selectOption(v2);
    await dialog.getByRole('checkbox', { name: /Prima in anteprima a un pubblico/ }).check();
    await dialog.getByText('Indica almeno una categoria').waitFor();
    await choose(admin, /^Categorie del pubblico/, 'Soci');
    await admin.keyboard.press('Escape');
    await dialog.getByText(PASSED).waitFor();
    await dialog.getByRole('button', { name: 'Metti in anteprima' }).click();
    await admin.getByRole('dialog', { name: 'Metti in anteprima' }).getByRole('button', { name: 'Metti in anteprima' }).click();
    await dialog.waitFor({ state: 'detached', timeout: SWITCH_MS });
    const preview = (await history()).preview!;
    await outcome(`Release ${preview} in anteprima`);
    assert.equal((await history()).preview, preview);
    const card = admin.getByRole('region', { name: 'In anteprima' });
    await card.getByText('Pubblico: Soci').waitFor();

    const marco = await member(MARCO);
    const matteo = await member(MATTEO);
    await marco.goto(url(USERS_PAGE));
    await marco.getByText(`Build ${LABEL_V2}`).waitFor();
    assert.match((await remotesOf(marco)).mf_registry ?? '', new RegExp(v2));
    assert.match((await remotesOf(matteo)).mf_registry ?? '', new RegExp(v1));
    await matteo.goto(url(USERS_PAGE));
    await matteo.getByText(`Build ${LABEL_V1}`).waitFor();

    await card.getByRole('button', { name: 'Metti in linea per tutti' }).click();
    await admin.getByRole('dialog', { name: "Metti in linea l'anteprima" }).getByRole('button', { name: 'Metti in linea per tutti' }).click();
    await toast(admin, `Release ${preview} in linea per tutti`);
    assert.equal((await history()).live, preview);
    for (const page of [matteo, marco]) {
      await page.reload();
      await page.getByText(`Build ${LABEL_V2}`).waitFor();
    }
    await Promise.all([marco.close(), matteo.close()]);
  });

  test('a release whose page throws: three users report it, it is rolled back by itself, the page says why', async () => {
    const composed = await apiCall<{ release: { number: number }; rolledBackTo: unknown }>(admin, 'POST', '/platform/releases', {
      apps: { 'mf-registry': broken },
    });
    assert.equal(composed.status, 201, JSON.stringify(composed.body));
    assert.equal(composed.body.rolledBackTo, null, 'the headless check loads the entry only: it passes');
    const bad = composed.body.release.number;

    for (const email of [MARCO, GIULIA, LUCA]) {
      const page = await member(email);
      const reported = page.waitForResponse((res) => res.url().endsWith('/api/v1/platform/client-errors'));
      await page.goto(url(USERS_PAGE));
      await page.getByTestId('remote-fallback').waitFor();
      assert.equal((await reported).status(), 204);
      await page.close();
    }

    const after = await history();
    assert.equal(after.data[0]!.kind, 'auto-rollback');
    assert.notEqual(after.live, bad);
    assert.notEqual(after.data[0]!.apps['mf-registry'], broken);
    assert.match(after.data[0]!.note ?? '', /3 utenti hanno segnalato errori di mf-registry/);

    await admin.goto(url('/platform/releases'));
    await historyRow(after.live)
      .getByText(/3 utenti hanno segnalato errori di mf-registry/)
      .waitFor();
    await historyRow(bad).getByText(`Ripristinata automaticamente con la release ${after.live}`).waitFor();
    await historyRow(bad)
      .getByText(/mf-registry: \d+ segnalazion[ei] da 3 utenti/)
      .waitFor();
    await historyRow(bad).getByRole('button', { name: 'Segnalazioni' }).click();
    const reports = admin.getByRole('dialog', { name: `Segnalazioni della release ${bad}` });
    await reports.getByText('Disegno della pagina').first().waitFor();
    await screenshot(admin, 'releases-console-reports');
    await reports.getByRole('button', { name: 'Chiudi' }).click();

    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.reload();
    await admin.getByRole('heading', { name: 'Rilasci', level: 1 }).waitFor();
    await screenshot(admin, 'releases-console-phone');
    // What a phone shows first (the full page above is long: one card per release and per version).
    await admin.screenshot({ path: path.join(repoRoot, 'e2e', 'artifacts', 'releases-console-phone-top.png') });
  });
});
