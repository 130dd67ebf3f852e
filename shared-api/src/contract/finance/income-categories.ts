import { z } from 'zod';
import { id } from '../common';
import { idOrIds, requiredText } from './fields';
import { subaccountRef } from './subaccounts';

/**
 * POST/PATCH /finance/income-category. Economic subaccounts only from Ricavi or Costi accounts, asset
 * subaccounts only from Patrimoniale accounts (checked by the server), up to 10 each, both required.
 */
export const incomeCategoryPayload = z.object({
  name: requiredText(),
  economic_subaccounts: idOrIds(1, 10, 'Puoi selezionare al massimo 10 elementi'),
  asset_subaccounts: idOrIds(1, 10, 'Puoi selezionare al massimo 10 elementi'),
});
export type IncomeCategoryPayload = z.infer<typeof incomeCategoryPayload>;
export type IncomeCategoryPayloadInput = z.input<typeof incomeCategoryPayload>;

export const incomeCategory = z.object({
  _id: id,
  name: z.string(),
  economic_subaccounts: z.array(subaccountRef),
  asset_subaccounts: z.array(subaccountRef),
  createdAt: z.string(),
});
export type IncomeCategory = z.infer<typeof incomeCategory>;
