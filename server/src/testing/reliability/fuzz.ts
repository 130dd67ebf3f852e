/**
 * Bad inputs generated from the OpenAPI schemas with fast-check. Every generated request carries at least one
 * defect the server must refuse — a NUL in a text, a string beyond its maximum, a wrong type, a number below its
 * minimum or fractional where an integer is due, a value outside its enum or pattern (path tricks, SQL, markup), a
 * missing required field, a body that is not an object — mixed with plausible values and unknown fields
 * elsewhere. So every answer must be a 4xx (never 5xx) and nothing may change in the database.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { EDGE_DATES, FAR_DATES, isDateSchema } from './calendar-edges';
import type { JsonSchema, Operation } from './operations';

export interface FuzzCase {
  operationId: string;
  method: Operation['method'];
  url: string;
  body?: unknown;
  /** Which input carries the defect, for the report. */
  defect: string;
  anonymous: boolean;
}

const NUL = '\u0000';
/** Values that break a pattern, a format or an enum (checked against the schema before use). */
const TRICKS = [
  '../../../../etc/passwd',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '..\\..\\windows\\win.ini',
  '/api/v1/openapi.json',
  "' OR '1'='1",
  "1'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '%00',
  '\u202eevil',
  '🏓🏓🏓',
  ' ',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x1F',
  'true',
  '__proto__',
];

const typesOf = (schema: JsonSchema): Set<string> => {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return new Set(branches.flatMap((b) => [...typesOf(b)]));
  const out = new Set<string>();
  if (schema.type) for (const t of Array.isArray(schema.type) ? schema.type : [schema.type]) out.add(t === 'integer' ? 'number' : t);
  if (schema.nullable) out.add('null');
  if (schema.enum) for (const v of schema.enum) out.add(v === null ? 'null' : typeof v === 'object' ? 'object' : typeof v);
  if (out.size === 0) for (const t of ['string', 'number', 'boolean', 'object', 'array', 'null']) out.add(t); // {}: anything
  return out;
};

/** A plausible value the schema accepts (the background of a case: the defect is elsewhere). */
export function plausible(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.anyOf ?? schema.oneOf) return fc.oneof(...(schema.anyOf ?? schema.oneOf)!.map(plausible));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'email') return fc.constantFrom('socio@example.com', 'admin@circolo.example');
      if (isDateSchema(schema)) return fc.constantFrom(...EDGE_DATES);
      if (schema.pattern) return fc.constantFrom('RSSMRA80A01H501U', 'VRDNNA90A41H501J');
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 20, 20) });
    case 'integer':
      // Capped at 1000, or at the minimum when that is higher (e.g. a year from 1900).
      return fc.integer({ min: schema.minimum ?? -10, max: Math.min(schema.maximum ?? 1000, Math.max(1000, schema.minimum ?? 0)) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -10, max: Math.min(schema.maximum ?? 1000, Math.max(1000, schema.minimum ?? 0)), noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schema.items ? plausible(schema.items) : fc.string(), { maxLength: Math.min((schema.maxItems as number) ?? 3, 3) });
    case 'object':
      return plausibleObject(schema, fc.constant(undefined));
    default:
      return fc.oneof(fc.string(), fc.integer(), fc.boolean());
  }
}

/** Extra keys the schema does not know: prototype pollution, privilege fields, noise. */
const unknownFields = fc.dictionary(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'permissions', 'is_admin', 'role', 'id', '_id', 'password_hash', 'x'),
  fc.oneof(fc.constant({ polluted: true }), fc.constant(['*']), fc.string(), fc.integer()),
  { maxKeys: 3 },
);

function plausibleObject(
  schema: JsonSchema,
  defect: fc.Arbitrary<{ key: string; value: unknown } | undefined>,
): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, sub] of Object.entries(props)) shape[key] = required.has(key) ? plausible(sub) : fc.option(plausible(sub), { nil: undefined });
  return fc.tuple(fc.record(shape), unknownFields, defect).map(([base, extra, bad]) => {
    const out: Record<string, unknown> = { ...extra, ...base };
    for (const key of Object.keys(out)) if (out[key] === undefined) delete out[key];
    if (bad) {
      if (bad.value === MISSING) delete out[bad.key];
      else out[bad.key] = bad.value;
    }
    return out;
  });
}

const MISSING = Symbol('missing');

const matches = (schema: JsonSchema, value: string) => !schema.pattern || new RegExp(schema.pattern, 'u').test(value);

