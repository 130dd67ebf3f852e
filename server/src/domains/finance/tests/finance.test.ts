import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import ExcelJS from '@mui/x-internal-exceljs-fork';
import { extractText, getDocumentProxy } from 'unpdf';
import { loadAppConfig } from '../../../app';
import { ADMIN, MEMBER, OTHER_MEMBER, type TestApp, build, call, login } from '../../../testing/helper';
import { type TestChart, charge, makeChart, trialBalance, userIds } from './helpers';

let t: TestApp;
let admin: string;
let chart: TestChart;
let users: Map<string, string>;

before(async () => {
  t = await build({ CLUB_NAME: 'ASD Tennistavolo Prova', CLUB_IBAN: 'IT60 X054 2811 1010 0000 0123 456' });
  admin = await login(t.app, ADMIN);
  chart = await makeChart(t.app, admin);
  users = await userIds(t.app, admin);
});
after(async () => {
  await t.close();
});

const uid = (email: string) => users.get(email)!;

async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text;
}

describe('chart of accounts', () => {
  test('account codes are unique (the spec phrase), automatic when left out; a subaccount needs an existing parent', async () => {
    const first = await call(t.app, admin, 'POST', '/api/v1/finance/account', { account_id: 901, name: 'Ricavi diversi', ledger_type: 'Ricavi' });
    assert.equal(first.statusCode, 201, first.body);
    assert.deepEqual([first.json().account_id, first.json().ledger_type], [901, 'Ricavi']);
    const twice = await call(t.app, admin, 'POST', '/api/v1/finance/account', { account_id: 901, name: 'Altro', ledger_type: 'Costi' });
    assert.equal(twice.statusCode, 409);
    assert.equal(twice.json().code, 'ACCOUNT_CODE_TAKEN');
    assert.match(twice.json().message, /code has been already used/);
    const auto = await call(t.app, admin, 'POST', '/api/v1/finance/account', { name: 'Automatico', ledger_type: 'Costi' });
    assert.equal(auto.statusCode, 201, auto.body);
    const all = (await call(t.app, admin, 'GET', '/api/v1/finance/account?limit=500')).json().data as { account_id: number }[];
    assert.equal(auto.json().account_id, Math.max(...all.map((a) => a.account_id)));
    const badLedger = await call(t.app, admin, 'POST', '/api/v1/finance/account', { name: 'X', ledger_type: 'Entrate' });
    assert.equal(badLedger.statusCode, 400);

    const orphan = await call(t.app, admin, 'POST', '/api/v1/finance/subaccount', {
      name: 'Orfano',
      parent_account: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
    });
    assert.equal(orphan.statusCode, 400);
    assert.equal(orphan.json().code, 'PARENT_ACCOUNT_NOT_FOUND');

    const two = await call(t.app, admin, 'POST', '/api/v1/finance/subaccount', {
      subaccount_id: 7,
      name: 'Sponsor',
      parent_account: [first.json()._id, auto.json()._id],
    });
    assert.equal(two.statusCode, 201, two.body);
    assert.deepEqual(
      two.json().data.map((s: { subaccount_id: number; parent_account: { account_id: number } }) => [s.subaccount_id, s.parent_account.account_id]),
      [
        [7, 901],
        [7, auto.json().account_id],
      ],
    );
    const sameCode = await call(t.app, admin, 'POST', '/api/v1/finance/subaccount', {
      subaccount_id: 7,
      name: 'Doppio',
      parent_account: first.json()._id,
    });
    assert.equal(sameCode.statusCode, 409);
    assert.equal(sameCode.json().code, 'SUBACCOUNT_CODE_TAKEN');
    const threeParents = await call(t.app, admin, 'PATCH', `/api/v1/finance/subaccount/${two.json().data[0]._id}`, {
      name: 'X',
      parent_account: [first.json()._id, auto.json()._id],
    });
    assert.equal(threeParents.statusCode, 400);

    const inUse = await call(t.app, admin, 'DELETE', `/api/v1/finance/account/${first.json()._id}`);
    assert.equal(inUse.statusCode, 409);
    assert.equal(inUse.json().message, 'Impossibile eliminare il conto: ha 1 sottoconto.');
    assert.equal((await call(t.app, admin, 'DELETE', `/api/v1/finance/subaccount/${two.json().data[0]._id}`)).statusCode, 204);
    assert.equal((await call(t.app, admin, 'DELETE', `/api/v1/finance/account/${first.json()._id}`)).statusCode, 204);
    assert.equal((await call(t.app, admin, 'GET', `/api/v1/finance/account/${first.json()._id}`)).statusCode, 404);
  });

  test('an income category takes economic subaccounts only from Ricavi/Costi and asset ones only from the Patrimoniale ledgers', async () => {
    const costAsAsset = await call(t.app, admin, 'POST', '/api/v1/finance/income-category', {
      name: 'Errata',
      economic_subaccounts: [chart.fees],
      asset_subaccounts: [chart.equipment],
    });
    assert.equal(costAsAsset.statusCode, 400);
    assert.equal(costAsAsset.json().code, 'SUBACCOUNT_WRONG_LEDGER');
    assert.match(costAsAsset.json().message, /^asset_subaccounts: .*Costi/);
    const cashAsEconomic = await call(t.app, admin, 'POST', '/api/v1/finance/income-category', {
      name: 'Errata',
      economic_subaccounts: [chart.cash],
      asset_subaccounts: [chart.cash],
    });
    assert.equal(cashAsEconomic.json().code, 'SUBACCOUNT_WRONG_LEDGER');
    const missing = await call(t.app, admin, 'POST', '/api/v1/finance/income-category', {
      name: 'Errata',
      economic_subaccounts: [chart.fees],
      asset_subaccounts: [],
    });
    assert.equal(missing.statusCode, 400);
    const eleven = await call(t.app, admin, 'POST', '/api/v1/finance/income-category', {
      name: 'Errata',
      economic_subaccounts: Array(11)
        .fill(chart.fees)
        .map((_, i) => `${chart.fees.slice(0, -2)}${String(i).padStart(2, '0')}`),
      asset_subaccounts: [chart.cash],
    });
    assert.equal(eleven.statusCode, 400);
    const names = (await call(t.app, admin, 'GET', '/api/v1/finance/income-category?limit=500')).json().data.map((c: { name: string }) => c.name);
    assert.ok(!names.includes('Errata'));

    const ok = await call(t.app, admin, 'GET', `/api/v1/finance/income-category/${chart.category}`);
    assert.deepEqual(
      ok.json().asset_subaccounts.map((s: { payment_type: string }) => s.payment_type),
      ['cash', 'bank_mps', 'bank_bcc'],
    );
    const used = await call(t.app, admin, 'DELETE', `/api/v1/finance/subaccount/${chart.cash}`);
    assert.equal(used.statusCode, 409);
    assert.match(used.json().message, /categorie di entrata/);
  });
});

