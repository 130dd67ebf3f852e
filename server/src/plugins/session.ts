import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Permission } from 'shared-api/contract';
import { SESSION_COOKIE, SESSION_DAYS, type CurrentUser } from '../services/auth/sessions';
import { forbidden, unauthorized } from '../services/common/http-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. */
    user: CurrentUser | null;
  }
  interface FastifyContextConfig {
    /** Reachable before the terms are accepted (spec 002 §4 terms gate). */
    termsExempt?: boolean;
  }
}

export const TERMS_NOT_ACCEPTED_MESSAGE = 'Devi accettare i termini e le condizioni per continuare.';

/** Reads the session cookie of every API request (one indexed lookup when the cookie is there). */
export default fp(
  async (app) => {
    await app.register(cookie);
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) request.user = await app.services.sessions.find(token);
    });
  },
  { name: 'session', dependencies: ['services'] },
);

const secure = (request: FastifyRequest) => request.server.config.publicUrl.startsWith('https://');

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(request),
    maxAge: SESSION_DAYS * 24 * 60 * 60,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: secure(request) });
}

/**
 * The hook every protected route folder adds once: anonymous → 401; terms not accepted → 403,
 * except on the routes marked termsExempt.
 */
export async function authenticate(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized();
  if (!request.user.has_accepted_terms && !request.routeOptions.config.termsExempt) throw forbidden(TERMS_NOT_ACCEPTED_MESSAGE);
}

export const holdsAny = (held: readonly string[], anyOf: readonly Permission[]) => held.includes('*') || anyOf.some((p) => held.includes(p));

/** onRequest (before the body is read or validated, so a forbidden call gets 403, never 400): the user holds one of these permissions ('*' holds them all). */
export function requirePermission(...anyOf: Permission[]) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.user) throw unauthorized();
    if (!holdsAny(request.user.permissions, anyOf)) throw forbidden();
  };
}

/** The signed-in user of a route behind authenticate. */
export function currentUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
