/**
 * Issue 38, "security events are entries of their own": a password set from an invitation, changed by its owner or
 * reset from an e-mailed link (the field named, never its value), a refused sign-in, a sign-out, a member's data
 * downloaded by the staff and the log itself downloaded each leave their own entry, with who did it. An account taken
 * over through a reset link shows the reset before the sign-in that follows. PGlite by default, PostgreSQL with
 * DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { AUDIT_ACTIONS, AUDIT_ACTION_LABELS } from 'shared-api/contract';
import { rowsOf } from '../../../core/db/rows';
import { ADMIN, type TestApp, build, call, categoryId, jobsDone, lastMailLink, linkParams, login, userPayload } from '../../../testing/helper';
import { PASSWORD_RESET_MAIL_JOB } from '../service';
import { users } from '../../registry/tables';

let t: TestApp;
let admin: string;
let adminId: string;

interface Entry {
  id: string;
  at: string;
  actor_user_id: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  changes: Record<string, { before: unknown; after: unknown }>;
}

const allEntries = async (): Promise<Entry[]> =>
  rowsOf<Entry>(await t.database.db.execute(sql`select id, at, actor_user_id, action, entity, entity_id, changes from audit_log order by at, id`));

/** Runs `act` and answers the entries it wrote, oldest first, without the row changes of the trigger (create, edit, delete). */
async function eventsOf(act: () => Promise<unknown>): Promise<Entry[]> {
  const seen = new Set((await allEntries()).map((e) => e.id));
  await act();
  return (await allEntries()).filter((e) => !seen.has(e.id) && !['create', 'edit', 'delete'].includes(e.action));
}

const post = (url: string, body: unknown, cookie: string | null = null) => call(t.app, cookie, 'POST', `/api/v1${url}`, body);
const ok = <R extends { statusCode: number; body: string }>(res: R, status = 200): R => {
  assert.equal(res.statusCode, status, res.body);
  return res;
};
const userIdOf = async (email: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const PASSWORD_FIELD = { password: { before: null, after: null } };

/** A member invited by the staff (not yet registered). */
async function invited(): Promise<{ id: string; email: string }> {
  const created = ok(await post('/user', userPayload(await categoryId(t.app, admin, 'Soci')), admin), 201).json<{ _id: string; email: string }>();
  return { id: created._id, email: created.email };
}

before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
  adminId = await userIdOf(ADMIN.email);
});
after(async () => {
  await t.close();
});

test('every security event has an Italian label on the audit page', () => {
  for (const action of ['password-set', 'password-change', 'password-reset', 'sign-in-refused', 'sign-out', 'personal-data-export', 'audit-export']) {
    assert.ok((AUDIT_ACTIONS as readonly string[]).includes(action), action);
    assert.ok(AUDIT_ACTION_LABELS[action as keyof typeof AUDIT_ACTION_LABELS], action);
  }
});

test('a password set from the invitation, then changed by its owner: one entry each, the field named, never its value', async () => {
  const member = await invited();
  const { userId, token } = linkParams(await lastMailLink(t, member.email));
  const set = await eventsOf(async () => ok(await post('/auth/complete-registration', { userId, token, password: 'Primo-Accesso-1' })));
  assert.deepEqual(
    set.map((e) => [e.action, e.actor_user_id, e.entity, e.entity_id, e.changes]),
    [['password-set', member.id, 'users', member.id, PASSWORD_FIELD]],
  );

  const cookie = await login(t.app, { email: member.email, password: 'Primo-Accesso-1' });
  ok(await post('/auth/accept-terms', { privacy_policy: true, regulations: true }, cookie));
  ok(await post('/auth/verifypassword', { password: 'Primo-Accesso-1' }, cookie));
  const changed = await eventsOf(async () =>
    ok(await call(t.app, cookie, 'PATCH', '/api/v1/auth/updatepassword/me', { newPassword: 'Cambiata-Ora-2' })),
  );
  assert.deepEqual(
    changed.map((e) => [e.action, e.actor_user_id, e.entity_id, e.changes]),
    [['password-change', member.id, member.id, PASSWORD_FIELD]],
  );
  const [hash] = rowsOf<{ h: string }>(await t.database.db.execute(sql`select password_hash as h from users where id = ${member.id}`));
  const logged = JSON.stringify(await allEntries());
  for (const secret of ['Primo-Accesso-1', 'Cambiata-Ora-2', hash!.h]) assert.ok(!logged.includes(secret), 'no password nor hash in the log');
});

