/** Members read sessions and tables and book; the bookings staff also change them and book others. */
export const readers = { access: ['book_session', 'bookings_access'] } as const;
export const staff = { access: ['bookings_access'] } as const;
/** Booking and cancelling change no user, category or session: the session cache outlives them (core/session-cache.ts). */
export const bookingWrite = { ...readers, changesNoUser: true } as const;
/** The OpenAPI tag of the training sessions and their bookings. */
export const sessionTags = ['turni di allenamento'];
