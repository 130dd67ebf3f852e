import { api, type FairPlayRecord } from 'shared-api';
import { createMutation } from 'shared-ui';
import { USERS_PATH, USERS_QUERY_KEY } from './get-users';

/** POST /user/{id}/fair-play/lift { note } (issue 42, bookings staff): lifts the member's booking suspension. */
export const useLiftFairPlay = createMutation({
  mutationFn: ({ id, note }: { id: string; note: string }) => api.post<FairPlayRecord>(`${USERS_PATH}/${id}/fair-play/lift`, { note }),
  invalidates: USERS_QUERY_KEY,
  toasts: {
    pending: 'Revoca della sospensione in corso...',
    success: 'Sospensione delle prenotazioni revocata!',
    error: 'Si è verificato un errore durante la revoca della sospensione',
  },
  errorCodes: { detailed: ['FAIR_PLAY_NOT_SUSPENDED'] },
});
