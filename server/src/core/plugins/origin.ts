import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a request may change state, judged by what the browser says about where it comes from:
 * - an Origin header must be one of the allowed origins (config.allowedOrigins; 'null' never is);
 * - without Origin, Sec-Fetch-Site 'cross-site' is refused;
 * - with neither header the caller is not a browser (browsers always send Origin on a cross-site POST), so it passes.
 */
export function isCrossSite(request: FastifyRequest, allowedOrigins: readonly string[]): boolean {
  if (!STATE_CHANGING.has(request.method)) return false;
  const origin = request.headers.origin;
  if (origin !== undefined) return !allowedOrigins.includes(origin);
  return request.headers['sec-fetch-site'] === 'cross-site';
}

/** Refuses state-changing API requests sent by pages of another site (CSRF, login CSRF included) before anything else runs. */
export default fp(
  async (app) => {
    const allowed = app.config.allowedOrigins;
    app.addHook('onRequest', async (request) => {
      if (isCrossSite(request, allowed)) throw new DomainError('CROSS_SITE_REQUEST');
    });
  },
  { name: 'origin', dependencies: ['services'] },
);