describe('member charges and payments', () => {
  test('a charge for three members; cash and bank payments post entries, update paid and remaining, and are edited and cancelled with their entries', async () => {
    const members = [MEMBER.email, OTHER_MEMBER.email, 'luca.ferrari@circolo.example'].map(uid);
    const created = await charge(t.app, admin, members, chart.category, 150);
    assert.equal(created.length, 3);
    assert.deepEqual(
      created.map((c) => c.user._id),
      members,
    );
    const marco = created[0]!;

    for (const [amount_paid, message] of [
      [10.123, 'amount_paid: Sono ammessi al massimo due decimali'],
      [-5, "amount_paid: L'importo non può essere negativo"],
      [0, "amount_paid: L'importo deve essere maggiore di zero"],
    ] as const) {
      const bad = await call(t.app, admin, 'POST', `/api/v1/finance/member-charge/${marco._id}/payment`, {
        amount_paid,
        payment_date: '2018-10-01',
        payment_type: 'cash',
      });
      assert.equal(bad.statusCode, 400);
      assert.equal(bad.json().message, message);
    }
    const tooMuch = await call(t.app, admin, 'POST', `/api/v1/finance/member-charge/${marco._id}/payment`, {
      amount_paid: 150.01,
      payment_date: '2018-10-01',
      payment_type: 'cash',
    });
    assert.equal(tooMuch.statusCode, 400);
    assert.equal(tooMuch.json().code, 'PAYMENT_EXCEEDS_REMAINING');

    const cash = await call(t.app, admin, 'POST', `/api/v1/finance/member-charge/${marco._id}/payment`, {
      amount_paid: 50.1,
      payment_date: '2018-10-01',
      payment_type: 'cash',
    });
    assert.equal(cash.statusCode, 201, cash.body);
    const bank = await call(t.app, admin, 'POST', `/api/v1/finance/member-charge/${marco._id}/payment`, {
      amount_paid: 30.2,
      payment_date: '2018-11-15',
      payment_type: 'bank_mps',
    });
    assert.equal(bank.statusCode, 201, bank.body);
    let after = (await call(t.app, admin, 'GET', `/api/v1/finance/member-charge/${marco._id}`)).json();
    assert.deepEqual([after.amount_paid, after.amount_remaining, after.last_payment_date], [80.3, 69.7, '2018-11-15']);

    const panel = (await call(t.app, admin, 'GET', `/api/v1/finance/member-charge/${marco._id}/payments?limit=500`)).json().data;
    assert.deepEqual(
      panel.map((p: { amount: number; payment_type: string; user: { surname: string } }) => [p.amount, p.payment_type, p.user.surname]),
      [
        [50.1, 'cash', 'Rossi'],
        [30.2, 'bank_mps', 'Rossi'],
      ],
    );

    // Two entries, each debiting the asset subaccount of its type and crediting the category's economic subaccount.
    let balance = await trialBalance(t.app, admin, '2018-2019');
    assert.deepEqual([balance.of(chart.cash).debit, balance.of(chart.mps).debit, balance.of(chart.fees).credit], [50.1, 30.2, 80.3]);
    assert.deepEqual([balance.totals.debit, balance.totals.credit, balance.balanced], [80.3, 80.3, true]);
    const entries = (await call(t.app, admin, 'GET', '/api/v1/finance/accounting-entry?q=2018-2019&sortBy=progressive&order=asc')).json().data;
    assert.deepEqual(
      entries.map((e: { progressive: number; subaccount: { _id: string }; total: number; payment_type: string; payment: { _id: string } }) => [
        e.progressive,
        e.subaccount._id,
        e.total,
        e.payment_type,
        e.payment._id,
      ]),
      [
        [1, chart.fees, 50.1, 'cash', cash.json()._id],
        [2, chart.fees, 30.2, 'bank_mps', bank.json()._id],
      ],
    );

    // An entry a payment posted is changed through the payment.
    const direct = await call(t.app, admin, 'DELETE', `/api/v1/finance/accounting-entry/${entries[0]._id}`);
    assert.equal(direct.statusCode, 409);
    assert.equal(direct.json().code, 'ENTRY_POSTED_BY_PAYMENT');

    const edited = await call(t.app, admin, 'PATCH', `/api/v1/finance/member-charge/${marco._id}/payment/${bank.json()._id}`, {
      amount_paid: 99.9,
      payment_date: '2018-11-16',
      payment_type: 'bank_bcc',
    });
    assert.equal(edited.statusCode, 200, edited.body);
    const overEdit = await call(t.app, admin, 'PATCH', `/api/v1/finance/member-charge/${marco._id}/payment/${bank.json()._id}`, {
      amount_paid: 100,
      payment_date: '2018-11-16',
      payment_type: 'bank_bcc',
    });
    assert.equal(overEdit.json().code, 'PAYMENT_EXCEEDS_REMAINING');
    balance = await trialBalance(t.app, admin, '2018-2019');
    assert.deepEqual(
      [balance.of(chart.mps).debit, balance.of(chart.bcc).debit, balance.of(chart.fees).credit, balance.balanced],
      [0, 99.9, 150, true],
    );
    after = (await call(t.app, admin, 'GET', `/api/v1/finance/member-charge/${marco._id}`)).json();
    assert.deepEqual([after.amount_paid, after.amount_remaining], [150, 0]);

    assert.equal((await call(t.app, admin, 'DELETE', `/api/v1/finance/member-charge/${marco._id}`)).json().code, 'MEMBER_CHARGE_HAS_PAYMENTS');
    assert.equal((await call(t.app, admin, 'DELETE', `/api/v1/finance/member-charge/${marco._id}/payment/${cash.json()._id}`)).statusCode, 204);
    balance = await trialBalance(t.app, admin, '2018-2019');
    assert.deepEqual([balance.of(chart.cash).debit, balance.totals.debit, balance.totals.credit], [0, 99.9, 99.9]);
    const left = (await call(t.app, admin, 'GET', '/api/v1/finance/accounting-entry?q=2018-2019')).json().data;
    assert.equal(left.length, 1);

    // The member's own view: made payments and what is still pending, with the club's bank details.
    const member = await login(t.app, MEMBER);
    const made = (await call(t.app, member, 'GET', '/api/v1/user/me/payments?type=made')).json();
    assert.ok(made.data.some((p: { amount: number; type: string }) => p.amount === 99.9 && p.type === 'made'));
    assert.deepEqual(made.bank_details, { club_name: 'ASD Tennistavolo Prova', iban: 'IT60X0542811101000000123456' });
    const pending = (await call(t.app, member, 'GET', '/api/v1/user/me/payments?type=pending')).json().data;
    const mine = pending.find((p: { _id: string }) => p._id === marco._id);
    assert.deepEqual([mine.amount, mine.amount_paid], [150, 99.9]);
    const other = await login(t.app, OTHER_MEMBER);
    const theirs = (await call(t.app, other, 'GET', '/api/v1/user/me/payments?type=made')).json().data;
    assert.ok(!theirs.some((p: { _id: string }) => p._id === bank.json()._id));
    assert.equal((await call(t.app, member, 'GET', '/api/v1/user/me/payments?type=all')).statusCode, 400);
  });

  test('a payment on a deleted charge, without an income category or without the subaccount of its type is refused and nothing is saved', async () => {
    const [gone, noBank, noCategory] = await charge(
      t.app,
      admin,
      [uid(MEMBER.email), uid(OTHER_MEMBER.email), uid('luca.ferrari@circolo.example')],
      chart.cashOnlyCategory,
      20,
    );
    assert.equal((await call(t.app, admin, 'DELETE', `/api/v1/finance/member-charge/${gone!._id}`)).statusCode, 204);
    const onDeleted = await call(t.app, admin, 'POST', `/api/v1/finance/member-charge/${gone!._id}/payment`, {
      amount_paid: 5,
      payment_date: '2017-10-01',
      payment_type: 'cash',
    });
    assert.equal(onDeleted.statusCode, 404);
    assert.equal(onDeleted.json().code, 'MEMBER_CHARGE_NOT_FOUND');

    const bank = await call(t.app, admin, 'POST', `/api/v1/finance/member-charge/${noBank!._id}/payment`, {
      amount_paid: 5,
      payment_date: '2017-10-01',
      payment_type: 'bank_mps',
    });
    assert.equal(bank.statusCode, 400);
    assert.deepEqual([bank.json().code, bank.json().message], ['NO_BANK_SUBACCOUNT', 'No bank subaccount for this income category']);

    await t.database.db.execute(sql`update finance_member_charges set income_category_id = null where id = ${noCategory!._id}`);
    const none = await call(t.app, admin, 'POST', `/api/v1/finance/member-charge/${noCategory!._id}/payment`, {
      amount_paid: 5,
      payment_date: '2017-10-01',
      payment_type: 'cash',
    });
    assert.deepEqual([none.statusCode, none.json().code, none.json().message], [400, 'NO_INCOME_CATEGORY', 'No income category found']);

    assert.equal((await call(t.app, admin, 'GET', `/api/v1/finance/member-charge/${noBank!._id}/payments`)).json().data.length, 0);
    assert.equal((await trialBalance(t.app, admin, '2017-2018')).data.length, 0);
  });

  test('payments racing for what remains of one charge: exactly as many as fit are accepted, the rest refused', async () => {
    const [c] = await charge(t.app, admin, [uid(OTHER_MEMBER.email)], chart.category, 100);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(t.app, admin, 'POST', `/api/v1/finance/member-charge/${c!._id}/payment`, {
          amount_paid: 20,
          payment_date: '2016-10-01',
          payment_type: 'cash',
        }),
      ),
    );
    assert.deepEqual(results.map((r) => r.statusCode).sort(), [201, 201, 201, 201, 201, 400, 400, 400, 400, 400]);
    const after = (await call(t.app, admin, 'GET', `/api/v1/finance/member-charge/${c!._id}`)).json();
    assert.deepEqual([after.amount_paid, after.amount_remaining], [100, 0]);
    const balance = await trialBalance(t.app, admin, '2016-2017');
    assert.deepEqual([balance.totals.debit, balance.totals.credit], [100, 100]);
  });

  test('charges: 1001 users, an amount due below what is paid, a missing category are refused', async () => {
    const many = await call(t.app, admin, 'POST', '/api/v1/finance/member-charge', {
      user: Array.from({ length: 1001 }, (_, i) => `3f2504e0-4f89-41d3-9a0c-${String(i).padStart(12, '0')}`),
      income_category: chart.category,
      reference_period: { start_date: '2026-09-01', end_date: '2027-08-31' },
      amount_due: 10,
    });
    assert.equal(many.statusCode, 400);
    assert.match(many.json().message, /1000/);
    const [c] = await charge(t.app, admin, [uid(MEMBER.email)], chart.category, 40);
    await call(t.app, admin, 'POST', `/api/v1/finance/member-charge/${c!._id}/payment`, { amount_paid: 30, payment_date: '2015-10-01' });
    const below = await call(t.app, admin, 'PATCH', `/api/v1/finance/member-charge/${c!._id}`, {
      user: uid(MEMBER.email),
      income_category: chart.category,
      reference_period: { start_date: '2026-09-01', end_date: '2027-08-31' },
      amount_due: 29.99,
    });
    assert.equal(below.json().code, 'MEMBER_CHARGE_BELOW_PAID');
    const period = await call(t.app, admin, 'POST', '/api/v1/finance/member-charge', {
      user: [uid(MEMBER.email)],
      income_category: chart.category,
      reference_period: { start_date: '2027-09-01', end_date: '2027-08-31' },
      amount_due: 10,
    });
    assert.equal(period.statusCode, 400);
    const payments = (await call(t.app, admin, 'GET', `/api/v1/finance/member-charge/${c!._id}/payments`)).json().data;
    assert.equal(payments[0].payment_type, 'cash');
  });

  test('a charge with payments keeps its category and its member, each refusal with its own code', async () => {
    const [c] = await charge(t.app, admin, [uid(MEMBER.email)], chart.category, 40);
    await call(t.app, admin, 'POST', `/api/v1/finance/member-charge/${c!._id}/payment`, { amount_paid: 10, payment_date: '2015-10-01' });
    const edit = (changes: Record<string, unknown>) =>
      call(t.app, admin, 'PATCH', `/api/v1/finance/member-charge/${c!._id}`, {
        user: uid(MEMBER.email),
        income_category: chart.category,
        reference_period: { start_date: '2026-09-01', end_date: '2027-08-31' },
        amount_due: 40,
        ...changes,
      });
    const category = await edit({ income_category: chart.cashOnlyCategory });
    assert.deepEqual([category.statusCode, category.json().code], [409, 'MEMBER_CHARGE_CATEGORY_LOCKED']);
    const member = await edit({ user: uid(OTHER_MEMBER.email) });
    assert.deepEqual([member.statusCode, member.json().code], [409, 'MEMBER_CHARGE_USER_LOCKED']);
    assert.equal(member.json().message, "Impossibile cambiare il socio: l'incasso ha dei pagamenti già registrati.");
    const after = (await call(t.app, admin, 'GET', `/api/v1/finance/member-charge/${c!._id}`)).json();
    assert.deepEqual([after.user._id, after.income_category._id], [uid(MEMBER.email), chart.category]);
  });
});

