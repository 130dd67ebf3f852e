import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ADMIN, MEMBER, type TestApp, build, call, categoryId, login, userPayload } from '../../../testing/helper';

let t: TestApp;
let admin: string;
let member: string;

before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
  member = await login(t.app, MEMBER);
});
after(async () => {
  await t.close();
});

const RULE = {
  name: 'Serale',
  description: 'Turni della sera',
  max_rounds_per_week: 3,
  max_rounds_per_day: 1,
  hours_before_booking_to_ignore_rules: 2,
  hours_before_booking_to_cancel: 24,
  week_start_day: 1,
  week_end_day: 0,
  unlock_times: [
    { day: 1, hour: '18:00', num_shifts: 2 },
    { day: 3, hour: '09:30', num_shifts: 1 },
  ],
};

describe('booking rules (/user/reservation-rule)', () => {
  test('create with two unlock times, edit replaces them, delete', async () => {
    const created = await call(t.app, admin, 'POST', '/api/v1/user/reservation-rule', RULE);
    assert.equal(created.statusCode, 201, created.body);
    const rule = created.json();
    assert.deepEqual(
      rule.unlock_times.map(({ day, hour, num_shifts }: { day: number; hour: string; num_shifts: number }) => ({ day, hour, num_shifts })),
      RULE.unlock_times,
    );
    const edited = await call(t.app, admin, 'PATCH', `/api/v1/user/reservation-rule/${rule._id}`, {
      ...RULE,
      max_rounds_per_week: 4,
      unlock_times: [{ day: 5, hour: '20:15', num_shifts: 3 }],
    });
    assert.equal(edited.statusCode, 200, edited.body);
    assert.equal(edited.json().max_rounds_per_week, 4);
    assert.equal(edited.json().unlock_times.length, 1);
    assert.equal(edited.json().unlock_times[0].hour, '20:15');
    assert.equal((await call(t.app, admin, 'DELETE', `/api/v1/user/reservation-rule/${rule._id}`)).statusCode, 204);
    assert.equal((await call(t.app, admin, 'GET', `/api/v1/user/reservation-rule/${rule._id}`)).statusCode, 404);
  });

  test('bad input is refused with the field named and nothing saved', async () => {
    const before = (await call(t.app, admin, 'GET', '/api/v1/user/reservation-rule?limit=0')).json().meta.totalItems;
    for (const [change, field] of [
      [{ week_start_day: 7 }, 'week_start_day'],
      [{ max_rounds_per_day: 1.5 }, 'max_rounds_per_day'],
      [{ max_rounds_per_week: -1 }, 'max_rounds_per_week'],
      [{ unlock_times: [{ day: 1, hour: '25:00', num_shifts: 1 }] }, 'unlock_times.0.hour'],
      [{ unlock_times: [{ day: 1, hour: '18:00', num_shifts: 0 }] }, 'unlock_times.0.num_shifts'],
      [{ name: '   ' }, 'name'],
    ] as const) {
      const res = await call(t.app, admin, 'POST', '/api/v1/user/reservation-rule', { ...RULE, ...change });
      assert.equal(res.statusCode, 400, JSON.stringify(change));
      assert.equal(res.json().code, 'VALIDATION_FAILED');
      assert.match(res.json().message, new RegExp(`^${field.replace('.', '\\.')}:`), res.body);
    }
    // Issue 44 item 9: 1,000,000 hours before the session was stored; the hours are bounded to 30 days (720).
    for (const field of ['hours_before_booking_to_cancel', 'hours_before_booking_to_ignore_rules'] as const) {
      const res = await call(t.app, admin, 'POST', '/api/v1/user/reservation-rule', { ...RULE, [field]: 1_000_000 });
      assert.equal(res.statusCode, 400, res.body);
      assert.deepEqual(res.json(), { code: 'VALIDATION_FAILED', message: `${field}: Il valore deve essere compreso tra 0 e 720 (30 giorni)` });
      const edge = await call(t.app, admin, 'POST', '/api/v1/user/reservation-rule', { ...RULE, name: `Limite ${field}`, [field]: 720 });
      assert.equal(edge.statusCode, 201, edge.body);
      assert.equal((await call(t.app, admin, 'DELETE', `/api/v1/user/reservation-rule/${edge.json()._id}`)).statusCode, 204);
    }
    const { name: _n, ...withoutName } = RULE;
    assert.equal((await call(t.app, admin, 'POST', '/api/v1/user/reservation-rule', withoutName)).json().message, 'name: Campo obbligatorio');
    assert.equal((await call(t.app, admin, 'GET', '/api/v1/user/reservation-rule?limit=0')).json().meta.totalItems, before);
  });
});

