import { API_ERRORS, type ApiErrorCode } from 'shared-api/contract';

/**
 * A refusal a service (or core) decides: a stable code from the contract (shared-api API_ERRORS) and the message
 * the answer carries — by default the code's Italian text. The error plugin turns it into
 * `{ code, message, ...details }` with the code's HTTP status; repositories never throw these (they speak SQL only).
 */
export class DomainError extends Error {
  readonly code: ApiErrorCode;
  readonly statusCode: number;
  /** What the answer carries beside code and message, as the contract's body for that code declares it (e.g. `reasons`). */
  readonly details: Readonly<Record<string, unknown>>;
  constructor(code: ApiErrorCode, message?: string, details: Readonly<Record<string, unknown>> = {}) {
    super(message ?? API_ERRORS[code].text);
    this.name = 'DomainError';
    this.code = code;
    this.statusCode = API_ERRORS[code].status;
    this.details = details;
  }
}

/** Bad input the schema could not express: 400 with a message naming the field (`field: what is wrong`). */
export const invalidInput = (message: string) => new DomainError('VALIDATION_FAILED', message);

/** The PostgreSQL error behind a drizzle error (drizzle 0.45 wraps it in `cause`). */
export function pgErrorOf(err: unknown): { code?: string; constraint?: string } | null {
  let current: unknown = err;
  for (let depth = 0; current && depth < 3; depth++) {
    const e = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return { code: e.code, constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
    }
    current = e.cause;
  }
  return null;
}

export const isUniqueViolation = (err: unknown, constraint?: string) => {
  const pgErr = pgErrorOf(err);
  return pgErr?.code === '23505' && (!constraint || pgErr.constraint === constraint);
};

/** A row still referenced elsewhere: 23503 (foreign key) or 23001 (ON DELETE RESTRICT), through `constraint` when named. */
export const isReferencedRow = (err: unknown, constraint?: string) => {
  const pgErr = pgErrorOf(err);
  return (pgErr?.code === '23503' || pgErr?.code === '23001') && (!constraint || pgErr.constraint === constraint);
};