/**
 * Whether a path segment is one the parameter's schema accepts: its pattern for a string; for a number, a numeral
 * within the bounds (an integer path parameter such as a release's number: every other text is a defect).
 */
function acceptsPathValue(schema: JsonSchema, value: string): boolean {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type !== 'integer' && type !== 'number') return matches(schema, value);
  if (!(type === 'integer' ? /^-?\d+$/ : /^-?\d+(\.\d+)?$/).test(value)) return false;
  const n = Number(value);
  return (typeof schema.minimum !== 'number' || n >= schema.minimum) && (typeof schema.maximum !== 'number' || n <= schema.maximum);
}

/** Values the schema (or the house rule: no NUL in any text) must refuse. */
export function defective(schema: JsonSchema): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  const options: fc.Arbitrary<unknown>[] = [];
  // A value of a type no branch of the schema accepts.
  const wrong = (
    [
      ['number', fc.oneof(fc.integer(), fc.double({ noNaN: true }))],
      ['boolean', fc.boolean()],
      ['object', fc.constant({ $gt: '' })],
      ['array', fc.array(fc.string(), { maxLength: 3 })],
      ['null', fc.constant(null)],
      // The contract reads a number also as text (multipart forms send '12' or '12,5') and a blank as none: a text
      // a number field must refuse is neither.
      ['string', types.has('number') ? fc.string().filter((v) => v.trim() !== '' && Number.isNaN(Number(v.trim().replace(',', '.')))) : fc.string()],
    ] as [string, fc.Arbitrary<unknown>][]
  ).filter(([type]) => !types.has(type));
  if (wrong.length) options.push(fc.oneof(...wrong.map(([, a]) => a)));
  if (types.has('string')) {
    options.push(fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })).map(([a, b]) => `${a}${NUL}${b}`));
    const str = (schema.anyOf ?? schema.oneOf)?.find((b) => b.type === 'string') ?? schema;
    if (str.maxLength !== undefined)
      options.push(fc.integer({ min: str.maxLength + 1, max: Math.max(str.maxLength * 4, 100_000) }).map((n) => 'x'.repeat(n)));
    if ((str.minLength ?? 0) >= 1) options.push(fc.constant(''));
    const tricks = TRICKS.filter((v) => (str.enum ? !str.enum.includes(v) : str.pattern || str.format === 'uuid' ? !matches(str, v) : false));
    if (tricks.length) options.push(fc.constantFrom(...tricks));
    if (isDateSchema(str)) options.push(fc.constantFrom(...FAR_DATES));
  }
  const num = (schema.anyOf ?? schema.oneOf)?.find((b) => b.type === 'integer' || b.type === 'number') ?? schema;
  if (num.type === 'integer') options.push(fc.double({ min: -1000, max: 1000, noNaN: true }).filter((v) => !Number.isInteger(v)));
  if (typeof num.minimum === 'number') options.push(fc.integer({ min: -1_000_000, max: -1 }).map((d) => (num.minimum as number) + d));
  if (typeof num.maximum === 'number' && num.maximum < Number.MAX_SAFE_INTEGER)
    options.push(fc.integer({ min: 1, max: 1_000_000 }).map((d) => (num.maximum as number) + d));
  if (schema.enum && types.has('boolean')) options.push(fc.constantFrom(true, false).filter((v) => !schema.enum!.includes(v)));
  if (schema.type === 'array') {
    if (typeof schema.maxItems === 'number') options.push(fc.constant(Array.from({ length: schema.maxItems + 1 }, (_, i) => `v${i}`)));
    if (schema.items) options.push(fc.array(defective(schema.items), { minLength: 1, maxLength: 3 }));
  }
  if (schema.type === 'object' && schema.properties) options.push(defectiveObject(schema));
  if (options.length === 0) throw new Error(`no defect for schema ${JSON.stringify(schema)}`);
  return fc.oneof(...options);
}

/** An object with one defective property (or a required one missing), the rest plausible. */
function defectiveObject(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(schema.properties ?? {});
  const required = schema.required ?? [];
  const defects: fc.Arbitrary<{ key: string; value: unknown }>[] = [];
  if (keys.length) defects.push(fc.constantFrom(...keys).chain((key) => defective(schema.properties?.[key] ?? {}).map((value) => ({ key, value }))));
  if (required.length) defects.push(fc.constantFrom(...required).map((key) => ({ key, value: MISSING })));
  return plausibleObject(schema, fc.oneof(...defects));
}

