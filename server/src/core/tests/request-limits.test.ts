import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { ADMIN, MEMBER, type TestApp, build, call, categoryId, login, userPayload } from '../../testing/helper';
import { loggerOptions } from '../logging';
import errors from '../plugins/errors';

let t: TestApp;
let admin: string;
const logLines: string[] = [];

before(async () => {
  t = await build({}, { log: { level: 'info', lines: logLines } });
  admin = await login(t.app, ADMIN);
});
after(async () => {
  await t.close();
});

/** A request body that records whether the server ever read it. */
function watchedBody(text: string) {
  const state = { read: false };
  const stream = new Readable({
    read() {
      state.read = true;
      this.push(text);
      this.push(null);
    },
  });
  return { stream, state };
}

const multipartBody = (boundary: string, fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('') + `--${boundary}--\r\n`;

describe('multipart only where a route takes files', () => {
  test('a multipart POST to /auth/login → 415 without reading the body', async () => {
    const boundary = 'confine';
    const { stream, state } = watchedBody(multipartBody(boundary, { email: ADMIN.email, password: ADMIN.password }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: stream,
    });
    assert.equal(res.statusCode, 415);
    assert.equal(res.json().code, 'UNSUPPORTED_MEDIA_TYPE');
    assert.equal(state.read, false, 'the body was never read');
    assert.equal(res.headers['set-cookie'], undefined);
  });

  test('a signed-in route without files (PATCH /user/me) refuses multipart too; the user form takes it', async () => {
    const member = await login(t.app, MEMBER);
    const form = new FormData();
    form.append('phone_number', '+39 333 0000000');
    const refused = await call(t.app, member, 'PATCH', '/api/v1/user/me', form);
    assert.equal(refused.statusCode, 415);

    const soci = await categoryId(t.app, admin, 'Soci');
    const user = new FormData();
    for (const [key, value] of Object.entries(userPayload(soci))) user.append(key, Array.isArray(value) ? JSON.stringify(value) : String(value));
    assert.equal((await call(t.app, admin, 'POST', '/api/v1/user', user)).statusCode, 201);
  });

  test('the user form takes at most its two files', async () => {
    const soci = await categoryId(t.app, admin, 'Soci');
    const user = new FormData();
    for (const [key, value] of Object.entries(userPayload(soci))) user.append(key, Array.isArray(value) ? JSON.stringify(value) : String(value));
    for (const field of ['image', 'contract_file', 'altro']) user.append(field, new Blob(['testo']), `${field}.txt`);
    const res = await call(t.app, admin, 'POST', '/api/v1/user', user);
    assert.equal(res.statusCode, 413);
    assert.equal(res.json().code, 'TOO_MANY_FILES');
  });
});

describe('body limits', () => {
  test('an anonymous route refuses a body over 16 KB with 413; a signed-in route still reads it', async () => {
    const big = { email: ADMIN.email, password: 'x'.repeat(20 * 1024) };
    const res = await call(t.app, null, 'POST', '/api/v1/auth/login', big);
    assert.equal(res.statusCode, 413);
    assert.equal(res.json().code, 'BODY_TOO_LARGE');
    const forgot = await call(t.app, null, 'POST', '/api/v1/auth/forgotpassword', { email: `${'a'.repeat(17 * 1024)}@x.it` });
    assert.equal(forgot.statusCode, 413);

    const signedIn = await call(t.app, admin, 'POST', '/api/v1/user/category', { name: 'Grande', description: 'd'.repeat(20 * 1024) });
    assert.equal(signedIn.statusCode, 400, 'read and validated, not refused for its size');
    assert.equal(signedIn.json().code, 'VALIDATION_FAILED');
  });
});

describe('NUL characters', () => {
  const nulRefused = (res: { statusCode: number; json(): { code: string; message: string } }, field: string) => {
    assert.equal(res.statusCode, 400, field);
    assert.equal(res.json().code, 'VALIDATION_FAILED');
    assert.equal(res.json().message, `${field}: Il testo contiene un carattere non ammesso (NUL)`);
  };

  test('in a query, a JSON text field, a multipart field → 400 naming the field, nothing stored', async () => {
    nulRefused(await call(t.app, admin, 'GET', '/api/v1/user?q=ros%00si'), 'q');
    nulRefused(await call(t.app, admin, 'GET', '/api/v1/user/category?q=%00'), 'q');
    const member = await login(t.app, MEMBER);
    nulRefused(await call(t.app, member, 'PATCH', '/api/v1/user/me', { phone_number: '333\u00001234' }), 'phone_number');
    nulRefused(await call(t.app, admin, 'POST', '/api/v1/user/category', { name: 'Nul\u0000', permissions: [] }), 'name');
    const soci = await categoryId(t.app, admin, 'Soci');
    nulRefused(await call(t.app, admin, 'POST', '/api/v1/user', userPayload(soci, { notes: 'a\u0000b' })), 'notes');
    const form = new FormData();
    for (const [key, value] of Object.entries(userPayload(soci, { residence_place: 'Ro\u0000ma' }))) {
      form.append(key, Array.isArray(value) ? JSON.stringify(value) : String(value));
    }
    nulRefused(await call(t.app, admin, 'POST', '/api/v1/user', form), 'residence_place');
    nulRefused(await call(t.app, null, 'POST', '/api/v1/auth/login', { email: ADMIN.email, password: 'Admin\u0000' }), 'password');
    assert.equal((await call(t.app, admin, 'GET', '/api/v1/user/category?q=Nul')).json().data.length, 0);
  });
});

describe('what the log holds', () => {
  test('no password, token, codice fiscale, search text or body in the log of a busy session', async () => {
    const secrets = ['Sbagliata-123', ADMIN.password, 'RSSMRC85C12H501', 'segreto-del-token-0123456789'];
    await call(t.app, null, 'POST', '/api/v1/auth/login', { email: ADMIN.email, password: 'Sbagliata-123' });
    await login(t.app, ADMIN);
    await call(t.app, admin, 'GET', '/api/v1/user?q=RSSMRC85C12H501');
    await call(t.app, null, 'POST', '/api/v1/auth/password-reset', {
      userId: '00000000-0000-4000-8000-000000000000',
      token: 'segreto-del-token-0123456789',
      password: ADMIN.password,
    });
    await call(t.app, admin, 'GET', '/api/v1/user?q=%00RSSMRC85C12H501');
    assert.ok(logLines.length > 5, 'requests are logged at info level');
    assert.ok(
      logLines.some((line) => line.includes('"path":"/api/v1/user"')),
      'with their path',
    );
    for (const secret of secrets) assert.equal(logLines.filter((line) => line.includes(secret)).length, 0, secret);
  });

  test("an unexpected database error is logged without the statement's values or PostgreSQL's quoted ones", async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: loggerOptions('error', { write: (line) => void lines.push(line) }) });
    await app.register(errors);
    const secret = 'RSSMRC85C12H501Z';
    app.get('/guasto', async () => t.database.db.execute(sql`select ${secret}::int`));
    const res = await app.inject({ method: 'GET', url: '/guasto?cf=RSSMRC85C12H501Z' });
    await app.close();
    assert.equal(res.statusCode, 500);
    const [line = ''] = lines;
    assert.equal(lines.length, 1);
    const entry = JSON.parse(line);
    assert.equal(entry.err.sqlState, '22P02', 'the SQLSTATE says what failed');
    assert.match(entry.err.query, /select \$1::int/);
    assert.ok(!line.includes(secret), line);
  });
});
