export * from './client/http';
export * from './auth/store';
// Only the zod-free constants at run time: the schemas (and zod) stay out of the shared bundle every page
// loads; code that validates at run time imports 'shared-api/contract'.
export * from './contract/constants';
export type * from './contract';
