import { z } from 'zod';
import { id, isoDate, multilineText } from '../common';
import { gameTable } from './game-tables';
import { participant } from './sessions';

export const bookedSessionsQuery = z.object({ filter: z.enum(['future', 'past']).default('future') });

/** GET /user/me/booked-sessions (spec 000 §3 Booking). Future: soonest first; past: latest first. */
export const bookedSession = z.object({
  /** The booking id (PATCH /training-session/booking/{id} cancels it). */
  _id: id,
  trainingSession: z.object({ _id: id, title: z.string(), start_time: z.string(), end_time: z.string() }),
  session_date: isoDate,
  specific_date: isoDate,
  start_at: z.string(),
  end_at: z.string(),
  users: z.array(participant),
  participants: z.array(participant),
  game_table: gameTable.nullable(),
  pastPrenotation: z.boolean(),
  /** Released because nobody checked in at the table in time (issue 42): shown as 'Non presentato'. */
  no_show: z.boolean().optional(),
  /**
   * Whether the member may still cancel it: the booker until their rule's hours_before_booking_to_cancel before the
   * start; a participant who did not make it until it ends (leaving it, issue 25).
   */
  can_cancel: z.boolean(),
  /** Who made the booking (a member booking themselves with a partner, or the bookings staff); null when no longer a user. */
  booked_by: z.object({ _id: id, name: z.string(), surname: z.string() }).nullable(),
  /**
   * Whether the member made it. A booking someone else made is left rather than cancelled: a member's booking is
   * cancelled for both (a member books with one partner), a booking of the staff keeps its other participants.
   */
  booked_by_me: z.boolean(),
});
export type BookedSession = z.infer<typeof bookedSession>;
export const bookedSessionsResponse = z.object({ data: z.array(bookedSession) });
export type BookedSessionsResponse = z.infer<typeof bookedSessionsResponse>;

/**
 * GET /user/me/booking-rule (issue 27, home page): the booking rule that applies to the member (none: no quota) and
 * when its unlock times next release shifts (`at` an instant, ISO 8601; null without unlock times).
 */
export const myBookingRule = z.object({
  rule: z
    .object({
      name: z.string(),
      max_rounds_per_week: z.number().int(),
      max_rounds_per_day: z.number().int(),
      hours_before_booking_to_cancel: z.number().int(),
    })
    .nullable(),
  next_unlock: z.object({ at: z.string(), num_shifts: z.number().int() }).nullable(),
});
export type MyBookingRule = z.infer<typeof myBookingRule>;

/**
 * GET /user/me/fair-play and the staff's lift (issue 42): the member's no-shows and late cancellations within their
 * booking rule's fair-play period (30 days without a rule), and the end of their booking suspension (an instant, ISO
 * 8601) or null.
 */
export const fairPlayRecord = z.object({
  no_shows: z.number().int(),
  late_cancellations: z.number().int(),
  suspended_until: z.string().nullable(),
});
export type FairPlayRecord = z.infer<typeof fairPlayRecord>;

/** POST /user/{id}/fair-play/lift: why the staff lift the member's suspension (kept, audited). */
export const fairPlayLiftPayload = z.object({
  note: multilineText().min(1, 'Campo obbligatorio').max(2000),
});
export type FairPlayLiftPayload = z.infer<typeof fairPlayLiftPayload>;
