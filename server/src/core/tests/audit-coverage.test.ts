/**
 * Coverage proven, not assumed (issue 38): generated from the OpenAPI description, every mutating operation (POST,
 * PUT, PATCH, DELETE) is called with valid input by a user holding its permission (the administrator, '*'; the
 * signed-in member for the member's own routes), and every table the call changed must have, among the audit entries
 * the call wrote, one about that table whose actor is the caller. Tables a domain declares `unaudited` (and core's:
 * the mail outbox, the server's secrets) are left out, with the log itself and pg-boss's schema; docs/decisions.md
 * gives each one's reason.
 *
 * Valid input is built from each operation's schema (a deterministic example: the first enum value, a date of the
 * test club's week, the ids of records made before), with a recipe where a schema cannot say enough (RECIPES). An
 * operation that still cannot be called with success is listed in NOT_CALLED with its reason; the test fails for an
 * operation neither successful nor listed, and for a listed one that succeeds (the list stays true).
 * Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { domains } from '../../domains';
import { rowsOf } from '../db/rows';
import { ADMIN, MEMBER, type TestApp, build, call, login, uniqueEmail } from '../../testing/helper';
import { tableDigests } from '../../testing/reliability/digest';
import { type JsonSchema, type Operation, readOperations, urlOf } from '../../testing/reliability/operations';

/** Core's unaudited tables (app.ts CORE_UNAUDITED) and the domains' declared ones. */
const UNAUDITED = new Set(['mail_outbox', 'server_secrets', ...domains.flatMap((d) => d.unaudited ?? [])]);
/** Never compared: the log itself, pg-boss's queue (its jobs are not the app's records), drizzle's migrations. */
const NOT_COMPARED = (name: string) => name === 'public.audit_log' || name.startsWith('pgboss.') || name.startsWith('drizzle.');

/**
 * Operations not called with success by this test, each with the reason. Keep it short: a recipe (RECIPES) is
 * better than an entry here.
 */
const NOT_CALLED: Record<string, string> = {};

/**
 * Changes the audit trigger does not record by design, to be recorded as security events of their own (issue 38,
 * "Security events are entries of their own"): a change whose only columns are named like password, token, secret or
 * hash. Each entry names the operation and the table.
 */
const SECURITY_EVENTS: Record<string, string[]> = {};

let t: TestApp;
let admin: string;
let adminId: string;
let member: string;
let memberId: string;

before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
  member = await login(t.app, MEMBER);
  adminId = (await call(t.app, admin, 'GET', '/api/v1/user/me')).json()._id;
  memberId = (await call(t.app, member, 'GET', '/api/v1/user/me')).json()._id;
});
after(async () => {
  await t.close();
});

/** A deterministic value the schema accepts (its first enum value, a short text, the minimum number, one item). */
function example(schema: JsonSchema, key = ''): unknown {
  if (schema.anyOf ?? schema.oneOf) {
    const options = (schema.anyOf ?? schema.oneOf)!.filter((s) => s.type !== 'null');
    return example(options[0] ?? {}, key);
  }
  if (schema.enum) return schema.enum[0];
  if ('const' in schema) return schema.const;
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'email') return uniqueEmail('copertura');
      if (schema.format === 'date-time') return t.clock.now().toISOString();
      if (schema.pattern?.includes('\\d{4}-\\d{2}-\\d{2}')) return t.clock.now().toISOString().slice(0, 10);
      if (schema.pattern?.includes(':')) return '18:00';
      const text = `Prova ${key}`.trim();
      const min = schema.minLength ?? 0;
      const max = schema.maxLength ?? 40;
      return text.padEnd(min, 'x').slice(0, Math.max(min, Math.min(max, text.length)));
    }
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? Math.max(schema.minimum, 1) : 1;
    case 'boolean':
      return true;
    case 'array':
      return schema.items && (schema.minItems as number | undefined) ? [example(schema.items, key)] : [];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const name of schema.required ?? []) out[name] = example(schema.properties?.[name] ?? {}, name);
      return out;
    }
    default:
      return null;
  }
}

interface Call {
  cookie: string;
  actorId: string;
  url: string;
  body?: unknown;
}

/** Operations whose schema cannot say what a valid call is. */
type Recipe = (op: Operation) => Promise<Call | null>;
const RECIPES: Record<string, Recipe> = {};

