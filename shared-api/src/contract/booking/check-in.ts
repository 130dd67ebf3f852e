import { z } from 'zod';
import { id, isoDate } from '../common';

/**
 * Check-in at the table (issue 42). Each game table may have a check-in link, printed as a QR code on its sheet:
 * `<PUBLIC_URL>/check-in/<token>`. A member with a booking on that table checks in with it within the check-in window
 * (CHECK_IN_OPENS_MIN before the start, CHECK_IN_CLOSES_MIN after it); bookings staff check anyone in. A booking with
 * nobody checked in when the window closes is released as a no-show ('Non presentato').
 */

/** POST /training-session/game-tables/{id}/check-in-link: a new link (the previous one stops working). */
export const checkInLink = z.object({ url: z.string(), since: z.string() });
export type CheckInLink = z.infer<typeof checkInLink>;

/** POST /check-in/{token}: the member checks in, and with `withPartners` the others of their booking too. */
export const checkInPayload = z.object({ withPartners: z.boolean().optional() });
export type CheckInPayload = z.infer<typeof checkInPayload>;

/** POST /training-session/booking/{id}/check-in (bookings staff): these participants (default all). */
export const staffCheckInPayload = z.object({ userIds: z.array(id).min(1).max(4).optional() });
export type StaffCheckInPayload = z.infer<typeof staffCheckInPayload>;

/** The booking checked in: which shift, on which table, and who of its participants is present. */
export const checkInResult = z.object({
  booking_id: id,
  title: z.string(),
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  table_number: z.number().int(),
  participants: z.array(z.object({ _id: id, name: z.string(), surname: z.string(), checked_in: z.boolean() })),
});
export type CheckInResult = z.infer<typeof checkInResult>;

/** GET /training-session/check-ins?date= (bookings staff): the day's bookings with who is present ('Presenze'). */
export const attendanceQuery = z.object({ date: isoDate });
export type AttendanceQuery = z.infer<typeof attendanceQuery>;

/** One booking of the day: as a check-in answers it, its start and end instants, and whether it was released as a no-show. */
export const attendanceRow = checkInResult.extend({
  start_at: z.string(),
  end_at: z.string(),
  /** Released by the no-show job ('Non presentato'): nobody checked in by the end of the window. */
  no_show: z.boolean(),
});
export type AttendanceRow = z.infer<typeof attendanceRow>;
export const attendanceList = z.object({ data: z.array(attendanceRow) });
export type AttendanceList = z.infer<typeof attendanceList>;
