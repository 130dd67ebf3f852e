import { api } from 'shared-api';
import { createMutation } from 'shared-ui';
import { LOADS_PATH, LOADS_QUERY_KEY, LOAD_REFUSALS } from './get-loads';

export const useDeleteLoad = createMutation({
  mutationFn: (id: string) => api.delete(`${LOADS_PATH}/${id}`),
  invalidates: LOADS_QUERY_KEY,
  toasts: {
    pending: 'Eliminazione carico in corso...',
    success: 'Carico eliminato con successo!',
    error: "Si è verificato un errore durante l'eliminazione del carico",
  },
  errorCodes: LOAD_REFUSALS,
});
