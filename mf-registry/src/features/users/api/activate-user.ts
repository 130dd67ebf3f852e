import { api, type User } from 'shared-api';
import { createMutation } from 'shared-ui';
import { USERS_PATH, USERS_QUERY_KEY } from './get-users';

/** PATCH /user/{id}/activate, no body (spec 001 §7). */
export const useActivateUser = createMutation({
  mutationFn: (id: string) => api.patch<User>(`${USERS_PATH}/${id}/activate`),
  invalidates: USERS_QUERY_KEY,
  toasts: {
    pending: 'Attivazione utente in corso...',
    success: 'Utente attivato con successo!',
    error: "Si è verificato un errore durante l'attivazione dell'utente",
  },
});
