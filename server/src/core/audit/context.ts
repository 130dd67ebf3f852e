import { AsyncLocalStorage } from 'node:async_hooks';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuditAction } from 'shared-api/contract';
import type { Db, DbOrTx } from '../db/client';
import { audit_log } from '../db/tables';
import type { Clock } from '../time';

/**
 * The audit log's recording (issue 28). Every table of the app but the few the domains declare `unaudited` carries
 * the trigger of migration 0022 (attached at start by attachAuditTriggers): each row a transaction inserts, updates
 * or deletes is written to audit_log by the database itself, in that transaction, with each changed column's before
 * and after (columns named like password, token, secret or hash never; generated columns never). So a rolled-back
 * change leaves no row, and no service can forget to record.
 *
 * The trigger records only when the transaction carries an audit context: who (the signed-in user), from which
 * address, when (the app's clock) and, where the route declares one (`config.audit`), the action ('approve', 'book',
 * 'payment', …; otherwise create, edit or delete from the row's change). Every mutating API request and every job is
 * one unit of work (core/db/unit-of-work, core/plugins/unit-of-work): its transaction is given the request's context
 * (or the system's, actor null, for a job) when it opens, and every query of the services runs in it. Seeds and
 * migrations carry none, so they write no audit rows.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The action the audit log names for every row this route changes (default: create, edit or delete per row). */
    audit?: AuditAction;
  }
}

/** What the trigger reads from the transaction (`audit.context`, a JSON text local to the transaction). */
export interface AuditContext {
  actor: string | null;
  ip: string | null;
  action: AuditAction | null;
  at: string;
}

const requests = new AsyncLocalStorage<FastifyRequest>();

/** A request's audit context: its user (once the session hook has found it), address and route's action. */
export const auditContextOf = (request: FastifyRequest, clock: Clock): AuditContext => ({
  actor: request.user?.id ?? null,
  ip: request.ip ?? null,
  action: request.routeOptions?.config?.audit ?? null,
  at: clock.now().toISOString(),
});

/** A job's audit context: the system (no actor, no address), the change's own action. */
export const systemAuditContext = (clock: Clock): AuditContext => ({ actor: null, ip: null, action: null, at: clock.now().toISOString() });

/** The running request's audit context, or null outside a request (seeds, jobs, start-up). */
export function currentAuditContext(clock: Clock): AuditContext | null {
  const request = requests.getStore();
  return request ? auditContextOf(request, clock) : null;
}

/** Hands the context to the trigger: local to the transaction, so it ends with it (and with a rollback). */
export async function setAuditContext(tx: DbOrTx, context: AuditContext): Promise<void> {
  await tx.execute(sql`select set_config('audit.context', ${JSON.stringify(context)}, true)`);
}

/**
 * An entry written by the service itself rather than by a row's change: a sign-in (no row of the audited tables
 * changes, and the request has no user yet), or an action whose rows must keep no personal values (anonymisation
 * records who did it to which member, with `changes` naming the fields without their values). The actor and the
 * address default to the request's; in the caller's transaction when it passes one.
 */
export async function recordAudit(
  db: DbOrTx,
  clock: Clock,
  entry: {
    action: AuditAction;
    entity: string;
    entityId: string | null;
    actor?: string | null;
    changes?: Record<string, { before: unknown; after: unknown }>;
  },
): Promise<void> {
  const context = currentAuditContext(clock);
  await db.insert(audit_log).values({
    at: clock.now(),
    actor_user_id: entry.actor !== undefined ? entry.actor : (context?.actor ?? null),
    ip: context?.ip ?? null,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId,
    changes: entry.changes ?? {},
  });
}

/**
 * The rest of this transaction changes rows without the trigger recording their values (anonymisation: the member's
 * personal values must not reach the log). The caller records the action itself with recordAudit, naming the fields
 * without their values (fieldsOnly).
 */
export async function withoutRowAudit(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select set_config('audit.context', '', true)`);
}

/** `changes` that name fields without their values: { field: { before: null, after: null } }. */
export const fieldsOnly = (fields: readonly string[]): Record<string, { before: null; after: null }> =>
  Object.fromEntries(fields.map((field) => [field, { before: null, after: null }]));

/**
 * Blanks the values of every entry about these records (a member's users row and the rows keyed by them, their
 * files), keeping who did what and when and which fields changed: what remains of an anonymised member in the log.
 */
export async function redactAuditValues(tx: DbOrTx, entityIds: readonly string[]): Promise<void> {
  if (!entityIds.length) return;
  await tx
    .update(audit_log)
    .set({
      changes: sql`coalesce((select jsonb_object_agg(key, '{"before": null, "after": null}'::jsonb) from jsonb_each(${audit_log.changes})), '{}'::jsonb)`,
    })
    .where(inArray(audit_log.entity_id, [...entityIds]));
}

/**
 * Attaches the trigger to every table of the app's schema that lacks it, and removes it from `unaudited` ones (the
 * domains' sessions, throttling counters, caches' version rows, …). Idempotent; run after the migrations, so a table a
 * later migration creates is audited from its first start.
 */
export async function attachAuditTriggers(db: Db, unaudited: readonly string[]): Promise<void> {
  await db.execute(sql`select audit_attach(${`{${unaudited.join(',')}}`}::text[])`);
}

/**
 * Runs every request of the API inside its audit context (the request itself: its user is read when a transaction
 * opens, after the session hook has found it).
 */
export const auditContext = fp(
  async (app) => {
    app.addHook('onRequest', (request, _reply, done) => requests.run(request, done));
    // The body is read through the request stream's events, which run outside the context: entered again after it.
    app.addHook('preValidation', (request, _reply, done) => requests.run(request, done));
  },
  { name: 'audit-context' },
);
