/**
 * Constants of the contract, free of zod: the front ends import these at run time through 'shared-api'
 * (a shared singleton loaded on the first page), while the schemas stay in 'shared-api/contract'.
 */

/** Every permission string of the spec; '*' grants all. */
export const PERMISSIONS = [
  'book_session',
  'registry_access',
  'certificates_access',
  'bookings_access',
  'statistics_access',
  'storage_access',
  'finance_access',
  '*',
] as const;

/** Permissions a category can be given in the form (spec 001 §5 Category). */
export const ASSIGNABLE_PERMISSIONS = [
  'book_session',
  'registry_access',
  'certificates_access',
  'storage_access',
  'bookings_access',
  'finance_access',
] as const;

export const GENDERS = [
  { id: 'M', name: 'Maschio' },
  { id: 'F', name: 'Femmina' },
  { id: 'O', name: 'Altro' },
] as const;

export const FISCAL_CODE_PATTERN = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;

export const MAILING_LIST_TYPES = ['INFORMATIVA', 'COMMERCIALE'] as const;

/** Name of the category that makes every member a minor (spec 001 §4). */
export const MINOR_CATEGORY_NAME = 'Minorenne';
export const ADULT_AGE = 18;

export * from './errors';

/**
 * The permission check of client and server (DESIGN §3): access needs any one of `anyOf`; '*' holds them
 * all; an empty requirement lets every signed-in user pass.
 */
export function holdsAny(held: readonly string[], anyOf: readonly string[] | undefined): boolean {
  if (!anyOf || anyOf.length === 0) return true;
  if (held.includes('*')) return true;
  return anyOf.some((p) => held.includes(p));
}
