/**
 * The progressive rollout (issue 40): POST /platform/releases with `rollout` serves the new set to a sticky share of
 * signed-in members, step by step; the guarded comparison (rollout.ts) between the sessions served the new release
 * and those served the live one decides: the same error rate → no abort, and the step advances once held with enough
 * exposure; a clearly higher rate → aborted by itself once both sides have the minimum exposure, the team mailed, the
 * figures in the history; pause, resume, advance and abort by hand, with who and why. PGlite and PostgreSQL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { and, eq, like } from 'drizzle-orm';
import { mail_outbox } from '../../../core/db/tables';
import { DOMAIN_APPS } from 'shared-api/domain-apps';
import { ADMIN, MEMBER, type TestApp, asJob, build, call, lastMailTo, login, mailsDeliveredTo } from '../../../testing/helper';
import { categories } from '../../registry/tables';
import { PLATFORM_ROLLOUT_JOB, platform } from '../index';
import { publishVersion } from '../releases-root';
import { onStep, wilson } from '../rollout';
import { type FakeBuild, createMembers, fakeBuild, removeFakeBuilds, writeShellProvides } from './fixtures';

let t: TestApp;
let admin: string;
const people: { id: string; cookie: string; email: string; password: string }[] = [];
const v1: Record<string, string> = {};

function publish(folder: string, fake: FakeBuild = {}): string {
  const dist = fakeBuild(folder, fake);
  return publishVersion({ releasesDir: t.config.releasesDir, app: folder, distDir: dist, packageVersion: '0.1.0' }).version;
}
const bookingOf = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/remotes.json', headers: { cookie } })).json<Record<string, string>>().mf_booking!;
const versionIn = (manifest: string) => /\/mf-booking\/([^/]+)\//.exec(manifest)![1]!;
const report = (cookie: string, version: string) =>
  call(t.app, cookie, 'POST', '/api/v1/platform/client-errors', {
    app: 'mf-booking',
    version,
    route: '/book-session',
    kind: 'render',
    message: 'TypeError: x is undefined',
  });
const startRollout = async (version: string, rollout: Record<string, unknown>) => {
  const res = await call(t.app, admin, 'POST', '/api/v1/platform/releases', { apps: { 'mf-booking': version }, rollout });
  assert.equal(res.statusCode, 201, res.body);
  return res.json<{ release: { number: number; preview: boolean; rollout: { step: number; percent: number } } }>().release;
};
interface Detail {
  release: { number: number; live: boolean; preview: boolean; withdrawnAt: string | null; rollout: { step: number; percent: number } | null };
  events: {
    action: string;
    step: number;
    percent: number;
    by: { name: string } | null;
    reason: string | null;
    figures: Record<string, number> | null;
  }[];
  evidence: (Record<string, number> & { enoughExposure: boolean; regression: boolean; apps: AppFigures[] }) | null;
}
interface AppFigures {
  app: string;
  newVersion: string;
  oldVersion: string;
  newSessions: number;
  newMembers: number;
  newWithErrors: number;
  oldSessions: number;
  oldMembers: number;
  oldWithErrors: number;
  rateNew: number;
  rateOld: number;
  intervalNew: number[];
  intervalOld: number[];
}
/**
 * The mails to the administrator about a rollout stopped by itself, as recorded in the outbox: written in the same
 * unit of work as the decision, so "none" here is not a delivery still on its way.
 */
const abortMails = async () =>
  (
    await t.database.db
      .select({ subject: mail_outbox.subject })
      .from(mail_outbox)
      .where(and(eq(mail_outbox.to, ADMIN.email), like(mail_outbox.subject, '%interrotta automaticamente%')))
  ).map((m) => m.subject);
const detail = async (n: number) => (await call(t.app, admin, 'GET', `/api/v1/platform/releases/${n}`)).json<Detail>();
const runCheck = async () => asJob(t, () => platform.jobs!.find((j) => j.name === PLATFORM_ROLLOUT_JOB)!.run({} as never, t.app.services));
/** Every member asks /remotes.json (as the shell does): who is on the new release and who is not. */
async function split(release: number, percent: number, version: string) {
  const onNew: (typeof people)[number][] = [];
  const onOld: (typeof people)[number][] = [];
  for (const p of people) {
    const served = versionIn(await bookingOf(p.cookie));
    assert.equal(served === version, onStep(p.id, release, percent), 'served as the sticky step says');
    (served === version ? onNew : onOld).push(p);
  }
  return { onNew, onOld };
}

