/**
 * A progressive rollout of a broken mf-booking (issue 40, "Done means"), started from the releases console:
 * - a labelled build of mf-booking goes live; a copy of it whose pages throw on render (the build label made an object:
 *   React refuses it) passes the whole-set check and the headless check (it loads), and goes out from 'Componi' as a
 *   progressive rollout (50 % then 100 %, one hour a step, at least 3 sessions a side);
 * - members' sessions on the step open 'Prenota', see the error boundary, and their browsers report it; members off the
 *   step keep the live version and never load the broken build;
 * - on that evidence the server's sequential test finds the new release worse and aborts the rollout by itself: the
 *   console says so in Italian (the history's reason with the figures, the decision in the release's reports), and
 *   the members who were on the step are served the live version again and their page works.
 * Time is the server's test clock (TEST_NOW): nothing here waits for the step's hour, the abort is decided at a report.
 * The headless check after a switch is off here (below).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { apiCall } from './support/api-call.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { ADMIN, MEMBER_PASSWORD, signIn, toast } from './support/portal.ts';
import { registryBuilds } from './support/releases.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { TEST_START_MS } from 'test-kit';

/**
 * The portal for this file, with the headless check after a switch off: it is not what this test is about (the
 * releases tests cover it), and on a loaded machine its first Chromium start can pass its 20 s and roll the labelled
 * build back before the rollout begins.
 */
const portal = {} as { server: RunningServer; browser: Browser };
before(async () => {
  portal.server = await startServer({ RELEASE_HEALTH_CHECK: 'off' });
  portal.browser = await launchBrowser();
});
after(async () => {
  await portal.browser?.close();
  await portal.server?.stop();
});
const stamp = randomBytes(4).toString('hex');
const LABEL = `roll1-${stamp}`;
const builds = registryBuilds(stamp, 'mf-booking');
const MEMBERS = [
  'marco.rossi@circolo.example',
  'giulia.bianchi@circolo.example',
  'luca.ferrari@circolo.example',
  'francesca.romano@circolo.example',
  'matteo.colombo@circolo.example',
];
const BOOK = '/book-session';
/** A switch waits for the server's headless check of the changed app (a browser started on first use). */
const SWITCH_MS = 120_000;

let v1: string;
let broken: string;
let admin: Page;
const opened: Page[] = [];

interface History {
  live: number;
  preview: number | null;
  data: { number: number; apps: Record<string, string>; kind: string; note: string | null; withdrawnAt: string | null }[];
}
interface Detail {
  release: { preview: boolean; withdrawnAt: string | null; rollout: { percent: number } | null };
  events: { action: string; by: unknown; reason: string | null; figures: Record<string, number> | null }[];
}

const url = (path: string) => `${portal.server.url}${path}`;
const history = async () => (await apiCall<History>(admin, 'GET', '/platform/releases')).body;
const detail = async (n: number) => (await apiCall<Detail>(admin, 'GET', `/platform/releases/${n}`)).body;
/** The mf-booking version /remotes.json serves this page's session (which also records the exposure). */
const bookingOf = async (page: Page) => {
  const remotes = await page.evaluate(
    async () => (await fetch('/remotes.json', { credentials: 'include' })).json() as Promise<Record<string, string>>,
  );
  return /\/mf-booking\/([^/]+)\//.exec(remotes.mf_booking ?? '')?.[1] ?? '';
};

/** A new session of `email` (its own browser context), on the home page. */
async function session(email: string): Promise<Page> {
  const page = await portal.browser.newPage({ viewport: { width: 1366, height: 768 } });
  await signIn(page, portal.server.url, email, MEMBER_PASSWORD);
  opened.push(page);
  return page;
}

