import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { and, eq, sql } from 'drizzle-orm';
import { mail_outbox } from '../../../core/db/tables';
import { users } from '../../registry/tables';
import { ATTEMPT_LIMITS } from '../attempts-repository';
import { auth_attempts, sessions, user_tokens } from '../tables';
import { PASSWORD_RESET_MAIL_JOB } from '../service';
import { TOKEN_LIFETIME_MS } from '../user-tokens-repository';
import {
  ADMIN,
  MEMBER,
  OTHER_MEMBER,
  type TestApp,
  build,
  call,
  categoryId,
  cookieOf,
  jobsDone,
  lastMailLink,
  linkParams,
  login,
  userPayload,
} from '../../../testing/helper';

let t: TestApp;
before(async () => {
  t = await build();
});
after(async () => {
  await t.close();
});

const post = (url: string, body: unknown, cookie: string | null = null, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url, payload: body as object, headers: cookie ? { cookie } : {}, remoteAddress: ip });

describe('sign-in and session', () => {
  test('login sets an HttpOnly SameSite=Lax sid cookie; /auth/me answers the user; logout ends the session', async () => {
    const res = await post('/api/v1/auth/login', { email: 'ADMIN@circolo.example ', password: ADMIN.password });
    assert.equal(res.statusCode, 200);
    const setCookie = String(res.headers['set-cookie']);
    assert.match(setCookie, /^sid=[\w-]{40,};/);
    assert.match(setCookie, /HttpOnly/);
    assert.match(setCookie, /SameSite=Lax/);
    assert.doesNotMatch(setCookie, /Secure/);
    const { user } = res.json();
    assert.equal(user.email, ADMIN.email);
    assert.deepEqual(user.permissions, ['*']);
    assert.equal(user.has_accepted_terms, true);

    const cookie = cookieOf(res);
    const me = await call(t.app, cookie, 'GET', '/api/v1/auth/me');
    assert.equal(me.json().user._id, user._id);

    // The database keeps only the token's hash.
    const token = cookie.slice('sid='.length);
    const stored = await t.database.db.select().from(sessions).where(eq(sessions.user_id, user._id));
    assert.ok(stored.length >= 1);
    assert.ok(stored.every((s) => s.token_hash !== token && s.token_hash.length === 64));

    const out = await call(t.app, cookie, 'POST', '/api/v1/auth/logout');
    assert.equal(out.statusCode, 200);
    assert.match(String(out.headers['set-cookie']), /sid=;/);
    assert.equal((await call(t.app, cookie, 'GET', '/api/v1/auth/me')).json().user, null);
    assert.equal((await call(t.app, cookie, 'GET', '/api/v1/user/me')).statusCode, 401);
  });

  test('anonymous: /auth/me answers user null, protected calls 401', async () => {
    assert.deepEqual((await call(t.app, null, 'GET', '/api/v1/auth/me')).json(), { user: null, club_time_zone: 'Europe/Rome' });
    for (const url of ['/api/v1/user/me', '/api/v1/user', '/api/v1/user/category', '/api/v1/user/qualification']) {
      const res = await call(t.app, null, 'GET', url);
      assert.equal(res.statusCode, 401, url);
      assert.equal(typeof res.json().message, 'string');
    }
    assert.equal((await call(t.app, 'sid=forged-token', 'GET', '/api/v1/user/me')).statusCode, 401);
  });

  test('wrong password and unknown address answer 401 without a cookie', async () => {
    const wrong = await post('/api/v1/auth/login', { email: MEMBER.email, password: 'Sbagliata-1' }, null, '10.0.0.1');
    assert.equal(wrong.statusCode, 401);
    assert.equal(wrong.headers['set-cookie'], undefined);
    const unknown = await post('/api/v1/auth/login', { email: 'nessuno@circolo.example', password: 'Qualsiasi-1' }, null, '10.0.0.1');
    assert.equal(unknown.statusCode, 401);
    assert.equal(unknown.json().message, wrong.json().message);
  });

  test('malformed login body → 400 naming the field', async () => {
    const res = await post('/api/v1/auth/login', { email: 'non-una-email', password: 'x' });
    assert.equal(res.statusCode, 400);
    assert.match(res.json().message, /email: Inserisci un indirizzo email valido/);
  });

  test('10 failed logins in 15 minutes for one address and IP → 429, even with the right password; other IPs are not blocked', async () => {
    const ip = '10.0.0.2';
    for (let i = 0; i < 10; i++) {
      assert.equal((await post('/api/v1/auth/login', { email: OTHER_MEMBER.email, password: `Sbagliata-${i}` }, null, ip)).statusCode, 401);
    }
    const blocked = await post('/api/v1/auth/login', OTHER_MEMBER, null, ip);
    assert.equal(blocked.statusCode, 429);
    assert.match(blocked.json().message, /Troppi tentativi/);
    // The count lives in the database (shared by every server process); refused attempts are not counted.
    const [row] = await t.database.db
      .select({ n: auth_attempts.attempts })
      .from(auth_attempts)
      .where(and(eq(auth_attempts.kind, 'login'), eq(auth_attempts.key, `${OTHER_MEMBER.email}|${ip}`)));
    assert.equal(row?.n, 10);
    assert.equal((await post('/api/v1/auth/login', OTHER_MEMBER, null, '10.0.0.3')).statusCode, 200);
    // Still blocked a moment before the window ends; once it has passed, the address signs in again.
    t.clock.advance(ATTEMPT_LIMITS.login.windowMs - 60_000);
    assert.equal((await post('/api/v1/auth/login', OTHER_MEMBER, null, ip)).statusCode, 429);
    t.clock.advance(60_000 + 1);
    assert.equal((await post('/api/v1/auth/login', OTHER_MEMBER, null, ip)).statusCode, 200);
  });

  test('successful logins are never throttled', async () => {
    for (let i = 0; i < 15; i++) assert.equal((await post('/api/v1/auth/login', MEMBER, null, '10.0.0.4')).statusCode, 200);
  });
});

