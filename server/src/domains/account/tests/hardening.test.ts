/**
 * Issue 7, the account findings: 4 (throttle race), 5 (per-account limit, TRUST_PROXY, pruning), 8 (links at rest),
 * 10 (re-authentication), 13 (cross-site requests), 14 (forgot-password timing), 15 (blank password, sessions bound).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { and, eq, sql } from 'drizzle-orm';
import { loadCoreConfig, parseTrustProxy } from '../../../core/config';
import { mail_outbox } from '../../../core/db/tables';
import type { Mail } from '../../../core/mail/mailer';
import { users } from '../../registry/tables';
import { ATTEMPT_LIMITS } from '../attempts-repository';
import { HOUSEKEEPING_JOB, OUTBOX_BODY_RETENTION_MS } from '../housekeeping';
import { PASSWORD_RESET_MAIL_JOB } from '../service';
import { MAX_SESSIONS_PER_USER } from '../sessions-repository';
import { auth_attempts, sessions, user_tokens } from '../tables';
import { newSecret } from '../tokens';
import {
  ADMIN,
  type TestApp,
  build,
  call,
  categoryId,
  cookieOf,
  jobsDone,
  lastMailLink,
  lastMailTo,
  linkParams,
  login,
  unfinishedJobs,
  userPayload,
  asJob,
} from '../../../testing/helper';

const PASSWORD = 'Socio-2026!';
const LUCA = { email: 'luca.ferrari@circolo.example', password: PASSWORD };
const FRANCESCA = { email: 'francesca.romano@circolo.example', password: PASSWORD };
const MATTEO = { email: 'matteo.colombo@circolo.example', password: PASSWORD };
const GIULIA = { email: 'giulia.bianchi@circolo.example', password: PASSWORD };
const MARCO = { email: 'marco.rossi@circolo.example', password: PASSWORD };

let t: TestApp;
before(async () => {
  t = await build();
});
after(async () => {
  await t.close();
});

const inject = (method: 'POST' | 'PATCH' | 'GET', url: string, body?: object, headers: Record<string, string> = {}, ip = '127.0.0.1') =>
  t.app.inject({ method, url, headers, remoteAddress: ip, ...(body ? { payload: body } : {}) });

async function counter(kind: string, key: string) {
  const [row] = await t.database.db
    .select()
    .from(auth_attempts)
    .where(and(eq(auth_attempts.kind, kind), eq(auth_attempts.key, key)));
  return row;
}

/** A fresh member with a password, signed in (for tests that change their own account). */
async function newMember(): Promise<{ id: string; email: string; password: string; session: string }> {
  const admin = await login(t.app, ADMIN);
  const payload = userPayload(await categoryId(t.app, admin, 'Soci'));
  const created = await call(t.app, admin, 'POST', '/api/v1/user', payload);
  assert.equal(created.statusCode, 201);
  const { userId, token } = linkParams(await lastMailLink(t, payload.email as string));
  const password = 'Password-123';
  assert.equal((await inject('POST', '/api/v1/auth/complete-registration', { userId, token, password })).statusCode, 200);
  await t.database.db.update(users).set({ terms_accepted_at: t.clock.now() }).where(eq(users.id, userId));
  const session = await login(t.app, { email: payload.email as string, password });
  return { id: userId, email: payload.email as string, password, session };
}

describe('finding 4: the login throttle holds under concurrency', () => {
  test('200 concurrent wrong guesses against a listening server: exactly the limit reach the password check', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const guesses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: LUCA.email, password: `Sbagliata-${i}` }),
        }).then(async (r) => ({ status: r.status, code: ((await r.json()) as { code: string }).code })),
      ),
    );
    // A 401 is an answer of the password check (argon2); a 429 was refused before it.
    const checked = guesses.filter((g) => g.status === 401).length;
    const refused = guesses.filter((g) => g.status === 429 && g.code === 'TOO_MANY_LOGIN_ATTEMPTS').length;
    assert.equal(checked, ATTEMPT_LIMITS.login.max, `password checks: ${checked}`);
    assert.equal(refused, 200 - ATTEMPT_LIMITS.login.max);
    assert.equal((await counter('login', `${LUCA.email}|127.0.0.1`))?.attempts, ATTEMPT_LIMITS.login.max);
    // Even the right password waits for the window.
    assert.equal((await inject('POST', '/api/v1/auth/login', LUCA)).statusCode, 429);
  });
});

