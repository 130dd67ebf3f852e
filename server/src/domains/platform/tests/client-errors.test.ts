/**
 * Errors from members' browsers per version (issues 29 and 40): POST /platform/client-errors from a signed-in member
 * who can open the app at the reported route, counted only for a version /remotes.json served to that very session
 * (exposures recorded by the server, once per session and release), quotas per member and per address that signing
 * in again does not reset; GET /platform/releases/{n} with per-app reports; the automatic rollback when
 * RELEASE_ERROR_USERS distinct served users report one app within RELEASE_ERROR_WINDOW_MIN, recorded in the history
 * with why, the platform team mailed; the retention job. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { and, eq, like, sql } from 'drizzle-orm';
import { mail_outbox } from '../../../core/db/tables';
import { DOMAIN_APPS } from 'shared-api/domain-apps';
import { ADMIN, MEMBER, OTHER_MEMBER, type TestApp, asJob, build, call, login, mailsDeliveredTo } from '../../../testing/helper';
import { CLIENT_ERROR_RATE, maskMessage } from '../client-errors';
import { EXPOSURE_REFRESH_MS } from '../exposures';
import { PLATFORM_RETENTION_JOB, platform } from '../index';
import { publishVersion } from '../releases-root';
import { platform_client_error_quota, platform_client_errors, platform_exposures } from '../tables';
import { type FakeBuild, createMembers, fakeBuild, removeFakeBuilds, writeShellProvides } from './fixtures';

const THIRD = { email: 'luca.ferrari@circolo.example', password: 'Socio-2026!' };
const FOURTH = { email: 'francesca.romano@circolo.example', password: 'Socio-2026!' };

let t: TestApp;
let admin: string;
const members: string[] = [];
const v1: Record<string, string> = {};

function publish(folder: string, fake: FakeBuild = {}): string {
  const dist = fakeBuild(folder, fake);
  return publishVersion({ releasesDir: t.config.releasesDir, app: folder, distDir: dist, packageVersion: '0.1.0' }).version;
}
const report = (cookie: string | null, body: Record<string, unknown>, ip?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/platform/client-errors',
    headers: cookie ? { cookie } : {},
    payload: body,
    ...(ip ? { remoteAddress: ip } : {}),
  });
/** A render error of mf-booking on its own page (every member can open it). */
const aReport = (version: string, message = 'TypeError: x is undefined') => ({
  app: 'mf-booking',
  version,
  route: '/book-session',
  kind: 'render',
  message,
});
/** The session asks for /remotes.json, as the shell does at every start: what it is served is recorded. */
const served = async (cookie: string | null) =>
  (await t.app.inject({ method: 'GET', url: '/remotes.json', headers: cookie ? { cookie } : {} })).json<Record<string, string>>();
interface Detail {
  release: { number: number; live: boolean };
  errors: {
    app: string;
    version: string;
    count: number;
    users: number;
    first: string | null;
    last: string | null;
    topMessages: { message: string; count: number }[];
  }[];
}
const detail = async (n: number) => (await call(t.app, admin, 'GET', `/api/v1/platform/releases/${n}`)).json<Detail>();
const compose = async (apps: Record<string, string>) => {
  const res = await call(t.app, admin, 'POST', '/api/v1/platform/releases', { apps });
  assert.equal(res.statusCode, 201, res.body);
  return res.json<{ release: { number: number } }>().release.number;
};
const history = async () =>
  (await call(t.app, admin, 'GET', '/api/v1/platform/releases')).json<{
    data: { number: number; kind: string; restores: number | null; note: string | null; apps: Record<string, string> }[];
    live: number;
  }>();
const storedReports = async (version: string) =>
  (
    await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(platform_client_errors)
      .where(eq(platform_client_errors.version, version))
  )[0]!.n;

before(async () => {
  t = await build({ RELEASE_ERROR_USERS: '3', RELEASE_ERROR_WINDOW_MIN: '15' });
  admin = await login(t.app, ADMIN);
  for (const who of [MEMBER, OTHER_MEMBER, THIRD, FOURTH]) members.push(await login(t.app, who));
  writeShellProvides(t.config.staticRoot);
  for (const { folder } of DOMAIN_APPS) v1[folder] = publish(folder);
});
after(async () => {
  await t.close();
  removeFakeBuilds();
});

