export * from './client/http';
export * from './auth/store';
export * from './auth/calls';
export * from './offline/last-answers';
export * from './query/client';
export * from './domain-apps';
// Only the zod-free constants at run time: the schemas (and zod) stay out of the shared bundle every page
// loads; code that validates at run time imports 'shared-api/contract'.
export * from './contract/constants';
export type * from './contract';
