import { api, type Qualification, type QualificationPayload } from 'shared-api';
import { createMutation } from 'shared-ui';
import { QUALIFICATIONS_PATH, QUALIFICATIONS_QUERY_KEY, QUALIFICATION_ERRORS } from './get-qualifications';

export const useCreateQualification = createMutation({
  mutationFn: (body: QualificationPayload) => api.post<Qualification>(QUALIFICATIONS_PATH, body),
  invalidates: QUALIFICATIONS_QUERY_KEY,
  toasts: {
    pending: 'Creazione qualifica in corso...',
    success: 'Qualifica creata con successo!',
    error: 'Si è verificato un errore durante la creazione della qualifica',
  },
  errorCodes: QUALIFICATION_ERRORS,
});
