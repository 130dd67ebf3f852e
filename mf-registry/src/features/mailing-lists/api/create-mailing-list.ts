import { api, type MailingListClass, type MailingListClassPayload } from 'shared-api';
import { createMutation } from 'shared-ui';
import { MAILING_LIST_ERRORS, MAILING_LISTS_PATH, MAILING_LISTS_QUERY_KEY } from './get-mailing-lists';

export const useCreateMailingList = createMutation({
  mutationFn: (body: MailingListClassPayload) => api.post<MailingListClass>(MAILING_LISTS_PATH, body),
  invalidates: MAILING_LISTS_QUERY_KEY,
  toasts: {
    pending: 'Creazione mailing list in corso...',
    success: 'Mailing list creata con successo!',
    error: 'Si è verificato un errore durante la creazione della mailing list',
  },
  errorCodes: MAILING_LIST_ERRORS,
});
