import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ADMIN, MEMBER, type TestApp, build, call, login } from '../../../testing/helper';

let t: TestApp;
let admin: string;

const SAMPLE = path.join(import.meta.dirname, '..', '..', '..', '..', '..', 'docs', 'samples', 'fitet-esempio.csv');
const MISSING = '00000000-0000-4000-8000-000000000000';

interface Row {
  _id: string;
  member_id: string;
  card_type: string | null;
  category: string | null;
  start_date: string | null;
  end_date: string | null;
}

const list = async (): Promise<Row[]> => (await call(t.app, admin, 'GET', '/api/v1/user/fitet?sortBy=member_id')).json().data as Row[];

before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
  const form = new FormData();
  form.append('file', new Blob([fs.readFileSync(SAMPLE)]), 'fitet-esempio.csv');
  assert.equal((await call(t.app, admin, 'POST', '/api/v1/user/fitet', form)).statusCode, 200);
});
after(async () => {
  await t.close();
});

describe('FITET records edited and deleted one at a time (issue 26 item 14)', () => {
  test('PATCH corrects a record: the list shows the new values, the card code stays', async () => {
    const [first] = await list();
    const res = await call(t.app, admin, 'PATCH', `/api/v1/user/fitet/${first!._id}`, {
      card_type: 'Amatoriale',
      category: '4ª categoria',
      start_date: '2026-10-01',
      end_date: '2027-09-30',
    });
    assert.equal(res.statusCode, 200, res.body);
    const after = (await list()).find((r) => r._id === first!._id)!;
    assert.deepEqual(
      [after.member_id, after.card_type, after.category, after.start_date, after.end_date],
      [first!.member_id, 'Amatoriale', '4ª categoria', '2026-10-01', '2027-09-30'],
    );
  });

  test('an expiry before the issue date is refused with an Italian message and nothing changes', async () => {
    const [first] = await list();
    const res = await call(t.app, admin, 'PATCH', `/api/v1/user/fitet/${first!._id}`, { start_date: '2026-10-01', end_date: '2026-09-30' });
    assert.equal(res.statusCode, 400);
    assert.match(res.body, /La data di scadenza non può precedere la data di emissione/);
    assert.deepEqual(
      (await list()).find((r) => r._id === first!._id),
      first,
    );
  });

  test('DELETE removes one record; a second DELETE and a PATCH of it answer 404 FITET_RECORD_NOT_FOUND', async () => {
    const before = await list();
    const gone = before[1]!;
    assert.equal((await call(t.app, admin, 'DELETE', `/api/v1/user/fitet/${gone._id}`)).statusCode, 204);
    assert.deepEqual(
      (await list()).map((r) => r._id),
      before.filter((r) => r._id !== gone._id).map((r) => r._id),
    );
    const again = await call(t.app, admin, 'DELETE', `/api/v1/user/fitet/${gone._id}`);
    assert.equal(again.statusCode, 404);
    assert.equal(again.json().code, 'FITET_RECORD_NOT_FOUND');
    const patch = await call(t.app, admin, 'PATCH', `/api/v1/user/fitet/${MISSING}`, { card_type: 'Agonistica' });
    assert.equal(patch.json().code, 'FITET_RECORD_NOT_FOUND');
  });

  test('without a session 401, as a member without registry_access 403; the record is untouched', async () => {
    const before = await list();
    const target = before[0]!;
    const member = await login(t.app, MEMBER);
    for (const [cookie, status] of [
      [null, 401],
      [member, 403],
    ] as const) {
      assert.equal((await call(t.app, cookie, 'PATCH', `/api/v1/user/fitet/${target._id}`, { card_type: 'X' })).statusCode, status);
      assert.equal((await call(t.app, cookie, 'DELETE', `/api/v1/user/fitet/${target._id}`)).statusCode, status);
    }
    assert.deepEqual(await list(), before);
  });
});
