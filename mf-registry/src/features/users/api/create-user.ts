import { api, type User, type UserPayloadInput } from 'shared-api';
import { createMutation } from 'shared-ui';
import { USERS_PATH, USERS_QUERY_KEY, USER_FORM_ERRORS } from './get-users';

/** POST /user: JSON, or multipart when a photo or contract is attached. */
export const useCreateUser = createMutation({
  mutationFn: (body: UserPayloadInput | FormData) => api.post<User>(USERS_PATH, body),
  invalidates: USERS_QUERY_KEY,
  toasts: {
    pending: 'Creazione utente in corso...',
    success: 'Utente creato con successo!',
    error: "Si è verificato un errore durante la creazione dell'utente",
  },
  errorCodes: USER_FORM_ERRORS,
});
