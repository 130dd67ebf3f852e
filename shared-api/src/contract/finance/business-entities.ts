import { z } from 'zod';
import { email, id, phoneNumber, POSTAL_CODE_INVALID, REQUIRED } from '../common';
import { PROVINCE_CODES } from '../finance-constants';
import { blankToNull, optionalLines, requiredText } from './fields';

/** A VAT number (11 digits) or a tax code (16 characters of the codice fiscale's shape). */
export const identificationCode = z
  .string({ error: REQUIRED })
  .trim()
  .toUpperCase()
  .min(1, REQUIRED)
  .transform((v) => v.replace(/\s+/g, '').replace(/^IT(?=\d{11}$)/, ''))
  .refine(
    (v) => /^\d{11}$/.test(v) || /^[A-Z0-9]{16}$/.test(v),
    'Codice identificativo non valido: partita IVA (11 cifre) o codice fiscale (16 caratteri)',
  );

export const businessEntityPayload = z.object({
  name: requiredText(),
  address: requiredText(300),
  province: z
    .preprocess(blankToNull, z.enum(PROVINCE_CODES as [string, ...string[]], { error: 'Provincia non valida' }).nullish())
    .transform((v) => v ?? null),
  city: requiredText(100),
  postal_code: z
    .preprocess(
      blankToNull,
      z
        .string()
        .trim()
        .max(5)
        .regex(/^\d{5}$/, POSTAL_CODE_INVALID)
        .nullish(),
    )
    .transform((v) => v ?? null),
  identification_code: identificationCode,
  phone1: phoneNumber(),
  phone2: z.preprocess(blankToNull, phoneNumber().nullish()).transform((v) => v ?? null),
  email,
  notes: optionalLines(),
});
export type BusinessEntityPayload = z.infer<typeof businessEntityPayload>;
export type BusinessEntityPayloadInput = z.input<typeof businessEntityPayload>;

export const businessEntity = z.object({
  _id: id,
  name: z.string(),
  address: z.string(),
  province: z.string().nullable(),
  city: z.string(),
  postal_code: z.string().nullable(),
  identification_code: z.string(),
  phone1: z.string(),
  phone2: z.string().nullable(),
  email: z.string(),
  notes: z.string().nullable(),
  created_at: z.string(),
});
export type BusinessEntity = z.infer<typeof businessEntity>;
