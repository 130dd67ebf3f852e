import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { FIELD_MESSAGES } from 'shared-api';
import { lazyResolver, registerMaxLengths } from './schema-form';

type Contract = typeof import('shared-api/contract');

/** A schema of the contract (shared-api/contract); typed loosely so this module carries no zod of its own. */
export type ContractSchema = Parameters<typeof zodResolver>[0];

/**
 * What zod says of a value left empty (undefined or null: an empty menu, date, time or number) when the schema
 * has no text of its own for it: 'Campo obbligatorio', as the server says of a missing field (spec 000 §5).
 */
const missingField = (issue: { code?: string; input?: unknown }) =>
  issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null) ? FIELD_MESSAGES.required : undefined;

interface SchemaDef {
  type?: string;
  shape?: Record<string, unknown>;
  innerType?: unknown;
  in?: { _zod?: { def?: SchemaDef } };
  out?: unknown;
}
type Schemaish = { _zod?: { def?: SchemaDef }; maxLength?: number | null };

/** A string schema's maximum length, through optional, nullable, default and preprocess wrappers. */
function maxLengthOf(schema: unknown): number | undefined {
  const def = (schema as Schemaish | undefined)?._zod?.def;
  if (!def) return undefined;
  if (def.type === 'string') return (schema as Schemaish).maxLength ?? undefined;
  if (def.innerType) return maxLengthOf(def.innerType);
  // z.preprocess is a pipe from a transform to the schema; a transform after a schema is a pipe from it
  if (def.type === 'pipe') return def.in?._zod?.def?.type === 'transform' ? maxLengthOf(def.out) : maxLengthOf(def.in);
  return undefined;
}

/** The longest text of each field of an object schema (a pipe or refinement around it too). */
export function maxLengthsOf(schema: unknown): Record<string, number> {
  let def = (schema as Schemaish | undefined)?._zod?.def;
  while (def && def.type === 'pipe') {
    const inner = def.in?._zod?.def?.type === 'transform' ? def.out : def.in;
    def = (inner as Schemaish | undefined)?._zod?.def;
  }
  const limits: Record<string, number> = {};
  for (const [name, field] of Object.entries(def?.shape ?? {})) {
    const max = maxLengthOf(field);
    if (max !== undefined && Number.isFinite(max)) limits[name] = max;
  }
  return limits;
}

/**
 * The resolver of every form: the form's values — or what they become, `toInput` (menus hold id lists, numbers
 * are typed text) — checked by a schema of the contract, the one the server applies. Errors sit at the schema's
 * paths, so the form's field names are the payload's; on success the form keeps its own values (read the
 * payload with `schema.parse(toInput(values))`).
 */
export function schemaResolver<V extends FieldValues>(
  schema: ContractSchema,
  toInput?: (values: V) => unknown,
  /** The form's own rules beyond the payload's (a field the server needs though the contract lets it be empty): field → message. */
  formRules?: (values: V) => Partial<Record<string, string>>,
): Resolver<V> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema checks the payload, whose type is not the form's
  const check = zodResolver(schema as never, { error: missingField } as never) as unknown as Resolver<any>;
  const resolver: Resolver<V> = async (values, context, options) => {
    const result = await check(toInput ? toInput(values) : values, context, options);
    const errors: Record<string, unknown> = { ...result.errors };
    for (const [field, message] of Object.entries(formRules?.(values) ?? {})) {
      if (message && !errors[field]) errors[field] = { type: 'form', message };
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors: errors as FieldErrors<V> } : { values, errors: {} };
  };
  registerMaxLengths(resolver, maxLengthsOf(schema));
  return resolver;
}

/**
 * schemaResolver with the contract loaded on the first validation: a page that must stay small (the sign-in
 * page, the profile, the shift search) carries no zod until the user first submits.
 */
export const contractResolver = <V extends FieldValues>(pick: (contract: Contract) => ContractSchema, toInput?: (values: V) => unknown) =>
  lazyResolver<V>(() => import('shared-api/contract').then((contract) => schemaResolver(pick(contract), toInput)));
