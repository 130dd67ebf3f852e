/**
 * Property: whatever sequence of payments, edits and deletions (and manual movements among them) the treasurer
 * records (some refused), the trial balance stays balanced to the cent and every charge's remaining amount is its amount due minus the sum of its
 * payments — checked against a model kept in integer cents.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { ADMIN, MEMBER, OTHER_MEMBER, type TestApp, build, call, login } from '../../../testing/helper';
import { type TestChart, charge, makeChart, trialBalance, userIds } from './helpers';

let t: TestApp;
let admin: string;
let chart: TestChart;
let members: string[];
let totalPaid = 0;

before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
  chart = await makeChart(t.app, admin);
  const users = await userIds(t.app, admin);
  members = [MEMBER.email, OTHER_MEMBER.email, 'luca.ferrari@circolo.example'].map((e) => users.get(e)!);
});
after(async () => {
  await t.close();
});

const TYPES = ['cash', 'bank_mps', 'bank_bcc'] as const;
/** Dates over two fiscal years (a payment moved across 1 September changes its entry's year). */
const DATES = ['2021-08-20', '2021-09-01', '2021-12-31', '2022-03-15', '2022-09-10'];

type Op =
  | { kind: 'pay'; charge: number; cents: number; type: number; date: number }
  | { kind: 'edit'; pick: number; cents: number; type: number; date: number }
  | { kind: 'delete'; pick: number }
  | { kind: 'movement'; lines: { sub: number; cents: number; vat: number }[]; type: number; date: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('pay' as const),
    charge: fc.nat(2),
    cents: fc.integer({ min: 1, max: 9_000 }),
    type: fc.nat(2),
    date: fc.nat(DATES.length - 1),
  }),
  fc.record({
    kind: fc.constant('edit' as const),
    pick: fc.nat(50),
    cents: fc.integer({ min: 1, max: 9_000 }),
    type: fc.nat(2),
    date: fc.nat(DATES.length - 1),
  }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat(50) }),
  fc.record({
    kind: fc.constant('movement' as const),
    lines: fc.array(fc.record({ sub: fc.nat(2), cents: fc.integer({ min: 0, max: 50_000 }), vat: fc.integer({ min: 0, max: 11_000 }) }), {
      minLength: 1,
      maxLength: 4,
    }),
    type: fc.nat(2),
    date: fc.nat(DATES.length - 1),
  }),
);

test('random payments, edits and deletions keep the books balanced and every remaining amount exact', async () => {
  let run = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
      run++;
      // Fresh charges each run: due amounts with odd cents, so rounding would show.
      const dues = [100.07, 55.55, 12.34];
      const charges = await Promise.all(dues.map((due, i) => charge(t.app, admin, [members[i]!], chart.category, due).then((c) => c[0]!._id)));
      const model = charges.map((id, i) => ({ id, due: Math.round(dues[i]! * 100), payments: new Map<string, number>() }));

      for (const o of ops) {
        if (o.kind === 'movement') {
          // A cost, a liability or a cash line: the revenue subaccount stays the payments' alone.
          const subs = [chart.equipment, chart.supplier, chart.cash];
          const date = DATES[o.date]!;
          const first = Number(date.slice(5, 7)) >= 9 ? Number(date.slice(0, 4)) : Number(date.slice(0, 4)) - 1;
          const res = await call(t.app, admin, 'POST', '/api/v1/finance/accounting-entry/complex', {
            fiscal_year: `${first}-${first + 1}`,
            registration_date: date,
            payment_type: TYPES[o.type],
            items: o.lines.map((l) => ({ subaccount: subs[l.sub], taxable_amount: l.cents / 100, vat: l.vat / 100 })),
          });
          assert.equal(res.statusCode, 201, res.body);
          continue;
        }
        if (o.kind === 'pay') {
          const c = model[o.charge]!;
          const res = await call(t.app, admin, 'POST', `/api/v1/finance/member-charge/${c.id}/payment`, {
            amount_paid: o.cents / 100,
            payment_date: DATES[o.date],
            payment_type: TYPES[o.type],
          });
          const paid = [...c.payments.values()].reduce((a, b) => a + b, 0);
          if (o.cents > c.due - paid) {
            assert.equal(res.json().code, 'PAYMENT_EXCEEDS_REMAINING', res.body);
          } else {
            assert.equal(res.statusCode, 201, res.body);
            c.payments.set(res.json()._id as string, o.cents);
          }
        } else {
          const all = model.flatMap((c) => [...c.payments.keys()].map((p) => ({ c, p })));
          if (!all.length) continue;
          const { c, p } = all[o.pick % all.length]!;
          if (o.kind === 'delete') {
            assert.equal((await call(t.app, admin, 'DELETE', `/api/v1/finance/member-charge/${c.id}/payment/${p}`)).statusCode, 204);
            c.payments.delete(p);
          } else {
            const res = await call(t.app, admin, 'PATCH', `/api/v1/finance/member-charge/${c.id}/payment/${p}`, {
              amount_paid: o.cents / 100,
              payment_date: DATES[o.date],
              payment_type: TYPES[o.type],
            });
            const others = [...c.payments.entries()].filter(([id]) => id !== p).reduce((a, [, v]) => a + v, 0);
            if (o.cents > c.due - others) assert.equal(res.json().code, 'PAYMENT_EXCEEDS_REMAINING', res.body);
            else {
              assert.equal(res.statusCode, 200, res.body);
              c.payments.set(p, o.cents);
            }
          }
        }
      }

      for (const c of model) {
        const got = (await call(t.app, admin, 'GET', `/api/v1/finance/member-charge/${c.id}`)).json();
        const paid = [...c.payments.values()].reduce((a, b) => a + b, 0);
        assert.equal(Math.round(got.amount_paid * 100), paid);
        assert.equal(Math.round(got.amount_remaining * 100), c.due - paid);
        assert.equal(Math.round(got.amount_remaining * 100), Math.round(got.amount_due * 100) - Math.round(got.amount_paid * 100));
        const payments = (await call(t.app, admin, 'GET', `/api/v1/finance/member-charge/${c.id}/payments`)).json().data as {
          _id: string;
          accounting_entry: unknown;
        }[];
        assert.equal(payments.length, c.payments.size);
        assert.ok(
          payments.every((p) => p.accounting_entry !== null),
          'every payment has its entry',
        );
      }
      for (const year of ['2020-2021', '2021-2022', '2022-2023']) {
        const balance = await trialBalance(t.app, admin, year);
        assert.equal(Math.round(balance.totals.debit * 100), Math.round(balance.totals.credit * 100), `${year} in run ${run}`);
        assert.ok(balance.balanced);
      }
      // What the revenue subaccount was credited over the years is exactly what the model says was paid (all runs).
      totalPaid += model.reduce((sum, c) => sum + [...c.payments.values()].reduce((a, b) => a + b, 0), 0);
      let credited = 0;
      for (const year of ['2020-2021', '2021-2022', '2022-2023'])
        credited += Math.round((await trialBalance(t.app, admin, year)).of(chart.fees).credit * 100);
      assert.equal(credited, totalPaid);
    }),
    { numRuns: 25 },
  );
});
