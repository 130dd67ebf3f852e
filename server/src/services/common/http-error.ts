/** An error whose message the client may read: the error handler answers { message } with its status. */
export class HttpError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number, message: string) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Devi effettuare l\'accesso per continuare.') => new HttpError(401, message);
export const forbidden = (message = 'Non hai i permessi per questa operazione.') => new HttpError(403, message);
export const notFound = (message = 'Risorsa non trovata.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);

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

/** A row still referenced elsewhere: 23503 (foreign key) or 23001 (ON DELETE RESTRICT). */
export const isReferencedRow = (err: unknown) => {
  const code = pgErrorOf(err)?.code;
  return code === '23503' || code === '23001';
};
