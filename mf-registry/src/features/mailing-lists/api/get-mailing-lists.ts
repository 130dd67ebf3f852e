import type { ErrorTextOptions } from 'shared-api';

/**
 * The mailing-list table reads GET /user/mailing-list/classes through the DataTable under this key: the same key
 * as the mailing-list selectors (references/get-mailing-list-class-options), so a change refreshes them too.
 */
export const MAILING_LISTS_PATH = '/user/mailing-list/classes';
export const MAILING_LISTS_QUERY_KEY = 'mailing-list-classes';

/** A refused field, or a list still given to users, categories or qualifications: the server's reason says what to change. */
export const MAILING_LIST_ERRORS: ErrorTextOptions = { detailed: ['VALIDATION_FAILED'], server: ['MAILING_LIST_CLASS_IN_USE'] };
