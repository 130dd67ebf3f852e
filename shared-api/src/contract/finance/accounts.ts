import { z } from 'zod';
import { id } from '../common';
import { ledgerType, optionalWholeNumber, requiredText } from './fields';

/** POST/PATCH /finance/account. account_id: the numeric code, optional (the next free code when absent). */
export const accountPayload = z.object({
  account_id: optionalWholeNumber(1, 999_999_999),
  name: requiredText(),
  ledger_type: ledgerType,
});
export type AccountPayload = z.infer<typeof accountPayload>;
export type AccountPayloadInput = z.input<typeof accountPayload>;

export const account = z.object({
  _id: id,
  account_id: z.number().int(),
  name: z.string(),
  ledger_type: ledgerType,
  created_at: z.string(),
});
export type Account = z.infer<typeof account>;