describe('deactivation', () => {
  test('a deactivated user loses their session at once and cannot sign in; activation restores access', async () => {
    const admin = await login(t.app, ADMIN);
    const soci = await categoryId(t.app, admin, 'Soci');
    const created = await call(t.app, admin, 'POST', '/api/v1/user', userPayload(soci));
    assert.equal(created.statusCode, 201);
    const member = created.json();
    const { userId, token } = linkParams(await lastMailLink(t, member.email));
    await post('/api/v1/auth/complete-registration', { userId, token, password: 'Password-123' });
    await t.database.db.update(users).set({ terms_accepted_at: t.clock.now() }).where(eq(users.id, member._id));
    const session = await login(t.app, { email: member.email, password: 'Password-123' });
    assert.equal((await call(t.app, session, 'GET', '/api/v1/user/me')).statusCode, 200);

    const off = await call(t.app, admin, 'PATCH', `/api/v1/user/${member._id}/deactivate`, {});
    assert.equal(off.statusCode, 200);
    assert.equal(off.json().deactivation_status, true);
    assert.equal(off.json().deactivation_date_end, null);
    assert.equal((await call(t.app, session, 'GET', '/api/v1/user/me')).statusCode, 401);
    assert.equal((await call(t.app, session, 'GET', '/api/v1/auth/me')).json().user, null);
    const refused = await post('/api/v1/auth/login', { email: member.email, password: 'Password-123' });
    assert.equal(refused.statusCode, 403);
    assert.match(refused.json().message, /disattivato/);

    const on = await call(t.app, admin, 'PATCH', `/api/v1/user/${member._id}/activate`);
    assert.equal(on.statusCode, 200);
    assert.equal(on.json().deactivation_status, false);
    await login(t.app, { email: member.email, password: 'Password-123' });
  });

  test('deactivation with an end date lasts through that date, then the user is active again', async () => {
    const admin = await login(t.app, ADMIN);
    const soci = await categoryId(t.app, admin, 'Soci');
    const member = (await call(t.app, admin, 'POST', '/api/v1/user', userPayload(soci))).json();
    const { userId, token } = linkParams(await lastMailLink(t, member.email));
    await post('/api/v1/auth/complete-registration', { userId, token, password: 'Password-123' });
    const creds = { email: member.email, password: 'Password-123' };

    const past = await call(t.app, admin, 'PATCH', `/api/v1/user/${member._id}/deactivate`, { end_date: '2000-01-01' });
    assert.equal(past.statusCode, 400);
    assert.equal(past.json().code, 'DEACTIVATION_END_IN_PAST');

    const until = new Date(t.clock.now().getTime() + 10 * 86400_000).toISOString().slice(0, 10);
    const off = await call(t.app, admin, 'PATCH', `/api/v1/user/${member._id}/deactivate`, { end_date: until });
    assert.equal(off.statusCode, 200);
    assert.equal(off.json().deactivation_date_end, until);
    assert.equal((await post('/api/v1/auth/login', creds)).statusCode, 403);

    // The end date has passed: nobody needs to reactivate them.
    await t.database.db.update(users).set({ deactivation_date_end: '2001-01-01' }).where(eq(users.id, member._id));
    assert.equal((await post('/api/v1/auth/login', creds)).statusCode, 200);
    const listed = (await call(t.app, admin, 'GET', `/api/v1/user?q=${member.email}`)).json().data[0];
    assert.equal(listed.deactivation_status, false);
  });

  test('an administrator cannot deactivate or delete their own account', async () => {
    const admin = await login(t.app, ADMIN);
    const me = (await call(t.app, admin, 'GET', '/api/v1/auth/me')).json().user;
    assert.equal((await call(t.app, admin, 'PATCH', `/api/v1/user/${me._id}/deactivate`, {})).statusCode, 400);
    assert.equal((await call(t.app, admin, 'DELETE', `/api/v1/user/${me._id}`)).statusCode, 400);
  });
});