describe('finding 5: a per-account limit, trusted proxies, pruned counters', () => {
  test('rotating addresses gains nothing: after 20 failures the account waits a delay that grows, and the wait ends', async () => {
    const account = ATTEMPT_LIMITS.login_account.delay!;
    for (let i = 0; i < account.free; i++) {
      const res = await inject('POST', '/api/v1/auth/login', { email: MATTEO.email, password: `Sbagliata-${i}` }, {}, `10.5.${i}.1`);
      assert.equal(res.statusCode, 401, `guess ${i}`);
    }
    // One more is let through and starts the delay; the next, from yet another address, waits (even with the right password).
    assert.equal((await inject('POST', '/api/v1/auth/login', { email: MATTEO.email, password: 'Sbagliata-x' }, {}, '10.6.0.1')).statusCode, 401);
    const delayed = await inject('POST', '/api/v1/auth/login', MATTEO, {}, '10.6.0.2');
    assert.equal(delayed.statusCode, 429);
    assert.equal(delayed.json().code, 'LOGIN_DELAYED');
    const delayOf = async () => {
      const [row] = await t.database.db
        .select({ s: sql<number>`extract(epoch from ${auth_attempts.blocked_until} - ${t.clock.now().toISOString()}::timestamptz)::float8` })
        .from(auth_attempts)
        .where(and(eq(auth_attempts.kind, 'login_account'), eq(auth_attempts.key, MATTEO.email)));
      return Number(row!.s);
    };
    const first = await delayOf();
    assert.ok(first > 0 && first <= account.baseMs / 1000, `first delay ${first}`);

    // The delay passes (moved back in the database): one more guess goes through and the next delay is longer.
    const endDelay = () =>
      t.database.db
        .update(auth_attempts)
        .set({ blocked_until: new Date(t.clock.now().getTime() - 1000) })
        .where(and(eq(auth_attempts.kind, 'login_account'), eq(auth_attempts.key, MATTEO.email)));
    await endDelay();
    assert.equal((await inject('POST', '/api/v1/auth/login', { email: MATTEO.email, password: 'Sbagliata-y' }, {}, '10.6.0.3')).statusCode, 401);
    assert.ok((await delayOf()) > first, 'the delay grows');
    assert.equal((await inject('POST', '/api/v1/auth/login', MATTEO, {}, '10.6.0.4')).json().code, 'LOGIN_DELAYED');

    // Never a permanent lock: once the delay ends, the member signs in and the count is forgotten.
    await endDelay();
    assert.equal((await inject('POST', '/api/v1/auth/login', MATTEO, {}, '10.6.0.5')).statusCode, 200);
    assert.equal(await counter('login_account', MATTEO.email), undefined);
  });

  test('TRUST_PROXY: a hop count or a list of proxies; "true" is refused', () => {
    assert.equal(parseTrustProxy('1'), 1);
    assert.deepEqual(parseTrustProxy('10.0.0.5, 10.0.1.0/24'), ['10.0.0.5', '10.0.1.0/24']);
    assert.equal(parseTrustProxy(undefined), false);
    assert.equal(parseTrustProxy('false'), false);
    assert.throws(() => parseTrustProxy('true'), /TRUST_PROXY=true non è accettato/);
    assert.throws(() => loadCoreConfig({ TRUST_PROXY: 'true' }), /TRUST_PROXY/);
  });

  test('behind one trusted proxy, forging X-Forwarded-For entries does not escape the e-mail + IP limit', async () => {
    const proxied = await build({ TRUST_PROXY: '1' });
    try {
      const guess = (i: number, password = `Sbagliata-${i}`) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email: GIULIA.email, password },
          remoteAddress: '10.0.0.1',
          // The client forges the first entries; the proxy appends the address it saw.
          headers: { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.7` },
        });
      for (let i = 0; i < ATTEMPT_LIMITS.login.max; i++) assert.equal((await guess(i)).statusCode, 401);
      const refused = await guess(99, GIULIA.password);
      assert.equal(refused.statusCode, 429);
      assert.equal(refused.json().code, 'TOO_MANY_LOGIN_ATTEMPTS');
      const [row] = await proxied.database.db.select().from(auth_attempts).where(eq(auth_attempts.kind, 'login'));
      assert.equal(row!.key, `${GIULIA.email}|198.51.100.7`);
    } finally {
      await proxied.close();
    }
  });

  test('counters are one row per key, and those whose window passed are pruned periodically, not only at start', async () => {
    for (let i = 0; i < 5; i++)
      await inject('POST', '/api/v1/auth/login', { email: 'nessuno@circolo.example', password: `Sbagliata-${i}` }, {}, '10.7.0.1');
    const rows = await t.database.db.select().from(auth_attempts).where(eq(auth_attempts.key, 'nessuno@circolo.example|10.7.0.1'));
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.attempts, 5);

    await t.database.db.insert(auth_attempts).values([
      { kind: 'login', key: 'vecchio|10.7.0.2', attempts: 3, created_at: new Date(t.clock.now().getTime() - ATTEMPT_LIMITS.login.windowMs - 1000) },
      { kind: 'forgot_password', key: 'recente|10.7.0.2', attempts: 1 },
    ]);
    // The housekeeping is a recurring job: the run of this period was offered at start; when the period passes the
    // schedule offers the next one, which prunes what expired meanwhile.
    await jobsDone(t.database, HOUSEKEEPING_JOB);
    await t.database.db.insert(auth_attempts).values({
      kind: 'login',
      key: 'scaduto-dopo-avvio|10.7.0.2',
      attempts: 1,
      created_at: new Date(t.clock.now().getTime() - ATTEMPT_LIMITS.login.windowMs - 1000),
    });
    await t.database.db.execute(sql`update pgboss.job set singleton_on = singleton_on - interval '10 minutes' where name = ${HOUSEKEEPING_JOB}`);
    assert.ok(await t.app.jobs.offerRecurring(HOUSEKEEPING_JOB), 'the next period runs again');
    await jobsDone(t.database, HOUSEKEEPING_JOB);
    const keys = (await t.database.db.select({ key: auth_attempts.key }).from(auth_attempts)).map((r) => r.key);
    assert.ok(!keys.includes('vecchio|10.7.0.2'));
    assert.ok(!keys.includes('scaduto-dopo-avvio|10.7.0.2'), 'pruned by the periodic pass');
    assert.ok(keys.includes('recente|10.7.0.2'));
  });
});

describe('finding 8: no live links at rest', () => {
  test('outside development the MAIL line carries no links; the outbox still records the mail', async () => {
    const production = await build({ NODE_ENV: 'production' });
    try {
      assert.equal(production.config.development, false);
      const admin = await login(production.app, ADMIN);
      const payload = userPayload(await categoryId(production.app, admin, 'Soci'));
      assert.equal((await call(production.app, admin, 'POST', '/api/v1/user', payload)).statusCode, 201);
      const line = production.mailLines.find((l) => l.includes(payload.email as string));
      assert.ok(line);
      assert.doesNotMatch(line, /token=|http/);
      assert.deepEqual(JSON.parse(line.slice(5)).links, []);
      // The outbox keeps the link (for its bounded time); only the log line leaves it out.
      assert.match(await lastMailLink(production, payload.email as string), /token=/);
    } finally {
      await production.close();
    }
    // In development (NODE_ENV not 'production') the line keeps the links the browser tests follow.
    assert.equal(t.config.development, true);
  });

  test('outbox bodies and links are emptied once older than the longest link life', async () => {
    const old = new Date(t.clock.now().getTime() - OUTBOX_BODY_RETENTION_MS - 60_000);
    await t.database.db.insert(mail_outbox).values([
      {
        to: 'vecchia@test.example',
        subject: 'Vecchia',
        body: 'link segreto',
        links: ['http://portale.test/x?token=a'],
        transport: 'log',
        status: 'logged',
        created_at: old,
      },
      {
        to: 'nuova@test.example',
        subject: 'Nuova',
        body: 'link ancora valido',
        links: ['http://portale.test/x?token=b'],
        transport: 'log',
        status: 'logged',
      },
    ]);
    await asJob(t, () => t.app.services.account.housekeeping.runOnce());
    const rows = await t.database.db
      .select()
      .from(mail_outbox)
      .where(sql`${mail_outbox.to} in ('vecchia@test.example', 'nuova@test.example')`);
    const byTo = Object.fromEntries(rows.map((r) => [r.to, r]));
    assert.equal(byTo['vecchia@test.example']!.body, '');
    assert.deepEqual(byTo['vecchia@test.example']!.links, []);
    assert.equal(byTo['vecchia@test.example']!.subject, 'Vecchia');
    assert.equal(byTo['nuova@test.example']!.body, 'link ancora valido');
  });

  test('a new reset link cancels the older one; using a link cancels the other links of its kind', async () => {
    const ask = async (ip: string) => {
      assert.equal((await inject('POST', '/api/v1/auth/forgotpassword', { email: FRANCESCA.email }, {}, ip)).statusCode, 200);
      await jobsDone(t.database, PASSWORD_RESET_MAIL_JOB);
      return linkParams(await lastMailLink(t, FRANCESCA.email));
    };
    const first = await ask('10.8.0.1');
    const second = await ask('10.8.0.2');
    const stale = await inject('POST', '/api/v1/auth/password-reset', { ...first, password: 'Nuova-Password-1' });
    assert.equal(stale.statusCode, 400);
    assert.equal(stale.json().code, 'INVALID_TOKEN');

    // Two live tokens of one kind (as an older server could leave them): using one ends the other.
    const spare = newSecret();
    await t.database.db
      .insert(user_tokens)
      .values({ user_id: second.userId, kind: 'reset', token_hash: spare.hash, expires_at: new Date(t.clock.now().getTime() + 3600_000) });
    assert.equal((await inject('POST', '/api/v1/auth/password-reset', { ...second, password: PASSWORD })).statusCode, 200);
    const other = await inject('POST', '/api/v1/auth/password-reset', { userId: second.userId, token: spare.token, password: 'Altra-Password-2' });
    assert.equal(other.json().code, 'INVALID_TOKEN');
    await login(t.app, FRANCESCA, '10.8.0.3');
  });
});

describe('finding 10: changing the password or the e-mail needs the password confirmed just before', () => {
  test('updatepassword: refused after sign-in alone or a wrong check, allowed for a few minutes after a right one; other sessions end', async () => {
    const me = await newMember();
    const other = await login(t.app, { email: me.email, password: me.password }, '10.9.0.1');
    const change = (newPassword: string) => call(t.app, me.session, 'PATCH', '/api/v1/auth/updatepassword/me', { newPassword });

    const fresh = await change('Cambiata-2026');
    assert.equal(fresh.statusCode, 403);
    assert.deepEqual(fresh.json(), { code: 'REAUTH_REQUIRED', message: 'Per continuare conferma la tua password attuale.' });
    assert.deepEqual((await call(t.app, me.session, 'POST', '/api/v1/auth/verifypassword', { password: 'sbagliata' })).json(), { correct: false });
    assert.equal((await change('Cambiata-2026')).statusCode, 403);
    // A right check in another session does not count for this one.
    assert.deepEqual((await call(t.app, other, 'POST', '/api/v1/auth/verifypassword', { password: me.password })).json(), { correct: true });
    assert.equal((await change('Cambiata-2026')).statusCode, 403);

    assert.deepEqual((await call(t.app, me.session, 'POST', '/api/v1/auth/verifypassword', { password: me.password })).json(), { correct: true });
    assert.deepEqual((await change('Cambiata-2026')).json(), { status: 'success' });
    assert.equal((await call(t.app, other, 'GET', '/api/v1/user/me')).statusCode, 401, 'the other session ended');
    assert.equal((await call(t.app, me.session, 'GET', '/api/v1/user/me')).statusCode, 200);

    // The check lasts a few minutes only.
    await t.database.db
      .update(sessions)
      .set({ verified_at: new Date(t.clock.now().getTime() - 6 * 60_000) })
      .where(eq(sessions.user_id, me.id));
    assert.equal((await change('Di-Nuovo-2026')).json().code, 'REAUTH_REQUIRED');
  });

  test('PATCH /user/me: the phone changes freely, a new e-mail needs the check, and the old address is told', async () => {
    const me = await newMember();
    assert.equal((await call(t.app, me.session, 'PATCH', '/api/v1/user/me', { phone_number: '+39 333 1234567' })).statusCode, 200);
    // The same address is no change.
    assert.equal((await call(t.app, me.session, 'PATCH', '/api/v1/user/me', { email: me.email })).statusCode, 200);

    const newEmail = `nuovo.${me.email}`;
    const refused = await call(t.app, me.session, 'PATCH', '/api/v1/user/me', { email: newEmail });
    assert.equal(refused.statusCode, 403);
    assert.equal(refused.json().code, 'REAUTH_REQUIRED');
    const [still] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, me.id));
    assert.equal(still!.email, me.email);

    assert.deepEqual((await call(t.app, me.session, 'POST', '/api/v1/auth/verifypassword', { password: me.password })).json(), { correct: true });
    const moved = await call(t.app, me.session, 'PATCH', '/api/v1/user/me', { email: newEmail });
    assert.equal(moved.statusCode, 200);
    assert.equal(moved.json().email, newEmail);
    const notice = await lastMailTo(t, me.email);
    assert.equal(notice.subject, "L'indirizzo email del tuo account è stato modificato");
    assert.match(notice.body, /contatta subito la segreteria/);
    assert.doesNotMatch(notice.body, new RegExp(newEmail.replace(/\./g, '\\.')));
  });
});

describe('finding 13: state-changing requests from another site are refused', () => {
  const loginFrom = (headers: Record<string, string>) => inject('POST', '/api/v1/auth/login', MARCO, headers, '10.13.0.1');

  test("Origin of another site → 403 CROSS_SITE_REQUEST (login CSRF included); the portal's own origin and non-browsers pass", async () => {
    const evil = await loginFrom({ origin: 'https://evil.example' });
    assert.equal(evil.statusCode, 403);
    assert.equal(evil.json().code, 'CROSS_SITE_REQUEST');
    assert.equal(evil.headers['set-cookie'], undefined);
    assert.equal((await loginFrom({ origin: 'null' })).statusCode, 403);
    assert.equal((await loginFrom({ 'sec-fetch-site': 'cross-site' })).statusCode, 403);
    assert.equal((await loginFrom({ origin: 'http://portale.test' })).statusCode, 200);
    assert.equal((await loginFrom({ origin: 'http://portale.test', 'sec-fetch-site': 'same-origin' })).statusCode, 200);
    assert.equal((await loginFrom({})).statusCode, 200, 'no Origin: not a browser');

    const session = await login(t.app, MARCO, '10.13.0.2');
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/user/me',
      payload: { phone_number: '+39 300 0000000' },
      headers: { cookie: session, origin: 'https://evil.example' },
    });
    assert.equal(patch.statusCode, 403);
    assert.equal(patch.json().code, 'CROSS_SITE_REQUEST');
    // Reading is not state-changing.
    const read = await t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: { cookie: session, origin: 'https://evil.example' } });
    assert.equal(read.statusCode, 200);
  });

  test('ALLOWED_ORIGINS replaces the default PUBLIC_URL origin', async () => {
    assert.deepEqual(loadCoreConfig({ PUBLIC_URL: 'https://portale.example/club/' }).allowedOrigins, ['https://portale.example']);
    assert.deepEqual(loadCoreConfig({ ALLOWED_ORIGINS: 'https://a.example, http://localhost:3000/' }).allowedOrigins, [
      'https://a.example',
      'http://localhost:3000',
    ]);
    const other = await build({ ALLOWED_ORIGINS: 'https://soci.example' });
    try {
      const post = (origin: string) => other.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: MARCO, headers: { origin } });
      assert.equal((await post('https://soci.example')).statusCode, 200);
      assert.equal((await post('http://portale.test')).statusCode, 403);
    } finally {
      await other.close();
    }
  });
});

describe('finding 14: forgot-password does the same work in the request for known and unknown addresses', () => {
  test('the request only queues the job; the lookup and the mail happen when the runner runs it', { timeout: 60_000 }, async () => {
    const { mailer } = t.app.services;
    const sent: Mail[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const original = mailer.send.bind(mailer);
    // A mailer that does not finish until released: were the answer waiting for the mail, it would never come.
    mailer.send = async (mail: Mail) => {
      sent.push(mail);
      await gate;
    };
    const unknownAddress = 'sconosciuto@circolo.example';
    try {
      const known = await inject('POST', '/api/v1/auth/forgotpassword', { email: MARCO.email }, {}, '10.14.0.1');
      const unknown = await inject('POST', '/api/v1/auth/forgotpassword', { email: unknownAddress }, {}, '10.14.0.1');
      assert.equal(known.statusCode, 200);
      assert.equal(known.body, unknown.body);
      // Both requests did the same: each queued one job carrying its address (the known one may already be running).
      const queued = await unfinishedJobs(t.database, PASSWORD_RESET_MAIL_JOB);
      assert.deepEqual(
        queued.map((job) => job.data.email),
        [MARCO.email, unknownAddress],
      );
      assert.ok(queued.every((job) => ['created', 'active'].includes(job.state)));
      release();
      await jobsDone(t.database, PASSWORD_RESET_MAIL_JOB);
      assert.deepEqual(
        sent.map((m) => m.to),
        [MARCO.email],
        'the runner mails the known address only',
      );
    } finally {
      mailer.send = original;
      release();
    }
  });
});

describe('finding 15: blank passwords, bounded sessions', () => {
  test('eight spaces are not a password (400, Italian message), wherever a new password is set', async () => {
    const me = await newMember();
    await call(t.app, me.session, 'POST', '/api/v1/auth/verifypassword', { password: me.password });
    const blank = await call(t.app, me.session, 'PATCH', '/api/v1/auth/updatepassword/me', { newPassword: '        ' });
    assert.equal(blank.statusCode, 400);
    assert.match(blank.json().message, /newPassword: La password non può essere vuota o composta solo da spazi/);
    const reset = await inject('POST', '/api/v1/auth/password-reset', { userId: me.id, token: 'qualsiasi', password: ' \t      ' });
    assert.equal(reset.statusCode, 400);
    assert.match(reset.json().message, /password: La password non può essere vuota/);
    const short = await inject('POST', '/api/v1/auth/password-reset', { userId: me.id, token: 'qualsiasi', password: '   ' });
    assert.match(short.json().message, /La password deve contenere almeno 8 caratteri/);
  });

  test(`a user keeps only the newest ${MAX_SESSIONS_PER_USER} sessions`, async () => {
    const me = await newMember();
    const cookies = [me.session];
    for (let i = 0; i < MAX_SESSIONS_PER_USER + 2; i++) {
      const res = await inject('POST', '/api/v1/auth/login', { email: me.email, password: me.password }, {}, '10.15.0.1');
      cookies.push(cookieOf(res));
    }
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(eq(sessions.user_id, me.id));
    const n = row?.n;
    assert.equal(n, MAX_SESSIONS_PER_USER);
    assert.equal((await call(t.app, cookies[0]!, 'GET', '/api/v1/user/me')).statusCode, 401, 'the oldest ended');
    assert.equal((await call(t.app, cookies.at(-1)!, 'GET', '/api/v1/user/me')).statusCode, 200);
  });
});
