import { api, type CertificateType, type CertificateTypePayload } from 'shared-api';
import { createMutation } from 'shared-ui';
import { TYPES_PATH, TYPES_QUERY_KEY, TYPE_CONFLICTS } from './get-types';

export const useUpdateType = createMutation({
  mutationFn: ({ id, body }: { id: string; body: CertificateTypePayload }) => api.patch<CertificateType>(`${TYPES_PATH}/${id}`, body),
  invalidates: TYPES_QUERY_KEY,
  toasts: {
    pending: 'Modifica tipologia in corso...',
    success: 'Tipologia modificata con successo!',
    error: 'Si è verificato un errore durante la modifica della tipologia',
  },
  errorCodes: TYPE_CONFLICTS,
});
