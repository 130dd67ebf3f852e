import { z } from 'zod';
import { id, isoDate, REQUIRED } from '../common';
import { storedFile } from '../users';
import {
  blankToNull,
  entryPaymentType,
  euro,
  euroToCents,
  fiscalYear,
  jsonText,
  ledgerType,
  optionalId,
  optionalLines,
  optionalText,
  optionalWholeNumber,
  singleId,
} from './fields';
import { subaccountRef } from './subaccounts';

const lineShape = {
  subaccount: singleId,
  description: optionalText(500),
  taxable_amount: euro,
  vat: z.preprocess(blankToNull, euro.nullish()).transform((v) => v ?? 0),
  /** Optional: when sent it must equal taxable_amount + vat. */
  total: z.preprocess(blankToNull, euro.nullish()),
};

/** One transaction line: a subaccount, its taxable amount and VAT (default 0); the total is their sum. */
export const accountingLine = z
  .object(lineShape)
  .refine((l) => l.total === null || l.total === undefined || euroToCents(l.total) === euroToCents(l.taxable_amount) + euroToCents(l.vat), {
    path: ['total'],
    message: 'Il totale deve essere uguale a imponibile più IVA',
  });
export type AccountingLine = z.infer<typeof accountingLine>;

const entryCommon = {
  fiscal_year: fiscalYear,
  registration_date: isoDate,
  /** Optional manual number; without it the next number of the fiscal year. */
  progressive: optionalWholeNumber(1, 999_999_999),
  document_number: optionalWholeNumber(0, 999_999_999_999),
  business_entity: optionalId,
  /** The cash or bank side of the movement (see docs/finance.md: posting). */
  payment_type: z.preprocess(blankToNull, entryPaymentType.nullish()).transform((v) => v ?? null),
  notes: optionalLines(),
  /** PATCH only: true drops the stored attachment (a new file replaces it anyway). */
  remove_attachment: z.preprocess((v) => (v === 'true' ? true : v === 'false' || v === '' ? false : v), z.boolean().optional()),
};

/** POST /finance/accounting-entry (JSON, or multipart with the file in field `attachment`). */
export const accountingEntryPayload = z.object({ ...entryCommon, ...lineShape }).superRefine((p, ctx) => {
  if (p.total !== null && p.total !== undefined && euroToCents(p.total) !== euroToCents(p.taxable_amount) + euroToCents(p.vat)) {
    ctx.addIssue({ code: 'custom', path: ['total'], message: 'Il totale deve essere uguale a imponibile più IVA' });
  }
});
export type AccountingEntryPayload = z.infer<typeof accountingEntryPayload>;
export type AccountingEntryPayloadInput = z.input<typeof accountingEntryPayload>;

/** POST /finance/accounting-entry/complex: the common fields and items (a JSON string when multipart). */
export const complexAccountingEntryPayload = z.object({
  ...entryCommon,
  items: z.preprocess(jsonText, z.array(accountingLine, { error: REQUIRED }).min(1, REQUIRED).max(100, 'Al massimo 100 righe')),
});
export type ComplexAccountingEntryPayload = z.infer<typeof complexAccountingEntryPayload>;
export type ComplexAccountingEntryPayloadInput = z.input<typeof complexAccountingEntryPayload>;

/**
 * PATCH /finance/accounting-entry/{id}: the same fields, with either the single line's fields or items; a
 * fiscal_year left out keeps the entry's.
 */
export const accountingEntryEditPayload = z
  .object({
    ...entryCommon,
    fiscal_year: z.preprocess(blankToNull, fiscalYear.nullish()).transform((v) => v ?? null),
    subaccount: optionalId,
    description: optionalText(500),
    taxable_amount: z.preprocess(blankToNull, euro.nullish()).transform((v) => v ?? null),
    vat: z.preprocess(blankToNull, euro.nullish()).transform((v) => v ?? 0),
    total: z.preprocess(blankToNull, euro.nullish()),
    items: z.preprocess((v) => (v === '' ? null : jsonText(v)), z.array(accountingLine).min(1, REQUIRED).max(100, 'Al massimo 100 righe').nullish()),
  })
  .transform((p, ctx) => {
    if (p.items && p.items.length) return { ...p, items: p.items };
    if (!p.subaccount) ctx.addIssue({ code: 'custom', path: ['subaccount'], message: REQUIRED });
    if (p.taxable_amount === null) ctx.addIssue({ code: 'custom', path: ['taxable_amount'], message: REQUIRED });
    if (!p.subaccount || p.taxable_amount === null) return z.NEVER;
    if (p.total !== null && p.total !== undefined && euroToCents(p.total) !== euroToCents(p.taxable_amount) + euroToCents(p.vat)) {
      ctx.addIssue({ code: 'custom', path: ['total'], message: 'Il totale deve essere uguale a imponibile più IVA' });
      return z.NEVER;
    }
    return { ...p, items: [{ subaccount: p.subaccount, description: p.description, taxable_amount: p.taxable_amount, vat: p.vat, total: p.total }] };
  });
export type AccountingEntryEditPayload = z.infer<typeof accountingEntryEditPayload>;
export type AccountingEntryEditPayloadInput = z.input<typeof accountingEntryEditPayload>;

export const accountingItem = z.object({
  _id: id,
  subaccount: subaccountRef,
  description: z.string().nullable(),
  taxable_amount: z.number(),
  vat: z.number(),
  total: z.number(),
});
export type AccountingItem = z.infer<typeof accountingItem>;

/**
 * A row of the accounting movements (spec 002 §2): the entry with its first line's subaccount, account and ledger,
 * and the sums of its lines; `items` has every line. `payment` is set on entries a member payment posted, which are
 * edited through the payment.
 */
export const accountingEntry = z.object({
  _id: id,
  progressive: z.number().int(),
  fiscal_year: z.string(),
  ledger_type: ledgerType,
  account_name: z.string(),
  subaccount: subaccountRef,
  description: z.string().nullable(),
  document_number: z.number().int().nullable(),
  business_entity: z.object({ _id: id, name: z.string() }).nullable(),
  registration_date: isoDate,
  taxable_amount: z.number(),
  vat: z.number(),
  total: z.number(),
  payment_type: entryPaymentType.nullable(),
  notes: z.string().nullable(),
  attachment: storedFile.nullable(),
  items: z.array(accountingItem),
  payment: z.object({ _id: id, charge_id: id }).nullable(),
  created_at: z.string(),
});
export type AccountingEntry = z.infer<typeof accountingEntry>;

// ——— trial balance ———

export const trialBalanceQuery = z.object({ fiscal_year: fiscalYear });

export const trialBalanceRow = z.object({
  subaccount: z.object({ _id: id, subaccount_id: z.number().int(), name: z.string() }),
  account: z.object({ _id: id, account_id: z.number().int(), name: z.string() }),
  ledger_type: ledgerType,
  debit: z.number(),
  credit: z.number(),
  /** debit − credit. */
  balance: z.number(),
});
export type TrialBalanceRow = z.infer<typeof trialBalanceRow>;

/** GET /finance/trial-balance?fiscal_year=…: every subaccount moved in the year, with the totals. */
export const trialBalance = z.object({
  fiscal_year: z.string(),
  data: z.array(trialBalanceRow),
  totals: z.object({ debit: z.number(), credit: z.number() }),
  balanced: z.boolean(),
});
export type TrialBalance = z.infer<typeof trialBalance>;
