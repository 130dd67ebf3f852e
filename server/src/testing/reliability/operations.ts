/**
 * The API's operations read from its own OpenAPI description (/api/v1/openapi.json): the authorization matrix and
 * the fuzzer walk this list, so an endpoint added later is covered without touching them.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  nullable?: boolean;
  [key: string]: unknown;
};

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path, e.g. /api/v1/user/{id}. */
  path: string;
  operationId: string;
  /** 'public', 'signed-in' or the permissions, any of which lets the caller in. */
  access: 'public' | 'signed-in' | string[];
  parameters: Parameter[];
  /** The JSON request body's schema, if the operation takes one. */
  body: JsonSchema | null;
}

export const PERMISSION_EXTENSION = 'x-permission';

export async function readOperations(app: FastifyInstance): Promise<{ document: Record<string, unknown>; operations: Operation[] }> {
  const res = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`openapi.json → ${res.statusCode}`);
  const document = res.json<{ paths: Record<string, Record<string, Record<string, unknown>>> }>();
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const declared = op[PERMISSION_EXTENSION];
      if (typeof declared !== 'string') throw new Error(`${method.toUpperCase()} ${path} has no ${PERMISSION_EXTENSION}`);
      const content = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content;
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        operationId: String(op.operationId),
        access: declared === 'public' || declared === 'signed-in' ? declared : declared.split(','),
        parameters: ((op.parameters as Parameter[] | undefined) ?? []).map((p) => ({ ...p, required: Boolean(p.required) })),
        body: content?.['application/json']?.schema ?? null,
      });
    }
  }
  return { document, operations };
}

/** The operation's URL with its path parameters filled (each from `ids`, else a random UUID) and a query string. */
export function urlOf(op: Operation, ids: Record<string, string> = {}, query: Record<string, string> = {}): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(ids[name] ?? randomUUID()));
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

/** Who may call an operation, as the declared access says: may a user with these permissions (null = anonymous) pass? */
export function declaredToAllow(access: Operation['access'], permissions: readonly string[] | null): boolean {
  if (access === 'public') return true;
  if (permissions === null) return false;
  if (access === 'signed-in') return true;
  return permissions.includes('*') || access.some((p) => permissions.includes(p));
}
