import { api, type StorageLoad, type StorageLoadPayloadInput } from 'shared-api';
import { createMutation } from 'shared-ui';
import { LOADS_PATH, LOADS_QUERY_KEY, LOAD_REFUSALS } from './get-loads';

export const useCreateLoad = createMutation({
  mutationFn: (body: StorageLoadPayloadInput) => api.post<StorageLoad>(LOADS_PATH, body),
  invalidates: LOADS_QUERY_KEY,
  toasts: {
    pending: 'Registrazione carico in corso...',
    success: 'Carico registrato con successo!',
    error: 'Si è verificato un errore durante la registrazione del carico',
  },
  errorCodes: LOAD_REFUSALS,
});
