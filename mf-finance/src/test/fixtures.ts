import type { Account, IncomeCategory, MemberCharge, MemberPayment, SelfCertification, Subaccount, SubaccountRef } from 'shared-api';

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const CASH_ACCOUNT: Account = {
  _id: uuid(1),
  account_id: 100,
  name: 'Cassa',
  ledger_type: 'Patrimoniale attivo',
  created_at: '2026-09-01T08:00:00.000Z',
};
export const BANK_ACCOUNT: Account = {
  _id: uuid(2),
  account_id: 110,
  name: 'Banca',
  ledger_type: 'Patrimoniale attivo',
  created_at: '2026-09-01T08:00:00.000Z',
};
export const FEES_ACCOUNT: Account = {
  _id: uuid(3),
  account_id: 300,
  name: 'Quote sociali',
  ledger_type: 'Ricavi',
  created_at: '2026-09-01T08:00:00.000Z',
};

const parent = (a: Account) => ({ _id: a._id, account_id: a.account_id, name: a.name, ledger_type: a.ledger_type });

export const CASH: Subaccount = {
  _id: uuid(11),
  subaccount_id: 1,
  name: 'Cassa contanti',
  payment_type: 'cash',
  parent_account: parent(CASH_ACCOUNT),
  created_at: '2026-09-01T08:00:00.000Z',
};
export const MPS: Subaccount = {
  _id: uuid(12),
  subaccount_id: 1,
  name: 'Banca MPS',
  payment_type: 'bank_mps',
  parent_account: parent(BANK_ACCOUNT),
  created_at: '2026-09-01T08:00:00.000Z',
};
export const SEASON_FEE: Subaccount = {
  _id: uuid(13),
  subaccount_id: 1,
  name: 'Quota stagione',
  payment_type: null,
  parent_account: parent(FEES_ACCOUNT),
  created_at: '2026-09-01T08:00:00.000Z',
};

export const ref = (s: Subaccount): SubaccountRef => ({
  _id: s._id,
  subaccount_id: s.subaccount_id,
  name: s.name,
  payment_type: s.payment_type,
  account_id: s.parent_account.account_id,
  account_name: s.parent_account.name,
  ledger_type: s.parent_account.ledger_type,
});

export const CATEGORY: IncomeCategory = {
  _id: uuid(21),
  name: 'Quota stagionale',
  economic_subaccounts: [ref(SEASON_FEE)],
  asset_subaccounts: [ref(CASH), ref(MPS)],
  createdAt: '2026-09-02T10:00:00.000Z',
};

export const MARCO = { _id: uuid(40), name: 'Marco', surname: 'Rossi', email: 'marco.rossi@circolo.example' };
export const GIULIA = { _id: uuid(41), name: 'Giulia', surname: 'Bianchi', email: 'giulia.bianchi@circolo.example' };

export function makeCharge(overrides: Partial<MemberCharge> = {}): MemberCharge {
  return {
    _id: uuid(50),
    code: 7,
    user: { _id: MARCO._id, name: MARCO.name, surname: MARCO.surname },
    description: 'Quota 2026-2027',
    income_category: { _id: CATEGORY._id, name: CATEGORY.name },
    reference_period: { start_date: '2026-09-01', end_date: '2027-08-31' },
    amount_due: 250,
    amount_paid: 100,
    amount_remaining: 150,
    last_payment_date: '2026-10-03',
    created_at: '2026-09-15T09:30:00.000Z',
    notes: null,
    ...overrides,
  };
}

export function makePayment(overrides: Partial<MemberPayment> = {}): MemberPayment {
  return {
    _id: uuid(60),
    charge_id: uuid(50),
    amount: 100,
    amount_collected: 100,
    date: '2026-10-03',
    payment_date: '2026-10-03',
    payment_type: 'cash',
    user: { _id: MARCO._id, name: MARCO.name, surname: MARCO.surname },
    accounting_entry: { _id: uuid(70), fiscal_year: '2026-2027', progressive: 4 },
    ...overrides,
  };
}

export function makeSelfCertification(overrides: Partial<SelfCertification> = {}): SelfCertification {
  return {
    _id: uuid(80),
    user: { _id: MARCO._id, name: MARCO.name, surname: MARCO.surname },
    year: 2026,
    month: 10,
    amount: 300,
    issue_date: '2026-11-02',
    created_at: '2026-11-02T09:00:00.000Z',
    ...overrides,
  };
}
