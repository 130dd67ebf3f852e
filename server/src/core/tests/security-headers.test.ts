import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ADMIN, type TestApp, build, call, login } from '../../testing/helper';

let t: TestApp;

before(async () => {
  t = await build();
  const dist = path.join(t.config.staticRoot, 'shell', 'dist');
  fs.mkdirSync(dist, { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Portale</title><div id="root"></div>');
  const app = path.join(t.config.staticRoot, 'mf-registry', 'dist');
  fs.mkdirSync(app, { recursive: true });
  fs.writeFileSync(path.join(app, 'remoteEntry.js'), 'var mf_registry;');
});
after(async () => {
  await t.close();
});

/** The CSP's directives by name. */
const directives = (header: unknown) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers', () => {
  test('pages: a CSP of this origin only, no framing, nosniff, no Referer, no HSTS over http', async () => {
    const page = await call(t.app, null, 'GET', '/login');
    assert.equal(page.statusCode, 200);
    const csp = directives(page.headers['content-security-policy']);
    assert.deepEqual(csp['default-src'], ["'self'"]);
    assert.deepEqual(csp['script-src'], ["'self'"]);
    assert.deepEqual(csp['connect-src'], ["'self'"]);
    assert.deepEqual(csp['frame-ancestors'], ["'none'"]);
    assert.deepEqual(csp['object-src'], ["'none'"]);
    assert.equal(csp['upgrade-insecure-requests'], undefined);
    assert.equal(page.headers['x-content-type-options'], 'nosniff');
    assert.equal(page.headers['x-frame-options'], 'DENY');
    assert.equal(page.headers['referrer-policy'], 'no-referrer');
    assert.equal(page.headers['strict-transport-security'], undefined);
  });

  test('the origins the remotes manifest names, and only them, are allowed; a change is seen at the next request', async () => {
    const remotes = path.join(t.config.dataDir, 'remotes.json');
    fs.writeFileSync(
      remotes,
      JSON.stringify({
        mf_registry: 'https://cdn.circolo.example:8443/registry/mf-manifest.json',
        mf_booking: '/apps/mf-booking/mf-manifest.json',
        mf_storage: 'http://127.0.0.1:3104/mf-manifest.json',
      }),
    );
    try {
      const csp = directives((await call(t.app, null, 'GET', '/')).headers['content-security-policy']);
      for (const name of ['script-src', 'connect-src', 'style-src', 'img-src', 'font-src']) {
        assert.ok(csp[name].includes('https://cdn.circolo.example:8443'), name);
        assert.ok(csp[name].includes('http://127.0.0.1:3104'), name);
      }
      assert.deepEqual(csp['script-src'], ["'self'", 'http://127.0.0.1:3104', 'https://cdn.circolo.example:8443']);
    } finally {
      fs.rmSync(remotes);
    }
    assert.deepEqual(directives((await call(t.app, null, 'GET', '/')).headers['content-security-policy'])['script-src'], ["'self'"]);
  });

  test('API answers: no-store (they carry personal data), with the same headers', async () => {
    const admin = await login(t.app, ADMIN);
    for (const url of ['/api/v1/user/me', '/api/v1/user?limit=5', '/api/v1/auth/me', '/api/v1/nothing']) {
      const res = await call(t.app, admin, 'GET', url);
      assert.equal(res.headers['cache-control'], 'no-store', url);
      assert.equal(res.headers['x-content-type-options'], 'nosniff', url);
      assert.match(String(res.headers['content-security-policy']), /frame-ancestors 'none'/, url);
    }
    const failed = await call(t.app, null, 'POST', '/api/v1/auth/login', { email: ADMIN.email, password: 'sbagliata' });
    assert.equal(failed.headers['cache-control'], 'no-store');
  });

  test('domain apps can be loaded by a shell on another origin (CORS and CORP open)', async () => {
    const entry = await call(t.app, null, 'GET', '/apps/mf-registry/remoteEntry.js');
    assert.equal(entry.statusCode, 200);
    assert.equal(entry.headers['cross-origin-resource-policy'], 'cross-origin');
    assert.equal(entry.headers['access-control-allow-origin'], '*');
    assert.equal((await call(t.app, null, 'GET', '/')).headers['cross-origin-resource-policy'], 'same-origin');
  });

  test("the shell's inline scripts: allowed by the hashes its build wrote (csp.json), nothing else, read again when rebuilt", async () => {
    const file = path.join(t.config.staticRoot, 'shell', 'dist', 'csp.json');
    const first = "'sha256-MM2DXcdgw57SjLvCK9S6eYoBF7jC556clj7y+yAjnUs='";
    const second = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";
    const scriptSrc = async (url: string) => directives((await call(t.app, null, 'GET', url)).headers['content-security-policy'])['script-src'];
    // Whatever else the file holds cannot loosen the policy.
    fs.writeFileSync(file, JSON.stringify({ 'script-src': [first, "'unsafe-inline'", "'unsafe-eval'", 'https://evil.example', '*'] }));
    try {
      assert.deepEqual(await scriptSrc('/login'), ["'self'", first]);
      assert.deepEqual(await scriptSrc('/'), ["'self'", first]);
      fs.writeFileSync(file, JSON.stringify({ 'script-src': [second] }));
      fs.utimesSync(file, new Date('2026-01-02T00:00:00Z'), new Date('2026-01-02T00:00:00Z'));
      assert.deepEqual(await scriptSrc('/login'), ["'self'", second]);
      fs.writeFileSync(file, '{"script-src": [');
      fs.utimesSync(file, new Date('2026-01-03T00:00:00Z'), new Date('2026-01-03T00:00:00Z'));
      assert.deepEqual(await scriptSrc('/login'), ["'self'"]);
    } finally {
      fs.rmSync(file);
    }
    assert.deepEqual(await scriptSrc('/login'), ["'self'"]);
  });

  test('HSTS when the portal is served over https', async () => {
    const secure = await build({ PUBLIC_URL: 'https://portale.example' });
    try {
      assert.match(String((await call(secure.app, null, 'GET', '/api/v1/auth/me')).headers['strict-transport-security']), /max-age=\d+/);
    } finally {
      await secure.close();
    }
  });
});
