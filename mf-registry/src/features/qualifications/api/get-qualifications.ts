import type { ErrorTextOptions } from 'shared-api';

/** The qualifications table reads GET /user/qualification through the DataTable under this key (its selectors share it). */
export const QUALIFICATIONS_PATH = '/user/qualification';
export const QUALIFICATIONS_QUERY_KEY = 'qualifications';

/**
 * A name already taken and a qualification that training sessions require speak with their own texts; a
 * qualification still given to users cannot be deleted, and the server's message says to how many.
 */
export const QUALIFICATION_ERRORS: ErrorTextOptions = {
  own: ['QUALIFICATION_NAME_TAKEN', 'QUALIFICATION_REQUIRED_BY_SESSIONS'],
  server: ['QUALIFICATION_IN_USE', 'REFERENCED'],
};
