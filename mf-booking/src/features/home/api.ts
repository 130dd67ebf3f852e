/** The reads of the booking blocks of the home page (issue 27): each block asks for its own, so one slow or failed answer blocks nothing else. */
import { queryOptions } from '@tanstack/react-query';
import { api, type BookedSession, type FairPlayRecord, type MyBookingRule, type TrainingSessionList, type WaitlistEntry } from 'shared-api';

/** GET /user/me/booked-sessions?filter=future: soonest first, the same key Le mie prenotazioni uses. */
export const futureBookingsQuery = () =>
  queryOptions({
    queryKey: ['user', 'me', 'booked-sessions', 'future'],
    queryFn: () => api.get<{ data: BookedSession[] }>('/user/me/booked-sessions', { filter: 'future' }),
  });

/** GET /user/me/waitlist: the member's waitlist entries. */
export const myWaitlistQuery = () =>
  queryOptions({ queryKey: ['user', 'me', 'waitlist'], queryFn: () => api.get<{ data: WaitlistEntry[] }>('/user/me/waitlist') });

/** GET /training-session for one club day (bookings staff). */
export const sessionsOfDayQuery = (day: string) =>
  queryOptions({
    queryKey: ['training-session', 'day', day],
    queryFn: () => api.get<TrainingSessionList>('/training-session', { startDate: day, endDate: day }),
  });

/** GET /user/me/booking-rule: the member's booking rule and its next unlock time. */
export const myBookingRuleQuery = () =>
  queryOptions({ queryKey: ['user', 'me', 'booking-rule'], queryFn: () => api.get<MyBookingRule>('/user/me/booking-rule') });

/** GET /user/me/fair-play (issue 42): the member's no-shows, late cancellations and any booking suspension. */
export const myFairPlayQuery = () =>
  queryOptions({ queryKey: ['user', 'me', 'fair-play'], queryFn: () => api.get<FairPlayRecord>('/user/me/fair-play') });
