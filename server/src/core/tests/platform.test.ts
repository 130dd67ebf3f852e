import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { startServerProcess } from 'test-kit';
import { mail_outbox } from '../db/tables';
import { ADMIN, type TestApp, build, call, categoryId, cookieOf, lastMailLink, login, userPayload } from '../../testing/helper';

let t: TestApp;
let staticRoot: string;

const BIG_SCRIPT = `console.log(${JSON.stringify('portale '.repeat(400))});`;
const BIG_STYLE = `.shell-app { color: #333; }\n`.repeat(100);
const BIG_JSON = JSON.stringify({ name: 'mf_registry', exposes: Array.from({ length: 60 }, (_, i) => ({ id: `mf_registry:routes${i}` })) });

/** GET with the given Accept-Encoding (none when undefined); the body decoded by the Content-Encoding it came with. */
async function fetchEncoded(url: string, acceptEncoding?: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
  const encoding = res.headers['content-encoding'];
  const body = encoding === 'br' ? zlib.brotliDecompressSync(res.rawPayload) : encoding === 'gzip' ? zlib.gunzipSync(res.rawPayload) : res.rawPayload;
  return { res, encoding, text: body.toString('utf8') };
}

before(async () => {
  t = await build();
  staticRoot = t.config.staticRoot;
  const write = (file: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(staticRoot, file)), { recursive: true });
    fs.writeFileSync(path.join(staticRoot, file), content);
  };
  write('shell/dist/index.html', '<!doctype html><title>Portale</title><div id="root"></div>');
  write('shell/dist/main.1a2b3c4d.js', 'console.log("shell")');
  write('mf-registry/dist/mf-manifest.json', '{"name":"mf_registry"}');
  write('mf-registry/dist/remoteEntry.js', 'var mf_registry;');
  write('mf-registry/dist/412.9f8e7d6c.js', 'chunk');
  // What the production build writes beside each asset over 1 KB: a brotli and a gzip copy.
  const precompress = (file: string, content: string) => {
    write(file, content);
    fs.writeFileSync(path.join(staticRoot, `${file}.br`), zlib.brotliCompressSync(content));
    fs.writeFileSync(path.join(staticRoot, `${file}.gz`), zlib.gzipSync(content));
  };
  precompress('shell/dist/main.5e6f7a8b.js', BIG_SCRIPT);
  precompress('shell/dist/main.5e6f7a8b.css', BIG_STYLE);
  precompress('mf-registry/dist/remoteEntry.js', BIG_SCRIPT);
  precompress('mf-registry/dist/mf-manifest.json', BIG_JSON);
  precompress('mf-registry/dist/733.0a1b2c3d.js', BIG_SCRIPT);
});
after(async () => {
  await t.close();
});

