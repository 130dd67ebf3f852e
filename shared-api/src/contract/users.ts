import { z } from 'zod';
import { API_ERRORS, FISCAL_CODE_INVALID, FISCAL_CODE_PATTERN } from './constants';
import { boolish, choice, email, id, isoDate, lineText, multilineText, namedRef, permission, phoneNumber, postalCode, REQUIRED } from './common';

export const gender = choice(['M', 'F', 'O']);

/** A codice fiscale of the right shape (FISCAL_CODE_PATTERN), in upper case. */
export const fiscalCodeFormat = z
  .string()
  .trim()
  .toUpperCase()
  .min(1, { message: REQUIRED, abort: true })
  .regex(FISCAL_CODE_PATTERN, FISCAL_CODE_INVALID);

/** Medical status of a member (DESIGN §5). */
export const medicalStatus = z.enum(['not_uploaded', 'not_approved', 'approved', 'expired']);
export type MedicalStatus = z.infer<typeof medicalStatus>;

/** A stored file as the API describes it: download path, original name, detected type, size. */
export const storedFile = z.object({ url: z.string(), name: z.string(), mime: z.string(), size: z.number().int() });
export type StoredFile = z.infer<typeof storedFile>;

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = (max = 500) => z.preprocess(blank, lineText().max(max).nullish());
/** Notes and descriptions: text areas, several lines. */
const optionalLines = (max = 500) => z.preprocess(blank, multilineText().max(max).nullish());
const requiredText = (max = 200) => lineText().min(1, REQUIRED).max(max);
const optionalDate = z.preprocess((v) => (v === '' ? null : v), isoDate.nullish());
const idList = (max = 300) =>
  z.preprocess((v) => (typeof v === 'string' ? (v === '' ? [] : (JSON.parse(v) as unknown)) : v), z.array(id).max(max)).default([]);

/**
 * Payload of POST /user and PATCH /user/{id} (spec 001 §3, §5).
 * Sent as JSON, or as multipart when a photo (field image) or contract (field contract_file) is attached;
 * in multipart the list fields travel as JSON-encoded strings.
 * Parent fields are required for minors: the server checks that rule (it needs the category name).
 */
export const userPayload = z.object({
  member_id: requiredText(50),
  name: requiredText(),
  surname: requiredText(),
  email,
  phone_number: phoneNumber(),
  fiscal_code: fiscalCodeFormat,
  birth_date: isoDate,
  birth_province: requiredText(2),
  birth_place: requiredText(),
  residence_address: requiredText(),
  residence_province: requiredText(2),
  residence_place: requiredText(),
  residence_postal_code: postalCode(),
  gender,
  parent_name: optionalText(200),
  parent_surname: optionalText(200),
  parent_fiscal_code: z.preprocess((v) => (v === '' ? null : v), fiscalCodeFormat.nullish()),
  category: id,
  qualifications: idList(),
  reservation_rules: idList(),
  mailing_list_classes: idList(),
  fitet_data_code: optionalText(50),
  fitet_data_category: optionalText(100),
  contract_end_date: optionalDate,
  notes: optionalLines(2000),
});
export type UserPayload = z.infer<typeof userPayload>;
export type UserPayloadInput = z.input<typeof userPayload>;

