import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { FIELD_MESSAGES } from 'shared-api';
import { lazyResolver } from './schema-form';

type Contract = typeof import('shared-api/contract');

/** A schema of the contract (shared-api/contract); typed loosely so this module carries no zod of its own. */
export type ContractSchema = Parameters<typeof zodResolver>[0];

/**
 * What zod says of a value left empty (undefined or null: an empty menu, date, time or number) when the schema
 * has no text of its own for it: 'Campo obbligatorio', as the server says of a missing field (spec 000 §5).
 */
const missingField = (issue: { code?: string; input?: unknown }) =>
  issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null) ? FIELD_MESSAGES.required : undefined;

/**
 * The resolver of every form: the form's values — or what they become, `toInput` (menus hold id lists, numbers
 * are typed text) — checked by a schema of the contract, the one the server applies. Errors sit at the schema's
 * paths, so the form's field names are the payload's; on success the form keeps its own values (read the
 * payload with `schema.parse(toInput(values))`).
 */
export function schemaResolver<V extends FieldValues>(schema: ContractSchema, toInput?: (values: V) => unknown): Resolver<V> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema checks the payload, whose type is not the form's
  const check = zodResolver(schema as never, { error: missingField } as never) as unknown as Resolver<any>;
  return async (values, context, options) => {
    const result = await check(toInput ? toInput(values) : values, context, options);
    return Object.keys(result.errors).length > 0 ? { values: {}, errors: result.errors as FieldErrors<V> } : { values, errors: {} };
  };
}

/**
 * schemaResolver with the contract loaded on the first validation: a page that must stay small (the sign-in
 * page, the profile, the shift search) carries no zod until the user first submits.
 */
export const contractResolver = <V extends FieldValues>(pick: (contract: Contract) => ContractSchema, toInput?: (values: V) => unknown) =>
  lazyResolver<V>(() => import('shared-api/contract').then((contract) => schemaResolver(pick(contract), toInput)));
