import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ADMIN, type TestApp, build, call, categoryId, lastMailLink, linkParams, login, userPayload } from '../../../testing/helper';

let t: TestApp;
let admin: string;
let adminId: string;
let administrators: string;
let soci: string;

/** A user of a category, with a password, signed in, terms accepted. */
async function signedInUser(category: string) {
  const created = await call(t.app, admin, 'POST', '/api/v1/user', userPayload(category));
  assert.equal(created.statusCode, 201, created.body);
  const user = created.json();
  const { userId, token } = linkParams(await lastMailLink(t, user.email));
  await call(t.app, null, 'POST', '/api/v1/auth/complete-registration', { userId, token, password: 'Password-123' });
  const session = await login(t.app, { email: user.email, password: 'Password-123' });
  await call(t.app, session, 'POST', '/api/v1/auth/accept-terms', { privacy_policy: true, regulations: true });
  return { user, session };
}

before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
  adminId = (await call(t.app, admin, 'GET', '/api/v1/auth/me')).json().user._id;
  administrators = await categoryId(t.app, admin, 'Amministratori');
  soci = await categoryId(t.app, admin, 'Soci');
});
after(async () => {
  await t.close();
});

const refused = (res: { statusCode: number; json(): { code: string } }, code: string, step: string) => {
  assert.equal(res.statusCode, 403, step);
  assert.equal(res.json().code, code, step);
};

