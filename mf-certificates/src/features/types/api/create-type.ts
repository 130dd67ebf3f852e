import { api, type CertificateType, type CertificateTypePayload } from 'shared-api';
import { createMutation } from 'shared-ui';
import { TYPES_PATH, TYPES_QUERY_KEY, TYPE_CONFLICTS } from './get-types';

export const useCreateType = createMutation({
  mutationFn: (body: CertificateTypePayload) => api.post<CertificateType>(TYPES_PATH, body),
  invalidates: TYPES_QUERY_KEY,
  toasts: {
    pending: 'Creazione tipologia in corso...',
    success: 'Tipologia creata con successo!',
    error: 'Si è verificato un errore durante la creazione della tipologia',
  },
  errorCodes: TYPE_CONFLICTS,
});
