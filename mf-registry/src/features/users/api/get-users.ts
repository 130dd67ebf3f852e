import type { ErrorTextOptions } from 'shared-api';

/**
 * GET /user is read by the DataTable itself (page, limit, q, sortBy, order, onlyEnabled) under this key;
 * every user mutation invalidates it so the table reloads.
 */
export const USERS_PATH = '/user';
export const USERS_QUERY_KEY = 'users';

/**
 * Errors of the create and edit form that say more than the generic toast: a duplicate e-mail has its own
 * text (docs/decisions.md, "Refusals in the registry's pages"), and a refused field or file appends the server's
 * explanation, which staff need to fix the form (e.g. 'Tipo di file non accettato: foto.png' for a PDF renamed .png).
 */
export const USER_FORM_ERRORS: ErrorTextOptions = {
  own: ['EMAIL_TAKEN'],
  detailed: ['VALIDATION_FAILED', 'FILE_TYPE_NOT_ALLOWED', 'FILE_TOO_LARGE', 'TOO_MANY_FILES', 'FISCAL_CODE_INVALID'],
};
