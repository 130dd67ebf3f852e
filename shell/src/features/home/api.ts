/** The home page's reads (issue 27): each block asks for its own, so one slow or failed answer blocks nothing else. */
import { queryOptions } from '@tanstack/react-query';
import {
  api,
  type BookedSession,
  type Certificate,
  type ListResponse,
  type FairPlayRecord,
  type MyBookingRule,
  type MyPaymentsResponse,
  type TrainingSessionList,
  type WaitlistEntry,
} from 'shared-api';

/** GET /user/me/booked-sessions?filter=future: soonest first, the same key Le mie prenotazioni uses. */
export const futureBookingsQuery = () =>
  queryOptions({
    queryKey: ['user', 'me', 'booked-sessions', 'future'],
    queryFn: () => api.get<{ data: BookedSession[] }>('/user/me/booked-sessions', { filter: 'future' }),
  });

/** GET /user/me/waitlist: the member's waitlist entries. */
export const myWaitlistQuery = () =>
  queryOptions({ queryKey: ['user', 'me', 'waitlist'], queryFn: () => api.get<{ data: WaitlistEntry[] }>('/user/me/waitlist') });

/** GET /user/me/payments?type=pending: the member's charges with something still to pay (cents). */
export const pendingPaymentsQuery = () =>
  queryOptions({
    queryKey: ['user', 'me', 'payments', 'pending'],
    queryFn: () => api.get<MyPaymentsResponse>('/user/me/payments', { type: 'pending' }),
  });

/** GET /training-session for one club day (bookings staff). */
export const sessionsOfDayQuery = (day: string) =>
  queryOptions({
    queryKey: ['training-session', 'day', day],
    queryFn: () => api.get<TrainingSessionList>('/training-session', { startDate: day, endDate: day }),
  });

/**
 * GET /certificate (certificates staff), every row: the list has no state filter, the page keeps those awaiting
 * approval (the latest upload not yet approved).
 */
export const certificatesAwaitingQuery = () =>
  queryOptions({
    queryKey: ['certificate', 'awaiting-approval'],
    queryFn: async () => {
      const list = await api.get<ListResponse<Certificate>>('/certificate', { limit: 0, sortBy: 'is_approved', order: 'asc' });
      return list.data.filter((c) => c.status === 'not_approved');
    },
  });

/** GET /user/me/booking-rule: the member's booking rule and its next unlock time. */
export const myBookingRuleQuery = () =>
  queryOptions({ queryKey: ['user', 'me', 'booking-rule'], queryFn: () => api.get<MyBookingRule>('/user/me/booking-rule') });

/** GET /user/me/fair-play (issue 42): the member's no-shows, late cancellations and any booking suspension. */
export const myFairPlayQuery = () =>
  queryOptions({ queryKey: ['user', 'me', 'fair-play'], queryFn: () => api.get<FairPlayRecord>('/user/me/fair-play') });
