/**
 * Per-developer override (issue 12): a '*' user points their own browser's line of one domain app at a local build,
 * only towards DEV_OVERRIDE_ORIGINS; nobody else's /remotes.json changes, a member's forged cookie does nothing,
 * and without the setting the feature is off.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ADMIN, MEMBER, type TestApp, build, call, login } from '../../../testing/helper';
import { encodeOverride } from '../overrides';

const DEV = 'http://localhost:3102';
const LOCAL = `${DEV}/mf-manifest.json`;

let t: TestApp;
let admin: string;
let member: string;
before(async () => {
  t = await build({ DEV_OVERRIDE_ORIGINS: `${DEV},http://127.0.0.1:3102` });
  admin = await login(t.app, ADMIN);
  member = await login(t.app, MEMBER);
});
after(() => t.close());

const remotesWith = async (cookie: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/remotes.json', headers: { cookie } });
  return { body: res.json<Record<string, string>>(), cacheControl: res.headers['cache-control'] };
};
const overrideCookie = (setCookie: string | string[] | undefined) => {
  const line = [setCookie ?? []].flat().find((c) => c.startsWith('mf_dev_override='));
  assert.ok(line, 'the override cookie is set');
  return line.replace(/;.*$/, '');
};

describe('per-developer override', () => {
  test("a '*' user points their browser at a local build of one app; the page's policy allows that origin for them only", async () => {
    const res = await call(t.app, admin, 'PUT', '/api/v1/platform/override', { app: 'mf-registry', url: LOCAL });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json<{ lines: Record<string, string> }>().lines, { mf_registry: LOCAL });
    const own = overrideCookie(res.headers['set-cookie']);

    const mine = await remotesWith(`${admin}; ${own}`);
    assert.equal(mine.body.mf_registry, LOCAL);
    assert.equal(mine.body.mf_booking, '/apps/mf-booking/mf-manifest.json', 'the other apps keep the live line');
    assert.equal(mine.cacheControl, 'private, no-cache');
    const page = await t.app.inject({ method: 'GET', url: '/registry/users/management', headers: { cookie: `${admin}; ${own}` } });
    assert.match(String(page.headers['content-security-policy']), /script-src 'self' http:\/\/localhost:3102/);

    assert.equal((await remotesWith(admin)).body.mf_registry, '/apps/mf-registry/mf-manifest.json', 'a browser without the cookie: the live line');
    const others = await t.app.inject({ method: 'GET', url: '/registry/users/management', headers: { cookie: admin } });
    assert.doesNotMatch(String(others.headers['content-security-policy']), /localhost:3102/);

    const cleared = await call(t.app, admin, 'DELETE', '/api/v1/platform/override');
    assert.equal(cleared.statusCode, 200);
    assert.match(String([cleared.headers['set-cookie']].flat()[0]), /mf_dev_override=;/);
  });

  test("a member's forged cookie, or a line towards another origin, does nothing", async () => {
    const forged = `mf_dev_override=${encodeOverride({ mf_registry: LOCAL })}`;
    assert.equal((await remotesWith(`${member}; ${forged}`)).body.mf_registry, '/apps/mf-registry/mf-manifest.json');
    assert.equal((await remotesWith(forged)).body.mf_registry, '/apps/mf-registry/mf-manifest.json', 'no session');
    const elsewhere = `mf_dev_override=${encodeOverride({ mf_registry: 'https://evil.example/mf-manifest.json' })}`;
    assert.equal((await remotesWith(`${admin}; ${elsewhere}`)).body.mf_registry, '/apps/mf-registry/mf-manifest.json');

    const refused = await call(t.app, admin, 'PUT', '/api/v1/platform/override', {
      app: 'mf-registry',
      url: 'https://evil.example/mf-manifest.json',
    });
    assert.equal(refused.statusCode, 400);
    assert.match(refused.json<{ message: string }>().message, /origine non è tra quelle consentite/);
    assert.equal((await call(t.app, admin, 'PUT', '/api/v1/platform/override', { app: 'mf-nothing', url: LOCAL })).statusCode, 400);
    assert.equal((await call(t.app, member, 'PUT', '/api/v1/platform/override', { app: 'mf-registry', url: LOCAL })).statusCode, 403);
    assert.equal((await call(t.app, null, 'GET', '/api/v1/platform/override')).statusCode, 401);
  });

  test('off unless configured', async () => {
    const off = await build();
    try {
      const cookie = await login(off.app, ADMIN);
      const res = await call(off.app, cookie, 'PUT', '/api/v1/platform/override', { app: 'mf-registry', url: LOCAL });
      assert.equal(res.statusCode, 409);
      assert.equal(res.json<{ code: string }>().code, 'DEV_OVERRIDE_OFF');
      const forged = `mf_dev_override=${encodeOverride({ mf_registry: LOCAL })}`;
      const remotes = await off.app.inject({ method: 'GET', url: '/remotes.json', headers: { cookie: `${cookie}; ${forged}` } });
      assert.equal(remotes.json<Record<string, string>>().mf_registry, '/apps/mf-registry/mf-manifest.json');
      assert.equal((await call(off.app, cookie, 'GET', '/api/v1/platform/override')).json<{ enabled: boolean }>().enabled, false);
    } finally {
      await off.close();
    }
  });
});
