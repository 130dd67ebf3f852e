/**
 * Booking (spec 000 §2.8, §2.10–§2.12, §3, §7; spec 001 §5, §7; DESIGN §4): game tables, training sessions
 * (single sessions, groups repeating on week days, their exceptions), the occurrences the calendars and the search
 * read, bookings and their cancellation, the member's booked sessions.
 *
 * An occurrence is named by its session `_id` and its date: a group's occurrences are computed, not stored, and
 * come back with `isVirtual: true` and `virtualGroupId`; booking, editing or deleting one of them stores an
 * exception for that date (then `isVirtual` is false). Every call that acts on one occurrence of a group
 * carries its date (`date` or `occurrence_date`).
 *
 * One file per feature of mf-booking (features/<the same name>), as the server's domains/booking folders.
 */
export * from './booking/game-tables';
export * from './booking/sessions';
export * from './booking/booking';
export * from './booking/my-bookings';
export * from './booking/around-booking';
export * from './booking/check-in';
