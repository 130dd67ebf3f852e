import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type WaitlistEntry } from 'shared-api';
import { createMutation } from 'shared-ui';

/** The member's waitlists (issue 27): one query key, which joining and leaving refresh. */
export const WAITLIST_QUERY_KEY = 'my-waitlist';

/** GET /user/me/waitlist: entries whose shift has not started, soonest first. */
export const myWaitlistQuery = () =>
  queryOptions({
    queryKey: [WAITLIST_QUERY_KEY],
    queryFn: async ({ signal }) => (await api.get<{ data: WaitlistEntry[] }>('/user/me/waitlist', undefined, signal)).data,
  });

export const useMyWaitlist = () => useQuery(myWaitlistQuery());

/** POST /training-session/{id}/waitlist ('Avvisami se si libera'). */
export const useJoinWaitlist = createMutation({
  mutationFn: ({ sessionId, date }: { sessionId: string; date: string }) =>
    api.post(`/training-session/${sessionId}/waitlist`, { date, partnersId: [] }),
  invalidates: WAITLIST_QUERY_KEY,
  toasts: {
    pending: "Iscrizione alla lista d'attesa in corso...",
    success: 'Ti avviseremo per email se il turno si libera',
    error: "Impossibile entrare nella lista d'attesa",
  },
  errorCodes: { own: ['WAITLIST_FULL', 'WAITLIST_OCCURRENCE_FREE', 'WAITLIST_ALREADY_BOOKED', 'SESSION_STARTED'] },
});

/** DELETE /training-session/{id}/waitlist?date= ('Esci dalla lista'). */
export const useLeaveWaitlist = createMutation({
  mutationFn: ({ sessionId, date }: { sessionId: string; date: string }) =>
    api.delete(`/training-session/${sessionId}/waitlist?date=${encodeURIComponent(date)}`),
  invalidates: WAITLIST_QUERY_KEY,
  toasts: {
    pending: "Uscita dalla lista d'attesa in corso...",
    success: "Sei uscito dalla lista d'attesa",
    error: "Impossibile uscire dalla lista d'attesa",
  },
  errorCodes: { own: ['WAITLIST_ENTRY_NOT_FOUND'] },
});
