import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type BookedSessionsResponse } from 'shared-api';
import { createMutation } from 'shared-ui';
import type { BookedSession } from '../../../api/types';

export type BookingsFilter = 'future' | 'past';
export const MY_BOOKINGS_QUERY_KEY = 'my-bookings';
const FIVE_MINUTES = 5 * 60 * 1000;

/** GET /user/me/booked-sessions?filter=future|past, refetched every 5 minutes (spec 000 §7, §9). */
export const myBookingsQuery = (filter: BookingsFilter) =>
  queryOptions({
    queryKey: [MY_BOOKINGS_QUERY_KEY, filter],
    queryFn: async ({ signal }) => (await api.get<BookedSessionsResponse>('/user/me/booked-sessions', { filter }, signal)).data,
    refetchInterval: FIVE_MINUTES,
  });

export const useMyBookings = (filter: BookingsFilter) => useQuery(myBookingsQuery(filter));

/** PATCH /training-session/booking/{id}; success refetches both lists (spec 000 §4, §8). */
export const useCancelMyBooking = createMutation({
  mutationFn: (bookingId: string) => api.patch(`/training-session/booking/${bookingId}`),
  invalidates: MY_BOOKINGS_QUERY_KEY,
  toasts: { pending: 'Annullamento in corso...', success: 'Prenotazione annullata con successo!', error: 'Impossibile annullare la prenotazione' },
  errorCodes: { own: ['BOOKING_CANCEL_TOO_LATE'] },
});

/**
 * Leaving a booking someone else made (issue 25): the same call, which the server answers by the member's part in
 * it — a member's booking is cancelled for both, a booking of the staff keeps its other participants.
 */
export const useLeaveBooking = createMutation({
  mutationFn: (bookingId: string) => api.patch(`/training-session/booking/${bookingId}`),
  invalidates: MY_BOOKINGS_QUERY_KEY,
  toasts: {
    pending: 'Uscita dalla prenotazione in corso...',
    success: 'Hai lasciato la prenotazione',
    error: 'Impossibile lasciare la prenotazione',
  },
  errorCodes: { own: ['BOOKING_ENDED'] },
});

/** Whether the one who made a booking takes part in it (a member's booking, cancelled for both when left). */
export const madeByParticipant = (booking: BookedSession): boolean =>
  Boolean(booking.booked_by && (booking.participants ?? booking.users).some((p) => p._id === booking.booked_by?._id));
