import { queryOptions } from '@tanstack/react-query';
import { api, type AttendanceList, type CheckInResult } from 'shared-api';
import { createMutation } from 'shared-ui';

/** The key of every read of a day's 'Presenze': a check-in by staff reloads them. */
export const ATTENDANCE_QUERY_KEY = 'check-ins';

/** GET /training-session/check-ins?date= (bookings staff): the day's bookings, who is present, the no-shows. */
export const attendanceQuery = (date: string) =>
  queryOptions({
    queryKey: [ATTENDANCE_QUERY_KEY, date],
    queryFn: ({ signal }) => api.get<AttendanceList>('/training-session/check-ins', { date }, signal).then((res) => res.data),
  });

/** POST /training-session/booking/{id}/check-in: staff mark present the participants named (all of them without). */
export const useStaffCheckIn = createMutation({
  mutationFn: ({ bookingId, userIds }: { bookingId: string; userIds?: string[] }) =>
    api.post<CheckInResult>(`/training-session/booking/${bookingId}/check-in`, userIds ? { userIds } : {}),
  invalidates: ATTENDANCE_QUERY_KEY,
  toasts: { pending: 'Registrazione della presenza...', success: 'Presenza registrata', error: 'Impossibile registrare la presenza' },
  errorCodes: { own: ['BOOKING_NOT_FOUND'], detailed: ['VALIDATION_FAILED'] },
});