describe('access and input', () => {
  test('reports: anonymous 401, a served member 204; the release detail: anonymous 401, a member 403, unknown 404', async () => {
    await compose(v1);
    await served(members[0]!);
    assert.equal((await report(null, aReport(v1['mf-booking']!))).statusCode, 401);
    assert.equal((await report(members[0]!, aReport(v1['mf-booking']!))).statusCode, 204);
    assert.equal((await call(t.app, null, 'GET', '/api/v1/platform/releases/1')).statusCode, 401);
    assert.equal((await call(t.app, members[0]!, 'GET', '/api/v1/platform/releases/1')).statusCode, 403);
    const missing = await call(t.app, admin, 'GET', '/api/v1/platform/releases/999');
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.json<{ code: string }>().code, 'RELEASE_NOT_FOUND');
  });

  test('bounded: a message past 2,000 characters, an unknown kind or a missing field is refused', async () => {
    for (const body of [
      aReport('0.1.0-00000000', 'x'.repeat(2001)),
      { ...aReport('0.1.0-00000000'), kind: 'other' },
      { ...aReport('0.1.0-00000000'), route: undefined },
      { ...aReport('0.1.0-00000000'), route: 'r'.repeat(301) },
    ]) {
      const res = await report(members[0]!, body);
      assert.equal(res.statusCode, 400, JSON.stringify(body).slice(0, 80));
    }
  });

  test('an app outside the composed set is refused (400); an app the member cannot open there is refused (403)', async () => {
    const unknown = await report(members[0]!, { ...aReport('0.1.0-00000000'), app: 'mf-unknown' });
    assert.equal(unknown.statusCode, 400);
    assert.equal(unknown.json<{ code: string }>().code, 'VALIDATION_FAILED');
    // A member (category Soci) cannot open the registry's pages, nor the finance section; nor name an app on a page
    // another app serves.
    for (const body of [
      { ...aReport(v1['mf-registry']!), app: 'mf-registry', route: '/registry/users/management' },
      { ...aReport(v1['mf-finance']!), app: 'mf-finance', route: '/finance/accounting-movements' },
      { ...aReport(v1['mf-registry']!), app: 'mf-registry', route: '/book-session' },
      { ...aReport(v1['mf-booking']!), route: '/login' },
    ]) {
      const res = await report(members[0]!, body);
      assert.equal(res.statusCode, 403, JSON.stringify(body));
      assert.equal(res.json<{ code: string }>().code, 'FORBIDDEN');
    }
    // An administrator served the registry can report it.
    await served(admin);
    const ok = await report(admin, { ...aReport(v1['mf-registry']!), app: 'mf-registry', route: '/registry/users/management' });
    assert.equal(ok.statusCode, 204);
  });

  test('masking: e-mail addresses and numbers never reach the table', () => {
    assert.equal(
      maskMessage('Utente mario.rossi@example.it (id 4242, tel. +39 333 1234567) non trovato'),
      'Utente [email] (id #, tel. +# # #) non trovato',
    );
  });
});

describe('exposure', () => {
  test('one row per session, release and app; the same answer again writes nothing until the refresh interval', async () => {
    const session = await login(t.app, THIRD);
    await served(session);
    const rowsOf = () =>
      t.database.db
        .select()
        .from(platform_exposures)
        .where(and(eq(platform_exposures.app, 'mf-booking'), eq(platform_exposures.version, v1['mf-booking']!)));
    const before = (await rowsOf()).length;
    const first = await rowsOf();
    t.clock.advance(60_000);
    await served(session);
    await served(session);
    const again = await rowsOf();
    assert.equal(again.length, before);
    assert.deepEqual(
      again.map((r) => r.last_at.getTime()).sort(),
      first.map((r) => r.last_at.getTime()).sort(),
      'not written again within the interval',
    );
    t.clock.advance(EXPOSURE_REFRESH_MS);
    await served(session);
    const later = await rowsOf();
    assert.equal(later.length, before);
    assert.ok(Math.max(...later.map((r) => r.last_at.getTime())) > Math.max(...first.map((r) => r.last_at.getTime())), 'last_at moved');
    // An anonymous answer records nothing.
    const count = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(platform_exposures))[0]!.n;
    await served(null);
    assert.equal((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(platform_exposures))[0]!.n, count);
  });
});

