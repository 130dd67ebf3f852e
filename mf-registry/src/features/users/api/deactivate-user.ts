import { api, type User } from 'shared-api';
import { createMutation } from 'shared-ui';
import { USERS_PATH, USERS_QUERY_KEY } from './get-users';

/** PATCH /user/{id}/deactivate with an optional end date (null: until reactivated). */
export const useDeactivateUser = createMutation({
  mutationFn: ({ id, endDate }: { id: string; endDate: string | null }) => api.patch<User>(`${USERS_PATH}/${id}/deactivate`, { end_date: endDate }),
  invalidates: USERS_QUERY_KEY,
  toasts: {
    pending: 'Disattivazione utente in corso...',
    success: 'Utente disattivato con successo!',
    error: "Si è verificato un errore durante la disattivazione dell'utente",
  },
  // The server's reason, by its code: staff see why (a past end date, their own account).
  errorCodes: { detailed: ['DEACTIVATION_END_IN_PAST', 'SELF_DEACTIVATE'] },
});