describe('API description', () => {
  test('GET /api/v1/openapi.json describes the routes from the zod schemas', async () => {
    const res = await call(t.app, null, 'GET', '/api/v1/openapi.json');
    assert.equal(res.statusCode, 200);
    const doc = res.json();
    assert.match(doc.openapi, /^3\./);
    for (const p of [
      '/api/v1/auth/login',
      '/api/v1/user',
      '/api/v1/user/{id}',
      '/api/v1/user/category',
      '/api/v1/user/export',
      '/api/v1/files/{id}',
    ]) {
      assert.ok(doc.paths[p], p);
    }
    const login = doc.paths['/api/v1/auth/login'].post;
    assert.deepEqual(login.requestBody.content['application/json'].schema.required.sort(), ['email', 'password']);
    const create = doc.paths['/api/v1/user'].post.requestBody.content['application/json'].schema;
    assert.ok(create.required.includes('fiscal_code'));
    assert.ok(doc.paths['/api/v1/user'].get.parameters.some((p: { name: string }) => p.name === 'onlyAvailablePartners'));
    assert.equal(doc.paths['/api/v1/openapi.json'], undefined);
  });

  test('every operation has a unique operationId and declares its access in x-permission', async () => {
    const doc = (await call(t.app, null, 'GET', '/api/v1/openapi.json')).json();
    const ids = new Set<string>();
    for (const [path, item] of Object.entries<Record<string, { operationId?: string; 'x-permission'?: string }>>(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        assert.ok(op.operationId, `${method} ${path}: operationId`);
        assert.ok(!ids.has(op.operationId), `${op.operationId} repeated`);
        ids.add(op.operationId);
        assert.match(op['x-permission'] ?? '', /^(public|signed-in|[a-z_*]+(,[a-z_*]+)*)$/, `${method} ${path}: x-permission`);
      }
    }
    assert.equal(doc.paths['/api/v1/auth/login'].post['x-permission'], 'public');
    assert.equal(doc.paths['/api/v1/user/category'].get['x-permission'], 'registry_access');
    assert.equal(doc.paths['/api/v1/user/me'].get['x-permission'], 'signed-in');
  });

  test('a route that declares no access cannot be registered', async () => {
    const { default: Fastify } = await import('fastify');
    const { default: session } = await import('../plugins/session');
    const app = Fastify();
    app.decorate('services', { sessionResolver: { find: async () => null } } as never);
    app.decorate('config', { sessionCacheMs: 0 } as never);
    // fastify-plugin dependency check: a stand-in named like the services plugin.
    await app.register((await import('fastify-plugin')).default(async () => undefined, { name: 'services' }));
    await app.register(session);
    assert.throws(() => app.get('/forgotten', async () => 'x'), /non dichiara chi può chiamarla/);
    app.get('/declared', { config: { access: 'public' } }, async () => 'x');
    assert.equal((await app.inject({ method: 'GET', url: '/declared' })).body, 'x');
    await app.close();
  });
});

describe('errors', () => {
  test('unknown API paths → 404 JSON; unexpected failures → 500 without internals', async () => {
    const missing = await call(t.app, null, 'GET', '/api/v1/nothing-here');
    assert.equal(missing.statusCode, 404);
    assert.match(missing.json().message, /Risorsa non trovata/);

    fs.writeFileSync(path.join(t.config.dataDir, 'remotes.json'), '{ not json');
    const broken = await call(t.app, null, 'GET', '/remotes.json');
    fs.rmSync(path.join(t.config.dataDir, 'remotes.json'));
    assert.equal(broken.statusCode, 500);
    assert.deepEqual(broken.json(), { code: 'INTERNAL', message: 'Si è verificato un errore interno del server.' });
  });

  test('invalid JSON body → 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    assert.equal(res.statusCode, 400);
    assert.equal(typeof res.json().message, 'string');
  });
});

