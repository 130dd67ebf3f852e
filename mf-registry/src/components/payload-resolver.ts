import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { REQUIRED } from 'shared-api/contract';

type Schema = Parameters<typeof zodResolver>[0];

const isBlank = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/**
 * Checks a form's values as the payload they become (`toPayload`) with the contract's schema, the one the server
 * uses. The fields named in `required` say 'Campo obbligatorio' when blank, before any rule of the schema: a time
 * or a number left empty has no text of its own in the schema (spec 001 §5 Generic inputs).
 */
export function payloadResolver<V extends FieldValues>(
  schema: Schema,
  toPayload: (values: V) => unknown,
  required: readonly (keyof V & string)[] = [],
): Resolver<V> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the payload's type is the schema's input, not the form's values
  const check = zodResolver(schema) as unknown as Resolver<any>;
  return async (values, context, options) => {
    const result = await check(toPayload(values), context, options);
    const errors: Record<string, FieldError> = { ...(result.errors as Record<string, FieldError>) };
    for (const field of required) if (isBlank(values[field])) errors[field] = { type: 'required', message: REQUIRED };
    return Object.keys(errors).length > 0 ? { values: {}, errors: errors as FieldErrors<V> } : { values, errors: {} };
  };
}
