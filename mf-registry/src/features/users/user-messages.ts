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

/** The Italian error toast of a failed user operation. */
export function userErrorMessage(action: UserAction, error?: Error): string {
  if ((action === 'create' || action === 'edit') && error?.message.includes(DUPLICATE_EMAIL)) {
    return 'Un utente con questa email esiste già';
  }
  return `Si è verificato un errore durante ${ACTION_NOUN[action]} dell'utente`;
}
