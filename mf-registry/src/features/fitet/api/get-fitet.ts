import type { ErrorTextOptions } from 'shared-api';

/** The FITET table reads GET /user/fitet through the DataTable under this key. */
export const FITET_PATH = '/user/fitet';
export const FITET_QUERY_KEY = 'fitet';

/** A record deleted meanwhile (by another staff member, or replaced by an import) says so in its own words. */
export const FITET_ERRORS: ErrorTextOptions = { own: ['FITET_RECORD_NOT_FOUND'] };