describe('qualifications (/user/qualification)', () => {
  test('create, edit and list sorted by priority; priority 0–255; at most 5 rules; unknown rule refused', async () => {
    const rules = (await call(t.app, admin, 'GET', '/api/v1/user/reservation-rule?limit=500')).json().data;
    const created = await call(t.app, admin, 'POST', '/api/v1/user/qualification', {
      name: 'Istruttore',
      color: '#AA3300',
      priority: 200,
      reservation_rules: [rules[0]._id],
      mailing_list_classes: [],
    });
    assert.equal(created.statusCode, 201, created.body);
    assert.equal(created.json().color, '#aa3300');
    assert.deepEqual(created.json().reservation_rules, [{ _id: rules[0]._id, name: rules[0].name }]);
    const defaults = await call(t.app, admin, 'POST', '/api/v1/user/qualification', { name: 'Ospite', color: '#000000' });
    assert.equal(defaults.statusCode, 201, defaults.body);
    assert.equal(defaults.json().priority, 0);

    const sorted = (await call(t.app, admin, 'GET', '/api/v1/user/qualification?limit=500&sortBy=priority&order=desc')).json().data;
    assert.equal(sorted[0].name, 'Istruttore');

    for (const [body, message] of [
      [{ name: 'X', color: '#000000', priority: 256 }, /^priority: Il valore deve essere compreso tra 0 e 255/],
      [{ name: 'X', color: 'rosso' }, /^color:/],
      [{ color: '#000000' }, /^name: Campo obbligatorio/],
      [
        { name: 'X', color: '#000000', reservation_rules: Array.from({ length: 6 }, () => rules[0]._id) },
        /^reservation_rules: Puoi selezionare al massimo 5 elementi/,
      ],
      [
        { name: 'X', color: '#000000', reservation_rules: ['00000000-0000-4000-8000-000000000000'] },
        /^reservation_rules: Regola di prenotazione non trovata/,
      ],
    ] as const) {
      const res = await call(t.app, admin, 'POST', '/api/v1/user/qualification', body);
      assert.equal(res.statusCode, 400, res.body);
      assert.match(res.json().message, message);
    }
    const taken = await call(t.app, admin, 'POST', '/api/v1/user/qualification', { name: 'Istruttore', color: '#000000' });
    assert.equal(taken.statusCode, 409);
    assert.equal(taken.json().code, 'QUALIFICATION_NAME_TAKEN');

    const edited = await call(t.app, admin, 'PATCH', `/api/v1/user/qualification/${created.json()._id}`, {
      name: 'Istruttrice',
      color: '#112233',
      priority: 5,
    });
    assert.equal(edited.statusCode, 200, edited.body);
    assert.deepEqual([edited.json().name, edited.json().priority, edited.json().reservation_rules], ['Istruttrice', 5, []]);
  });

  test('deleting a qualification or rule still assigned answers 409 saying who holds it; free ones go', async () => {
    const soci = await categoryId(t.app, admin, 'Soci');
    const q = (await call(t.app, admin, 'POST', '/api/v1/user/qualification', { name: 'Tenuta', color: '#000000' })).json();
    const rule = (await call(t.app, admin, 'POST', '/api/v1/user/reservation-rule', { ...RULE, name: 'Tenuta' })).json();
    const user = await call(t.app, admin, 'POST', '/api/v1/user', userPayload(soci, { qualifications: [q._id], reservation_rules: [rule._id] }));
    assert.equal(user.statusCode, 201, user.body);

    const refusedQ = await call(t.app, admin, 'DELETE', `/api/v1/user/qualification/${q._id}`);
    assert.equal(refusedQ.statusCode, 409);
    assert.deepEqual(refusedQ.json(), { code: 'QUALIFICATION_IN_USE', message: 'Impossibile eliminare la qualifica: è assegnata a 1 utente.' });
    const refusedR = await call(t.app, admin, 'DELETE', `/api/v1/user/reservation-rule/${rule._id}`);
    assert.equal(refusedR.statusCode, 409);
    assert.equal(refusedR.json().message, 'Impossibile eliminare la regola di prenotazione: è assegnata a 1 utente.');
    // Still there, still linked.
    assert.equal((await call(t.app, admin, 'GET', `/api/v1/user/${user.json()._id}`)).json().qualifications[0]._id, q._id);

    assert.equal((await call(t.app, admin, 'DELETE', `/api/v1/user/${user.json()._id}`)).statusCode, 204);
    assert.equal((await call(t.app, admin, 'DELETE', `/api/v1/user/qualification/${q._id}`)).statusCode, 204);
    assert.equal((await call(t.app, admin, 'DELETE', `/api/v1/user/reservation-rule/${rule._id}`)).statusCode, 204);
    assert.equal((await call(t.app, admin, 'DELETE', `/api/v1/user/qualification/${q._id}`)).json().code, 'QUALIFICATION_NOT_FOUND');
  });
  test('deleting a qualification that a training session requires answers 409 QUALIFICATION_REQUIRED_BY_SESSIONS', async () => {
    const q = (await call(t.app, admin, 'POST', '/api/v1/user/qualification', { name: 'Richiesta', color: '#000000' })).json();
    const tables = (await call(t.app, admin, 'GET', '/api/v1/training-session/game-tables')).json().data as { _id: string }[];
    const session = await call(t.app, admin, 'POST', '/api/v1/training-session', {
      title: 'Solo per chi la ha',
      day: '2027-03-24',
      // In the morning: the demo club's evening sessions take table 1 from 18:00 (sessions never overlap on a table).
      start_time: '08:00',
      end_time: '09:30',
      participant_qualifications: [q._id],
      game_tables: [tables[0]!._id],
    });
    assert.equal(session.statusCode, 201, session.body);

    const refused = await call(t.app, admin, 'DELETE', `/api/v1/user/qualification/${q._id}`);
    assert.equal(refused.statusCode, 409);
    assert.deepEqual(refused.json(), {
      code: 'QUALIFICATION_REQUIRED_BY_SESSIONS',
      message: 'Impossibile eliminare la qualifica: è richiesta da turni di allenamento.',
    });
    assert.equal((await call(t.app, admin, 'GET', `/api/v1/user/qualification/${q._id}`)).statusCode, 200);

    const [created] = session.json().data as { _id: string }[];
    assert.equal((await call(t.app, admin, 'DELETE', `/api/v1/training-session/${created!._id}`)).statusCode, 204);
    assert.equal((await call(t.app, admin, 'DELETE', `/api/v1/user/qualification/${q._id}`)).statusCode, 204);
  });
});

