import { z } from 'zod';
import { MAILING_LIST_TYPES } from './constants';
import { id, lineText, multilineText, namedRef, timeOfDay, typedNumber } from './common';

/**
 * Reference lists of the registry as GET /user/qualification, /user/reservation-rule and
 * /user/mailing-list/classes answer them (spec 001 §3). Their create/edit payloads come with their pages.
 */

/** An unlock time of a booking rule: on `day` (0 Sunday … 6 Saturday) at `hour`, num_shifts more shifts open. */
export const unlockTime = z.object({ _id: id, day: z.number().int().min(0).max(6), hour: timeOfDay, num_shifts: z.number().int() });
export type UnlockTime = z.infer<typeof unlockTime>;

export const reservationRule = z.object({
  _id: id,
  name: z.string(),
  description: z.string().nullable(),
  max_rounds_per_week: z.number().int(),
  max_rounds_per_day: z.number().int(),
  hours_before_booking_to_ignore_rules: z.number().int(),
  hours_before_booking_to_cancel: z.number().int(),
  week_start_day: z.number().int().min(0).max(6),
  week_end_day: z.number().int().min(0).max(6),
  unlock_times: z.array(unlockTime),
  /** Fair play (issue 42): no-shows and late cancellations within the period that suspend bookings; null, never. */
  no_show_limit: z.number().int().nullable(),
  late_cancellation_limit: z.number().int().nullable(),
  fair_play_period_days: z.number().int(),
  suspension_days: z.number().int(),
});
export type ReservationRule = z.infer<typeof reservationRule>;

export const mailingListType = z.enum(MAILING_LIST_TYPES);

export const mailingListClass = z.object({
  _id: id,
  name: z.string(),
  description: z.string().nullable(),
  type: mailingListType,
  is_default: z.boolean(),
});
export type MailingListClass = z.infer<typeof mailingListClass>;

export const qualification = z.object({
  _id: id,
  name: z.string(),
  description: z.string().nullable(),
  color: z.string(),
  /** 0–255. */
  priority: z.number().int(),
  reservation_rules: z.array(namedRef),
  mailing_list_classes: z.array(namedRef),
});
export type Qualification = z.infer<typeof qualification>;

/** Text of an optional description: blank becomes null. */
const optionalText = multilineText()
  .max(2000)
  .nullish()
  .transform((v) => (v ? v : null));

/** Ids chosen in a reference menu, at most `max` (spec 001 §5). */
const refIds = (max: number) => z.array(id).max(max, `Puoi selezionare al massimo ${max} elementi`).default([]);

