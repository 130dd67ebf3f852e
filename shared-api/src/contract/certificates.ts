import { z } from 'zod';
import { id, isoDate, lineText, multilineText, REQUIRED, typedNumber } from './common';

/**
 * Certificates (spec 001 §3, §5; spec 000 §2.7): types, a member's certificate of a type, and its records
 * (every upload is one; approving one sets its expiry date and notes).
 */

/** Spec 001 §5 Certificates: a piece of the comma-separated days that is no whole number. */
export const DAYS_BEFORE_WARN_INVALID = 'Input non valido per giorni prima della notifica';

export const CERTIFICATE_MAX_VALIDITY_MONTHS = 120;
const CERTIFICATE_VALIDITY_RANGE = `La validità va da 1 a ${CERTIFICATE_MAX_VALIDITY_MONTHS} mesi`;
const validityMonths = z
  .number({ error: 'Inserisci un numero di mesi' })
  .int('Valore decimale non consentito')
  .min(1, CERTIFICATE_VALIDITY_RANGE)
  .max(CERTIFICATE_MAX_VALIDITY_MONTHS, CERTIFICATE_VALIDITY_RANGE);

/** days_before_warn: whole days before the expiry date on which the member is warned (e.g. 30, 7, 1). */
export const certificateTypePayload = z.object({
  name: lineText().min(1, REQUIRED).max(200),
  days_before_warn: z
    .array(z.number().int(DAYS_BEFORE_WARN_INVALID).min(0).max(3650))
    .min(1, REQUIRED)
    .max(20)
    .transform((days) => [...new Set(days)].sort((a, b) => b - a)),
  is_medical: z.boolean().default(false),
  /** How long a certificate of this type is valid: an approval's expiry is at most this many months from the day it is approved. */
  validity_months: validityMonths.default(12),
});
export type CertificateTypePayload = z.infer<typeof certificateTypePayload>;
export type CertificateTypePayloadInput = z.input<typeof certificateTypePayload>;

/**
 * Reads the days as typed, '30, 7, 1' → [30, 7, 1]. Empty pieces (a trailing comma while typing) are ignored; any
 * other piece that is not a whole number of days is dropped and flagged (the form says DAYS_BEFORE_WARN_INVALID
 * while keeping the valid ones, spec 001 §5).
 */
export function readDaysBeforeWarn(text: string): { days: number[]; invalid: boolean } {
  const days: number[] = [];
  let invalid = false;
  for (const piece of text.split(',').map((p) => p.trim())) {
    if (piece === '') continue;
    if (/^\d{1,4}$/.test(piece)) days.push(Number(piece));
    else invalid = true;
  }
  return { days, invalid };
}

/** The type form (mf-certificates): the days and the validity as typed (the validity required there); parses to the payload. */
export const certificateTypeForm = certificateTypePayload.extend({
  validity_months: typedNumber(validityMonths),
  days_before_warn: z
    .string()
    .transform((text) => readDaysBeforeWarn(text).days)
    .pipe(certificateTypePayload.shape.days_before_warn),
});

export const certificateType = z.object({
  _id: id,
  name: z.string(),
  days_before_warn: z.array(z.number().int()),
  is_medical: z.boolean(),
  validity_months: z.number().int(),
});
export type CertificateType = z.infer<typeof certificateType>;

/** valid (green), is_expiring (orange: within the type's warning days), expired (red), anything else grey (spec 001 §4). */
export const certificateState = z.enum(['valid', 'is_expiring', 'expired', 'not_approved', 'missing']);
export type CertificateState = z.infer<typeof certificateState>;

export const certificateRecord = z.object({
  recordId: id,
  fileUrl: z.string(),
  fileName: z.string(),
  isApproved: z.boolean(),
  end_date: isoDate.nullable(),
  notes: z.string().nullable(),
  uploaded_at: z.string(),
});
export type CertificateRecord = z.infer<typeof certificateRecord>;

export const certificate = z.object({
  _id: id,
  type: z.object({ _id: id, name: z.string(), is_medical: z.boolean() }),
  user: z.object({ _id: id, name: z.string(), surname: z.string(), fiscal_code: z.string().nullable() }),
  notes: z.string().nullable(),
  /** Expiry date of the latest approved record. */
  current_end_date: isoDate.nullable(),
  /** The latest record (the one awaiting approval, or the one in force); null before any upload. */
  active_record_content: certificateRecord.nullable(),
  is_approved: z.boolean(),
  is_valid: z.boolean(),
  status: certificateState,
});
export type Certificate = z.infer<typeof certificate>;

/** POST /certificate: a certificate of a type for a user, before any upload. */
export const certificatePayload = z.object({
  type: id,
  user: id,
  notes: multilineText().max(2000).nullish(),
});
export type CertificatePayload = z.infer<typeof certificatePayload>;

/** PATCH /certificate/{id}/user/{userId}: the expiry date of its latest record (optional: none clears it). */
export const certificateEditPayload = z.object({ end_date: isoDate.nullish() });

/**
 * PATCH …/record/{recordId}/approve. Nobody approves their own certificate (403 CERTIFICATE_OWN_RECORD); a medical
 * certificate's approval needs end_date (CERTIFICATE_END_DATE_REQUIRED), and any end_date is at most the type's
 * validity_months from today (CERTIFICATE_END_DATE_TOO_FAR). The same holds for PATCH …/{id}/user/{userId}.
 */
export const certificateApprovePayload = z.object({ end_date: isoDate.nullish(), notes: multilineText().max(2000).nullish() });

/**
 * The approval form (mf-certificates): the notes are required there (spec 001 §5), and so is the expiry date of a
 * medical certificate (the server's CERTIFICATE_END_DATE_REQUIRED).
 */
export const certificateApproveForm = (medical: boolean) =>
  certificateApprovePayload.extend({ end_date: medical ? isoDate : isoDate.nullish(), notes: multilineText().min(1, REQUIRED).max(2000) });

/** The server phrase the certificate-edit toast matches (spec 001 §8). */
export const NO_RECORDS_TO_UPDATE = 'No records found to update';
/** The server phrase the download toasts match (spec 000 §8, 001 §8). */
export const MEDICAL_CERTIFICATE_NOT_FOUND = 'Medical certificate not found';
