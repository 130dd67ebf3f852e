import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { call } from '../../../testing/helper';

/** A small chart of its own per test (codes unique in the run): cash and bank subaccounts, a revenue, a cost, a category. */
export interface TestChart {
  cash: string;
  mps: string;
  bcc: string;
  fees: string;
  equipment: string;
  supplier: string;
  category: string;
  /** A category with only a cash subaccount. */
  cashOnlyCategory: string;
}

let nextCode = 5000;

export async function makeChart(app: FastifyInstance, cookie: string): Promise<TestChart> {
  const account = async (name: string, ledger_type: string) => {
    const res = await call(app, cookie, 'POST', '/api/v1/finance/account', { account_id: nextCode++, name, ledger_type });
    assert.equal(res.statusCode, 201, res.body);
    return res.json<{ _id: string }>()._id;
  };
  const sub = async (parent: string, name: string, payment_type: string | null = null) => {
    const res = await call(app, cookie, 'POST', '/api/v1/finance/subaccount', { name, parent_account: parent, payment_type });
    assert.equal(res.statusCode, 201, res.body);
    return res.json<{ data: { _id: string }[] }>().data[0]!._id;
  };
  const assets = await account('Cassa e banche (test)', 'Patrimoniale attivo');
  const liabilities = await account('Debiti (test)', 'Patrimoniale passivo');
  const revenues = await account('Quote (test)', 'Ricavi');
  const costs = await account('Costi (test)', 'Costi');
  const chart = {
    cash: await sub(assets, 'Cassa', 'cash'),
    mps: await sub(assets, 'Banca MPS', 'bank_mps'),
    bcc: await sub(assets, 'Banca BCC', 'bank_bcc'),
    supplier: await sub(liabilities, 'Fornitori'),
    fees: await sub(revenues, 'Quote sociali'),
    equipment: await sub(costs, 'Materiale'),
  };
  const category = async (name: string, asset: string[]) => {
    const res = await call(app, cookie, 'POST', '/api/v1/finance/income-category', {
      name,
      economic_subaccounts: [chart.fees],
      asset_subaccounts: asset,
    });
    assert.equal(res.statusCode, 201, res.body);
    return res.json<{ _id: string }>()._id;
  };
  return {
    ...chart,
    category: await category('Quote (test)', [chart.cash, chart.mps, chart.bcc]),
    cashOnlyCategory: await category('Solo cassa (test)', [chart.cash]),
  };
}

export async function userIds(app: FastifyInstance, cookie: string): Promise<Map<string, string>> {
  const res = await call(app, cookie, 'GET', '/api/v1/user?limit=500&reducedDetails=true');
  assert.equal(res.statusCode, 200, res.body);
  return new Map(res.json<{ data: { _id: string; email: string }[] }>().data.map((u) => [u.email, u._id]));
}

export async function charge(app: FastifyInstance, cookie: string, users: string[], category: string, amount_due: number) {
  const res = await call(app, cookie, 'POST', '/api/v1/finance/member-charge', {
    user: users,
    income_category: category,
    description: 'Quota stagione',
    reference_period: { start_date: '2026-09-01', end_date: '2027-08-31' },
    amount_due,
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json<{ data: { _id: string; amount_due: number; amount_paid: number; amount_remaining: number; user: { _id: string } }[] }>().data;
}

/** The trial balance of a fiscal year: totals and each subaccount's row by id. */
export async function trialBalance(app: FastifyInstance, cookie: string, fiscalYear: string) {
  const res = await call(app, cookie, 'GET', `/api/v1/finance/trial-balance?fiscal_year=${fiscalYear}`);
  assert.equal(res.statusCode, 200, res.body);
  const body = res.json<{
    totals: { debit: number; credit: number };
    balanced: boolean;
    data: { subaccount: { _id: string }; debit: number; credit: number }[];
  }>();
  return { ...body, of: (id: string) => body.data.find((r) => r.subaccount._id === id) ?? { debit: 0, credit: 0 } };
}
