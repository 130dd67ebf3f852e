/** The FITET table reads GET /user/fitet through the DataTable under this key. */
export const FITET_PATH = '/user/fitet';
export const FITET_QUERY_KEY = 'fitet';
