import { api } from 'shared-api';
import { createMutation } from 'shared-ui';
import { FITET_ERRORS, FITET_PATH, FITET_QUERY_KEY } from './get-fitet';

export const useDeleteFitetRecord = createMutation({
  mutationFn: (id: string) => api.delete(`${FITET_PATH}/${id}`),
  invalidates: FITET_QUERY_KEY,
  toasts: {
    pending: 'Eliminazione dato FITET in corso...',
    success: 'Dato FITET eliminato con successo!',
    error: "Si è verificato un errore durante l'eliminazione del dato FITET",
  },
  errorCodes: FITET_ERRORS,
});
