import { ApiError } from 'shared-api';

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
 * The Italian error toast of a failed user operation. A 400 carries the server's own explanation
 * (e.g. 'Tipo di file non accettato: foto.png' for a PDF renamed .png): staff need it to fix the form.
 */
export function userErrorMessage(action: UserAction, error?: Error): string {
  if ((action === 'create' || action === 'edit') && error?.message.includes(DUPLICATE_EMAIL)) {
    return 'Un utente con questa email esiste già';
  }
  const generic = `Si è verificato un errore durante ${ACTION_NOUN[action]} dell'utente`;
  return error instanceof ApiError && error.status === 400 && error.message ? `${generic}: ${error.message}` : generic;
}
