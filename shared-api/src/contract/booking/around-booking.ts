import { z } from 'zod';

/**
 * Issue 27: what members get around a booking — a private calendar subscription address (their bookings, or a game
 * table's for the bookings staff), a waitlist on a booked occurrence, reminder mails.
 */

/** GET/POST /user/me/calendar-feed and /training-session/game-tables/{id}/calendar-feed: the address, or null when off. */
export const calendarFeedResponse = z.object({ url: z.string().nullable() });
export type CalendarFeed = z.infer<typeof calendarFeedResponse>;

/** Fetches of one feed address allowed in a window (a calendar app polls every 15 minutes at most). */
export const CALENDAR_FEED_RATE = { max: 30, windowMinutes: 15 } as const;
/** A feed holds bookings from this many days ago on; a cancelled one stays this many days as cancelled. */
export const CALENDAR_FEED_PAST_DAYS = 30;
export const CALENDAR_FEED_CANCELLED_DAYS = 7;