describe('accounting movements', () => {
  const entry = (overrides: Record<string, unknown> = {}) => ({
    fiscal_year: '2009-2010',
    registration_date: '2009-10-01',
    payment_type: 'bank_mps',
    subaccount: chart.equipment,
    description: 'Acquisto racchette',
    taxable_amount: 100,
    vat: 22,
    ...overrides,
  });

  test('single and multi-line entries: totals, double entry, numbering, manual number, bad inputs', async () => {
    const single = await call(t.app, admin, 'POST', '/api/v1/finance/accounting-entry', entry({ document_number: 77 }));
    assert.equal(single.statusCode, 201, single.body);
    assert.deepEqual(
      [single.json().progressive, single.json().total, single.json().ledger_type, single.json().account_name],
      [1, 122, 'Costi', 'Costi (test)'],
    );

    const complex = await call(t.app, admin, 'POST', '/api/v1/finance/accounting-entry/complex', {
      fiscal_year: '2009-2010',
      registration_date: '2009-10-02',
      payment_type: 'cash',
      items: [
        { subaccount: chart.fees, description: 'Quote evento', taxable_amount: 200 },
        { subaccount: chart.equipment, description: 'Premi', taxable_amount: 40.5, vat: 8.91 },
      ],
    });
    assert.equal(complex.statusCode, 201, complex.body);
    assert.deepEqual([complex.json().progressive, complex.json().items.length, complex.json().total], [2, 2, 249.41]);

    // Each line on its ledger's natural side; the chart's first cash or bank subaccount of the type on the other.
    const subaccounts = (await call(t.app, admin, 'GET', '/api/v1/finance/subaccount?limit=500')).json().data as {
      _id: string;
      payment_type: string;
      parent_account: { ledger_type: string };
    }[];
    const first = (type: string) => subaccounts.find((s) => s.payment_type === type && s.parent_account.ledger_type === 'Patrimoniale attivo')!._id;
    const balance = await trialBalance(t.app, admin, '2009-2010');
    assert.deepEqual(
      [balance.of(chart.equipment).debit, balance.of(first('bank_mps')).credit, balance.of(chart.fees).credit],
      [122 + 49.41, 122, 200],
    );
    // cash: +200 revenue −49.41 cost → debit 150.59
    assert.equal(balance.of(first('cash')).debit, 150.59);
    assert.deepEqual([balance.totals.debit, balance.totals.credit, balance.balanced], [322, 322, true]);

    const manual = await call(t.app, admin, 'POST', '/api/v1/finance/accounting-entry', entry({ progressive: 10 }));
    assert.equal(manual.json().progressive, 10);
    const dup = await call(t.app, admin, 'POST', '/api/v1/finance/accounting-entry', entry({ progressive: 10 }));
    assert.equal(dup.statusCode, 409);
    assert.equal(dup.json().code, 'PROGRESSIVE_TAKEN');
    assert.equal((await call(t.app, admin, 'POST', '/api/v1/finance/accounting-entry', entry())).json().progressive, 11);

    for (const [body, pattern] of [
      [entry({ fiscal_year: '2031-2030' }), /^fiscal_year: Anno fiscale non valido/],
      [entry({ taxable_amount: 1.005 }), /^taxable_amount: Sono ammessi al massimo due decimali/],
      [entry({ vat: -1 }), /^vat: L'importo non può essere negativo/],
      [entry({ total: 100 }), /^total: Il totale deve essere uguale a imponibile più IVA/],
      [entry({ payment_type: null }), /cassa o di banca/],
    ] as const) {
      const res = await call(t.app, admin, 'POST', '/api/v1/finance/accounting-entry', body);
      assert.equal(res.statusCode, 400, JSON.stringify(body));
      assert.match(res.json().message, pattern);
    }
    const edited = await call(t.app, admin, 'PATCH', `/api/v1/finance/accounting-entry/${single.json()._id}`, {
      ...entry(),
      fiscal_year: undefined,
      taxable_amount: 50,
      vat: 0,
    });
    assert.equal(edited.statusCode, 200, edited.body);
    assert.deepEqual([edited.json().progressive, edited.json().total], [1, 50]);
    const moved = await call(t.app, admin, 'PATCH', `/api/v1/finance/accounting-entry/${single.json()._id}`, entry({ fiscal_year: '2010-2011' }));
    assert.deepEqual([moved.json().fiscal_year, moved.json().progressive], ['2010-2011', 1]);
    assert.equal((await call(t.app, admin, 'DELETE', `/api/v1/finance/accounting-entry/${single.json()._id}`)).statusCode, 204);
    assert.equal((await trialBalance(t.app, admin, '2010-2011')).data.length, 0);
  });

  test('an attachment is stored with its detected type; 6 MB and an .exe renamed .pdf are refused and nothing is saved', async () => {
    const form = (file: Blob, name: string) => {
      const data = new FormData();
      for (const [k, v] of Object.entries(entry({ fiscal_year: '2011-2012', registration_date: '2011-10-01' }))) data.append(k, String(v));
      data.append('attachment', file, name);
      return data;
    };
    const pdf = new Blob([Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')], { type: 'application/pdf' });
    const ok = await call(t.app, admin, 'POST', '/api/v1/finance/accounting-entry', form(pdf, 'fattura.pdf'));
    assert.equal(ok.statusCode, 201, ok.body);
    assert.deepEqual([ok.json().attachment.name, ok.json().attachment.mime, ok.json().taxable_amount], ['fattura.pdf', 'application/pdf', 100]);
    const download = await call(t.app, admin, 'GET', ok.json().attachment.url);
    assert.equal(download.statusCode, 200);
    assert.equal(download.rawPayload.subarray(0, 5).toString(), '%PDF-');

    const big = new Blob([Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(6 * 1024 * 1024, 32)])], { type: 'application/pdf' });
    const tooBig = await call(t.app, admin, 'POST', '/api/v1/finance/accounting-entry', form(big, 'grande.pdf'));
    assert.deepEqual([tooBig.statusCode, tooBig.json().code], [400, 'FILE_TOO_LARGE']);
    const exe = new Blob([Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(200)])], {
      type: 'application/pdf',
    });
    const renamed = await call(t.app, admin, 'POST', '/api/v1/finance/accounting-entry', form(exe, 'fattura.pdf'));
    assert.deepEqual([renamed.statusCode, renamed.json().code], [400, 'FILE_TYPE_NOT_ALLOWED']);
    const entries = (await call(t.app, admin, 'GET', '/api/v1/finance/accounting-entry?q=2011-2012')).json().data;
    assert.equal(entries.length, 1);

    const removed = new FormData();
    removed.append('registration_date', '2011-10-02');
    removed.append('subaccount', chart.equipment);
    removed.append('taxable_amount', '10,50');
    removed.append('payment_type', 'cash');
    removed.append('remove_attachment', 'true');
    const patched = await call(t.app, admin, 'PATCH', `/api/v1/finance/accounting-entry/${ok.json()._id}`, removed);
    assert.equal(patched.statusCode, 200, patched.body);
    assert.deepEqual([patched.json().attachment, patched.json().total], [null, 10.5]);
  });

  test('entries recorded at the same time get consecutive numbers without gaps or duplicates', async () => {
    const n = 25;
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        call(t.app, admin, 'POST', '/api/v1/finance/accounting-entry', entry({ fiscal_year: '2012-2013', taxable_amount: i + 1 })),
      ),
    );
    assert.ok(results.every((r) => r.statusCode === 201));
    const numbers = results.map((r) => r.json().progressive as number).sort((x, y) => x - y);
    assert.deepEqual(
      numbers,
      Array.from({ length: n }, (_, i) => i + 1),
    );
  });
});