/** 'Componi' → mf-booking's broken version, as a progressive rollout 50 → 100 %, 60 minutes, 3 sessions a side. */
async function startRollout(): Promise<number> {
  await admin.goto(url('/platform/releases'));
  await admin.getByRole('button', { name: 'Componi', exact: true }).click();
  const dialog = admin.getByRole('dialog', { name: 'Componi una release' });
  await dialog.getByLabel(/\(mf-booking\)/).selectOption(broken);
  await dialog.getByRole('checkbox', { name: /Distribuzione progressiva, a passi/ }).check();
  await dialog.getByLabel(/^Passi \(% dei membri\)/).fill('50, 100');
  await dialog.getByLabel(/^Sessioni minime per parte/).fill('3');
  await dialog.getByText("Controllo dell'insieme superato").waitFor();
  await screenshot(admin, 'releases-rollout-compose');
  await dialog.getByRole('button', { name: 'Avvia la distribuzione' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Avvia la distribuzione' });
  await confirm.getByText(/La release va ai membri collegati a passi: 50 % → 100 %, ogni passo almeno 60 minuti e 3 sessioni per parte/).waitFor();
  await confirm.getByRole('button', { name: 'Avvia la distribuzione' }).click();
  await dialog.waitFor({ state: 'detached', timeout: SWITCH_MS });
  const after = await history();
  const n = after.preview;
  assert.ok(n, `a rollout is out: ${JSON.stringify(after.data[0])}`);
  await toast(admin, `Release ${n} in distribuzione al 50 %`);
  return n;
}

describe('a progressive rollout of a broken mf-booking', () => {
  before(async () => {
    v1 = builds.build(portal.server, LABEL);
    broken = builds.variant(portal.server, 'broken', (_f, text) =>
      text.replace(new RegExp(`(["'])${LABEL}\\1`, 'g'), (literal) => `{guasta:${literal}}`),
    );
    admin = await portal.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signIn(admin, portal.server.url, ADMIN.email, ADMIN.password);
    const live = await apiCall(admin, 'POST', '/platform/releases', { apps: { 'mf-booking': v1 } });
    assert.equal(live.status, 201, JSON.stringify(live.body));
    assert.equal((live.body as { rolledBackTo: unknown }).rolledBackTo, null, JSON.stringify(live.body));
  });
  after(async () => {
    await Promise.all(opened.map((p) => p.close().catch(() => undefined)));
    builds.remove();
  });

  test('started from the console, the step reports errors, it aborts by itself on that evidence and the console says why', async () => {
    // Published by the release command through the API: 'Versioni pubblicate' dates them by the server's clock (the
    // suite's instant), not by the machine's date.
    const versions = (await apiCall<{ data: { app: string; version: string; publishedAt: string | null }[] }>(admin, 'GET', '/platform/versions'))
      .body.data;
    for (const version of [v1, broken]) {
      const at = Date.parse(versions.find((v) => v.app === 'mf-booking' && v.version === version)?.publishedAt ?? '');
      assert.ok(at >= TEST_START_MS && at < TEST_START_MS + 3_600_000, `${version} published at ${new Date(at).toISOString()}`);
    }
    const liveNumber = (await history()).live;
    // Who is on the step is sticky per member and release: a release that puts all five members on one side is
    // stopped and another started (each release reshuffles), so both sides have members.
    let n = await startRollout();
    let sides: { onNew: string[]; onOld: string[] } = { onNew: [], onOld: [] };
    const first = new Map<string, Page>();
    for (let attempt = 0; attempt < 4; attempt++) {
      sides = { onNew: [], onOld: [] };
      for (const email of MEMBERS) {
        const page = first.get(email) ?? (await session(email));
        first.set(email, page);
        const served = await bookingOf(page);
        assert.ok(served === broken || served === v1, served);
        (served === broken ? sides.onNew : sides.onOld).push(email);
      }
      if (sides.onNew.length > 0 && sides.onOld.length > 0) break;
      assert.equal((await apiCall(admin, 'POST', `/platform/releases/${n}/abort`, { reason: 'tutti da una parte' })).status, 200);
      const again = await apiCall<{ release: { number: number } }>(admin, 'POST', '/platform/releases', {
        apps: { 'mf-booking': broken },
        rollout: { steps: [50, 100], holdMinutes: 60, minSessions: 3 },
      });
      assert.equal(again.status, 201, JSON.stringify(again.body));
      n = again.body.release.number;
    }
    assert.ok(sides.onNew.length > 0 && sides.onOld.length > 0, JSON.stringify(sides));

    // Off the step: six sessions served the live release, none of them ever asks for the broken build.
    const brokenLoads: string[] = [];
    const oldPages = [...sides.onOld.map((e) => first.get(e)!)];
    for (let i = 0; oldPages.length < 6; i++) oldPages.push(await session(sides.onOld[i % sides.onOld.length]!));
    for (const page of oldPages) {
      page.on('request', (req) => {
        if (req.url().includes(`/mf-booking/${broken}/`)) brokenLoads.push(req.url());
      });
      assert.equal(await bookingOf(page), v1);
      await page.goto(url(BOOK));
      await page.getByText(`Build ${LABEL}`).waitFor();
    }

    // The console during the step: its share, the evidence of both sides, the actions.
    await admin.goto(url('/platform/releases'));
    const card = admin.getByRole('region', { name: 'In distribuzione' });
    await card.getByText('Passo 1 di 2: 50 % dei membri collegati').waitFor();
    await card
      .getByRole('table', { name: /inizio del passo/ })
      .getByRole('row', { name: /\(in linea\)/ })
      .waitFor();
    // Per app: mf-booking's two rows, its broken version on the rollout's release and the live one's.
    const perApp = card.getByRole('region', { name: 'Evidenza per app' });
    await perApp.getByRole('rowheader', { name: 'mf-booking' }).waitFor();
    await perApp.getByRole('cell', { name: broken, exact: true }).waitFor();
    await perApp.getByRole('cell', { name: v1, exact: true }).waitFor();
    await card.getByRole('button', { name: 'Interrompi' }).waitFor();
    await screenshot(admin, 'releases-rollout-step');

    // On the step: each session opens 'Prenota', sees the error boundary and its browser reports it, until the
    // server's test finds the new release worse and aborts.
    let reports = 0;
    for (let i = 0; i < 8 && (await detail(n)).release.withdrawnAt === null; i++) {
      const email = sides.onNew[i % sides.onNew.length]!;
      const page = i < sides.onNew.length ? first.get(email)! : await session(email);
      if ((await bookingOf(page)) !== broken) break;
      const reported = page.waitForResponse((res) => res.url().endsWith('/api/v1/platform/client-errors'));
      await page.goto(url(BOOK));
      await page.getByTestId('remote-fallback').waitFor();
      assert.equal((await reported).status(), 204);
      reports++;
    }
    const d = await detail(n);
    assert.ok(d.release.withdrawnAt, `aborted after ${reports} reports`);
    assert.ok(reports >= 3, 'not before the minimum exposure');
    const abort = d.events.find((e) => e.action === 'abort')!;
    assert.equal(abort.by, null, 'the server itself');
    assert.match(abort.reason ?? '', /^Regressione: /);
    assert.equal(abort.figures?.newWithErrors, reports);
    assert.equal(abort.figures?.oldWithErrors, 0);
    assert.ok((abort.figures?.oldSessions ?? 0) >= 6);
    assert.deepEqual(brokenLoads, [], 'a member off the step never loads the broken build');
    assert.equal((await history()).live, liveNumber, 'the live release never changed');

    // The console says so in Italian: the history's reason, and the decision with its figures in the reports.
    await admin.reload();
    const row = admin
      .getByRole('table', { name: 'Storico delle release' })
      .getByRole('row')
      .filter({ has: admin.getByRole('cell', { name: String(n), exact: true }) });
    await row.getByText(/^Distribuzione interrotta al 50 %: Regressione: .* delle sessioni con errori sulla release/).waitFor();
    assert.equal(await admin.getByRole('region', { name: 'In distribuzione' }).count(), 0);
    await row.getByRole('button', { name: 'Segnalazioni' }).click();
    const modal = admin.getByRole('dialog', { name: `Segnalazioni della release ${n}` });
    const panel = modal.getByRole('region', { name: 'Distribuzione progressiva' });
    await panel.getByText('Interrotta al 50 %', { exact: true }).waitFor();
    await panel.getByText('Interrotta al 50 % · automatica').waitFor();
    await panel.getByRole('img', { name: /Sessioni con errori per passo: 50 %: nuova \d+,\d %, in linea 0,0 %/ }).waitFor();
    await screenshot(admin, 'releases-rollout-aborted');

    // The members who were on the step get the live version again, and 'Prenota' works for them.
    for (const email of sides.onNew) {
      const page = first.get(email)!;
      assert.equal(await bookingOf(page), v1);
      await page.goto(url(BOOK));
      await page.getByText(`Build ${LABEL}`).waitFor();
    }
  });
});
