import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { holdsAny } from 'shared-api/contract';
import type { Permission } from 'shared-api/contract';
import type { CurrentUser } from '../domain';
import { DomainError } from '../errors';
import { systemWork } from '../db/unit-of-work';
import { SessionCache } from '../session-cache';

export const SESSION_COOKIE = 'sid';

const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const SESSION_DAYS = 30;

/**
 * Who may call a route, declared once per route (`config.access`) and read twice: the onRequest check below and
 * the OpenAPI description (`x-permission`), which the authorization-matrix test reads.
 * - 'public': anyone, signed in or not;
 * - 'signed-in': any signed-in user who accepted the terms (or a termsExempt route);
 * - a list of permissions: a signed-in user holding any of them ('*' holds all).
 */
export type Access = 'public' | 'signed-in' | readonly Permission[];

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. */
    user: CurrentUser | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** Reachable before the terms are accepted (spec 002 §4 terms gate). */
    termsExempt?: boolean;
    /**
     * A state-changing route that changes no user, category or session (booking, cancelling): the session cache
     * outlives it. Every other POST/PUT/PATCH/DELETE clears it (core/session-cache.ts).
     */
    changesNoUser?: boolean;
  }
}

/** The OpenAPI extension naming a route's access ('public', 'signed-in' or the permissions, comma-separated). */
export const PERMISSION_EXTENSION = 'x-permission';

const describeAccess = (access: Access) => (typeof access === 'string' ? access : access.join(','));

/** operationId from method and path: GET /user/{id}/activate → get_user_id_activate. */
const operationIdOf = (method: string, url: string) =>
  `${method.toLowerCase()}_${
    url
      .replace(/^\/api\/v1\/?/, '')
      .replace(/[:{}]/g, '')
      .replace(/[^a-zA-Z0-9]+/g, '_')
      .replace(/_$/, '') || 'root'
  }`;

/**
 * Reads the session cookie of every API request and enforces each route's declared access. A route under the
 * API without an `access` declaration fails at start: no endpoint can forget its permission.
 */
export default fp(
  async (app) => {
    await app.register(cookie);
    app.decorateRequest('user', null);

    app.addHook('onRoute', (route) => {
      if (route.schema?.hide) return;
      const access = route.config?.access;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (methods.every((m) => m === 'HEAD' || m === 'OPTIONS')) return;
      if (!access) throw new Error(`La rotta ${methods.join(',')} ${route.url} non dichiara chi può chiamarla (config.access)`);
      route.schema = {
        ...route.schema,
        operationId: route.schema?.operationId ?? operationIdOf(methods[0] ?? 'get', route.url),
        [PERMISSION_EXTENSION]: describeAccess(access),
      } as typeof route.schema;
      const check = accessCheck(access, Boolean(route.config?.termsExempt));
      const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
      // Before the body is read or validated, so a forbidden call gets 403, never 400.
      route.onRequest = [check, ...existing];
    });

    const sessions = new SessionCache(app.services.sessionResolver, {
      ttlMs: app.config.sessionCacheMs,
      maxEntries: 10_000,
      now: () => app.services.clock.now().getTime(),
    });
    app.addHook('onRequest', async (request) => {
      const token = request.cookies[SESSION_COOKIE];
      // The lookup slides the session's expiry: the server's own bookkeeping of an unaudited table, before any unit of
      // work is open (core/db/unit-of-work), so marked as such.
      if (token) request.user = await systemWork('sessione', () => sessions.find(token));
    });
    // Before the answer leaves, so the caller's next request already reads the database again.
    app.addHook('onSend', async (request, _reply, payload) => {
      if (!READ_ONLY_METHODS.has(request.method) && !request.routeOptions.config?.changesNoUser) sessions.clear();
      return payload;
    });
  },
  { name: 'session', dependencies: ['services'] },
);

function accessCheck(access: Access, termsExempt: boolean) {
  return async (request: FastifyRequest): Promise<void> => {
    if (access === 'public') return;
    const user = request.user;
    if (!user) throw new DomainError('UNAUTHENTICATED');
    if (!user.has_accepted_terms && !termsExempt) throw new DomainError('TERMS_NOT_ACCEPTED');
    if (access !== 'signed-in' && !holdsAny(user.permissions, access)) throw new DomainError('FORBIDDEN');
  };
}

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

/** The signed-in user of a route that is not public. */
export function currentUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw new DomainError('UNAUTHENTICATED');
  return request.user;
}