describe('mailing-list classes (/user/mailing-list/classes)', () => {
  test('create with the first of a list of types, edit, refuse an unknown type, delete unless held by a category', async () => {
    const created = await call(t.app, admin, 'POST', '/api/v1/user/mailing-list/classes', {
      name: 'Newsletter',
      type: ['COMMERCIALE', 'INFORMATIVA'],
      is_default: false,
    });
    assert.equal(created.statusCode, 201, created.body);
    assert.equal(created.json().type, 'COMMERCIALE');
    const bad = await call(t.app, admin, 'POST', '/api/v1/user/mailing-list/classes', { name: 'X', type: 'PUBBLICITÀ' });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.json().message, /^type:/);

    const category = await call(t.app, admin, 'POST', '/api/v1/user/category', {
      name: 'Lettori',
      permissions: [],
      reservation_rules: [],
      mailing_list_classes: [created.json()._id],
    });
    assert.equal(category.statusCode, 201, category.body);
    const refused = await call(t.app, admin, 'DELETE', `/api/v1/user/mailing-list/classes/${created.json()._id}`);
    assert.equal(refused.json().message, 'Impossibile eliminare la classe di mailing list: è assegnata a 1 categoria.');
    assert.equal((await call(t.app, admin, 'DELETE', `/api/v1/user/category/${category.json()._id}`)).statusCode, 204);
    assert.equal((await call(t.app, admin, 'DELETE', `/api/v1/user/mailing-list/classes/${created.json()._id}`)).statusCode, 204);
  });
});

describe('access and downloads', () => {
  test('a member is refused every call; downloads are real files', async () => {
    for (const path of ['/api/v1/user/qualification', '/api/v1/user/reservation-rule', '/api/v1/user/mailing-list/classes']) {
      assert.equal((await call(t.app, member, 'GET', path)).statusCode, 403, path);
      assert.equal((await call(t.app, member, 'POST', path, {})).statusCode, 403, path);
      assert.equal((await call(t.app, null, 'GET', path)).statusCode, 401, path);
      const csv = await call(t.app, admin, 'GET', `${path}/export?format=csv`);
      assert.equal(csv.statusCode, 200, path);
      assert.match(String(csv.headers['content-disposition']), /attachment; filename=".+\.csv"/);
      assert.match(csv.body, /^\uFEFFNome;Descrizione/);
      const pdf = await call(t.app, admin, 'GET', `${path}/export?format=pdf`);
      assert.equal(pdf.rawPayload.subarray(0, 5).toString(), '%PDF-');
    }
    const rules = await call(t.app, admin, 'GET', '/api/v1/user/reservation-rule/export?format=csv');
    assert.match(rules.body, /"Lun 09:00 · 2 turni; Gio 09:00 · 1 turno"/);
    // Issue 42: the rule's fair-play fields, a limit left blank empty.
    assert.match(
      rules.body.split('\n')[0]!,
      /Assenze prima della sospensione.*Annullamenti tardivi prima della sospensione.*Giorni di conteggio.*Giorni di sospensione/,
    );
  });
});
