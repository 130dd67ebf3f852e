import { z } from 'zod';
import { MAILING_LIST_TYPES } from './constants';
import { id, namedRef, timeOfDay } from './common';

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
