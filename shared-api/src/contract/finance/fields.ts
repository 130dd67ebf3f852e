import { z } from 'zod';
import { choice, id, lineText, multilineText, REQUIRED } from '../common';
import { ENTRY_PAYMENT_TYPES, LEDGER_TYPES, PAYMENT_TYPES } from '../finance-constants';

/** A multipart field arrives as text: '' is absent, a number's text is the number. */
export const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
export const textToNumber = (v: unknown) => {
  if (typeof v !== 'string') return v;
  const t = v.trim().replace(',', '.');
  if (t === '') return null;
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : v;
};
/** A JSON-encoded value in a multipart field (items, lists). */
export const jsonText = (v: unknown) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
};

export const optionalText = (max = 2000) =>
  z.preprocess(blankToNull, lineText().max(max, `Al massimo ${max} caratteri`).nullish()).transform((v) => v ?? null);
/** Notes: a text area, several lines. */
export const optionalLines = (max = 2000) =>
  z.preprocess(blankToNull, multilineText().max(max, `Al massimo ${max} caratteri`).nullish()).transform((v) => v ?? null);
export const requiredText = (max = 200) => lineText({ error: REQUIRED }).min(1, REQUIRED).max(max, `Al massimo ${max} caratteri`);
/** A single select may send its choice alone, as a one-element list, or (multipart) as that list JSON-encoded. */
export const unwrapOne = (v: unknown) => {
  const parsed = typeof v === 'string' && v.startsWith('[') ? jsonText(v) : v;
  return Array.isArray(parsed) && parsed.length <= 1 ? ((parsed[0] as unknown) ?? null) : parsed;
};
export const singleId = z.preprocess(unwrapOne, id);
export const optionalId = z.preprocess((v) => blankToNull(unwrapOne(v)), id.nullish()).transform((v) => v ?? null);

/** Largest amount the API takes: ten million euro (a bigint sum of cents never comes close to overflowing). */
export const MAX_EURO = 10_000_000;
/**
 * At most two decimals, exactly: the amount is the number nearest some whole cents (0.29 is held as 0.28999…, and
 * Math.round(0.29 * 100) / 100 gives that same number back). A tolerance would take 1.000000001 as 1.00 (issue 25).
 */
export const twoDecimals = (v: number) => Math.round(v * 100) / 100 === v;

/**
 * An amount in euro: a number (or its text, '12,50' too) with at most two decimals, not negative
 * (spec 002 §9 'Euro values: two decimals'). 12.345 and -1 are refused with an Italian message.
 */
export const euro = z.preprocess(
  textToNumber,
  z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? REQUIRED : 'Importo non valido') })
    .min(0, { message: "L'importo non può essere negativo", abort: true })
    .max(MAX_EURO, `L'importo non può superare ${MAX_EURO.toLocaleString('it-IT')} €`)
    .refine(twoDecimals, 'Sono ammessi al massimo due decimali'),
);
/** An amount that must be above zero (what a member owes, what a payment pays). */
export const positiveEuro = euro.refine((v) => v > 0, "L'importo deve essere maggiore di zero");

/** Euro (two decimals at most, as validated) → integer cents: the only conversion, used by the server on every amount. */
export const euroToCents = (amount: number): number => Math.round(amount * 100);
/** Integer cents → euro as the API answers them. */
export const centsToEuro = (cents: number): number => cents / 100;

/** A whole number, also as multipart text. */
export const wholeNumber = (min: number, max: number) =>
  z.preprocess(
    textToNumber,
    z
      .number({ error: 'Numero non valido' })
      .int('Valore decimale non consentito')
      .min(min, `Il valore deve essere compreso tra ${min} e ${max}`)
      .max(max, `Il valore deve essere compreso tra ${min} e ${max}`),
  );
export const optionalWholeNumber = (min: number, max: number) =>
  z.preprocess(blankToNull, wholeNumber(min, max).nullish()).transform((v) => v ?? null);

/** One id or a list of ids (a multi-select sends a list, a single select may send the id alone). */
export const idOrIds = (min: number, max: number, tooMany: string) =>
  z.preprocess(
    (v) => {
      const parsed = jsonText(v);
      if (parsed === null || parsed === undefined || parsed === '') return [];
      return Array.isArray(parsed) ? (parsed as unknown[]) : [parsed];
    },
    z
      .array(id)
      .min(min, REQUIRED)
      .max(max, tooMany)
      .transform((ids) => [...new Set(ids)]),
  );

export const ledgerType = choice(LEDGER_TYPES);
export const paymentType = choice(PAYMENT_TYPES);
export const entryPaymentType = choice(ENTRY_PAYMENT_TYPES);

/**
 * Fiscal year as the spec writes it: '2031-2032', the second year following the first ('2031-2030' is refused).
 */
export const fiscalYear = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .regex(/^\d{4}-\d{4}$/, 'Anno fiscale non valido (formato atteso AAAA-AAAA, es. 2031-2032)')
  .refine((v) => Number(v.slice(5)) === Number(v.slice(0, 4)) + 1, 'Anno fiscale non valido: il secondo anno deve seguire il primo (es. 2031-2032)');