describe('customers and suppliers, self-certifications', () => {
  const entity = (overrides: Record<string, unknown> = {}) => ({
    name: 'Ferramenta Bianchi',
    address: 'Via Roma 1',
    province: 'MI',
    city: 'Milano',
    identification_code: 'IT 01234567890',
    phone1: '02 1234567',
    email: 'info@ferramenta.example',
    ...overrides,
  });

  test('a business entity: created, edited, refused with bad data, not deleted while a movement names it', async () => {
    const created = await call(t.app, admin, 'POST', '/api/v1/finance/business-entity', entity());
    assert.equal(created.statusCode, 201, created.body);
    assert.equal(created.json().identification_code, '01234567890');
    for (const bad of [entity({ identification_code: '123' }), entity({ province: 'XX' }), entity({ email: 'no' }), entity({ phone1: '' })]) {
      assert.equal((await call(t.app, admin, 'POST', '/api/v1/finance/business-entity', bad)).statusCode, 400);
    }
    const edited = await call(
      t.app,
      admin,
      'PATCH',
      `/api/v1/finance/business-entity/${created.json()._id}`,
      entity({ city: 'Monza', province: 'MB' }),
    );
    assert.deepEqual([edited.json().city, edited.json().province], ['Monza', 'MB']);
    await call(t.app, admin, 'POST', '/api/v1/finance/accounting-entry', {
      fiscal_year: '2013-2014',
      registration_date: '2013-10-01',
      payment_type: 'cash',
      subaccount: chart.equipment,
      taxable_amount: 5,
      business_entity: created.json()._id,
    });
    // The movements list finds the entry by the entity's new name.
    await call(t.app, admin, 'PATCH', `/api/v1/finance/business-entity/${created.json()._id}`, entity({ name: 'Utensileria Zeta' }));
    const found = (await call(t.app, admin, 'GET', '/api/v1/finance/accounting-entry?q=utensileria%20zeta')).json().data;
    assert.deepEqual(
      found.map((e: { business_entity: { name: string } }) => e.business_entity.name),
      ['Utensileria Zeta'],
    );
    const held = await call(t.app, admin, 'DELETE', `/api/v1/finance/business-entity/${created.json()._id}`);
    assert.equal(held.statusCode, 409);
    assert.match(held.json().message, /1 voce contabile/);
  });

  test('a self-certification comes out as a PDF with the club, the member and the amount in figures and words; with totals on request', async () => {
    const luca = uid('luca.ferrari@circolo.example');
    const created = await call(t.app, admin, 'POST', '/api/v1/finance/self-certification', {
      user: luca,
      period: '2040-03',
      amount: 1234.5,
      release_date: '2040-04-02',
    });
    assert.equal(created.statusCode, 201, created.body);
    assert.deepEqual([created.json().year, created.json().month, created.json().amount, created.json().issue_date], [2040, 3, 1234.5, '2040-04-02']);
    await call(t.app, admin, 'POST', '/api/v1/finance/self-certification', {
      user: luca,
      year: 2040,
      month: 4,
      amount: 100,
      release_date: '2040-05-02',
    });

    const pdf = await call(t.app, admin, 'GET', `/api/v1/finance/self-certification/${created.json()._id}/pdf?showTotals=false`);
    assert.equal(pdf.statusCode, 200);
    assert.equal(pdf.headers['content-type'], 'application/pdf');
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    for (const expected of [
      'ASD Tennistavolo Prova',
      'Ferrari Luca',
      'marzo 2040',
      '1234,50 €',
      'milleduecentotrentaquattro euro e cinquanta centesimi',
    ])
      assert.ok(text.includes(expected), `${expected} in ${text}`);
    assert.ok(!text.includes('1334,50'));
    const withTotals = (
      await pdfText((await call(t.app, admin, 'GET', `/api/v1/finance/self-certification/${created.json()._id}/pdf?showTotals=true`)).rawPayload)
    ).replace(/\s+/g, ' ');
    assert.ok(withTotals.includes('1334,50 € (milletrecentotrentaquattro euro e cinquanta centesimi)'), withTotals);

    const member = await login(
      t.app,
      'luca.ferrari@circolo.example' === MEMBER.email ? MEMBER : { email: 'luca.ferrari@circolo.example', password: MEMBER.password },
    );
    const incoming = (await call(t.app, member, 'GET', '/api/v1/user/me/payments?type=incoming')).json().data;
    assert.ok(incoming.some((p: { _id: string; amount: number }) => p._id === created.json()._id && p.amount === 1234.5));
    assert.equal((await call(t.app, admin, 'DELETE', `/api/v1/finance/self-certification/${created.json()._id}`)).statusCode, 204);
    assert.equal((await call(t.app, admin, 'GET', `/api/v1/finance/self-certification/${created.json()._id}/pdf`)).statusCode, 404);
    const bad = await call(t.app, admin, 'POST', '/api/v1/finance/self-certification', {
      user: luca,
      period: '2040-13',
      amount: 1,
      release_date: '2040-04-02',
    });
    assert.equal(bad.statusCode, 400);
  });
});