describe('static hosting', () => {
  test('/remotes.json: the built-in map, or DATA_DIR/remotes.json read on every request', async () => {
    const builtIn = await call(t.app, null, 'GET', '/remotes.json');
    assert.equal(builtIn.statusCode, 200);
    assert.equal(builtIn.headers['cache-control'], 'private, no-cache');
    assert.deepEqual(builtIn.json(), {
      mf_booking: '/apps/mf-booking/mf-manifest.json',
      mf_registry: '/apps/mf-registry/mf-manifest.json',
      mf_certificates: '/apps/mf-certificates/mf-manifest.json',
      mf_storage: '/apps/mf-storage/mf-manifest.json',
      mf_finance: '/apps/mf-finance/mf-manifest.json',
    });
    const file = path.join(t.config.dataDir, 'remotes.json');
    const custom = { ...builtIn.json(), mf_registry: 'https://cdn.example/mf-registry/v2/mf-manifest.json' };
    fs.writeFileSync(file, JSON.stringify(custom));
    assert.deepEqual((await call(t.app, null, 'GET', '/remotes.json')).json(), custom);
    fs.writeFileSync(file, JSON.stringify({ ...custom, mf_registry: 'https://cdn.example/mf-registry/v3/mf-manifest.json' }));
    assert.equal((await call(t.app, null, 'GET', '/remotes.json')).json().mf_registry, 'https://cdn.example/mf-registry/v3/mf-manifest.json');
    fs.rmSync(file);
  });

  test('the shell at / with SPA fallback; hashed assets cached for long', async () => {
    const home = await call(t.app, null, 'GET', '/');
    assert.equal(home.statusCode, 200);
    assert.match(home.body, /<div id="root">/);
    assert.equal(home.headers['cache-control'], 'no-cache');
    const page = await call(t.app, null, 'GET', '/registry/users/management?page=2');
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<title>Portale<\/title>/);
    const asset = await call(t.app, null, 'GET', '/main.1a2b3c4d.js');
    assert.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal((await call(t.app, null, 'GET', '/missing.js')).statusCode, 404);
    assert.equal((await call(t.app, null, 'POST', '/registry/users/management')).statusCode, 404);
  });

  test('/login gets its pre-rendered page (login.html, compressed when accepted) under the same CSP; other routes index.html', async () => {
    const loginPage = `<!doctype html><title>Accedi</title><style>.shell-auth{display:grid}</style><div id="root"><h1>Bentornato! Accedi con i tuoi dati</h1>${' '.repeat(2048)}</div>`;
    const file = path.join(staticRoot, 'shell/dist/login.html');
    fs.writeFileSync(file, loginPage);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(loginPage));
    try {
      const { res, encoding, text } = await fetchEncoded('/login?from=x', 'br, gzip');
      assert.equal(res.statusCode, 200);
      assert.equal(encoding, 'br');
      assert.equal(text, loginPage);
      assert.equal(res.headers['cache-control'], 'no-cache');
      assert.match(String(res.headers['content-type']), /^text\/html/);
      // No inline script is needed: scripts from this origin only; the inline critical CSS is allowed.
      assert.match(String(res.headers['content-security-policy']), /script-src 'self'(;| )/);
      assert.match(String(res.headers['content-security-policy']), /style-src 'self' 'unsafe-inline'/);
      assert.match((await call(t.app, null, 'GET', '/login-send-email')).body, /<title>Portale<\/title>/);
    } finally {
      fs.rmSync(file);
      fs.rmSync(`${file}.br`);
    }
    // A build without the page (the dev server's): /login is a client-side route like the others.
    assert.match((await call(t.app, null, 'GET', '/login')).body, /<title>Portale<\/title>/);
  });

  test('domain apps at /apps/<folder>/ with CORS; manifest and remoteEntry never cached; a missing dist is a 404', async () => {
    const manifest = await call(t.app, null, 'GET', '/apps/mf-registry/mf-manifest.json');
    assert.equal(manifest.statusCode, 200);
    assert.equal(manifest.headers['access-control-allow-origin'], '*');
    assert.equal(manifest.headers['cache-control'], 'no-cache');
    const entry = await call(t.app, null, 'GET', '/apps/mf-registry/remoteEntry.js');
    assert.equal(entry.headers['cache-control'], 'no-cache');
    assert.equal(entry.headers['access-control-allow-origin'], '*');
    const chunk = await call(t.app, null, 'GET', '/apps/mf-registry/412.9f8e7d6c.js');
    assert.equal(chunk.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal((await call(t.app, null, 'GET', '/apps/mf-booking/mf-manifest.json')).statusCode, 404);
    assert.equal((await call(t.app, null, 'GET', '/apps/mf-registry/nothing.js')).statusCode, 404);
  });
});

