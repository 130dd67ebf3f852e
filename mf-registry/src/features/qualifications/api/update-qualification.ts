import { api, type Qualification, type QualificationPayload } from 'shared-api';
import { createMutation } from 'shared-ui';
import { QUALIFICATIONS_PATH, QUALIFICATIONS_QUERY_KEY, QUALIFICATION_ERRORS } from './get-qualifications';

export const useUpdateQualification = createMutation({
  mutationFn: ({ id, body }: { id: string; body: QualificationPayload }) => api.patch<Qualification>(`${QUALIFICATIONS_PATH}/${id}`, body),
  invalidates: QUALIFICATIONS_QUERY_KEY,
  toasts: {
    pending: 'Modifica qualifica in corso...',
    success: 'Qualifica modificata con successo!',
    error: 'Si è verificato un errore durante la modifica della qualifica',
  },
  errorCodes: QUALIFICATION_ERRORS,
});
