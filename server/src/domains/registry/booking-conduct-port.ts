import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { FairPlayRecord } from 'shared-api/contract';

/**
 * What the booking domain tells the registry about how a member books, as SQL the users list reads (provided as
 * Services.bookingConduct; the registry does not import that domain): the staff see there who books others into
 * shifts they then leave (issue 25), and each member's fair-play record (issue 42).
 */
export interface BookingConductPort {
  /** How many bookings the member `userId` (the outer query's user id, qualified) made that a booked partner left. */
  partnerLeftBookingsOf(userId: SQLWrapper): SQL<number>;
  /**
   * The member's fair-play record at `now` (issue 42): their no-shows and late cancellations within their booking
   * rule's period and the end of their suspension (ISO 8601) or null, as one JSON value.
   */
  fairPlayOf(userId: SQLWrapper, now: Date): SQL<FairPlayRecord>;
}
