/**
 * Forms validate with the contract's zod schemas (shared-api/contract) through react-hook-form and one resolver
 * (schema-resolver.ts). These helpers import react-hook-form's types only: the form's own module brings
 * react-hook-form and, where it opens, the schema.
 */
import type { FieldPath, FieldValues, PathValue, Resolver, UseFormReturn } from 'react-hook-form';

/**
 * A resolver whose schema loads on the first validation: a page that must stay small (the sign-in page
 * carries no zod) validates with the same schema as the server, fetched when the user first submits.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): Resolver<T> {
  let loaded: Promise<Resolver<T>> | undefined;
  return async (values, context, options) => {
    loaded ??= load();
    return (await loaded)(values, context, options);
  };
}

/**
 * The message of a field's error; for a field whose value is an object (a period), the first message under it,
 * since the schema's errors sit at the inner paths.
 */
export function firstMessage(error: unknown): string | null {
  if (!error || typeof error !== 'object') return null;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const [key, inner] of Object.entries(error)) {
    if (key === 'ref') continue;
    const found = firstMessage(inner);
    if (found) return found;
  }
  return null;
}

/** A list's own message (too few, too many): its items' messages are shown by the items' own inputs. */
function fieldMessage(error: unknown, list: boolean): string | null {
  if (!list) return firstMessage(error);
  const own = error as { message?: unknown; root?: { message?: unknown } } | undefined;
  const message = own?.message ?? own?.root?.message;
  return typeof message === 'string' && message ? message : null;
}

/** The props a kit input takes (name, value, onChange, error) for one field of a react-hook-form form. */
export interface BoundField<V> {
  name: string;
  value: V;
  onChange: (value: V) => void;
  error: string | null;
  /** The schema's longest text for the field, so the input stops there (issue 26): text inputs take it. */
  maxLength?: number;
}

/** Each schema resolver's longest texts by field path, registered by schemaResolver (which holds the schema). */
const maxLengthsOfResolver = new WeakMap<object, Readonly<Record<string, number>>>();

export function registerMaxLengths(resolver: object, maxLengths: Readonly<Record<string, number>>): void {
  maxLengthsOfResolver.set(resolver, maxLengths);
}

/** The longest texts of the form's resolver, when it is a schema resolver. */
function maxLengthsOf(form: UseFormReturn<FieldValues>): Readonly<Record<string, number>> {
  // react-hook-form keeps the options it was given, the resolver among them, on its control
  const resolver = (form.control as unknown as { _options?: { resolver?: object } })._options?.resolver;
  return (resolver && maxLengthsOfResolver.get(resolver)) || {};
}

/**
 * Binds the kit's controlled inputs to a form. Errors show once `shown` (after a submit attempt, spec 000 §5),
 * and from then on every change validates again, so a corrected field clears its message as the user types.
 * The inputs get the schema's message as their error: give them `required` for the label, not
 * submitAttempted, so no second rule speaks.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the transformed (submitted) values play no part here
export function fieldBinder<T extends FieldValues>(form: UseFormReturn<T, any, any>, shown: boolean) {
  // One subscription to every value re-renders the form on each change; the values are then read as they are.
  form.watch();
  const maxLengths = maxLengthsOf(form as unknown as UseFormReturn<FieldValues>);
  return function bind<K extends FieldPath<T>>(name: K): BoundField<PathValue<T, K>> {
    return {
      name,
      ...(maxLengths[name] !== undefined && { maxLength: maxLengths[name] }),
      value: form.getValues(name),
      onChange: (value) => form.setValue(name, value, { shouldDirty: true, shouldValidate: shown }),
      error: shown ? fieldMessage(form.getFieldState(name, form.formState).error, Array.isArray(form.getValues(name))) : null,
    };
  };
}
