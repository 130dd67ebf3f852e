import { api, type StorageUnload, type StorageUnloadPayloadInput } from 'shared-api';
import { createMutation } from 'shared-ui';
import { UNLOADS_PATH, UNLOADS_QUERY_KEY, UNLOAD_REFUSALS } from './get-unloads';

export const useUpdateUnload = createMutation({
  mutationFn: ({ id, body }: { id: string; body: StorageUnloadPayloadInput }) => api.patch<StorageUnload>(`${UNLOADS_PATH}/${id}`, body),
  invalidates: UNLOADS_QUERY_KEY,
  toasts: {
    pending: 'Modifica scarico in corso...',
    success: 'Scarico modificato con successo!',
    error: 'Si è verificato un errore durante la modifica dello scarico',
  },
  errorCodes: UNLOAD_REFUSALS,
});
