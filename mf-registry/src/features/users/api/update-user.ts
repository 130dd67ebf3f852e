import { api, type User, type UserPayloadInput } from 'shared-api';
import { createMutation } from 'shared-ui';
import { USERS_PATH, USERS_QUERY_KEY, USER_FORM_ERRORS } from './get-users';

/** PATCH /user/{id} with the same payload as create; a file field is sent only when a new file was chosen. */
export const useUpdateUser = createMutation({
  mutationFn: ({ id, body }: { id: string; body: UserPayloadInput | FormData }) => api.patch<User>(`${USERS_PATH}/${id}`, body),
  invalidates: USERS_QUERY_KEY,
  toasts: {
    pending: 'Modifica utente in corso...',
    success: 'Utente modificato con successo!',
    error: "Si è verificato un errore durante la modifica dell'utente",
  },
  errorCodes: USER_FORM_ERRORS,
});
