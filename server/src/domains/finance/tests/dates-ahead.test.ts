import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ADMIN, MEMBER, type TestApp, build, call, login } from '../../../testing/helper';
import { type TestChart, charge, makeChart, trialBalance, userIds } from './helpers';

// The club's today is TEST_NOW's day, 25/11/2026 (test-kit/src/test-now.json): a payment may be dated, and a manual
// accounting entry registered, up to 30 days ahead, 25/12/2026 (issue 26 item 7: a payment dated 2030 opened a
// 2029-2030 ledger year).
let t: TestApp;
let admin: string;
let chart: TestChart;
let chargeId: string;

before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
  chart = await makeChart(t.app, admin);
  const [created] = await charge(t.app, admin, [(await userIds(t.app, admin)).get(MEMBER.email)!], chart.category, 100);
  chargeId = created!._id;
});
after(async () => {
  await t.close();
});

const pay = (payment_date: string, paymentId?: string) =>
  call(t.app, admin, paymentId ? 'PATCH' : 'POST', `/api/v1/finance/member-charge/${chargeId}/payment${paymentId ? `/${paymentId}` : ''}`, {
    amount_paid: 10,
    payment_date,
    payment_type: 'cash',
  });

test('a payment dated more than 30 days after today is refused with its Italian text; no ledger year opens', async () => {
  for (const date of ['2026-12-26', '2030-10-01']) {
    const refused = await pay(date);
    assert.equal(refused.statusCode, 400, date);
    assert.deepEqual(
      [refused.json().code, refused.json().message],
      ['PAYMENT_DATE_TOO_FAR', 'La data del pagamento è troppo avanti: al massimo 30 giorni da oggi.'],
    );
  }
  assert.equal((await call(t.app, admin, 'GET', `/api/v1/finance/member-charge/${chargeId}/payments`)).json().data.length, 0);
  assert.equal((await trialBalance(t.app, admin, '2029-2030')).data.length, 0);
  assert.equal((await trialBalance(t.app, admin, '2030-2031')).data.length, 0);
});

test('the 30th day ahead, today and a past date are taken; moving a payment to 2030 is refused and it keeps its date', async () => {
  const last = await pay('2026-12-25');
  assert.equal(last.statusCode, 201, last.body);
  assert.equal((await pay('2026-11-25')).statusCode, 201);
  assert.equal((await pay('2019-03-01')).statusCode, 201);
  const moved = await pay('2030-01-15', last.json()._id);
  assert.equal(moved.statusCode, 400);
  assert.equal(moved.json().code, 'PAYMENT_DATE_TOO_FAR');
  const payments = (await call(t.app, admin, 'GET', `/api/v1/finance/member-charge/${chargeId}/payments`)).json().data as { payment_date: string }[];
  assert.deepEqual(payments.map((p) => p.payment_date).sort(), ['2019-03-01', '2026-11-25', '2026-12-25']);
});

const ENTRY_TOO_FAR = ['ENTRY_DATE_TOO_FAR', 'La data di registrazione è troppo avanti: al massimo 30 giorni da oggi.'];

const entry = (registration_date: string) => ({
  fiscal_year: '2026-2027',
  registration_date,
  payment_type: 'cash',
  subaccount: chart.equipment,
  description: 'Palline (data lontana)',
  taxable_amount: 10,
});

test('a manual entry, single or multi-line, registered more than 30 days after today is refused with its Italian text', async () => {
  const before = (await trialBalance(t.app, admin, '2026-2027')).totals.debit;
  for (const date of ['2026-12-26', '2030-10-01']) {
    const single = await call(t.app, admin, 'POST', '/api/v1/finance/accounting-entry', entry(date));
    assert.deepEqual([single.statusCode, single.json().code, single.json().message], [400, ...ENTRY_TOO_FAR], date);
    const { subaccount, description, taxable_amount, ...head } = entry(date);
    const complex = await call(t.app, admin, 'POST', '/api/v1/finance/accounting-entry/complex', {
      ...head,
      items: [{ subaccount, description, taxable_amount }],
    });
    assert.deepEqual([complex.statusCode, complex.json().code], [400, 'ENTRY_DATE_TOO_FAR'], date);
  }
  assert.equal((await trialBalance(t.app, admin, '2026-2027')).totals.debit, before, 'nothing posted');
});

test('the 30th day ahead and a past date are taken; moving an entry past it is refused, keeping its day is not', async () => {
  const last = await call(t.app, admin, 'POST', '/api/v1/finance/accounting-entry', entry('2026-12-25'));
  assert.equal(last.statusCode, 201, last.body);
  assert.equal((await call(t.app, admin, 'POST', '/api/v1/finance/accounting-entry', entry('2019-03-01'))).statusCode, 201);
  const id = last.json()._id;
  const moved = await call(t.app, admin, 'PATCH', `/api/v1/finance/accounting-entry/${id}`, entry('2027-02-01'));
  assert.deepEqual([moved.statusCode, moved.json().code], [400, 'ENTRY_DATE_TOO_FAR']);
  const kept = await call(t.app, admin, 'PATCH', `/api/v1/finance/accounting-entry/${id}`, { ...entry('2026-12-25'), taxable_amount: 12 });
  assert.equal(kept.statusCode, 200, kept.body);
  assert.deepEqual([kept.json().registration_date, kept.json().total], ['2026-12-25', 12]);
});
