import { api } from 'shared-api';
import { createMutation } from 'shared-ui';
import { USERS_PATH, USERS_QUERY_KEY } from './get-users';

export const useDeleteUser = createMutation({
  mutationFn: (id: string) => api.delete(`${USERS_PATH}/${id}`),
  invalidates: USERS_QUERY_KEY,
  toasts: {
    pending: 'Eliminazione utente in corso...',
    success: 'Utente eliminato con successo!',
    error: "Si è verificato un errore durante l'eliminazione dell'utente",
  },
});
