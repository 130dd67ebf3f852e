import { api } from 'shared-api';
import { createMutation } from 'shared-ui';
import { UNLOADS_PATH, UNLOADS_QUERY_KEY, UNLOAD_REFUSALS } from './get-unloads';

export const useDeleteUnload = createMutation({
  mutationFn: (id: string) => api.delete(`${UNLOADS_PATH}/${id}`),
  invalidates: UNLOADS_QUERY_KEY,
  toasts: {
    pending: 'Eliminazione scarico in corso...',
    success: 'Scarico eliminato con successo!',
    error: "Si è verificato un errore durante l'eliminazione dello scarico",
  },
  errorCodes: UNLOAD_REFUSALS,
});
