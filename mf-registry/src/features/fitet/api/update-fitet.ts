import { api, type FitetRecord, type FitetRecordPayload } from 'shared-api';
import { createMutation } from 'shared-ui';
import { FITET_ERRORS, FITET_PATH, FITET_QUERY_KEY } from './get-fitet';

export const useUpdateFitetRecord = createMutation({
  mutationFn: ({ id, body }: { id: string; body: FitetRecordPayload }) => api.patch<FitetRecord>(`${FITET_PATH}/${id}`, body),
  invalidates: FITET_QUERY_KEY,
  toasts: {
    pending: 'Modifica dato FITET in corso...',
    success: 'Dato FITET modificato con successo!',
    error: 'Si è verificato un errore durante la modifica del dato FITET',
  },
  errorCodes: FITET_ERRORS,
});
