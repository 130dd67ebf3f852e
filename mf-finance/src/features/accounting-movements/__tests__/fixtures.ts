import type { AccountingEntry, Subaccount } from 'shared-api';
import { CASH, SEASON_FEE, ref, uuid } from '../../../test/fixtures';
import { SUPPLIER } from '../../business-entities/__tests__/fixtures';

const COSTS_ACCOUNT = { _id: uuid(4), account_id: 400, name: 'Costi di gestione', ledger_type: 'Costi' as const };

export const EQUIPMENT: Subaccount = {
  _id: uuid(14),
  subaccount_id: 2,
  name: 'Materiale sportivo',
  payment_type: null,
  parent_account: COSTS_ACCOUNT,
  created_at: '2026-09-01T08:00:00.000Z',
};
export const RENT: Subaccount = {
  _id: uuid(15),
  subaccount_id: 1,
  name: 'Affitto palestra',
  payment_type: null,
  parent_account: COSTS_ACCOUNT,
  created_at: '2026-09-01T08:00:00.000Z',
};

export function makeEntry(overrides: Partial<AccountingEntry> = {}): AccountingEntry {
  return {
    _id: uuid(90),
    progressive: 3,
    fiscal_year: '2026-2027',
    ledger_type: 'Costi',
    account_name: 'Costi di gestione',
    subaccount: ref(EQUIPMENT),
    description: 'Racchette',
    document_number: 118,
    business_entity: { _id: SUPPLIER._id, name: SUPPLIER.name },
    registration_date: '2026-11-05',
    taxable_amount: 120,
    vat: 26.4,
    total: 146.4,
    payment_type: 'bank_mps',
    notes: 'Fattura di novembre',
    attachment: { url: '/api/v1/files/x', name: 'fattura-118.pdf', mime: 'application/pdf', size: 2048 },
    items: [{ _id: uuid(91), subaccount: ref(EQUIPMENT), description: 'Racchette', taxable_amount: 120, vat: 26.4, total: 146.4 }],
    payment: null,
    created_at: '2026-11-05T09:00:00.000Z',
    ...overrides,
  };
}

/** An entry a member payment posted: edited only through the payment. */
export const POSTED = makeEntry({
  _id: uuid(92),
  progressive: 1,
  fiscal_year: '2025-2026',
  ledger_type: 'Ricavi',
  account_name: 'Quote sociali',
  subaccount: ref(SEASON_FEE),
  description: 'Pagamento Rossi Marco',
  document_number: null,
  business_entity: null,
  registration_date: '2026-03-10',
  taxable_amount: 50,
  vat: 0,
  total: 50,
  payment_type: 'cash',
  notes: null,
  attachment: null,
  items: [{ _id: uuid(93), subaccount: ref(SEASON_FEE), description: 'Pagamento Rossi Marco', taxable_amount: 50, vat: 0, total: 50 }],
  payment: { _id: uuid(60), charge_id: uuid(50) },
});

export { CASH };
