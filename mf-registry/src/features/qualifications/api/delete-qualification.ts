import { api } from 'shared-api';
import { createMutation } from 'shared-ui';
import { QUALIFICATIONS_PATH, QUALIFICATIONS_QUERY_KEY, QUALIFICATION_ERRORS } from './get-qualifications';

export const useDeleteQualification = createMutation({
  mutationFn: (id: string) => api.delete(`${QUALIFICATIONS_PATH}/${id}`),
  invalidates: QUALIFICATIONS_QUERY_KEY,
  toasts: {
    pending: 'Eliminazione qualifica in corso...',
    success: 'Qualifica eliminata con successo!',
    error: "Si è verificato un errore durante l'eliminazione della qualifica",
  },
  errorCodes: QUALIFICATION_ERRORS,
});