before(async () => {
  // The count rule for live releases set out of the way: the old side's reports here must decide nothing by count.
  t = await build({ RELEASE_ERROR_USERS: '1000' });
  admin = await login(t.app, ADMIN);
  writeShellProvides(t.config.staticRoot);
  for (const { folder } of DOMAIN_APPS) v1[folder] = publish(folder);
  assert.equal((await call(t.app, admin, 'POST', '/api/v1/platform/releases', { apps: v1 })).statusCode, 201);
  const accounts = await createMembers(t.database.db, 120, 'passo');
  for (const [i, a] of accounts.entries()) people.push({ ...a, cookie: await login(t.app, a, `127.0.4.${i + 1}`) });
});
after(async () => {
  await t.close();
  removeFakeBuilds();
});

describe('rollout', () => {
  test('sticky steps; the same error rate on both sides → no abort; held with enough exposure → the next step', async () => {
    const n1 = publish('mf-booking', { label: 'rollout same rate' });
    const made = await startRollout(n1, { steps: [50, 100], holdMinutes: 10, minSessions: 30 });
    assert.equal(made.preview, true);
    assert.deepEqual([made.rollout.step, made.rollout.percent], [0, 50]);
    const { onNew, onOld } = await split(made.number, 50, n1);
    assert.ok(onNew.length >= 30 && onOld.length >= 30, `${onNew.length} / ${onOld.length}`);
    // Sticky: asked again, each member gets the same set.
    for (const p of people.slice(0, 20)) assert.equal(versionIn(await bookingOf(p.cookie)) === n1, onNew.includes(p));

    // 3 of 30 sessions on each side report an error of the version they were served.
    for (const p of onNew.slice(0, 3)) assert.equal((await report(p.cookie, n1)).statusCode, 204);
    for (const p of onOld.slice(0, 3)) assert.equal((await report(p.cookie, v1['mf-booking']!)).statusCode, 204);
    await runCheck();
    let d = await detail(made.number);
    assert.equal(d.release.preview, true, 'not aborted');
    assert.equal(d.release.rollout?.step, 0, 'not held long enough yet');
    // The console's evidence for the step under way: the figures the next check decides on.
    assert.deepEqual(
      [d.evidence?.newSessions, d.evidence?.newWithErrors, d.evidence?.oldSessions, d.evidence?.oldWithErrors, d.evidence?.percent],
      [onNew.length, 3, onOld.length, 3, 50],
    );
    assert.equal(d.evidence?.enoughExposure, true);
    assert.equal(d.evidence?.regression, false);

    t.clock.advance(11 * 60_000);
    await runCheck();
    d = await detail(made.number);
    assert.equal(d.release.preview, true);
    assert.equal(d.release.rollout?.percent, 100);
    const advanced = d.events.find((e) => e.action === 'advance')!;
    assert.equal(advanced.by, null, 'the server itself');
    assert.match(advanced.reason ?? '', /Passo del 50 % tenuto 10 minuti senza regressione/);
    assert.ok(advanced.figures && advanced.figures.newSessions! >= 30 && advanced.figures.oldSessions! >= 30);

    // The team completes it by hand: live for all, in the history with who.
    const done = await call(t.app, admin, 'POST', `/api/v1/platform/releases/${made.number}/advance`, { reason: 'tutto bene' });
    assert.equal(done.statusCode, 200, done.body);
    assert.equal(done.json<{ live: boolean }>().live, true);
    d = await detail(made.number);
    assert.deepEqual(
      d.events.map((e) => e.action),
      ['start', 'advance', 'complete'],
    );
    assert.equal(d.events[2]?.reason, 'tutto bene');
    assert.match(d.events[2]?.by?.name ?? '', /\S/);
    // Completed by hand: the last step's evidence at that moment kept with it (the console's chart draws it).
    assert.equal(d.events[2]?.figures?.percent, 100);
    assert.equal(typeof d.events[2]?.figures?.newSessions, 'number');
    assert.equal(t.mail.to(ADMIN.email).length, 0);
    assert.equal(mailsDeliveredTo(t, ADMIN.email).length, 0, 'nothing mailed');
    assert.deepEqual(await abortMails(), [], 'nothing queued either');
  });

  test('a clearly higher error rate on the new release → aborted by itself once both sides reach the minimum exposure', async () => {
    t.clock.advance(60_000);
    const live = (await call(t.app, admin, 'GET', '/api/v1/platform/releases')).json<{
      live: number;
      data: { number: number; apps: Record<string, string> }[];
    }>();
    const oldVersion = live.data.find((r) => r.number === live.live)!.apps['mf-booking']!;
    const n2 = publish('mf-booking', { label: 'rollout broken' });
    const made = await startRollout(n2, { steps: [50, 100], holdMinutes: 60, minSessions: 30 });
    const { onNew, onOld } = await split(made.number, 50, n2);
    for (const p of onOld.slice(0, 3)) assert.equal((await report(p.cookie, oldVersion)).statusCode, 204);
    let reported = 0;
    for (const p of onNew) {
      assert.equal((await report(p.cookie, n2)).statusCode, 204);
      reported++;
      if (!(await detail(made.number)).release.preview) break;
    }
    const d = await detail(made.number);
    assert.equal(d.release.preview, false, 'aborted');
    assert.ok(d.release.withdrawnAt);
    assert.equal(d.evidence, null, 'over: the decision is in the events');
    assert.ok(reported < onNew.length, `aborted after ${reported} of ${onNew.length} sessions reported`);
    const abort = d.events.find((e) => e.action === 'abort')!;
    assert.equal(abort.by, null);
    assert.match(abort.reason ?? '', /^Regressione: .* delle sessioni con errori sulla release/);
    assert.equal(abort.figures?.newSessions, onNew.length);
    assert.equal(abort.figures?.oldSessions, onOld.length);
    assert.equal(abort.figures?.newWithErrors, reported);
    assert.equal(abort.figures?.oldWithErrors, 3);
    const mail = await t.mail.waitFor(ADMIN.email);
    assert.match(mail.subject, new RegExp(`Distribuzione della release ${made.number} interrotta automaticamente`));
    // The team is mailed why, with the figures (the outbox blanks bodies on delivery: the kit's copy of what was sent).
    const sent = await lastMailTo(t, ADMIN.email, new RegExp(`Distribuzione della release ${made.number} interrotta automaticamente`));
    assert.ok(sent.body.includes(abort.reason!), sent.body);
    assert.match(sent.body, new RegExp(`\\(${reported} su ${onNew.length}\\) contro .* \\(3 su ${onOld.length}\\)`));
    assert.ok(
      sent.links.some((l) => l.endsWith('/platform/releases')),
      sent.links.join(' '),
    );
    assert.equal(mailsDeliveredTo(t, ADMIN.email).filter((m) => /interrotta automaticamente/.test(m.subject)).length, 1, 'mailed once');
    assert.deepEqual(await abortMails(), [`Distribuzione della release ${made.number} interrotta automaticamente`]);
    // The members who were on the step get the live release at their next navigation.
    assert.equal(versionIn(await bookingOf(onNew[0]!.cookie)), oldVersion);
  });

  test('below the minimum exposure nothing is decided, however many of the new sessions report', async () => {
    t.clock.advance(60_000);
    const n4 = publish('mf-booking', { label: 'rollout under exposed' });
    const made = await startRollout(n4, { steps: [50, 100], holdMinutes: 0, minSessions: 500 });
    const { onNew } = await split(made.number, 50, n4);
    for (const p of onNew) assert.equal((await report(p.cookie, n4)).statusCode, 204);
    await runCheck();
    const d = await detail(made.number);
    assert.equal(d.release.preview, true, 'not aborted');
    assert.equal(d.release.rollout?.step, 0, 'nor advanced');
    assert.equal(d.evidence?.newWithErrors, onNew.length);
    assert.equal(d.evidence?.enoughExposure, false, 'under the minimum: the console says why nothing is decided');
    assert.equal((await call(t.app, admin, 'POST', `/api/v1/platform/releases/${made.number}/abort`, { reason: 'fine prova' })).statusCode, 200);
  });

  test('per app: sessions, distinct members (two sessions of one member count once) and sessions with errors; a step moved by hand keeps its evidence', async () => {
    t.clock.advance(60_000);
    const releases = (await call(t.app, admin, 'GET', '/api/v1/platform/releases')).json<{
      live: number;
      data: { number: number; apps: Record<string, string> }[];
    }>();
    const liveApps = releases.data.find((r) => r.number === releases.live)!.apps;
    const booking = publish('mf-booking', { label: 'per app booking' });
    const registry = publish('mf-registry', { label: 'per app registry' });
    const res = await call(t.app, admin, 'POST', '/api/v1/platform/releases', {
      apps: { 'mf-booking': booking, 'mf-registry': registry },
      // Nothing decided by itself here: far from the minimum exposure, the step held an hour.
      rollout: { steps: [50, 100], holdMinutes: 60, minSessions: 1000 },
    });
    assert.equal(res.statusCode, 201, res.body);
    const made = res.json<{ release: { number: number } }>().release;
    const { onNew, onOld } = await split(made.number, 50, booking);
    assert.ok(onNew.length >= 3 && onOld.length >= 2, `${onNew.length} / ${onOld.length}`);
    // A second session of one member on each side, served the same set (sticky per member).
    const again = async (p: (typeof people)[number]) => {
      const cookie = await login(t.app, p, '127.0.5.1');
      await bookingOf(cookie);
      return cookie;
    };
    const newTwice = await again(onNew[0]!);
    await again(onOld[0]!);
    // New side: both sessions of onNew[0] and one of onNew[1] report mf-booking; old side: one session of onOld[0].
    for (const cookie of [onNew[0]!.cookie, newTwice, onNew[1]!.cookie]) assert.equal((await report(cookie, booking)).statusCode, 204);
    assert.equal((await report(onOld[0]!.cookie, liveApps['mf-booking']!)).statusCode, 204);

    const d = await detail(made.number);
    assert.equal(d.release.preview, true, 'nothing decided');
    const e = d.evidence!;
    assert.deepEqual(
      [e.newSessions, e.newMembers, e.newWithErrors, e.oldSessions, e.oldMembers, e.oldWithErrors],
      [onNew.length + 1, onNew.length, 3, onOld.length + 1, onOld.length, 1],
      'the changed apps together',
    );
    const figures = (a: AppFigures) => [a.app, a.newSessions, a.newMembers, a.newWithErrors, a.oldSessions, a.oldMembers, a.oldWithErrors];
    assert.deepEqual(e.apps.map(figures), [
      ['mf-booking', onNew.length + 1, onNew.length, 3, onOld.length + 1, onOld.length, 1],
      ['mf-registry', onNew.length + 1, onNew.length, 0, onOld.length + 1, onOld.length, 0],
    ]);
    const [b, r] = e.apps as [AppFigures, AppFigures];
    assert.deepEqual([b.newVersion, b.oldVersion, r.newVersion, r.oldVersion], [booking, liveApps['mf-booking'], registry, liveApps['mf-registry']]);
    assert.equal(b.rateNew, 3 / (onNew.length + 1));
    assert.deepEqual(b.intervalNew, wilson(3, onNew.length + 1));
    assert.deepEqual(b.intervalOld, wilson(1, onOld.length + 1));
    assert.deepEqual([r.rateNew, r.intervalNew], [0, wilson(0, onNew.length + 1)]);

    // Advanced by hand: the event keeps the step's evidence at that moment, per app too.
    const advanced = await call(t.app, admin, 'POST', `/api/v1/platform/releases/${made.number}/advance`, { reason: 'avanti a mano' });
    assert.equal(advanced.statusCode, 200, advanced.body);
    const after = await detail(made.number);
    const byHand = after.events.find((ev) => ev.action === 'advance')!;
    assert.match(byHand.by?.name ?? '', /\S/);
    const kept = byHand.figures as unknown as Record<string, unknown> & { apps: AppFigures[] };
    assert.deepEqual(
      [kept.step, kept.percent, kept.newSessions, kept.newMembers, kept.newWithErrors, kept.oldWithErrors],
      [0, 50, onNew.length + 1, onNew.length, 3, 1],
    );
    assert.deepEqual(kept.apps.map(figures), e.apps.map(figures));
    // Aborted by hand at the next step: its evidence kept as well.
    assert.equal((await call(t.app, admin, 'POST', `/api/v1/platform/releases/${made.number}/abort`, { reason: 'fine prova' })).statusCode, 200);
    const abort = (await detail(made.number)).events.find((ev) => ev.action === 'abort')!;
    assert.deepEqual([abort.figures?.step, abort.figures?.percent], [1, 100]);
    assert.equal((await abortMails()).length, 1, 'stopped by hand: the team is not mailed (only the earlier automatic abort was)');
  });

  test('pause holds the step, resume, abort by hand with who and why; access and wrong releases refused', async () => {
    t.clock.advance(60_000);
    const member = await login(t.app, MEMBER);
    const n3 = publish('mf-booking', { label: 'rollout by hand' });
    const made = await startRollout(n3, { steps: [10, 50, 100], holdMinutes: 5, minSessions: 1 });
    const path = (action: string) => `/api/v1/platform/releases/${made.number}/${action}`;
    assert.equal((await call(t.app, member, 'POST', path('pause'), {})).statusCode, 403);
    assert.equal((await call(t.app, null, 'POST', path('pause'), {})).statusCode, 401);
    assert.equal((await call(t.app, admin, 'POST', path('pause'), { reason: 'verifica' })).statusCode, 200);
    await split(made.number, 10, n3);
    t.clock.advance(10 * 60_000);
    await runCheck();
    assert.equal((await detail(made.number)).release.rollout?.step, 0, 'paused: no advance');
    assert.equal((await call(t.app, admin, 'POST', path('resume'), {})).statusCode, 200);
    assert.equal((await call(t.app, admin, 'POST', path('advance'), { reason: 'avanti' })).statusCode, 200);
    assert.equal((await detail(made.number)).release.rollout?.percent, 50);
    const aborted = await call(t.app, admin, 'POST', path('abort'), { reason: 'ci ripensiamo' });
    assert.equal(aborted.statusCode, 200, aborted.body);
    assert.match(aborted.json<{ note: string }>().note, /Distribuzione interrotta al 50 %: ci ripensiamo/);
    const d = await detail(made.number);
    assert.deepEqual(
      d.events.map((e) => [e.action, e.reason]),
      [
        ['start', null],
        ['pause', 'verifica'],
        ['resume', null],
        ['advance', 'avanti'],
        ['abort', 'ci ripensiamo'],
      ],
    );
    assert.ok(d.events.slice(1).every((e) => e.by !== null));
    // Not the preview any more: 409; a release that does not exist: 404; a preview without steps: NOT_A_ROLLOUT.
    assert.equal((await call(t.app, admin, 'POST', path('advance'), {})).statusCode, 409);
    assert.equal((await call(t.app, admin, 'POST', '/api/v1/platform/releases/99999/pause', {})).statusCode, 404);
    const [soci] = await t.database.db.select({ id: categories.id }).from(categories).where(eq(categories.name, 'Soci'));
    const plain = await call(t.app, admin, 'POST', '/api/v1/platform/releases', {
      apps: { 'mf-booking': publish('mf-booking', { label: 'plain preview' }) },
      audience: { categories: [soci!.id] },
    });
    assert.equal(plain.statusCode, 201, plain.body);
    const number = plain.json<{ release: { number: number } }>().release.number;
    const refused = await call(t.app, admin, 'POST', `/api/v1/platform/releases/${number}/pause`, {});
    assert.equal(refused.json<{ code: string }>().code, 'NOT_A_ROLLOUT');
    // Bad plans: steps not increasing, not ending at 100.
    for (const rollout of [
      { steps: [50, 25, 100], holdMinutes: 1, minSessions: 1 },
      { steps: [5, 50], holdMinutes: 1, minSessions: 1 },
    ])
      assert.equal((await call(t.app, admin, 'POST', '/api/v1/platform/releases', { apps: { 'mf-booking': n3 }, rollout })).statusCode, 400);
  });
});