describe('reports and automatic rollback', () => {
  test('30 members never served a version report render errors for it: nothing stored, nothing rolled back, nothing mailed', async () => {
    const accounts = await createMembers(t.database.db, 30);
    const sessions: string[] = [];
    // Half were served the release before (the old version), half asked for /remotes.json before signing in.
    for (const [i, who] of accounts.entries()) {
      if (i % 2 === 1) await served(null);
      const cookie = await login(t.app, who, `127.0.1.${i + 1}`);
      if (i % 2 === 0) await served(cookie);
      sessions.push(cookie);
    }
    const broken = publish('mf-booking', { label: 'never served' });
    const number = await compose({ 'mf-booking': broken });
    for (const cookie of sessions) assert.equal((await report(cookie, aReport(broken))).statusCode, 204);
    assert.equal(await storedReports(broken), 0);
    const h = await history();
    assert.equal(h.live, number);
    assert.equal(h.data[0]?.number, number);
    assert.equal((await detail(number)).errors.find((e) => e.app === 'mf-booking')?.count, 0);
    assert.equal(t.mail.to(ADMIN.email).length, 0);
    assert.equal(mailsDeliveredTo(t, ADMIN.email).length, 0);
    // Nor queued: the outbox row is written with the decision, so none here is not a delivery still on its way.
    const queued = await t.database.db
      .select({ subject: mail_outbox.subject })
      .from(mail_outbox)
      .where(and(eq(mail_outbox.to, ADMIN.email), like(mail_outbox.subject, '%automaticamente%')));
    assert.deepEqual(queued, []);
  });

  test('per-app reports of a release; three distinct served users within the window roll it back, history says why, the team is mailed', async () => {
    t.clock.advance(CLIENT_ERROR_RATE.windowMs + 1);
    const before = await history();
    const first = before.live;
    const firstBooking = before.data.find((r) => r.number === first)!.apps['mf-booking']!;
    const broken = publish('mf-booking', { label: 'throws on render' });
    const second = await compose({ 'mf-booking': broken });
    for (const m of members) await served(m);

    // Two users (one of them twice, an e-mail in the message): below the threshold, nothing happens.
    assert.equal((await report(members[0]!, aReport(broken, 'Cannot read id of marco.rossi@circolo.example'))).statusCode, 204);
    assert.equal((await report(members[0]!, aReport(broken, 'Cannot read id of marco.rossi@circolo.example'))).statusCode, 204);
    assert.equal((await report(members[1]!, aReport(broken, 'Row 17 failed'))).statusCode, 204);
    // One member in two more sessions of their own, each served: still one user.
    for (let i = 0; i < 2; i++) {
      const again = await login(t.app, MEMBER);
      await served(again);
      assert.equal((await report(again, aReport(broken))).statusCode, 204);
    }
    let d = await detail(second);
    assert.equal(d.release.live, true);
    const booking = d.errors.find((e) => e.app === 'mf-booking')!;
    assert.deepEqual([booking.version, booking.count, booking.users], [broken, 5, 2]);
    assert.deepEqual(booking.topMessages[0], { message: 'Cannot read id of [email]', kind: 'render', count: 2 });
    assert.ok(booking.topMessages.some((m) => m.message === 'Row # failed'));
    assert.ok(booking.first && booking.last && booking.first <= booking.last);

    // Reports older than the window do not count towards the threshold: 16 minutes on, a third user is one of one.
    t.clock.advance(16 * 60_000);
    assert.equal((await report(members[2]!, aReport(broken))).statusCode, 204);
    assert.equal((await detail(second)).release.live, true);

    // Two more distinct users within 15 minutes of the third: three in the window, the release goes back by itself.
    assert.equal((await report(members[3]!, aReport(broken))).statusCode, 204);
    assert.equal((await report(members[1]!, aReport(broken))).statusCode, 204);
    const h = await history();
    const back = h.data[0]!;
    assert.equal(h.live, back.number);
    assert.equal(back.kind, 'auto-rollback');
    assert.equal(back.restores, first);
    assert.equal(back.apps['mf-booking'], firstBooking);
    assert.match(back.note ?? '', new RegExp(`3 utenti hanno segnalato errori di mf-booking ${broken} in 15 minuti`));
    assert.equal((await served(null)).mf_booking, `/releases/mf-booking/${firstBooking}/mf-manifest.json`);

    // More reports of the rolled-back version change nothing more (the served release no longer has it).
    await served(admin);
    assert.equal((await report(admin, aReport(broken))).statusCode, 204);
    assert.equal((await history()).data.length, h.data.length);

    // The '*' users are told, once, with a link to the releases page.
    const mail = await t.mail.waitFor(ADMIN.email);
    assert.match(mail.subject, new RegExp(`Release ${second} ripristinata automaticamente`));
    assert.ok(mail.links.some((l) => l.endsWith('/platform/releases')));
    assert.equal(t.mail.to(ADMIN.email).length, 1);
    assert.equal(t.mail.to(MEMBER.email).length, 0);

    d = await detail(second);
    assert.equal(d.release.live, false);
    assert.equal(d.errors.find((e) => e.app === 'mf-booking')?.users, 4);
  });

  test('quota per member: past the limit 429, and signing in again does not start a new count; the next window does', async () => {
    t.clock.advance(CLIENT_ERROR_RATE.windowMs + 1);
    const own = await login(t.app, THIRD);
    for (let i = 0; i < CLIENT_ERROR_RATE.limit; i++) assert.equal((await report(own, aReport('0.1.0-aaaaaaaa'))).statusCode, 204);
    const refused = await report(own, aReport('0.1.0-aaaaaaaa'));
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.json<{ code: string }>().code, 'CLIENT_ERRORS_RATE_LIMITED');
    const fresh = await login(t.app, THIRD);
    assert.equal((await report(fresh, aReport('0.1.0-aaaaaaaa'))).statusCode, 429, 'a new session of the same member');
    assert.equal((await report(members[3]!, aReport('0.1.0-aaaaaaaa'))).statusCode, 204, 'another member goes on');
    t.clock.advance(CLIENT_ERROR_RATE.windowMs + 1);
    assert.equal((await report(fresh, aReport('0.1.0-aaaaaaaa'))).statusCode, 204);
  });

  test('quota per address: many members behind one address share its limit', async () => {
    t.clock.advance(CLIENT_ERROR_RATE.windowMs + 1);
    const accounts = await createMembers(t.database.db, CLIENT_ERROR_RATE.addressLimit / 10 + 1, 'indirizzo');
    const sessions = [];
    for (const [i, who] of accounts.entries()) sessions.push(await login(t.app, who, `127.0.2.${i + 1}`));
    const address = '127.0.3.1';
    for (let i = 0; i < CLIENT_ERROR_RATE.addressLimit; i++)
      assert.equal((await report(sessions[Math.floor(i / 10)]!, aReport('0.1.0-bbbbbbbb'), address)).statusCode, 204);
    const last = sessions.at(-1)!;
    assert.equal((await report(last, aReport('0.1.0-bbbbbbbb'), address)).statusCode, 429);
    assert.equal((await report(last, aReport('0.1.0-bbbbbbbb'), '127.0.3.2')).statusCode, 204, 'the same member from another address');
  });

  test('concurrent reports past the threshold roll back once', async () => {
    t.clock.advance(CLIENT_ERROR_RATE.windowMs + 1);
    const live = (await history()).live;
    const bad = publish('mf-booking', { label: 'also broken' });
    await compose({ 'mf-booking': bad });
    for (const m of members) await served(m);
    const answers = await Promise.all(members.map((m) => report(m, aReport(bad))));
    assert.deepEqual(
      answers.map((a) => a.statusCode),
      [204, 204, 204, 204],
    );
    const h = await history();
    assert.equal(h.data.filter((r) => r.kind === 'auto-rollback').length, 2, 'one for the earlier release, one for this one');
    assert.equal(h.data[0]?.kind, 'auto-rollback');
    assert.equal(h.data[0]?.restores, live);
  });
});

