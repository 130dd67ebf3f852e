import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ADMIN, MEMBER, type TestApp, build, call, categoryId, login, userPayload } from '../../../testing/helper';

let t: TestApp;
let admin: string;
let users: { _id: string; email: string; surname: string }[];

before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
  users = (await call(t.app, admin, 'GET', '/api/v1/user?limit=500')).json().data;
});
after(async () => {
  await t.close();
});

const userId = (email: string) => users.find((u) => u.email === email)!._id;
const group = (overrides: Record<string, unknown> = {}) => ({
  description: 'Agonisti del martedì',
  trainer: userId(ADMIN.email),
  week_days: [2, 4],
  start_time: '18:00',
  end_time: '20:00',
  max_trainees: 2,
  ...overrides,
});

describe('training groups', () => {
  test('a group with two trainees: the maximum, a second enrollment and a deletion with trainees are refused', async () => {
    const created = await call(t.app, admin, 'POST', '/api/v1/user/training-group', group());
    assert.equal(created.statusCode, 201, created.body);
    const g = created.json();
    assert.deepEqual([g.week_days, g.enrollments, g.trainer._id], [[2, 4], 0, userId(ADMIN.email)]);

    const marco = userId(MEMBER.email);
    const giulia = userId('giulia.bianchi@circolo.example');
    const luca = userId('luca.ferrari@circolo.example');
    const first = await call(t.app, admin, 'POST', `/api/v1/user/training-group/${g._id}/user/${marco}`, {
      cost: 35.5,
      enrollment_date: '2026-09-01',
    });
    assert.equal(first.statusCode, 201, first.body);
    assert.equal(first.json().cost, 35.5);
    // The demo club gives Marco an approved medical certificate.
    const medical = first.json().trainee.medical_certificate;
    assert.equal(medical.status, 'approved');
    assert.match(medical.current_end_date, /^\d{4}-\d\d-\d\d$/);
    assert.equal(
      (await call(t.app, admin, 'POST', `/api/v1/user/training-group/${g._id}/user/${giulia}`, { cost: 35, enrollment_date: '2026-09-01' }))
        .statusCode,
      201,
    );

    const twice = await call(t.app, admin, 'POST', `/api/v1/user/training-group/${g._id}/user/${marco}`, { cost: 35, enrollment_date: '2026-09-01' });
    assert.equal(twice.statusCode, 409);
    assert.equal(twice.json().code, 'ALREADY_ENROLLED');
    const full = await call(t.app, admin, 'POST', `/api/v1/user/training-group/${g._id}/user/${luca}`, { cost: 35, enrollment_date: '2026-09-01' });
    assert.equal(full.statusCode, 409);
    assert.equal(full.json().message, 'Il gruppo di allenamento ha già raggiunto il numero massimo di partecipanti (2)');

    const participants = (await call(t.app, admin, 'GET', `/api/v1/user/training-group/${g._id}/participants`)).json().data;
    assert.deepEqual(
      participants.map((p: { trainee: { surname: string } }) => p.trainee.surname),
      ['Bianchi', 'Rossi'],
    );
    assert.equal((await call(t.app, admin, 'GET', `/api/v1/user/training-group/${g._id}`)).json().enrollments, 2);

    const edit = await call(t.app, admin, 'PATCH', `/api/v1/user/training-group/enrollment/${first.json()._id}`, {
      cost: 40.1,
      enrollment_date: '2026-10-01',
    });
    assert.deepEqual([edit.json().cost, edit.json().enrollment_date], [40.1, '2026-10-01']);
    assert.match(
      (
        await call(t.app, admin, 'PATCH', `/api/v1/user/training-group/enrollment/${first.json()._id}`, {
          cost: 1.234,
          enrollment_date: '2026-10-01',
        })
      ).json().message,
      /^cost: Sono ammessi al massimo due decimali/,
    );

    const lower = await call(t.app, admin, 'PATCH', `/api/v1/user/training-group/${g._id}`, group({ max_trainees: 1 }));
    assert.equal(lower.json().message, 'max_trainees: Il gruppo ha già 2 partecipanti iscritti');

    const refused = await call(t.app, admin, 'DELETE', `/api/v1/user/training-group/${g._id}`);
    assert.equal(refused.statusCode, 409);
    assert.deepEqual(refused.json(), {
      code: 'TRAINING_GROUP_HAS_ENROLLMENTS',
      message: 'Cannot delete training group as it has active enrollments',
    });

    for (const id of [marco, giulia])
      assert.equal((await call(t.app, admin, 'DELETE', `/api/v1/user/training-group/${g._id}/user/${id}`)).statusCode, 204);
    assert.equal((await call(t.app, admin, 'DELETE', `/api/v1/user/training-group/${g._id}`)).statusCode, 204);
  });

  test('bad input is refused with the field named', async () => {
    for (const [change, message] of [
      [{ end_time: '17:00' }, /^end_time: L'ora di fine deve essere successiva all'ora di inizio/],
      [{ week_days: [] }, /^week_days: Campo obbligatorio/],
      [{ week_days: [7] }, /^week_days\.0: Giorno non valido/],
      [{ max_trainees: 0 }, /^max_trainees: Il valore deve essere compreso tra 1 e infinito/],
      [{ start_time: '25:00' }, /^start_time:/],
      [{ trainer: '00000000-0000-4000-8000-000000000000' }, /^trainer: Utente non trovato/],
    ] as const) {
      const res = await call(t.app, admin, 'POST', '/api/v1/user/training-group', group(change));
      assert.equal(res.statusCode, 400, JSON.stringify(change));
      assert.match(res.json().message, message);
    }
    const g = (await call(t.app, admin, 'POST', '/api/v1/user/training-group', group())).json();
    const unknown = await call(t.app, admin, 'POST', `/api/v1/user/training-group/${g._id}/user/00000000-0000-4000-8000-000000000000`, {
      cost: 1,
      enrollment_date: '2026-09-01',
    });
    assert.equal(unknown.json().message, 'user: Utente non trovato');
    assert.equal((await call(t.app, await login(t.app, MEMBER), 'GET', '/api/v1/user/training-group')).statusCode, 403);
  });

  test('twelve trainees racing for three places: exactly three are enrolled', async () => {
    const soci = await categoryId(t.app, admin, 'Soci');
    const g = (await call(t.app, admin, 'POST', '/api/v1/user/training-group', group({ max_trainees: 3 }))).json();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await call(t.app, admin, 'POST', '/api/v1/user', userPayload(soci))).json()._id);
    const answers = await Promise.all(
      ids.map((id) => call(t.app, admin, 'POST', `/api/v1/user/training-group/${g._id}/user/${id}`, { cost: 10, enrollment_date: '2026-09-01' })),
    );
    assert.equal(answers.filter((a) => a.statusCode === 201).length, 3);
    assert.ok(answers.filter((a) => a.statusCode !== 201).every((a) => a.json().code === 'TRAINING_GROUP_FULL'));
    assert.equal((await call(t.app, admin, 'GET', `/api/v1/user/training-group/${g._id}/participants`)).json().data.length, 3);
  });
});
