import type { SQL, SQLWrapper } from 'drizzle-orm';

/**
 * What the booking domain tells the registry about how a member books, as SQL the users list reads (provided as
 * Services.bookingConduct; the registry does not import that domain): the staff see there who books others into
 * shifts they then leave (issue 25).
 */
export interface BookingConductPort {
  /** How many bookings the member `userId` (the outer query's user id, qualified) made that a booked partner left. */
  partnerLeftBookingsOf(userId: SQLWrapper): SQL<number>;
}