describe('retention', () => {
  test('the nightly job removes exposures, reports and quota rows older than RELEASE_REPORT_RETENTION_DAYS (90)', async () => {
    const db = t.database.db;
    const now = t.clock.now();
    const old = new Date(now.getTime() - 91 * 86_400_000);
    const recent = new Date(now.getTime() - 89 * 86_400_000);
    const session = '00000000-0000-4000-8000-000000000040';
    const user = '00000000-0000-4000-8000-000000000041';
    for (const [at, app] of [
      [old, 'mf-old'],
      [recent, 'mf-recent'],
    ] as const) {
      await db
        .insert(platform_exposures)
        .values({ session_id: session, release_number: 1, app, version: '0.1.0-cccccccc', user_id: user, first_at: at, last_at: at });
      await db
        .insert(platform_client_errors)
        .values({ app, version: '0.1.0-cccccccc', route: '/', kind: 'render', message: 'm', user_id: user, session_id: session, created_at: at });
      await db.insert(platform_client_error_quota).values({ subject: `user:${app}`, window_started_at: at, count: 1 });
    }
    const job = platform.jobs!.find((j) => j.name === PLATFORM_RETENTION_JOB)!;
    await asJob(t, () => job.run({} as never, t.app.services));
    const apps = async (table: typeof platform_exposures | typeof platform_client_errors) =>
      (await db.select({ app: table.app }).from(table)).map((r) => r.app).filter((a) => a.startsWith('mf-old') || a.startsWith('mf-recent'));
    assert.deepEqual(await apps(platform_exposures), ['mf-recent']);
    assert.deepEqual(await apps(platform_client_errors), ['mf-recent']);
    const quotas = (await db.select({ s: platform_client_error_quota.subject }).from(platform_client_error_quota)).map((r) => r.s);
    assert.ok(quotas.includes('user:mf-recent') && !quotas.includes('user:mf-old'));
  });
});
