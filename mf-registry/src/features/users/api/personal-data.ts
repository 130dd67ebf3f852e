import { api, download, type User } from 'shared-api';
import { createMutation } from 'shared-ui';
import { USERS_PATH, USERS_QUERY_KEY } from './get-users';

/** The address an anonymised member is left with (the server's registry/users/personal-data.ts). */
export const isAnonymised = (user: Pick<User, 'email'>) => user.email.endsWith('@anonimo.invalid');

/** GET /user/{id}/export: the member's data as a ZIP ('*' only). */
export const downloadUserData = (user: Pick<User, '_id' | 'surname' | 'name'>) =>
  download(`${USERS_PATH}/${user._id}/export`, `dati-${user.surname}-${user.name}.zip`);

/** POST /user/{id}/anonymize ('*' only): the member's personal data replaced, their bookings and payments kept. */
export const useAnonymizeUser = createMutation({
  mutationFn: (id: string) => api.post<null>(`${USERS_PATH}/${id}/anonymize`, {}),
  invalidates: USERS_QUERY_KEY,
  toasts: {
    pending: 'Anonimizzazione in corso...',
    success: 'Utente anonimizzato con successo!',
    error: "Si è verificato un errore durante l'anonimizzazione dell'utente",
  },
  errorCodes: { detailed: ['SELF_ANONYMIZE'] },
});
