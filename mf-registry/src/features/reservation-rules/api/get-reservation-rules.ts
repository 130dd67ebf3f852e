import type { ErrorTextOptions } from 'shared-api';

/** The booking rules table reads GET /user/reservation-rule through the DataTable under this key (its selectors share it). */
export const RESERVATION_RULES_PATH = '/user/reservation-rule';
export const RESERVATION_RULES_QUERY_KEY = 'reservation-rules';

/** A rule still given to users, categories or qualifications cannot be deleted: the server's message says to whom. */
export const RESERVATION_RULE_ERRORS: ErrorTextOptions = { server: ['RESERVATION_RULE_IN_USE', 'REFERENCED'] };