describe('compression', () => {
  test('built assets go out as their .br or .gz copy by Accept-Encoding, with Vary; as they are without it', async () => {
    const cases: Array<[url: string, file: string, content: string, cache: string]> = [
      ['/main.5e6f7a8b.js', 'shell/dist/main.5e6f7a8b.js', BIG_SCRIPT, 'public, max-age=31536000, immutable'],
      ['/main.5e6f7a8b.css', 'shell/dist/main.5e6f7a8b.css', BIG_STYLE, 'public, max-age=31536000, immutable'],
      ['/apps/mf-registry/733.0a1b2c3d.js', 'mf-registry/dist/733.0a1b2c3d.js', BIG_SCRIPT, 'public, max-age=31536000, immutable'],
      ['/apps/mf-registry/remoteEntry.js', 'mf-registry/dist/remoteEntry.js', BIG_SCRIPT, 'no-cache'],
      ['/apps/mf-registry/mf-manifest.json', 'mf-registry/dist/mf-manifest.json', BIG_JSON, 'no-cache'],
    ];
    for (const [url, file, content, cache] of cases) {
      const br = await fetchEncoded(url, 'gzip, deflate, br');
      assert.equal(br.encoding, 'br', url);
      assert.equal(br.text, content, url);
      assert.match(String(br.res.headers.vary), /accept-encoding/i, url);
      assert.equal(br.res.headers['cache-control'], cache, url);
      // The stored copy itself, not a compression made per request.
      assert.deepEqual(br.res.rawPayload, fs.readFileSync(path.join(staticRoot, `${file}.br`)), url);

      const gz = await fetchEncoded(url, 'gzip');
      assert.equal(gz.encoding, 'gzip', url);
      assert.equal(gz.text, content, url);
      assert.equal(gz.res.headers['cache-control'], cache, url);

      const plain = await fetchEncoded(url);
      assert.equal(plain.encoding, undefined, url);
      assert.equal(plain.text, content, url);
      assert.match(String(plain.res.headers.vary), /accept-encoding/i, url);
      assert.equal(plain.res.headers['cache-control'], cache, url);
    }
    const js = await fetchEncoded('/main.5e6f7a8b.js', 'br');
    assert.match(String(js.res.headers['content-type']), /javascript/);
    const css = await fetchEncoded('/main.5e6f7a8b.css', 'gzip');
    assert.match(String(css.res.headers['content-type']), /text\/css/);
  });

  test('API answers over 1 KB are compressed when accepted (Vary: Accept-Encoding); small ones and plain clients get none', async () => {
    const big = await fetchEncoded('/api/v1/openapi.json', 'br');
    assert.equal(big.res.statusCode, 200);
    assert.equal(big.encoding, 'br');
    assert.match(String(big.res.headers.vary), /accept-encoding/i);
    assert.ok(big.res.rawPayload.length < big.text.length / 3, 'brotli makes the description much smaller');
    assert.match(JSON.parse(big.text).openapi, /^3\./);

    const gz = await fetchEncoded('/api/v1/openapi.json', 'gzip, deflate');
    assert.equal(gz.encoding, 'gzip');
    assert.deepEqual(JSON.parse(gz.text), JSON.parse(big.text));

    const plain = await fetchEncoded('/api/v1/openapi.json');
    assert.equal(plain.encoding, undefined);
    assert.deepEqual(JSON.parse(plain.text), JSON.parse(big.text));

    const small = await fetchEncoded('/remotes.json', 'br');
    assert.ok(small.res.rawPayload.length < 1024);
    assert.equal(small.encoding, undefined);
    assert.equal(small.res.headers['cache-control'], 'private, no-cache');
    assert.equal(JSON.parse(small.text).mf_registry, '/apps/mf-registry/mf-manifest.json');
  });

  test('a signed-in list over 1 KB comes compressed', async () => {
    const cookie = cookieOf(await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: ADMIN }));
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/user?limit=0', headers: { cookie, 'accept-encoding': 'gzip' } });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-encoding'], 'gzip');
    const list = JSON.parse(zlib.gunzipSync(res.rawPayload).toString('utf8'));
    assert.ok(list.data.length >= 1);
  });
});

