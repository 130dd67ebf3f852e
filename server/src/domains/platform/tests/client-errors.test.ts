/**
 * Errors from members' browsers per version (issue 29): POST /platform/client-errors from any signed-in user,
 * bounded, rate limited per session, stored masked; GET /platform/releases/{n} with per-app reports; the automatic
 * rollback when RELEASE_ERROR_USERS distinct users report one app within RELEASE_ERROR_WINDOW_MIN, recorded in the
 * history with why, the platform team mailed. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DOMAIN_APPS } from 'shared-api/domain-apps';
import { ADMIN, MEMBER, OTHER_MEMBER, type TestApp, build, call, login } from '../../../testing/helper';
import { CLIENT_ERROR_RATE, maskMessage } from '../client-errors';
import { publishVersion } from '../releases-root';
import { type FakeBuild, fakeBuild, writeShellProvides, removeFakeBuilds } from './fixtures';

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
const report = (cookie: string | null, body: Record<string, unknown>) => call(t.app, cookie, 'POST', '/api/v1/platform/client-errors', body);
const aReport = (version: string, message = 'TypeError: x is undefined') => ({
  app: 'mf-registry',
  version,
  route: '/registry/users/management',
  kind: 'render',
  message,
});
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
  test('reports: anonymous 401, any signed-in member 204; the release detail: anonymous 401, a member 403, unknown 404', async () => {
    assert.equal((await report(null, aReport('0.1.0-00000000'))).statusCode, 401);
    assert.equal((await report(members[0]!, aReport('0.1.0-00000000'))).statusCode, 204);
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

  test('masking: e-mail addresses and numbers never reach the table', () => {
    assert.equal(
      maskMessage('Utente mario.rossi@example.it (id 4242, tel. +39 333 1234567) non trovato'),
      'Utente [email] (id #, tel. +# # #) non trovato',
    );
  });
});

describe('reports and automatic rollback', () => {
  test('per-app reports of a release; three distinct users within the window roll it back, history says why, the team is mailed', async () => {
    const first = await compose(v1);
    const broken = publish('mf-registry', { label: 'throws on render' });
    const second = await compose({ 'mf-registry': broken });

    // Two users (one of them twice, an e-mail in the message): below the threshold, nothing happens.
    assert.equal((await report(members[0]!, aReport(broken, 'Cannot read id of marco.rossi@circolo.example'))).statusCode, 204);
    assert.equal((await report(members[0]!, aReport(broken, 'Cannot read id of marco.rossi@circolo.example'))).statusCode, 204);
    assert.equal((await report(members[1]!, aReport(broken, 'Row 17 failed'))).statusCode, 204);
    // Reports of another app's version, or of the release's unchanged apps, count for that app only.
    assert.equal((await report(members[2]!, { ...aReport(v1['mf-booking']!), app: 'mf-booking' })).statusCode, 204);
    let d = await detail(second);
    assert.equal(d.release.live, true);
    const registry = d.errors.find((e) => e.app === 'mf-registry')!;
    assert.deepEqual([registry.version, registry.count, registry.users], [broken, 3, 2]);
    assert.deepEqual(registry.topMessages[0], { message: 'Cannot read id of [email]', kind: 'render', count: 2 });
    assert.equal(registry.topMessages[1]?.message, 'Row # failed');
    assert.ok(registry.first && registry.last && registry.first <= registry.last);
    assert.equal(d.errors.find((e) => e.app === 'mf-booking')?.count, 1);

    // Reports older than the window do not count towards the threshold: 16 minutes on, a third user is one of one.
    t.clock.advance(16 * 60_000);
    assert.equal((await report(members[2]!, aReport(broken))).statusCode, 204);
    assert.equal((await detail(second)).release.live, true);

    // Two more distinct users within 15 minutes of the third: three in the window, the release goes back by itself.
    assert.equal((await report(members[3]!, aReport(broken))).statusCode, 204);
    assert.equal((await report(members[1]!, aReport(broken))).statusCode, 204);
    const history = (await call(t.app, admin, 'GET', '/api/v1/platform/releases')).json<{
      data: { number: number; kind: string; restores: number | null; note: string | null; apps: Record<string, string> }[];
      live: number;
    }>();
    const back = history.data[0]!;
    assert.equal(history.live, back.number);
    assert.equal(back.kind, 'auto-rollback');
    assert.equal(back.restores, first);
    assert.equal(back.apps['mf-registry'], v1['mf-registry']);
    assert.match(back.note ?? '', new RegExp(`3 utenti hanno segnalato errori di mf-registry ${broken} in 15 minuti`));
    const remotes = (await t.app.inject({ method: 'GET', url: '/remotes.json' })).json<Record<string, string>>();
    assert.equal(remotes.mf_registry, `/releases/mf-registry/${v1['mf-registry']}/mf-manifest.json`);

    // More reports of the rolled-back version change nothing more (the served release no longer has it).
    assert.equal((await report(admin, aReport(broken))).statusCode, 204);
    const after = (await call(t.app, admin, 'GET', '/api/v1/platform/releases')).json<{ data: unknown[] }>();
    assert.equal(after.data.length, history.data.length);

    // The '*' users are told, once, with a link to the releases page.
    const mail = await t.mail.waitFor(ADMIN.email);
    assert.match(mail.subject, new RegExp(`Release ${second} ripristinata automaticamente`));
    assert.ok(mail.links.some((l) => l.endsWith('/platform/releases')));
    assert.equal(t.mail.to(ADMIN.email).length, 1);
    assert.equal(t.mail.to(MEMBER.email).length, 0);

    // The detail of the rolled-back release still shows its reports: the ones while it was served.
    d = await detail(second);
    assert.equal(d.release.live, false);
    assert.equal(d.errors.find((e) => e.app === 'mf-registry')?.users, 4);
  });

  test('rate limit per session: past the limit in the window 429, another session goes on, the next window starts again', async () => {
    const own = await login(t.app, THIRD);
    t.clock.advance(CLIENT_ERROR_RATE.windowMs + 1);
    for (let i = 0; i < CLIENT_ERROR_RATE.limit; i++) assert.equal((await report(own, aReport('0.1.0-aaaaaaaa'))).statusCode, 204);
    const refused = await report(own, aReport('0.1.0-aaaaaaaa'));
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.json<{ code: string }>().code, 'CLIENT_ERRORS_RATE_LIMITED');
    assert.equal((await report(members[2]!, aReport('0.1.0-aaaaaaaa'))).statusCode, 204, 'another session of the same user');
    t.clock.advance(CLIENT_ERROR_RATE.windowMs + 1);
    assert.equal((await report(own, aReport('0.1.0-aaaaaaaa'))).statusCode, 204);
  });

  test('concurrent reports past the threshold roll back once', async () => {
    t.clock.advance(CLIENT_ERROR_RATE.windowMs + 1);
    const live = (await call(t.app, admin, 'GET', '/api/v1/platform/releases')).json<{ live: number }>().live;
    const bad = publish('mf-registry', { label: 'also broken' });
    await compose({ 'mf-registry': bad });
    const answers = await Promise.all(members.map((m) => report(m, aReport(bad))));
    assert.deepEqual(
      answers.map((a) => a.statusCode),
      [204, 204, 204, 204],
    );
    const history = (await call(t.app, admin, 'GET', '/api/v1/platform/releases')).json<{ data: { kind: string; restores: number | null }[] }>();
    assert.equal(history.data.filter((r) => r.kind === 'auto-rollback').length, 2, 'one for the earlier release, one for this one');
    assert.equal(history.data[0]?.kind, 'auto-rollback');
    assert.equal(history.data[0]?.restores, live);
  });
});
