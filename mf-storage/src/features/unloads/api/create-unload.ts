import { api, type StorageUnload, type StorageUnloadPayloadInput } from 'shared-api';
import { createMutation } from 'shared-ui';
import { UNLOADS_PATH, UNLOADS_QUERY_KEY, UNLOAD_REFUSALS } from './get-unloads';

export const useCreateUnload = createMutation({
  mutationFn: (body: StorageUnloadPayloadInput) => api.post<StorageUnload>(UNLOADS_PATH, body),
  invalidates: UNLOADS_QUERY_KEY,
  toasts: {
    pending: 'Registrazione scarico in corso...',
    success: 'Scarico registrato con successo!',
    error: 'Si è verificato un errore durante la registrazione dello scarico',
  },
  errorCodes: UNLOAD_REFUSALS,
});