/** A request body that is wrong as a whole or in one field. */
function defectiveBody(schema: JsonSchema): fc.Arbitrary<unknown> {
  const notAnObject = fc.oneof(fc.array(fc.anything(), { maxLength: 3 }), fc.integer(), fc.string(), fc.constant(true));
  return schema.properties ? fc.oneof({ weight: 4, arbitrary: defectiveObject(schema) }, { weight: 1, arbitrary: notAnObject }) : notAnObject;
}

/** A query value (always a string on the wire) the parameter's schema must refuse. */
function defectiveQueryValue(schema: JsonSchema): fc.Arbitrary<string> {
  const options: fc.Arbitrary<string>[] = [fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })).map(([a, b]) => `${a}${NUL}${b}`)];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (schema.enum) options.push(fc.constantFrom(...TRICKS.filter((v) => !schema.enum!.includes(v))));
  if (type === 'string' && schema.maxLength !== undefined)
    options.push(fc.integer({ min: schema.maxLength + 1, max: 20_000 }).map((n) => 'q'.repeat(n)));
  if (type === 'string' && (schema.pattern || schema.format === 'uuid')) options.push(fc.constantFrom(...TRICKS.filter((v) => !matches(schema, v))));
  if (isDateSchema(schema)) options.push(fc.constantFrom(...FAR_DATES));
  if (type === 'integer' || type === 'number') {
    options.push(fc.constantFrom('abc', '1e309', '--1', '0x', 'NaN', '١٢', '[]', '{}', 'Infinity'));
    if (type === 'integer')
      options.push(
        fc
          .double({ min: 0, max: 1000, noNaN: true })
          .filter((v) => !Number.isInteger(v))
          .map(String),
      );
    if (typeof schema.minimum === 'number') options.push(fc.integer({ min: 1, max: 1_000_000 }).map((d) => String((schema.minimum as number) - d)));
    if (typeof schema.maximum === 'number' && schema.maximum < Number.MAX_SAFE_INTEGER)
      options.push(fc.integer({ min: 1, max: 1_000_000 }).map((d) => String((schema.maximum as number) + d)));
    else options.push(fc.constant('9'.repeat(400)));
  }
  if (type === 'boolean') options.push(fc.constantFrom('yes', 'no', '2', 'vero', 'TRUE ', '', '[]'));
  return fc.oneof(...options);
}

/** A path parameter value: never well-formed, sometimes sent raw so '/' and '..' reach the router. */
function defectivePathValue(schema: JsonSchema): fc.Arbitrary<{ value: string; raw: boolean }> {
  return fc
    .tuple(
      defective(schema)
        .map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'undefined')))
        .filter((v) => v.includes(NUL) || (v.length > 0 && !acceptsPathValue(schema, v))),
      fc.boolean(),
    )
    .map(([value, raw]) => ({ value, raw }));
}

