import { z } from 'zod';
import { id, isoDate, REQUIRED } from '../common';
import { idOrIds, optionalWholeNumber, positiveEuro } from './fields';
import { personRef } from './member-charges';

/** The month/year pair of the form: 'YYYY-MM', or { month, year }. */
const periodValue = z.union([
  z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Periodo non valido (formato atteso AAAA-MM)'),
  z.object({ month: z.coerce.number().int().min(1).max(12), year: z.coerce.number().int().min(1900).max(2999) }),
]);

/**
 * POST /finance/self-certification. The form sends period (month and year) and may send year and month split
 * out; either is enough, and they must agree.
 */
export const selfCertificationPayload = z
  .object({
    user: idOrIds(1, 1, 'Puoi selezionare al massimo 1 elemento').transform((ids) => ids[0]!),
    period: z.preprocess((v) => (v === null || v === '' ? undefined : v), periodValue.optional()),
    year: optionalWholeNumber(1900, 2999),
    month: optionalWholeNumber(1, 12),
    amount: positiveEuro,
    release_date: isoDate,
  })
  .transform((p, ctx) => {
    const fromPeriod = typeof p.period === 'string' ? { year: Number(p.period.slice(0, 4)), month: Number(p.period.slice(5, 7)) } : p.period;
    const year = p.year ?? fromPeriod?.year ?? null;
    const month = p.month ?? fromPeriod?.month ?? null;
    if (year === null || month === null) {
      ctx.addIssue({ code: 'custom', path: ['period'], message: REQUIRED });
      return z.NEVER;
    }
    if (fromPeriod && (fromPeriod.year !== year || fromPeriod.month !== month)) {
      ctx.addIssue({ code: 'custom', path: ['period'], message: 'Il periodo non corrisponde a mese e anno' });
      return z.NEVER;
    }
    return { user: p.user, year, month, amount: p.amount, release_date: p.release_date };
  });
export type SelfCertificationPayload = z.infer<typeof selfCertificationPayload>;
export type SelfCertificationPayloadInput = z.input<typeof selfCertificationPayload>;

export const selfCertification = z.object({
  _id: id,
  user: personRef,
  year: z.number().int(),
  month: z.number().int(),
  amount: z.number(),
  issue_date: isoDate,
  created_at: z.string(),
});
export type SelfCertification = z.infer<typeof selfCertification>;

/** GET /finance/self-certification/{id}/pdf?showTotals=true|false. */
export const selfCertificationPdfQuery = z.object({
  showTotals: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean()).default(false),
});
