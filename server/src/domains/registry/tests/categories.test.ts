import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ADMIN, MEMBER, type TestApp, build, call, categoryId, login, userPayload } from '../../../testing/helper';

let t: TestApp;
let admin: string;

before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
});
after(async () => {
  await t.close();
});

describe('categories', () => {
  test('the seeded categories carry their permissions', async () => {
    const { data, meta } = (await call(t.app, admin, 'GET', '/api/v1/user/category?limit=300')).json();
    const byName = Object.fromEntries(data.map((c: { name: string; permissions: string[] }) => [c.name, c.permissions]));
    assert.deepEqual(byName.Amministratori, ['*']);
    assert.deepEqual(byName.Soci, ['book_session']);
    assert.deepEqual(byName.Minorenne, ['book_session']);
    assert.equal(meta.totalItems, data.length);
    assert.equal((await call(t.app, admin, 'GET', '/api/v1/user/category?limit=501')).statusCode, 400);
  });

  test('create, edit and delete; a member takes the permissions of their category at once', async () => {
    const rules = (await call(t.app, admin, 'GET', '/api/v1/user/reservation-rule?limit=300')).json().data;
    const classes = (await call(t.app, admin, 'GET', '/api/v1/user/mailing-list/classes?limit=300')).json().data;
    const created = await call(t.app, admin, 'POST', '/api/v1/user/category', {
      name: 'Istruttori',
      description: 'Allenatori del circolo',
      permissions: ['book_session', 'bookings_access'],
      reservation_rules: [rules[0]._id],
      mailing_list_classes: [classes[0]._id],
    });
    assert.equal(created.statusCode, 201, created.body);
    const category = created.json();
    assert.deepEqual(category.permissions, ['book_session', 'bookings_access']);
    assert.deepEqual(category.reservation_rules, [{ _id: rules[0]._id, name: rules[0].name }]);
    assert.deepEqual(category.mailing_list_classes, [{ _id: classes[0]._id, name: classes[0].name }]);

    const duplicate = await call(t.app, admin, 'POST', '/api/v1/user/category', { name: 'Istruttori' });
    assert.equal(duplicate.statusCode, 409);
    const blank = await call(t.app, admin, 'POST', '/api/v1/user/category', { name: ' ' });
    assert.equal(blank.statusCode, 400);
    assert.match(blank.json().message, /name: Campo obbligatorio/);
    const badPermission = await call(t.app, admin, 'POST', '/api/v1/user/category', { name: 'X', permissions: ['root'] });
    assert.equal(badPermission.statusCode, 400);
    assert.match(badPermission.json().message, /permissions\.0/);
    const tooMany = await call(t.app, admin, 'POST', '/api/v1/user/category', {
      name: 'Y',
      reservation_rules: Array.from({ length: 6 }, () => rules[0]._id),
    });
    assert.equal(tooMany.statusCode, 400);

    // Move a member into the new category: their next request sees bookings_access.
    const marco = (await call(t.app, admin, 'GET', `/api/v1/user?q=${MEMBER.email}`)).json().data[0];
    const payload = userPayload(category._id, {
      ...Object.fromEntries(Object.entries(marco).filter(([k]) => Object.hasOwn(userPayload(''), k))),
      category: category._id,
      qualifications: [],
      reservation_rules: [],
      mailing_list_classes: [],
      fiscal_code: marco.fiscal_code,
      email: marco.email,
    });
    const session = await login(t.app, MEMBER);
    assert.equal((await call(t.app, admin, 'PATCH', `/api/v1/user/${marco._id}`, payload)).statusCode, 200);
    assert.deepEqual((await call(t.app, session, 'GET', '/api/v1/auth/me')).json().user.permissions, ['book_session', 'bookings_access']);
    // bookings_access reads the qualifications (session form) but not the other registry lists.
    assert.equal((await call(t.app, session, 'GET', '/api/v1/user/qualification?limit=300')).statusCode, 200);
    assert.equal((await call(t.app, session, 'GET', '/api/v1/user/reservation-rule')).statusCode, 403);

    const edited = await call(t.app, admin, 'PATCH', `/api/v1/user/category/${category._id}`, {
      name: 'Istruttori federali',
      permissions: ['book_session'],
    });
    assert.equal(edited.statusCode, 200);
    assert.equal(edited.json().name, 'Istruttori federali');
    assert.deepEqual(edited.json().reservation_rules, []);
    assert.deepEqual((await call(t.app, session, 'GET', '/api/v1/auth/me')).json().user.permissions, ['book_session']);

    const inUse = await call(t.app, admin, 'DELETE', `/api/v1/user/category/${category._id}`);
    assert.equal(inUse.statusCode, 409);
    assert.match(inUse.json().message, /utenti associati/);

    const soci = await categoryId(t.app, admin, 'Soci');
    assert.equal((await call(t.app, admin, 'PATCH', `/api/v1/user/${marco._id}`, { ...payload, category: soci })).statusCode, 200);
    assert.equal((await call(t.app, admin, 'DELETE', `/api/v1/user/category/${category._id}`)).statusCode, 204);
    assert.equal((await call(t.app, admin, 'GET', `/api/v1/user/category/${category._id}`)).statusCode, 404);
    assert.equal((await call(t.app, admin, 'DELETE', `/api/v1/user/category/${category._id}`)).statusCode, 404);
  });

  test('search and sort', async () => {
    const names = async (query: string) =>
      (await call(t.app, admin, 'GET', `/api/v1/user/category?limit=0${query}`)).json().data.map((c: { name: string }) => c.name);
    assert.deepEqual(await names('&q=minor'), ['Minorenne']);
    assert.deepEqual(await names('&q=consiglio'), ['Amministratori']);
    const desc = await names('&sortBy=name&order=desc');
    assert.deepEqual(desc, [...desc].sort().reverse());
  });
});

describe('reference lists', () => {
  test('qualifications, booking rules and mailing-list classes are paged lists with their fields', async () => {
    const quals = (await call(t.app, admin, 'GET', '/api/v1/user/qualification?limit=300&sortBy=priority&order=desc')).json();
    assert.deepEqual(
      quals.data.map((q: { name: string; priority: number }) => [q.name, q.priority]),
      [
        ['Agonista', 10],
        ['Amatore', 5],
        ['Allievo corso', 1],
      ],
    );
    assert.equal(quals.data[0].reservation_rules[0].name, 'Agonisti');
    assert.match(quals.data[0].color, /^#[0-9a-f]{6}$/);

    const rules = (await call(t.app, admin, 'GET', '/api/v1/user/reservation-rule?q=standard')).json();
    assert.equal(rules.meta.totalItems, 1);
    const standard = rules.data[0];
    assert.equal(standard.max_rounds_per_week, 3);
    assert.equal(standard.week_start_day, 1);
    assert.deepEqual(
      standard.unlock_times.map((u: { day: number; hour: string; num_shifts: number }) => [u.day, u.hour, u.num_shifts]),
      [
        [1, '09:00', 2],
        [4, '09:00', 1],
      ],
    );

    const classes = (await call(t.app, admin, 'GET', '/api/v1/user/mailing-list/classes?limit=1&page=2&sortBy=name')).json();
    assert.deepEqual(classes.meta, { totalItems: 3, totalPages: 3, currentPage: 2, itemsPerPage: 1 });
    assert.equal(classes.data[0].name, 'Offerte e promozioni');
    assert.equal(classes.data[0].type, 'COMMERCIALE');
    assert.equal(classes.data[0].is_default, false);
  });
});
