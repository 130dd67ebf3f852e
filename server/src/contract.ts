import { createRequire } from 'node:module';
import type * as Contract from 'shared-api/contract';

/**
 * The API contract the front ends import (shared-api). shared-api is a CommonJS package to Node (no "type": "module"),
 * so the names it re-exports with `export *` are not visible to an ESM named import: require it instead.
 */
const contract = createRequire(import.meta.url)('shared-api/contract') as typeof Contract;

export type * from 'shared-api/contract';
export const {
  ADULT_AGE,
  MINOR_CATEGORY_NAME,
  acceptTermsBody,
  category,
  categoryPayload,
  deactivateBody,
  errorBody,
  exportFormat,
  forgotPasswordBody,
  forgotPasswordResponse,
  id,
  listQuery,
  listResponse,
  loginBody,
  loginResponse,
  mailingListClass,
  meResponse,
  profile,
  qualification,
  reservationRule,
  statusResponse,
  tokenPasswordBody,
  tokenPasswordResponse,
  updateMeBody,
  updatePasswordBody,
  updatePasswordResponse,
  user,
  userListFilters,
  userPayload,
  userReduced,
  verifyPasswordBody,
  verifyPasswordResponse,
} = contract;
