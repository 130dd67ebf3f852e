import { api } from 'shared-api';
import { createMutation } from 'shared-ui';
import { MAILING_LIST_ERRORS, MAILING_LISTS_PATH, MAILING_LISTS_QUERY_KEY } from './get-mailing-lists';

export const useDeleteMailingList = createMutation({
  mutationFn: (id: string) => api.delete(`${MAILING_LISTS_PATH}/${id}`),
  invalidates: MAILING_LISTS_QUERY_KEY,
  toasts: {
    pending: 'Eliminazione mailing list in corso...',
    success: 'Mailing list eliminata con successo!',
    error: "Si è verificato un errore durante l'eliminazione della mailing list",
  },
  errorCodes: MAILING_LIST_ERRORS,
});