describe('privilege escalation by a registry clerk', () => {
  test('each step of the attack is refused: a * category, adding a right they lack, taking the admin category, touching the admin', async () => {
    const segreteria = await call(t.app, admin, 'POST', '/api/v1/user/category', {
      name: 'Segreteria',
      permissions: ['registry_access', 'book_session'],
    });
    assert.equal(segreteria.statusCode, 201);
    const { user: clerk, session } = await signedInUser(segreteria.json()._id);
    const before = (await call(t.app, admin, 'GET', '/api/v1/user/category?limit=0')).json().data;

    // 1. A category holding '*', or a permission the clerk lacks.
    refused(
      await call(t.app, session, 'POST', '/api/v1/user/category', { name: 'Superpoteri', permissions: ['*'] }),
      'PERMISSION_NOT_HELD',
      "create '*'",
    );
    refused(
      await call(t.app, session, 'POST', '/api/v1/user/category', { name: 'Cassa', permissions: ['finance_access'] }),
      'PERMISSION_NOT_HELD',
      'create finance_access',
    );
    // …or added to their own category.
    refused(
      await call(t.app, session, 'PATCH', `/api/v1/user/category/${segreteria.json()._id}`, {
        name: 'Segreteria',
        permissions: ['registry_access', 'book_session', '*'],
      }),
      'PERMISSION_NOT_HELD',
      "add '*' to own category",
    );
    // …or the administrators' category changed or deleted.
    refused(
      await call(t.app, session, 'PATCH', `/api/v1/user/category/${administrators}`, {
        name: 'Amministratori',
        description: 'preso',
        permissions: ['*'],
      }),
      'ADMINISTRATOR_PROTECTED',
      'edit the * category',
    );
    refused(await call(t.app, session, 'DELETE', `/api/v1/user/category/${administrators}`), 'ADMINISTRATOR_PROTECTED', 'delete the * category');
    assert.deepEqual((await call(t.app, admin, 'GET', '/api/v1/user/category?limit=0')).json().data, before, 'no category changed');

    // 2. The administrators' category given to themselves or to a new user.
    const clerkRow = (await call(t.app, admin, 'GET', `/api/v1/user/${clerk._id}`)).json();
    const selfPayload = { ...userPayload(administrators, { email: clerk.email, member_id: clerkRow.member_id }) };
    refused(await call(t.app, session, 'PATCH', `/api/v1/user/${clerk._id}`, selfPayload), 'PERMISSION_NOT_HELD', 'take the * category');
    refused(await call(t.app, session, 'POST', '/api/v1/user', userPayload(administrators)), 'PERMISSION_NOT_HELD', 'create a * user');
    assert.equal((await call(t.app, admin, 'GET', '/api/v1/user/me')).statusCode, 200);
    assert.deepEqual((await call(t.app, session, 'GET', '/api/v1/auth/me')).json().user.permissions.sort(), ['book_session', 'registry_access']);

    // 3. The administrator edited, deactivated, activated or deleted.
    const adminRow = (await call(t.app, admin, 'GET', `/api/v1/user/${adminId}`)).json();
    refused(
      await call(
        t.app,
        session,
        'PATCH',
        `/api/v1/user/${adminId}`,
        userPayload(soci, { email: 'preso@test.example', member_id: adminRow.member_id }),
      ),
      'ADMINISTRATOR_PROTECTED',
      'edit the admin',
    );
    refused(await call(t.app, session, 'PATCH', `/api/v1/user/${adminId}/deactivate`, {}), 'ADMINISTRATOR_PROTECTED', 'deactivate the admin');
    refused(await call(t.app, session, 'PATCH', `/api/v1/user/${adminId}/activate`), 'ADMINISTRATOR_PROTECTED', 'activate the admin');
    refused(await call(t.app, session, 'DELETE', `/api/v1/user/${adminId}`), 'ADMINISTRATOR_PROTECTED', 'delete the admin');
    const adminAfter = (await call(t.app, admin, 'GET', `/api/v1/user/${adminId}`)).json();
    assert.deepEqual(adminAfter, adminRow, 'the administrator is untouched');
    assert.equal((await call(t.app, admin, 'GET', '/api/v1/auth/me')).statusCode, 200, 'and still signed in');
  });

  test('what the clerk holds they may grant; a category holding rights they lack may be edited without adding any', async () => {
    const segreteria = await call(t.app, admin, 'POST', '/api/v1/user/category', {
      name: 'Segreteria 2',
      permissions: ['registry_access', 'book_session'],
    });
    const { session } = await signedInUser(segreteria.json()._id);
    const corsi = await call(t.app, session, 'POST', '/api/v1/user/category', { name: 'Corsisti', permissions: ['book_session'] });
    assert.equal(corsi.statusCode, 201, corsi.body);
    assert.equal((await call(t.app, session, 'POST', '/api/v1/user', userPayload(corsi.json()._id))).statusCode, 201);

    const cassa = await call(t.app, admin, 'POST', '/api/v1/user/category', { name: 'Cassa', permissions: ['finance_access'] });
    const renamed = await call(t.app, session, 'PATCH', `/api/v1/user/category/${cassa.json()._id}`, {
      name: 'Cassa',
      description: 'Tesoreria',
      permissions: ['finance_access'],
    });
    assert.equal(renamed.statusCode, 200, renamed.body);
    // A user moved into it gets finance_access: that is granting.
    const member = (await call(t.app, session, 'POST', '/api/v1/user', userPayload(soci))).json();
    refused(
      await call(
        t.app,
        session,
        'PATCH',
        `/api/v1/user/${member._id}`,
        userPayload(cassa.json()._id, { email: member.email, member_id: member.member_id }),
      ),
      'PERMISSION_NOT_HELD',
      'move a user into a category with finance_access',
    );
  });

  test("a '*' user does all of it", async () => {
    const second = await call(t.app, admin, 'POST', '/api/v1/user', userPayload(administrators));
    assert.equal(second.statusCode, 201);
    assert.equal((await call(t.app, admin, 'PATCH', `/api/v1/user/${second.json()._id}/deactivate`, {})).statusCode, 200);
    assert.equal((await call(t.app, admin, 'DELETE', `/api/v1/user/${second.json()._id}`)).statusCode, 204);
    const created = await call(t.app, admin, 'POST', '/api/v1/user/category', { name: 'Vice', permissions: ['*'] });
    assert.equal(created.statusCode, 201);
    assert.equal((await call(t.app, admin, 'DELETE', `/api/v1/user/category/${created.json()._id}`)).statusCode, 204);
  });
});
