import { ApiError } from 'shared-api';

export type CategoryAction = 'create' | 'edit' | 'delete';

const ACTION_NOUN: Record<CategoryAction, string> = {
  create: 'la creazione',
  edit: 'la modifica',
  delete: "l'eliminazione",
};

/**
 * The Italian error toast of a failed category operation. A conflict (name already taken, category still
 * given to users) carries the server's own Italian explanation, which tells staff what to change.
 */
export function categoryErrorMessage(action: CategoryAction, error?: Error): string {
  if (error instanceof ApiError && error.status === 409 && error.message) return error.message;
  return `Si è verificato un errore durante ${ACTION_NOUN[action]} della categoria`;
}