/** Percent-encodes every byte outside `keep` (lone surrogates become U+FFFD, as a browser would send them). */
const percent = (v: string, keep: RegExp) =>
  [...Buffer.from(v, 'utf8')]
    .map((b) => (keep.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');
const encodeRaw = (v: string) => percent(v, /^[A-Za-z0-9/._~'!$&()*+,;=:@-]$/);
const encodeSegment = (v: string) => percent(v, /^[A-Za-z0-9._~-]$/);

/** Cases for one operation: a defect in the path, the query or the body; anonymous for public operations. */
export function casesFor(op: Operation, validIds: Record<string, string>, signedIn: boolean): fc.Arbitrary<FuzzCase> | null {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const defects: fc.Arbitrary<{ path: Record<string, string>; query: Record<string, string | undefined>; body?: unknown; defect: string }>[] = [];
  const plausibleQuery = fc.record(
    Object.fromEntries(queryParams.map((p) => [p.name, fc.option(plausible(p.schema).map(String), { nil: undefined })])),
  );
  const plausibleBody = op.body ? plausible(op.body) : fc.constant(undefined);
  const validPath = Object.fromEntries(pathParams.map((p) => [p.name, validIds[p.name] ?? '00000000-0000-4000-8000-000000000000']));

  for (const p of pathParams)
    defects.push(
      fc.tuple(defectivePathValue(p.schema), plausibleQuery, plausibleBody).map(([bad, query, body]) => ({
        path: { ...validPath, [p.name]: bad.raw ? `\u0001RAW${encodeRaw(bad.value)}` : bad.value },
        query,
        body,
        defect: `path ${p.name}${bad.raw ? ' (raw)' : ''}`,
      })),
    );
  for (const p of queryParams)
    defects.push(
      fc.tuple(defectiveQueryValue(p.schema), plausibleQuery, plausibleBody).map(([bad, query, body]) => ({
        path: validPath,
        query: { ...query, [p.name]: bad },
        body,
        defect: `query ${p.name}`,
      })),
    );
  if (op.body)
    defects.push(fc.tuple(defectiveBody(op.body), plausibleQuery).map(([body, query]) => ({ path: validPath, query, body, defect: 'body' })));
  // An operation without input: unknown query fields (harmless, still worth sending) where the call changes nothing.
  if (defects.length === 0) {
    if (op.method !== 'GET' && signedIn) return null; // e.g. POST /auth/logout: any call is a valid one.
    defects.push(
      fc
        .dictionary(fc.constantFrom('x', 'q', '__proto__', 'id'), fc.oneof(fc.constantFrom(...TRICKS), fc.string()), { minKeys: 1, maxKeys: 3 })
        .map((query) => ({
          path: validPath,
          query,
          defect: 'unknown query fields',
        })),
    );
  }
  return fc.oneof(...defects).map((c) => {
    const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const v = c.path[name] ?? '';
      return v.startsWith('\u0001RAW') ? v.slice(4) : encodeSegment(v);
    });
    const query = Object.entries(c.query).filter(([, v]) => v !== undefined) as [string, string][];
    const search = new URLSearchParams(query).toString();
    return {
      operationId: op.operationId,
      method: op.method,
      url: search ? `${path}?${search}` : path,
      ...(op.body && c.body !== undefined ? { body: c.body } : {}),
      defect: c.defect,
      anonymous: !signedIn,
    };
  });
}

export interface FuzzResult {
  inputs: number;
  byStatus: Record<string, number>;
  serverErrors: { case: FuzzCase; status: number; body: string }[];
  /** Answers 2xx/3xx to an input that carries a defect. */
  accepted: { case: FuzzCase; status: number; body: string }[];
  /** Milliseconds spent per operation (method and path template), to find what makes a run slow. */
  msByOperation: Record<string, number>;
}

/** Generates `count` cases over every operation (fixed seed: the same run every time) and sends them. */
export async function fuzz(
  app: FastifyInstance,
  operations: Operation[],
  options: { seed: number; count: number; cookie: string; validIds?: Record<string, string> },
): Promise<FuzzResult> {
  const arbitraries: fc.WeightedArbitrary<FuzzCase>[] = [];
  for (const op of operations) {
    // Operations without input get only noise: they weigh less in the mix.
    const weight = op.parameters.length || op.body ? 4 : 1;
    const signedIn = casesFor(op, options.validIds ?? {}, true);
    if (signedIn) arbitraries.push({ arbitrary: signedIn, weight });
    if (op.access === 'public') arbitraries.push({ arbitrary: casesFor(op, options.validIds ?? {}, false)!, weight });
  }
  const cases = fc.sample(fc.oneof(...arbitraries), { seed: options.seed, numRuns: options.count });
  const result: FuzzResult = { inputs: 0, byStatus: {}, serverErrors: [], accepted: [], msByOperation: {} };
  for (const c of cases) {
    const headers: Record<string, string> = c.anonymous ? {} : { cookie: options.cookie };
    const payload = c.body === undefined ? undefined : JSON.stringify(c.body);
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const sent = performance.now();
    const res = await app.inject({ method: c.method, url: c.url, headers, payload });
    result.msByOperation[c.operationId] = (result.msByOperation[c.operationId] ?? 0) + performance.now() - sent;
    result.inputs++;
    const bucket = `${Math.floor(res.statusCode / 100)}xx`;
    result.byStatus[res.statusCode] = (result.byStatus[res.statusCode] ?? 0) + 1;
    if (bucket === '5xx') result.serverErrors.push({ case: c, status: res.statusCode, body: res.body.slice(0, 300) });
    else if ((bucket === '2xx' || bucket === '3xx') && c.defect !== 'unknown query fields')
      result.accepted.push({ case: c, status: res.statusCode, body: res.body.slice(0, 300) });
  }
  return result;
}
