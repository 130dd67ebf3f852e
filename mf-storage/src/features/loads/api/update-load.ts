import { api, type StorageLoad, type StorageLoadPayloadInput } from 'shared-api';
import { createMutation } from 'shared-ui';
import { LOADS_PATH, LOADS_QUERY_KEY, LOAD_REFUSALS } from './get-loads';

export const useUpdateLoad = createMutation({
  mutationFn: ({ id, body }: { id: string; body: StorageLoadPayloadInput }) => api.patch<StorageLoad>(`${LOADS_PATH}/${id}`, body),
  invalidates: LOADS_QUERY_KEY,
  toasts: {
    pending: 'Modifica carico in corso...',
    success: 'Carico modificato con successo!',
    error: 'Si è verificato un errore durante la modifica del carico',
  },
  errorCodes: LOAD_REFUSALS,
});