describe('invitation and password links', () => {
  test('creating a user mails an invitation; completing it sets the password and signs in; the link works once', async () => {
    const admin = await login(t.app, ADMIN);
    const soci = await categoryId(t.app, admin, 'Soci');
    const payload = userPayload(soci);
    const issuedAt = t.clock.freeze();
    const created = await call(t.app, admin, 'POST', '/api/v1/user', payload);
    t.clock.release();
    assert.equal(created.statusCode, 201);
    const member = created.json();
    assert.equal(member.registration_completed, false);

    const link = await lastMailLink(t, payload.email as string);
    const { userId, token, path } = linkParams(link);
    assert.equal(path, '/complete-registration');
    assert.equal(userId, member._id);
    assert.ok(link.startsWith('http://portale.test/complete-registration?uid='));
    // The log line the browser tests read.
    const line = t.mailLines.find((l) => l.includes(link));
    assert.ok(line?.startsWith('MAIL {'));
    assert.equal(JSON.parse(line!.slice(5)).to, payload.email);
    // Only the hash is stored.
    const [stored] = await t.database.db.select().from(user_tokens).where(eq(user_tokens.user_id, member._id));
    assert.ok(stored);
    assert.notEqual(stored.token_hash, token);
    assert.equal(stored.expires_at.getTime(), issuedAt.getTime() + 7 * 86400_000, 'an invitation lasts 7 days');

    assert.equal((await post('/api/v1/auth/login', { email: payload.email, password: 'Nuova-Password-1' })).statusCode, 401);
    const short = await post('/api/v1/auth/complete-registration', { userId, token, password: '1234567' });
    assert.equal(short.statusCode, 400);
    assert.match(short.json().message, /password: La password deve contenere almeno 8 caratteri/);

    const done = await post('/api/v1/auth/complete-registration', { userId, token, password: 'Nuova-Password-1' });
    assert.equal(done.statusCode, 200);
    assert.deepEqual(done.json(), { email: payload.email });
    const session = await login(t.app, { email: payload.email as string, password: 'Nuova-Password-1' });
    assert.equal((await call(t.app, session, 'GET', '/api/v1/auth/me')).json().user.has_accepted_terms, false);
    const listed = (await call(t.app, admin, 'GET', `/api/v1/user/${member._id}`)).json();
    assert.equal(listed.registration_completed, true);

    // The link followed again: its own code and words, not the generic invalid link (issue 44 item 8).
    const again = await post('/api/v1/auth/complete-registration', { userId, token, password: 'Altra-Password-2' });
    assert.equal(again.statusCode, 409);
    assert.deepEqual(again.json(), {
      code: 'INVITATION_ALREADY_USED',
      message:
        "Questo invito è già stato usato: la registrazione è completata. Accedi con la tua email e la password scelta; se non la ricordi, usa 'Password dimenticata?'.",
    });
    await login(t.app, { email: payload.email as string, password: 'Nuova-Password-1' });
  });

  test("an expired invitation, a wrong token or another user's token → 400 Invalid or expired token", async () => {
    const admin = await login(t.app, ADMIN);
    const soci = await categoryId(t.app, admin, 'Soci');
    const member = (await call(t.app, admin, 'POST', '/api/v1/user', userPayload(soci))).json();
    const { userId, token } = linkParams(await lastMailLink(t, member.email));

    const wrong = await post('/api/v1/auth/complete-registration', { userId, token: `${token}x`, password: 'Password-123' });
    assert.match(wrong.json().message, /Invalid or expired token/);
    const me = (await call(t.app, admin, 'GET', '/api/v1/auth/me')).json().user;
    const otherUser = await post('/api/v1/auth/complete-registration', { userId: me._id, token, password: 'Password-123' });
    assert.equal(otherUser.statusCode, 400);
    assert.match(otherUser.json().message, /Invalid or expired token/);
    // A reset link is not an invitation.
    const asReset = await post('/api/v1/auth/password-reset', { userId, token, password: 'Password-123' });
    assert.match(asReset.json().message, /Invalid or expired token/);

    // Seven days later the invitation no longer works.
    const week = TOKEN_LIFETIME_MS.invitation;
    t.clock.advance(week);
    const expired = await post('/api/v1/auth/complete-registration', { userId, token, password: 'Password-123' });
    t.clock.advance(-week);
    assert.equal(expired.statusCode, 400);
    assert.match(expired.json().message, /Invalid or expired token/);
    const [row] = await t.database.db.select({ hash: users.password_hash }).from(users).where(eq(users.id, userId));
    assert.equal(row?.hash, null);
  });

  test('forgot-password answers the same for unknown addresses and mails a one-hour link only to real users', async () => {
    const count = () => t.database.db.$count(mail_outbox);
    const before = await count();
    const unknown = await post('/api/v1/auth/forgotpassword', { email: 'sconosciuto@circolo.example' }, null, '10.1.0.1');
    const requestedAt = t.clock.freeze();
    const known = await post('/api/v1/auth/forgotpassword', { email: OTHER_MEMBER.email }, null, '10.1.0.1');
    assert.equal(unknown.statusCode, 200);
    assert.equal(known.statusCode, 200);
    assert.deepEqual(unknown.json(), known.json());
    // The mail goes out after the answer, from the job runner (the clock stands still until it has).
    await jobsDone(t.database, PASSWORD_RESET_MAIL_JOB);
    t.clock.release();
    assert.equal(await count(), before + 1);

    const link = await lastMailLink(t, OTHER_MEMBER.email);
    const { userId, token, path } = linkParams(link);
    assert.equal(path, '/change-password');
    const [stored] = await t.database.db
      .select()
      .from(user_tokens)
      .where(eq(user_tokens.user_id, userId))
      .orderBy(sql`${user_tokens.created_at} desc`)
      .limit(1);
    assert.ok(stored);
    assert.equal(stored.expires_at.getTime(), requestedAt.getTime() + 3600_000, 'a reset link lasts one hour');

    const oldSession = await login(t.app, OTHER_MEMBER);
    const reset = await post('/api/v1/auth/password-reset', { userId, token, password: 'Reimpostata-99' });
    assert.equal(reset.statusCode, 200);
    assert.deepEqual(reset.json(), { email: OTHER_MEMBER.email });
    assert.equal((await call(t.app, oldSession, 'GET', '/api/v1/user/me')).statusCode, 401, 'a reset ends the old sessions');
    assert.equal((await post('/api/v1/auth/login', OTHER_MEMBER, null, '10.1.0.9')).statusCode, 401);
    await login(t.app, { email: OTHER_MEMBER.email, password: 'Reimpostata-99' });
    assert.match(
      (await post('/api/v1/auth/password-reset', { userId, token, password: 'Ancora-Altra-1' })).json().message,
      /Invalid or expired token/,
    );
    // Put the seeded password back for the other tests.
    const again = await post('/api/v1/auth/forgotpassword', { email: OTHER_MEMBER.email }, null, '10.1.0.2');
    assert.equal(again.statusCode, 200);
    await jobsDone(t.database, PASSWORD_RESET_MAIL_JOB);
    const second = linkParams(await lastMailLink(t, OTHER_MEMBER.email));
    assert.equal((await post('/api/v1/auth/password-reset', { ...second, password: OTHER_MEMBER.password })).statusCode, 200);
  });

  test('forgot-password: 5 requests an hour per address and IP, then 429', async () => {
    for (let i = 0; i < 5; i++) {
      assert.equal((await post('/api/v1/auth/forgotpassword', { email: 'chiunque@circolo.example' }, null, '10.2.0.1')).statusCode, 200);
    }
    const limited = await post('/api/v1/auth/forgotpassword', { email: 'chiunque@circolo.example' }, null, '10.2.0.1');
    assert.equal(limited.statusCode, 429);
    assert.match(limited.json().message, /Riprova/);
  });
});

