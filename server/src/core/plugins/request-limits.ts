import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { invalidInput } from '../errors';

/** Bodies an anonymous route accepts (sign-in, password reset, …): a few fields, never a flood of megabytes. */
export const PUBLIC_BODY_LIMIT = 16 * 1024;

/** Where the first string holding a NUL character is (`field.sub.0`), or null. */
export function findNul(value: unknown, at = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? at || 'valore' : null;
  if (!value || typeof value !== 'object' || depth > 20) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return at ? `${at}.?` : '?';
    const found = findNul(inner, at ? `${at}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Limits every API route shares, whatever its schema says:
 * - a route open to anonymous callers ('public' access) reads at most PUBLIC_BODY_LIMIT bytes unless it sets its own;
 * - a NUL character in a query, a path parameter or a body text answers 400 naming the field: PostgreSQL cannot store
 *   it, and it reached the database as a 500 (issue 7 finding 11).
 */
export default fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      if (route.config?.access === 'public' && route.bodyLimit === undefined) route.bodyLimit = PUBLIC_BODY_LIMIT;
    });

    app.addHook('preValidation', async (request: FastifyRequest) => {
      for (const part of [request.params, request.query, request.body]) {
        const field = findNul(part);
        if (field) throw invalidInput(`${field}: Il testo contiene un carattere non ammesso (NUL)`);
      }
    });
  },
  { name: 'request-limits' },
);