test('an account taken over through a reset link shows the reset, then the sign-in; refused sign-ins and the sign-out are entries', async () => {
  const member = await invited();
  const invitation = linkParams(await lastMailLink(t, member.email));
  ok(await post('/auth/complete-registration', { ...invitation, password: 'Primo-Accesso-1' }));

  // A wrong password on the account, a deactivated account with the right one, an unknown address.
  const wrong = await eventsOf(async () => ok(await post('/auth/login', { email: member.email, password: 'Sbagliata-000' }), 401));
  assert.deepEqual(
    wrong.map((e) => [e.action, e.actor_user_id, e.entity_id, e.changes]),
    [['sign-in-refused', null, member.id, { reason: { before: null, after: 'LOGIN_FAILED' } }]],
  );
  const unknown = await eventsOf(async () => ok(await post('/auth/login', { email: 'nessuno@circolo.example', password: 'Qualsiasi-1' }), 401));
  assert.deepEqual(
    unknown.map((e) => [e.action, e.entity_id]),
    [['sign-in-refused', null]],
  );
  assert.ok(!JSON.stringify(unknown).includes('nessuno@circolo.example'), 'an unknown address is not written down');
  ok(await call(t.app, admin, 'PATCH', `/api/v1/user/${member.id}/deactivate`, {}));
  const deactivated = await eventsOf(async () => ok(await post('/auth/login', { email: member.email, password: 'Primo-Accesso-1' }), 403));
  assert.deepEqual(
    deactivated.map((e) => [e.action, e.entity_id, e.changes.reason?.after]),
    [['sign-in-refused', member.id, 'ACCOUNT_DEACTIVATED']],
  );
  ok(await call(t.app, admin, 'PATCH', `/api/v1/user/${member.id}/activate`));

  // Someone holding the member's mailbox asks for a reset, sets a password and signs in.
  ok(await post('/auth/forgotpassword', { email: member.email }));
  await jobsDone(t.database, PASSWORD_RESET_MAIL_JOB);
  const reset = linkParams(await lastMailLink(t, member.email));
  let cookie = '';
  const takeover = await eventsOf(async () => {
    ok(await post('/auth/password-reset', { userId: reset.userId, token: reset.token, password: 'Presa-Dal-Link-3' }));
    cookie = await login(t.app, { email: member.email, password: 'Presa-Dal-Link-3' });
  });
  assert.deepEqual(
    takeover.map((e) => [e.action, e.actor_user_id, e.entity_id, e.changes]),
    [
      ['password-reset', member.id, member.id, PASSWORD_FIELD],
      ['sign-in', member.id, member.id, {}],
    ],
  );

  const out = await eventsOf(async () => ok(await post('/auth/logout', {}, cookie)));
  assert.deepEqual(
    out.map((e) => [e.action, e.actor_user_id, e.entity_id]),
    [['sign-out', member.id, member.id]],
  );
  assert.equal((await call(t.app, cookie, 'GET', '/api/v1/user/me')).statusCode, 401, 'the session ended');
});

test("the staff's download of a member's data and the download of the log are entries, with the staff member as actor", async () => {
  const member = await invited();
  const staffDownload = await eventsOf(async () => ok(await call(t.app, admin, 'GET', `/api/v1/user/${member.id}/export`)));
  assert.deepEqual(
    staffDownload.map((e) => [e.action, e.actor_user_id, e.entity, e.entity_id]),
    [['personal-data-export', adminId, 'users', member.id]],
  );

  const log = await eventsOf(async () => ok(await call(t.app, admin, 'GET', '/api/v1/audit/export?format=csv')));
  assert.deepEqual(
    log.map((e) => [e.action, e.actor_user_id, e.entity, e.entity_id, e.changes]),
    [['audit-export', adminId, 'audit_log', null, { format: { before: null, after: 'csv' }, filtered: { before: null, after: false } }]],
  );
  const narrowed = await eventsOf(async () => ok(await call(t.app, admin, 'GET', `/api/v1/audit/export?format=xlsx&userId=${member.id}`)));
  assert.deepEqual(narrowed[0]?.changes.filtered, { before: null, after: true });
});