describe('own password and terms', () => {
  test('verifypassword answers correct; updatepassword changes it and keeps only the current session', async () => {
    const email = 'francesca.romano@circolo.example';
    const session = await login(t.app, { email, password: 'Socio-2026!' });
    const other = await login(t.app, { email, password: 'Socio-2026!' }, '10.3.0.1');
    assert.deepEqual((await call(t.app, session, 'POST', '/api/v1/auth/verifypassword', { password: 'Socio-2026!' })).json(), { correct: true });
    assert.deepEqual((await call(t.app, session, 'POST', '/api/v1/auth/verifypassword', { password: 'sbagliata' })).json(), { correct: false });

    const short = await call(t.app, session, 'PATCH', '/api/v1/auth/updatepassword/me', { newPassword: 'corta' });
    assert.equal(short.statusCode, 400);
    const updated = await call(t.app, session, 'PATCH', '/api/v1/auth/updatepassword/me', { newPassword: 'Cambiata-2026' });
    assert.deepEqual(updated.json(), { status: 'success' });
    assert.equal((await call(t.app, session, 'GET', '/api/v1/user/me')).statusCode, 200);
    assert.equal((await call(t.app, other, 'GET', '/api/v1/user/me')).statusCode, 401);
    assert.equal((await post('/api/v1/auth/login', { email, password: 'Socio-2026!' }, null, '10.3.0.2')).statusCode, 401);
    await login(t.app, { email, password: 'Cambiata-2026' });
    assert.equal((await call(t.app, null, 'POST', '/api/v1/auth/verifypassword', { password: 'x' })).statusCode, 401);
  });

  test('terms gate: 403 on every call but the exempt ones until both terms are accepted', async () => {
    const email = 'luca.ferrari@circolo.example';
    await t.database.db.update(users).set({ terms_accepted_at: null }).where(eq(users.email, email));
    const session = await login(t.app, { email, password: 'Socio-2026!' });
    const me = (await call(t.app, session, 'GET', '/api/v1/auth/me')).json().user;
    assert.equal(me.has_accepted_terms, false);

    for (const [method, url] of [
      ['GET', '/api/v1/user/me'],
      ['GET', '/api/v1/user?onlyAvailablePartners=true'],
      ['POST', '/api/v1/auth/verifypassword'],
    ] as const) {
      const res = await call(t.app, session, method, url, method === 'POST' ? { password: 'x' } : undefined);
      assert.equal(res.statusCode, 403, url);
      assert.deepEqual(res.json(), { code: 'TERMS_NOT_ACCEPTED', message: 'Devi accettare i termini e le condizioni per continuare.' });
    }
    assert.equal((await call(t.app, session, 'GET', '/api/v1/pdf/privacy-policy')).statusCode, 200);
    assert.equal((await call(t.app, session, 'GET', '/api/v1/pdf/regulations')).statusCode, 200);

    const half = await call(t.app, session, 'POST', '/api/v1/auth/accept-terms', { privacy_policy: true, regulations: false });
    assert.equal(half.statusCode, 400);
    assert.match(half.json().message, /regulations/);
    const accepted = await call(t.app, session, 'POST', '/api/v1/auth/accept-terms', { privacy_policy: true, regulations: true });
    assert.deepEqual(accepted.json(), { status: 'success' });
    assert.equal((await call(t.app, session, 'GET', '/api/v1/auth/me')).json().user.has_accepted_terms, true);
    assert.equal((await call(t.app, session, 'GET', '/api/v1/user/me')).statusCode, 200);

    const out = await call(t.app, session, 'POST', '/api/v1/auth/logout');
    assert.equal(out.statusCode, 200);
  });
});