describe('downloads and access', () => {
  test('every finance list downloads as CSV, XLSX and PDF, and the trial balance too', async () => {
    const fileNames: Record<string, string> = {
      account: 'conti',
      subaccount: 'sottoconti',
      'income-category': 'categorie_entrata',
      'member-charge': 'incasso_soci',
      'business-entity': 'fornitori_clienti',
      'self-certification': 'autocertificazioni',
      'accounting-entry': 'movimenti_contabili',
    };
    for (const path of Object.keys(fileNames)) {
      const csv = await call(t.app, admin, 'GET', `/api/v1/finance/${path}/export?format=csv`);
      assert.equal(csv.statusCode, 200, `${path}: ${csv.body}`);
      assert.match(String(csv.headers['content-disposition']), new RegExp(`filename="${fileNames[path]}\\.csv"`));
      const xlsx = await call(t.app, admin, 'GET', `/api/v1/finance/${path}/export?format=xlsx`);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      assert.ok(book.worksheets[0]!.rowCount >= 1);
      const pdf = await call(t.app, admin, 'GET', `/api/v1/finance/${path}/export?format=pdf`);
      assert.equal(pdf.rawPayload.subarray(0, 5).toString(), '%PDF-');
    }
    const csv = await call(t.app, admin, 'GET', '/api/v1/finance/trial-balance/export?fiscal_year=2026-2027&format=csv');
    assert.equal(csv.statusCode, 200);
    assert.match(csv.body, /Quote sociali/);
  });

  test('CLUB_IBAN: spaces dropped, upper case; unset is null; a malformed one stops the start', () => {
    assert.equal(loadAppConfig({ CLUB_IBAN: 'it60 x054 2811 1010 0000 0123 456' }).clubIban, 'IT60X0542811101000000123456');
    assert.equal(loadAppConfig({}).clubIban, null);
    assert.throws(() => loadAppConfig({ CLUB_IBAN: 'IT60 123' }), /CLUB_IBAN non valido/);
  });

  test('members and visitors reach no finance call', async () => {
    const member = await login(t.app, MEMBER);
    for (const url of [
      '/api/v1/finance/account',
      '/api/v1/finance/member-charge',
      '/api/v1/finance/trial-balance?fiscal_year=2026-2027',
      '/api/v1/finance/accounting-entry/export?format=csv',
    ]) {
      assert.equal((await call(t.app, member, 'GET', url)).statusCode, 403, url);
      assert.equal((await call(t.app, null, 'GET', url)).statusCode, 401, url);
    }
    assert.equal((await call(t.app, null, 'GET', '/api/v1/user/me/payments?type=made')).statusCode, 401);
  });
});
