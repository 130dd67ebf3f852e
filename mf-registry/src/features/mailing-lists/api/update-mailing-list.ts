import { api, type MailingListClass, type MailingListClassPayload } from 'shared-api';
import { createMutation } from 'shared-ui';
import { MAILING_LIST_ERRORS, MAILING_LISTS_PATH, MAILING_LISTS_QUERY_KEY } from './get-mailing-lists';

export const useUpdateMailingList = createMutation({
  mutationFn: ({ id, body }: { id: string; body: MailingListClassPayload }) => api.patch<MailingListClass>(`${MAILING_LISTS_PATH}/${id}`, body),
  invalidates: MAILING_LISTS_QUERY_KEY,
  toasts: {
    pending: 'Modifica mailing list in corso...',
    success: 'Mailing list modificata con successo!',
    error: 'Si è verificato un errore durante la modifica della mailing list',
  },
  errorCodes: MAILING_LIST_ERRORS,
});