/** POST and PATCH /user/qualification (spec 001 §5 Qualification). */
export const qualificationPayload = z.object({
  name: lineText().min(1, 'Campo obbligatorio').max(200),
  description: optionalText,
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colore non valido (formato atteso #RRGGBB)'),
  priority: z
    .number()
    .int('Valore decimale non consentito')
    .min(0, 'Il valore deve essere compreso tra 0 e 255')
    .max(255, 'Il valore deve essere compreso tra 0 e 255')
    .default(0),
  reservation_rules: refIds(5),
  mailing_list_classes: refIds(5),
});
export type QualificationPayload = z.infer<typeof qualificationPayload>;
export type QualificationPayloadInput = z.input<typeof qualificationPayload>;

/** The qualification form (mf-registry): the priority as typed, required there (spec 001 §5); parses to the payload. */
export const qualificationForm = qualificationPayload.extend({ priority: typedNumber(qualificationPayload.shape.priority.unwrap()) });

/** A whole non-negative number of a booking rule. */
const count = z.number().int('Valore decimale non consentito').min(0, 'Il valore deve essere compreso tra 0 e infinito');
/**
 * The hours of a booking rule (before a session to ignore the limits, to cancel): at most 30 days. 1,000,000 hours
 * (114 years) was taken as typed (issue 44 item 9); a rule's hours are about one session's eve, not its years.
 */
export const RULE_HOURS_MAX = 720;
const ruleHours = count.max(RULE_HOURS_MAX, `Il valore deve essere compreso tra 0 e ${RULE_HOURS_MAX} (30 giorni)`);
/** A fair-play limit of a booking rule (issue 42): at least 1, or none (null: no suspension). */
const fairPlayCount = z.number().int('Valore decimale non consentito').min(1, 'Il valore deve essere almeno 1');
const fairPlayLimit = fairPlayCount.nullable();
/** A fair-play limit as the form holds it: blank is none. */
const typedFairPlayLimit = z.preprocess(
  (v) => (v === undefined || (typeof v === 'string' && !v.trim()) ? null : v),
  typedNumber(fairPlayCount).nullable(),
);
/** A fair-play period or suspension, in days. */
const fairPlayDays = z
  .number()
  .int('Valore decimale non consentito')
  .min(1, 'Il valore deve essere compreso tra 1 e 365')
  .max(365, 'Il valore deve essere compreso tra 1 e 365');
const weekDay = z.number().int('Valore decimale non consentito').min(0, 'Giorno non valido (0–6)').max(6, 'Giorno non valido (0–6)');

/** An unlock time as the booking-rule form sends it (no id: the rule's unlock times are replaced). */
export const unlockTimePayload = z.object({
  day: weekDay,
  hour: timeOfDay,
  num_shifts: z.number().int('Valore decimale non consentito').min(1, 'Il valore deve essere compreso tra 1 e infinito'),
});

const unlockTimesPayload = z.array(unlockTimePayload).max(50);

/** POST and PATCH /user/reservation-rule (spec 001 §5 Booking rule). */
export const reservationRulePayload = z.object({
  name: lineText().min(1, 'Campo obbligatorio').max(200),
  description: optionalText,
  max_rounds_per_week: count,
  max_rounds_per_day: count,
  hours_before_booking_to_ignore_rules: ruleHours,
  hours_before_booking_to_cancel: ruleHours,
  week_start_day: weekDay,
  week_end_day: weekDay,
  unlock_times: unlockTimesPayload.default([]),
  no_show_limit: fairPlayLimit.default(null),
  late_cancellation_limit: fairPlayLimit.default(null),
  fair_play_period_days: fairPlayDays.default(30),
  suspension_days: fairPlayDays.default(7),
});
export type ReservationRulePayload = z.infer<typeof reservationRulePayload>;
export type ReservationRulePayloadInput = z.input<typeof reservationRulePayload>;

type UnlockTimeRow = { day?: unknown; hour?: unknown; num_shifts?: unknown };
const untouched = (row: UnlockTimeRow) => (row.day === null || row.day === undefined) && !row.hour && !row.num_shifts;

/**
 * The unlock times as the booking-rule form holds them (shared-ui UnlockTimesInput rows: the number of shifts as
 * typed): a row left untouched is no unlock time; a started one needs its day, time and number of shifts.
 */
const unlockTimeRows = z
  .array(
    z.preprocess(
      (row) => (row && typeof row === 'object' && untouched(row as UnlockTimeRow) ? undefined : row),
      unlockTimePayload.extend({ num_shifts: typedNumber(unlockTimePayload.shape.num_shifts) }).optional(),
    ),
  )
  .transform((rows) => rows.filter((row) => row !== undefined))
  .pipe(unlockTimesPayload);

/** A fair-play period or suspension as typed; left empty (or not on the form), the payload's default. */
const typedFairPlayDays = (fallback: number) =>
  z.preprocess((v) => (v === undefined || v === null || (typeof v === 'string' && !v.trim()) ? fallback : v), typedNumber(fairPlayDays));

/** The booking-rule form (mf-registry): numbers as typed and week days as chosen (text); parses to the payload. */
export const reservationRuleForm = reservationRulePayload.extend({
  unlock_times: unlockTimeRows,
  max_rounds_per_week: typedNumber(count),
  max_rounds_per_day: typedNumber(count),
  hours_before_booking_to_ignore_rules: typedNumber(ruleHours),
  hours_before_booking_to_cancel: typedNumber(ruleHours),
  week_start_day: typedNumber(weekDay),
  week_end_day: typedNumber(weekDay),
  no_show_limit: typedFairPlayLimit,
  late_cancellation_limit: typedFairPlayLimit,
  fair_play_period_days: typedFairPlayDays(30),
  suspension_days: typedFairPlayDays(7),
});

/** POST and PATCH /user/mailing-list/classes (spec 001 §5 Mailing list class; a list of types sends its first). */
export const mailingListClassPayload = z.object({
  name: lineText().min(1, 'Campo obbligatorio').max(200),
  description: optionalText,
  type: z.preprocess((v) => (Array.isArray(v) ? (v[0] as unknown) : v), mailingListType),
  is_default: z.boolean().default(false),
});
export type MailingListClassPayload = z.infer<typeof mailingListClassPayload>;

/** POST /emails/send (spec 001 §5 Send email): at least one list (up to 50), subject and body. */
export const sendEmailPayload = z.object({
  mailing_lists: z.array(id).min(1, 'Campo obbligatorio').max(50, 'Puoi selezionare al massimo 50 elementi'),
  subject: lineText().min(1, 'Campo obbligatorio').max(300),
  body: multilineText().min(1, 'Campo obbligatorio').max(50_000),
});
export type SendEmailPayload = z.infer<typeof sendEmailPayload>;

/** How many mails were queued, one per recipient. */
export const sendEmailResponse = z.object({ queued: z.number().int() });
export type SendEmailResponse = z.infer<typeof sendEmailResponse>;
