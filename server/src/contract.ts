/** The API contract the front ends import (shared-api): the server validates with the very same schemas. */
export * from 'shared-api/contract';