/** The first record of a collection, as the administrator lists it. */
async function firstOf(collection: string): Promise<string | undefined> {
  const list = await call(t.app, admin, 'GET', `${collection}?limit=1`);
  return list.statusCode === 200 ? list.json<{ data?: { _id?: string }[] }>().data?.[0]?._id : undefined;
}

async function defaultCall(op: Operation): Promise<Call> {
  const own = op.access === 'signed-in';
  const ids: Record<string, string> = {};
  const collection = /^(.*)\/\{id\}(\/|$)/.exec(op.path)?.[1];
  if (collection) {
    const id = own && op.path.includes('/user/{id}') ? memberId : await firstOf(collection);
    if (id) ids.id = id;
  }
  const query: Record<string, string> = {};
  for (const p of op.parameters) if (p.in === 'query' && p.required) query[p.name] = String(example(p.schema, p.name));
  return {
    cookie: own ? member : admin,
    actorId: own ? memberId : adminId,
    url: urlOf(op, ids, query),
    body: op.body ? example(op.body) : undefined,
  };
}

interface Entry {
  entity: string;
  actor_user_id: string | null;
}

test('every mutating operation: each table it changes has an audit entry with its actor', async () => {
  const { operations } = await readOperations(t.app);
  const mutating = operations.filter((op) => op.method !== 'GET');
  // Creations first, deletions after the rest, signing out last (it ends the caller's session).
  const rank = (op: Operation) => (op.path.endsWith('/logout') ? 3 : op.method === 'DELETE' ? 2 : op.method === 'POST' ? 0 : 1);
  mutating.sort((a, b) => rank(a) - rank(b));

  const allow = Object.fromEntries([...UNAUDITED].map((name) => [name, null]));
  const digests = async () => Object.fromEntries(Object.entries(await tableDigests(t.database, allow)).filter(([name]) => !NOT_COMPARED(name)));
  const maxId = async () => rowsOf<{ n: string | null }>(await t.database.db.execute(sql`select max(id::text) as n from audit_log`))[0]?.n ?? null;

  const uncovered: string[] = [];
  const failed: string[] = [];
  const listedButCalled: string[] = [];
  const called: string[] = [];
  let before = await digests();
  for (const op of mutating) {
    const label = `${op.method} ${op.path}`;
    const recipe = RECIPES[label];
    const planned = recipe ? await recipe(op) : await defaultCall(op);
    if (!planned) continue;
    const seen = new Set(
      rowsOf<{ id: string }>(
        await t.database.db.execute(
          sql`select id::text as id from audit_log where at >= ${t.clock.now().toISOString()}::timestamptz - interval '1 day'`,
        ),
      ).map((r) => r.id),
    );
    void maxId;
    const res = await call(t.app, planned.cookie, op.method, planned.url, planned.body);
    const afterCall = await digests();
    const ok = res.statusCode >= 200 && res.statusCode < 300;
    if (!ok) {
      if (!(label in NOT_CALLED)) failed.push(`${label} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      before = afterCall;
      continue;
    }
    if (label in NOT_CALLED) listedButCalled.push(label);
    called.push(label);
    const entries = rowsOf<Entry & { id: string }>(
      await t.database.db.execute(
        sql`select id::text as id, entity, actor_user_id from audit_log where at >= ${t.clock.now().toISOString()}::timestamptz - interval '1 day'`,
      ),
    ).filter((e) => !seen.has(e.id));
    const changed = Object.keys(afterCall).filter((name) => afterCall[name] !== before[name]);
    for (const name of changed) {
      const table = name.replace(/^public\./, '');
      if ((SECURITY_EVENTS[label] ?? []).includes(table)) continue;
      if (!entries.some((e) => e.entity === table && e.actor_user_id === planned.actorId))
        uncovered.push(
          `${label}: ${table} changed, no entry with actor ${planned.actorId} (entries: ${entries.map((e) => `${e.entity}/${e.actor_user_id}`).join(', ') || 'none'})`,
        );
    }
    before = afterCall;
  }
  console.log(
    `audit coverage: ${mutating.length} mutating operations, ${called.length} called with success, ${Object.keys(NOT_CALLED).length} listed as not called`,
  );
  assert.deepEqual(failed, [], 'operations neither called with success nor listed in NOT_CALLED');
  assert.deepEqual(listedButCalled, [], 'listed in NOT_CALLED but called with success: remove them from the list');
  assert.deepEqual(uncovered, [], 'tables changed without an audit entry naming the caller');
});
