import { z } from 'zod';
import { id, isoDate, typedNumber } from '../common';
import { REMINDER_HOURS } from '../constants';

/**
 * Issue 27: what members get around a booking — a private calendar subscription address (their bookings, or a game
 * table's for the bookings staff), a waitlist on a booked occurrence, reminder mails.
 */

/** GET/POST /user/me/calendar-feed and /training-session/game-tables/{id}/calendar-feed: the address, or null when off. */
export const calendarFeedResponse = z.object({ url: z.string().nullable() });
export type CalendarFeed = z.infer<typeof calendarFeedResponse>;

/**
 * Fetches of one feed address allowed in a window (a calendar app polls every 15 minutes at most): `max` per client
 * address, `perFeed` in all (issue 39: one holder of a leaked address cannot lock the owner out).
 */
export const CALENDAR_FEED_RATE = { max: 30, perFeed: 240, windowMinutes: 15 } as const;
/** A feed holds bookings from this many days ago on; a cancelled one stays this many days as cancelled. */
export const CALENDAR_FEED_PAST_DAYS = 30;
export const CALENDAR_FEED_CANCELLED_DAYS = 7;

/** Members waiting on one occurrence at most (as CourtReserve caps its waitlists). */
export const WAITLIST_CAP = 25;

/** POST /training-session/{id}/waitlist: join the waitlist of a booked occurrence (the partner is the one to book with). */
export const waitlistJoinPayload = z.object({
  date: isoDate,
  partnersId: z.array(id).max(1).default([]),
});
export type WaitlistJoinPayload = z.infer<typeof waitlistJoinPayload>;

/** DELETE /training-session/{id}/waitlist?date=: leave it. */
export const waitlistLeaveQuery = z.object({ date: isoDate });

export const waitlistChangeResponse = z.object({ status: z.literal('success') });

/** GET /user/me/waitlist: the member's entries whose occurrence has not started, soonest first. */
export const waitlistEntry = z.object({
  _id: id,
  training_session_id: id,
  date: isoDate,
  title: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  start_at: z.string(),
  game_table: z.object({ _id: id, number: z.number() }),
  /** The partner the member means to book with, if they named one. */
  partner_id: id.nullable(),
  /** Whether the occurrence is free now (its booking was cancelled): book it before the others do. */
  free: z.boolean(),
  /** The member's place in the list (1 = joined first). */
  position: z.number(),
  created_at: z.string(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntry>;
export const myWaitlistResponse = z.object({ data: z.array(waitlistEntry) });

/** GET/PATCH /user/me/preferences ('Promemoria dei turni'). */
export const memberPreferences = z.object({
  reminder_hours: z
    .number()
    .int('Indica un numero intero di ore')
    .min(REMINDER_HOURS.min, `Almeno ${REMINDER_HOURS.min} ora`)
    .max(REMINDER_HOURS.max, `Al massimo ${REMINDER_HOURS.max} ore`)
    .nullable(),
});
export type MemberPreferences = z.infer<typeof memberPreferences>;
/** The 'Promemoria dei turni' form: the hours as typed (null when reminders are off), under the payload's rules. */
export const memberPreferencesForm = z.object({
  reminder_hours: typedNumber(memberPreferences.shape.reminder_hours.unwrap()).nullable(),
});
