import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { auditContextOf, setAuditContext } from '../audit/context';
import type { Tx } from '../db/client';
import { type HeldUnitOfWork, type UnitOfWorkMode, deferredScope, holdUnitOfWork } from '../db/unit-of-work';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * How a mutating route's unit of work is opened (core/db/unit-of-work). 'transaction' (the default): one
     * transaction around the whole handler, opened after the session is read and committed before the answer leaves.
     * 'deferred': for a route whose handler does long work off the database (a file parsed or an archive extracted on
     * a worker): no transaction is held while it runs; each top-level `db.transaction()` of its service is a unit of
     * work of its own, with the request's audit context, and a write outside one is refused like anywhere else.
     */
    unitOfWork?: UnitOfWorkMode;
    /**
     * A refusal (an answer of 4xx) commits the unit of work too, instead of rolling it back: for a route whose refused
     * calls must leave their trace, e.g. a sign-in's throttle counting the failed attempt.
     */
    commitRefusals?: boolean;
  }
  interface FastifyRequest {
    unitOfWork: { held: HeldUnitOfWork | null; deferred: ReturnType<typeof deferredScope> | null } | null;
  }
}

const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * One unit of work per mutating request (issue 38): every POST/PUT/PATCH/DELETE route of the API runs its handler in
 * one transaction that first hands the audit trigger the request's context (who, from where, the route's action), and
 * every query the services issue meanwhile runs in it. An answer of 2xx/3xx commits it before it is sent (so the
 * caller's next request reads the change); an error answer rolls it back (no half-made change survives a refusal),
 * unless the route keeps its refusals' writes (`commitRefusals`: a throttle's count of failed sign-ins).
 * Reads (GET) run outside any transaction (a write of theirs must open its own, e.g. a rate limit's counter). The
 * hook runs before the handler, after every request hook (the session's included), so the context names the user.
 */
export default fp(
  async (app) => {
    const db = app.database.db;
    const clock = app.services.clock;
    app.decorateRequest('unitOfWork', null);

    app.addHook('preHandler', (request, _reply, done) => {
      const scope = {
        kind: 'request' as const,
        label: `${request.method} ${request.routeOptions.url ?? request.url}`,
        begin: (tx: Tx) => setAuditContext(tx, auditContextOf(request, clock)),
      };
      // A read holds no transaction; one it opens itself (a counter of its own) is a unit of work, like a deferred route's.
      if (READ_ONLY_METHODS.has(request.method) || request.routeOptions.config?.unitOfWork === 'deferred') {
        const deferred = deferredScope(scope);
        request.unitOfWork = { held: null, deferred };
        return deferred.enter(() => done());
      }
      holdUnitOfWork(db, scope).then(
        (held) => {
          request.unitOfWork = { held, deferred: null };
          held.enter(() => done());
        },
        (err: Error) => done(err),
      );
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const refusalKept = reply.statusCode < 500 && request.routeOptions.config?.commitRefusals === true;
      await end(request, reply.statusCode < 400 || refusalKept);
      return payload;
    });
    // An answer that never reached onSend (a hijacked reply, a failed commit's error answer): nothing more is committed.
    app.addHook('onResponse', async (request) => end(request, false));
  },
  { name: 'unit-of-work', dependencies: ['services'] },
);

async function end(request: FastifyRequest, commit: boolean): Promise<void> {
  const work = request.unitOfWork;
  if (!work) return;
  work.deferred?.end();
  if (work.held && !work.held.ended) await work.held.end(commit);
}
