import { z } from 'zod';
import { id, isoDate } from '../common';
import { blankToNull, idOrIds, optionalLines, optionalText, paymentType, positiveEuro } from './fields';

export const referencePeriod = z
  .object({ start_date: isoDate, end_date: isoDate })
  .refine((p) => p.end_date >= p.start_date, { path: ['end_date'], message: 'La data di fine deve essere uguale o successiva alla data di inizio' });

const memberChargeFields = {
  /** Exactly one income category (a single select may send it as a one-element list). */
  income_category: idOrIds(1, 1, 'Puoi selezionare al massimo 1 elemento').transform((ids) => ids[0]!),
  description: optionalText(500),
  reference_period: referencePeriod,
  amount_due: positiveEuro,
  notes: optionalLines(),
};

/** POST /finance/member-charge: one charge for each user chosen (up to 1000). */
export const memberChargePayload = z.object({
  user: idOrIds(1, 1000, 'Puoi selezionare al massimo 1000 elementi'),
  ...memberChargeFields,
});
export type MemberChargePayload = z.infer<typeof memberChargePayload>;
export type MemberChargePayloadInput = z.input<typeof memberChargePayload>;

/** PATCH /finance/member-charge/{id}: the charge of one user. */
export const memberChargeEditPayload = z.object({
  user: idOrIds(1, 1, 'Puoi selezionare al massimo 1 elemento').transform((ids) => ids[0]!),
  ...memberChargeFields,
});
export type MemberChargeEditPayload = z.infer<typeof memberChargeEditPayload>;

export const personRef = z.object({ _id: id, name: z.string(), surname: z.string() });

export const memberCharge = z.object({
  _id: id,
  /** Progressive number of the charge. */
  code: z.number().int(),
  user: personRef,
  description: z.string().nullable(),
  income_category: z.object({ _id: id, name: z.string() }).nullable(),
  reference_period: z.object({ start_date: isoDate, end_date: isoDate }),
  amount_due: z.number(),
  /** Sum of its payments. */
  amount_paid: z.number(),
  /** amount_due − amount_paid. */
  amount_remaining: z.number(),
  last_payment_date: isoDate.nullable(),
  created_at: z.string(),
  notes: z.string().nullable(),
});
export type MemberCharge = z.infer<typeof memberCharge>;

/** The answer of POST /finance/member-charge: the charges created, one per user. */
export const memberChargesCreated = z.object({ data: z.array(memberCharge) });

/**
 * POST /finance/member-charge/{id}/payment and PATCH …/payment/{paymentId}. payment_type is optional: without it
 * the payment is cash (docs/decisions.md, "Member charges and payments").
 */
export const paymentPayload = z.object({
  amount_paid: positiveEuro,
  payment_date: isoDate,
  payment_type: z.preprocess(blankToNull, paymentType.nullish()).transform((v) => v ?? 'cash'),
});
export type PaymentPayload = z.infer<typeof paymentPayload>;
export type PaymentPayloadInput = z.input<typeof paymentPayload>;

/** A payment of a member charge, as the side panel lists it. */
export const memberPayment = z.object({
  _id: id,
  charge_id: id,
  amount: z.number(),
  amount_collected: z.number(),
  date: isoDate,
  payment_date: isoDate,
  payment_type: paymentType,
  user: personRef,
  /** The accounting entry the payment posted. */
  accounting_entry: z.object({ _id: id, fiscal_year: z.string(), progressive: z.number().int() }).nullable(),
});
export type MemberPayment = z.infer<typeof memberPayment>;
