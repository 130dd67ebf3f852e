import { API_ERRORS, ApiError } from 'shared-api';

/** The server's duplicate e-mail message contains this fragment (spec 001 §8). */
const DUPLICATE_EMAIL = 'with this email already exists';

export type UserAction = 'create' | 'edit' | 'delete' | 'activate' | 'deactivate';

const ACTION_NOUN: Record<UserAction, string> = {
  create: 'la creazione',
  edit: 'la modifica',
  delete: "l'eliminazione",
  activate: "l'attivazione",
  deactivate: 'la disattivazione',
};

/**
 * The Italian error toast of a failed user operation. The server's reason is what staff need to fix the form:
 * an answer with a code the portal knows carries the server's Italian message (e.g. 'Tipo di file non accettato:
 * foto.png' for a PDF renamed .png, or the text of DEACTIVATION_END_IN_PAST); a 400 without one, its message too.
 * Give it as `(e) => userErrorMessage(action, e)`.
 */
export function userErrorMessage(action: UserAction, error?: Error): string {
  const code = error instanceof ApiError ? error.code : null;
  if ((action === 'create' || action === 'edit') && (code === 'EMAIL_TAKEN' || error?.message.includes(DUPLICATE_EMAIL))) {
    return API_ERRORS.EMAIL_TAKEN.text;
  }
  const generic = `Si è verificato un errore durante ${ACTION_NOUN[action]} dell'utente`;
  if (!(error instanceof ApiError) || code === 'INTERNAL') return generic;
  const reason = error.message || (code ? API_ERRORS[code].text : '');
  return (code || error.status === 400) && reason ? `${generic}: ${reason}` : generic;
}
