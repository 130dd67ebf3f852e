import { z } from 'zod';
import { id, isoDate } from '../common';
import { paymentType } from './fields';

export const MY_PAYMENT_TYPES = ['incoming', 'made', 'pending'] as const;
export const myPaymentsQuery = z.object({ type: z.enum(MY_PAYMENT_TYPES, { error: 'Tipo non valido: incoming, made o pending' }) });

/**
 * A row of I miei pagamenti. incoming: what the club paid the member (their self-certifications); made: their
 * payments of member charges; pending: charges with something still to pay (amount the total due, amount_paid
 * what is paid so far).
 */
export const myPayment = z.object({
  _id: id,
  title: z.string(),
  date: isoDate,
  amount: z.number(),
  amount_paid: z.number().optional(),
  type: z.enum(MY_PAYMENT_TYPES),
  payment_type: paymentType.nullable().optional(),
});
export type MyPayment = z.infer<typeof myPayment>;

/** The club's bank details for the pending tab's tag (CLUB_NAME, CLUB_IBAN; iban null when not configured). */
export const bankDetails = z.object({ club_name: z.string(), iban: z.string().nullable() });
export type BankDetails = z.infer<typeof bankDetails>;

export const myPaymentsResponse = z.object({ data: z.array(myPayment), bank_details: bankDetails });
export type MyPaymentsResponse = z.infer<typeof myPaymentsResponse>;
