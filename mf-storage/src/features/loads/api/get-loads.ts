import type { ErrorTextOptions } from 'shared-api';

/** Carico reads GET /storage/load through the DataTable under this key. */
export const LOADS_PATH = '/storage/load';
export const LOADS_QUERY_KEY = 'storage-loads';

/** A change the stock cannot take (deleting a load already given out) or a refused field: the server says which. */
export const LOAD_REFUSALS: ErrorTextOptions = { detailed: ['STORAGE_NOT_ENOUGH_STOCK', 'VALIDATION_FAILED'] };
