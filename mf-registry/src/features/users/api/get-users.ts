/**
 * GET /user is read by the DataTable itself (page, limit, q, sortBy, order, onlyEnabled) under this key;
 * every user mutation invalidates it so the table reloads.
 */
export const USERS_PATH = '/user';
export const USERS_QUERY_KEY = 'users';
