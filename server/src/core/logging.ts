import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Where log lines are written (pino's destination). */
export interface LogDestination {
  write(line: string): void;
}

/** Keys whose values never reach the log, wherever a caller logs an object holding them. */
const SECRET_KEYS = ['password', 'newPassword', 'oldPassword', 'token', 'fiscal_code', 'parent_fiscal_code', 'cookie', 'authorization'];

/** The stack frames of an error without its first line (which repeats the message). */
const framesOf = (stack: string | undefined) =>
  (stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');

interface DatabaseFailure {
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
}

/**
 * An error as the log may hold it. A database error carries the statement's parameters (drizzle's message lists them)
 * and PostgreSQL's message and detail quote the values (`Key (email)=(…)`, `invalid input syntax: "…"`): only the
 * SQLSTATE, the names of the constraint, table and column and the parameterised statement are kept.
 */
export function serializeError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const withQuery = err as Error & { query?: unknown; params?: unknown; cause?: unknown; code?: unknown; statusCode?: unknown };
  const database = (withQuery.cause && typeof withQuery.cause === 'object' ? withQuery.cause : withQuery) as DatabaseFailure;
  const sqlState = typeof database.code === 'string' && /^[0-9A-Z]{5}$/.test(database.code) ? database.code : undefined;
  if (typeof withQuery.query === 'string' || sqlState) {
    return {
      type: err.name,
      message: 'Errore del database (valori omessi)',
      sqlState,
      constraint: database.constraint,
      table: database.table,
      column: database.column,
      query: typeof withQuery.query === 'string' ? withQuery.query : undefined,
      stack: framesOf(err.stack),
    };
  }
  return {
    type: err.name,
    message: err.message,
    code: withQuery.code,
    statusCode: withQuery.statusCode,
    stack: framesOf(err.stack),
  };
}

/** A request in the log: method and path, never the query string (searches hold names and codes) nor headers or body. */
export function serializeRequest(request: FastifyRequest | { method?: string; url?: string; id?: unknown }) {
  return { id: request.id, method: request.method, path: (request.url ?? '').split('?')[0] };
}

/**
 * Fastify's logger for the configured level (false = none): requests without query strings, headers or bodies,
 * errors without the values they carry, and the secret keys censored wherever they appear (issue 7 finding 11).
 */
export function loggerOptions(level: string | false, stream?: LogDestination): FastifyServerOptions['logger'] {
  if (level === false) return false;
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: { req: serializeRequest, err: serializeError as never },
    redact: { paths: SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]), censor: '[omesso]' },
  };
}