describe('configuration', () => {
  test('API-only when nothing is built; Secure cookie when PUBLIC_URL is https', async () => {
    const other = await build({ PUBLIC_URL: 'https://portale.example' });
    try {
      const home = await call(other.app, null, 'GET', '/');
      assert.equal(home.statusCode, 404);
      assert.equal(typeof home.json().message, 'string');
      const res = await other.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: ADMIN });
      assert.equal(res.statusCode, 200);
      assert.match(String(res.headers['set-cookie']), /; Secure/);
      assert.equal((await call(other.app, cookieOf(res), 'GET', '/api/v1/auth/me')).json().user.email, ADMIN.email);
    } finally {
      await other.close();
    }
  });

  test('the server on the embedded database: seeds once, prints the address and the sign-in, keeps the data across restarts', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-portal-main-'));
    // The real entry point (npm start's), as a process on this data folder (the test kit's one spawner).
    const start = async () => {
      const server = await startServerProcess({ dataDir, env: { STATIC_ROOT: dataDir } });
      await server.waitForLine(/^Database: /);
      const output = server.output.join('\n');
      assert.match(output, new RegExp(`Portale del circolo: http://localhost:${server.port}`));
      const url = server.url;
      const stop = async () => {
        await server.stop();
        assert.equal(await server.exited, 0);
      };
      return { url, output, stop };
    };
    try {
      const first = await start();
      assert.match(first.output, /Accesso amministratore: admin@circolo\.example \/ Admin-2026!/);
      const login = await fetch(`${first.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      assert.equal(login.status, 200);
      const [cookie = ''] = (login.headers.get('set-cookie') ?? '').split(';');
      const patched = await fetch(`${first.url}/api/v1/user/me`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ phone_number: '+39 06 1234567' }),
      });
      assert.equal(patched.status, 200);
      await first.stop();
      assert.ok(fs.existsSync(path.join(dataDir, 'pgdata')));

      const second = await start();
      const me = await fetch(`${second.url}/api/v1/user/me`, { headers: { cookie } });
      assert.equal(me.status, 200, 'the session survived the restart');
      assert.equal(((await me.json()) as { phone_number: string }).phone_number, '+39 06 1234567');
      const list = await fetch(`${second.url}/api/v1/user?limit=0`, { headers: { cookie } });
      assert.equal(((await list.json()) as { meta: { totalItems: number } }).meta.totalItems, 6, 'seeded once');
      await second.stop();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** Just enough of an SMTP server to receive what nodemailer sends. */
function fakeSmtpServer(): Promise<{ port: number; messages: string[]; close: () => Promise<void> }> {
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    socket.write('220 prova ESMTP\r\n');
    let buffer = '';
    let data: string | null = null;
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== null) {
          if (line === '.') {
            messages.push(data);
            data = null;
            socket.write('250 accodato\r\n');
          } else data += `${line}\n`;
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'DATA') {
          data = '';
          socket.write('354 avanti\r\n');
        } else if (command === 'QUIT') socket.end('221 ciao\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as net.AddressInfo).port,
        messages,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

describe('mail through SMTP', () => {
  test('with SMTP_URL the invitation is delivered by SMTP and recorded as sent; a failed delivery stays in the outbox', async () => {
    const smtp = await fakeSmtpServer();
    const app = await build({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    try {
      const admin = await login(app.app, ADMIN);
      const soci = await categoryId(app.app, admin, 'Soci');
      const payload = userPayload(soci);
      assert.equal((await call(app.app, admin, 'POST', '/api/v1/user', payload)).statusCode, 201);
      assert.equal(smtp.messages.length, 1);
      const link = await lastMailLink(app, payload.email as string);
      // Undo quoted-printable soft line breaks before looking for the link.
      const text = (smtp.messages[0] ?? '').replace(/=\n/g, '').replace(/=3D/g, '=');
      assert.ok(text.includes(link), 'the mail carries the invitation link');
      assert.match(text, new RegExp(`To: ${payload.email as string}`));
      assert.deepEqual(app.mailLines, [], 'no log line when mail goes through SMTP');
      const [sent] = await app.database.db
        .select()
        .from(mail_outbox)
        .where(eq(mail_outbox.to, payload.email as string));
      assert.equal(sent?.transport, 'smtp');
      assert.equal(sent.status, 'sent');

      await smtp.close();
      const unreachable = userPayload(soci);
      assert.equal((await call(app.app, admin, 'POST', '/api/v1/user', unreachable)).statusCode, 201, 'the user exists even if the mail fails');
      const [failed] = await app.database.db
        .select()
        .from(mail_outbox)
        .where(eq(mail_outbox.to, unreachable.email as string));
      assert.equal(failed?.status, 'failed');
      assert.ok(failed.error);
    } finally {
      await app.close();
    }
  });
});
