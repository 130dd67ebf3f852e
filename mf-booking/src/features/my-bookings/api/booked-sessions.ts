import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from 'shared-api';
import { createMutation } from 'shared-ui';
import { rowsOf, type BookedSession, type ListOf } from '../../../api/types';

export type BookingsFilter = 'future' | 'past';
export const MY_BOOKINGS_QUERY_KEY = 'my-bookings';
const FIVE_MINUTES = 5 * 60 * 1000;

/** GET /user/me/booked-sessions?filter=future|past, refetched every 5 minutes (spec 000 §7, §9). */
export const myBookingsQuery = (filter: BookingsFilter) =>
  queryOptions({
    queryKey: [MY_BOOKINGS_QUERY_KEY, filter],
    queryFn: async ({ signal }) => rowsOf(await api.get<BookedSession[] | ListOf<BookedSession>>('/user/me/booked-sessions', { filter }, signal)),
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