/** A user of the registry as GET /user answers it. */
export const user = z.object({
  _id: id,
  member_id: z.string().nullable(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  fiscal_code: z.string().nullable(),
  image: storedFile.nullable(),
  birth_date: z.string().nullable(),
  birth_province: z.string().nullable(),
  birth_place: z.string().nullable(),
  residence_address: z.string().nullable(),
  residence_province: z.string().nullable(),
  residence_place: z.string().nullable(),
  residence_postal_code: z.string().nullable(),
  gender: gender.nullable(),
  parent_name: z.string().nullable(),
  parent_surname: z.string().nullable(),
  parent_fiscal_code: z.string().nullable(),
  category: namedRef.nullable(),
  qualifications: z.array(namedRef),
  reservation_rules: z.array(namedRef),
  mailing_list_classes: z.array(namedRef),
  fitet_data_code: z.string().nullable(),
  fitet_data_category: z.string().nullable(),
  contract_file: storedFile.nullable(),
  contract_end_date: z.string().nullable(),
  notes: z.string().nullable(),
  created_at: z.string(),
  deactivation_status: z.boolean(),
  deactivation_date_start: z.string().nullable(),
  deactivation_date_end: z.string().nullable(),
  has_accepted_terms: z.boolean(),
  /** False until the invitation is completed. */
  registration_completed: z.boolean(),
  /**
   * How many bookings this member made that a booked partner then left (issue 25: booking others into shifts they
   * did not want, so as to take their quota or bind them inside their cancellation window). The registry's answers
   * carry it; 0 when the booking domain is not there.
   */
  partner_left_bookings: z.number().int().optional(),
  /** Issue 42: the member's fair-play record (GET /user/me/fair-play's answer); absent without the booking domain. */
  fair_play: z.object({ no_shows: z.number().int(), late_cancellations: z.number().int(), suspended_until: z.string().nullable() }).optional(),
});
export type User = z.infer<typeof user>;

/** GET /user extra filters. */
export const userListFilters = z.object({
  onlyEnabled: boolish.optional(),
  onlyAvailablePartners: boolish.optional(),
  reducedDetails: boolish.optional(),
});

/** What pickers get (onlyAvailablePartners / reducedDetails): never the full registry record. */
export const userReduced = z.object({
  _id: id,
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  /**
   * The partner picker (onlyAvailablePartners) only: whether they can play today, i.e. hold a valid medical
   * certificate (without one the booking engine refuses them as a partner). The picker marks the others and does not
   * offer them.
   */
  can_play: z.boolean().optional(),
});
export type UserReduced = z.infer<typeof userReduced>;

export const deactivateBody = z.object({ end_date: z.preprocess((v) => (v === '' ? null : v), isoDate.nullish()) });

/** The deactivation form (mf-registry): an end date, if any, from `today` (the club's) on, as the server wants. */
export const deactivateForm = (today: string) =>
  deactivateBody.refine((b) => !b.end_date || b.end_date >= today, { path: ['end_date'], message: API_ERRORS.DEACTIVATION_END_IN_PAST.text });

/** GET /user/me (spec 000 §3 profile fields plus permissions). */
export const profile = z.object({
  _id: id,
  name: z.string(),
  surname: z.string(),
  birth_date: z.string().nullable(),
  residence_address: z.string().nullable(),
  fiscal_code: z.string().nullable(),
  phone_number: z.string().nullable(),
  email: z.string(),
  fitet_code: z.string().nullable(),
  fitet_type: z.string().nullable(),
  fitet_category: z.string().nullable(),
  created_at: z.string(),
  medical_certificate_expiration_date: z.string().nullable(),
  medical_certificate_status: medicalStatus,
  has_accepted_terms: z.boolean(),
  permissions: z.array(permission),
});
export type Profile = z.infer<typeof profile>;

export const updateMeBody = z
  .object({ phone_number: phoneNumber().optional(), email: email.optional() })
  .refine((b) => b.phone_number !== undefined || b.email !== undefined, 'Nessuna modifica da salvare');
export type UpdateMeBody = z.infer<typeof updateMeBody>;

/** User category (spec 001 §3). */
export const categoryPayload = z.object({
  name: requiredText(100),
  description: optionalLines(500),
  permissions: z.array(permission).max(10).default([]),
  reservation_rules: z.array(id).max(5).default([]),
  mailing_list_classes: z.array(id).max(5).default([]),
});
export type CategoryPayload = z.infer<typeof categoryPayload>;
export type CategoryPayloadInput = z.input<typeof categoryPayload>;

export const category = z.object({
  _id: id,
  name: z.string(),
  description: z.string().nullable(),
  permissions: z.array(permission),
  reservation_rules: z.array(namedRef),
  mailing_list_classes: z.array(namedRef),
});
export type Category = z.infer<typeof category>;

/** A federation record (spec 001 §3 FITET record), matched to a user by card code. */
export const fitetRecord = z.object({
  _id: z.string(),
  member_id: z.string(),
  card_type: z.string().nullable(),
  category: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  user: z.object({ _id: z.string(), name: z.string(), surname: z.string() }),
});
export type FitetRecord = z.infer<typeof fitetRecord>;

/**
 * Payload of PATCH /user/fitet/{id}: the record's own fields. The card code (member_id) is what ties the record to its
 * member and to the federation's next import, so it is not edited here (a different code is a different record).
 */
export const fitetRecordPayload = z
  .object({
    card_type: optionalText(100),
    category: optionalText(100),
    start_date: optionalDate,
    end_date: optionalDate,
  })
  .refine((v) => !v.start_date || !v.end_date || v.end_date >= v.start_date, {
    message: 'La data di scadenza non può precedere la data di emissione',
    path: ['end_date'],
  });
export type FitetRecordPayload = z.infer<typeof fitetRecordPayload>;
export type FitetRecordPayloadInput = z.input<typeof fitetRecordPayload>;

/** The answer of POST /user/fitet: what the import did, row by row for the rows it refused. */
export const fitetImportReport = z.object({
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  rejected: z.array(z.object({ line: z.number().int(), member_id: z.string().nullable(), reason: z.string() })),
});
export type FitetImportReport = z.infer<typeof fitetImportReport>;
