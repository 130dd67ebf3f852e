import { api } from 'shared-api';
import { createMutation } from 'shared-ui';
import { TYPES_PATH, TYPES_QUERY_KEY, TYPE_CONFLICTS } from './get-types';

export const useDeleteType = createMutation({
  mutationFn: (id: string) => api.delete(`${TYPES_PATH}/${id}`),
  invalidates: TYPES_QUERY_KEY,
  toasts: {
    pending: 'Eliminazione tipologia in corso...',
    success: 'Tipologia eliminata con successo!',
    error: "Si è verificato un errore durante l'eliminazione della tipologia",
  },
  errorCodes: TYPE_CONFLICTS,
});
