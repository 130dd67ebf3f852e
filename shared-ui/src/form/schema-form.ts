/**
 * Forms validate with the contract's zod schemas (shared-api/contract) through react-hook-form. These
 * helpers import react-hook-form's types only: the form's own module brings react-hook-form, the resolver
 * and, where it opens, the schema.
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
 * A schema's resolver for the form's own value type: the contract's schemas take a wider input (unknown for
 * preprocessed fields), which the form narrows to what its inputs hold.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema resolver, narrowed to the form's values
export const formResolver = <T extends FieldValues>(resolver: Resolver<any, any, any>): Resolver<T> => resolver as Resolver<T>;

/** The props a kit input takes (name, value, onChange, error) for one field of a react-hook-form form. */
export interface BoundField<V> {
  name: string;
  value: V;
  onChange: (value: V) => void;
  error: string | null;
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
  return function bind<K extends FieldPath<T>>(name: K): BoundField<PathValue<T, K>> {
    return {
      name,
      value: form.getValues(name),
      onChange: (value) => form.setValue(name, value, { shouldDirty: true, shouldValidate: shown }),
      error: shown ? (form.getFieldState(name, form.formState).error?.message ?? null) : null,
    };
  };
}
