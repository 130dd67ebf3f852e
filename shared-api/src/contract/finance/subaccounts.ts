import { z } from 'zod';
import { id } from '../common';
import { blankToNull, idOrIds, ledgerType, optionalWholeNumber, paymentType, requiredText } from './fields';

/**
 * POST /finance/subaccount: one subaccount under each parent account chosen (up to 2). payment_type: what an
 * asset subaccount receives (cash, bank_mps, bank_bcc; docs/decisions.md, "Chart of accounts"), null for none. subaccount_id: the
 * numeric code, optional (the next free code under the parent when absent), unique under its parent.
 */
export const subaccountPayload = z.object({
  subaccount_id: optionalWholeNumber(1, 999_999_999),
  name: requiredText(),
  parent_account: idOrIds(1, 2, 'Puoi selezionare al massimo 2 elementi'),
  payment_type: z.preprocess(blankToNull, paymentType.nullish()).transform((v) => v ?? null),
});
export type SubaccountPayload = z.infer<typeof subaccountPayload>;
export type SubaccountPayloadInput = z.input<typeof subaccountPayload>;

/** PATCH /finance/subaccount/{id}: one parent account. */
export const subaccountEditPayload = subaccountPayload.extend({
  parent_account: idOrIds(1, 1, 'Puoi selezionare al massimo 1 elemento'),
});
export type SubaccountEditPayload = z.infer<typeof subaccountEditPayload>;

export const parentAccountRef = z.object({ _id: id, account_id: z.number().int(), name: z.string(), ledger_type: ledgerType });

export const subaccount = z.object({
  _id: id,
  subaccount_id: z.number().int(),
  name: z.string(),
  payment_type: paymentType.nullable(),
  parent_account: parentAccountRef,
  created_at: z.string(),
});
export type Subaccount = z.infer<typeof subaccount>;

/** The answer of POST /finance/subaccount: one subaccount per parent account. */
export const subaccountsCreated = z.object({ data: z.array(subaccount) });

/** A subaccount where other records point at it: enough to show it (code, name, payment type, its account). */
export const subaccountRef = z.object({
  _id: id,
  subaccount_id: z.number().int(),
  name: z.string(),
  payment_type: paymentType.nullable(),
  account_id: z.number().int(),
  account_name: z.string(),
  ledger_type: ledgerType,
});
export type SubaccountRef = z.infer<typeof subaccountRef>;
