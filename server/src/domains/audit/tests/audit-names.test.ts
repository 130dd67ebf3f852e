/**
 * Issue 44 item 6, the audit log reads as a person would: every record the log can name and every field it can list
 * has an Italian label; GET /audit names the people, tables, sessions and bookings an entry names by id (sessions
 * and bookings by their day and time on the club's clock and their table); the anonymisation entry lists what was
 * forgotten, never a value. PGlite by default, PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { AUDIT_ENTITY_LABELS, AUDIT_FIELD_LABELS, type AuditEntry } from 'shared-api/contract';
import { rowsOf } from '../../../core/db/rows';
import { MEMBER, OTHER_MEMBER, type TestApp, call, categoryId, userPayload } from '../../../testing/helper';
import { AUDIT_NAMED_KINDS, auditFieldKind } from '../record-names';
import { auditApp, ok, userIdOf } from './audit-fixture';

let t: TestApp;
let admin: string;

const entriesAbout = async (entity: string, entityId: string): Promise<AuditEntry[]> =>
  ok(await call(t.app, admin, 'GET', `/api/v1/audit?limit=50&entity=${entity}&entityId=${entityId}`), 200).json().data;

before(async () => {
  ({ t, admin } = await auditApp());
});
after(async () => {
  await t.close();
});

test('every table the log records has an Italian name, and every field it can list an Italian label', async () => {
  // The tables the trigger is attached to, and the columns it records (core/db/migrations/0022_audit_log.sql: never
  // generated ones, never created_at or updated_at, never one named like password, token, secret or hash).
  const columns = rowsOf<{ entity: string; field: string }>(
    await t.database.db.execute(sql`
      select c.relname::text as entity, a.attname::text as field
      from pg_trigger g
      join pg_class c on c.oid = g.tgrelid
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where g.tgname = 'audit_row_change'
        and a.attname not in ('created_at', 'updated_at')
        and a.attname !~* '(password|token|secret|hash)'
      order by 1, 2`),
  );
  assert.ok(columns.length > 100, `the trigger's tables were read (${columns.length} columns)`);
  const unnamed = [...new Set(columns.map((c) => c.entity))].filter((entity) => !AUDIT_ENTITY_LABELS[entity]);
  assert.deepEqual(unnamed, [], 'records without an Italian name');
  const unlabelled = columns.filter((c) => !AUDIT_FIELD_LABELS[c.field]).map((c) => `${c.entity}.${c.field}`);
  assert.deepEqual(unlabelled, [], 'fields without an Italian label');
});

test("every audited column that points at a record the log names is looked up in that record's table", async () => {
  // The foreign keys of the tables the trigger is attached to, to the tables the log names (one column each).
  const keys = rowsOf<{ entity: string; field: string; target: string }>(
    await t.database.db.execute(sql`
      select c.relname::text as entity, a.attname::text as field, r.relname::text as target
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_class r on r.oid = k.confrelid
      join pg_attribute a on a.attrelid = c.oid and a.attnum = k.conkey[1]
      where k.contype = 'f' and array_length(k.conkey, 1) = 1
        and exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = 'audit_row_change')
        and r.relname::text = any(${`{${AUDIT_NAMED_KINDS.join(',')}}`}::text[])
      order by 1, 2`),
  );
  assert.ok(keys.length > 20, `the foreign keys were read (${keys.length})`);
  const missed = keys.filter((k) => auditFieldKind(k.entity, k.field) !== k.target).map((k) => `${k.entity}.${k.field} → ${k.target}`);
  assert.deepEqual(missed, [], 'columns whose record would show as an id');
});

test("a booking's entry names its session, its shift, its table and its people; a session's entry its day, time and table", async () => {
  const marco = await userIdOf(t, MEMBER.email);
  const giulia = await userIdOf(t, OTHER_MEMBER.email);
  const allQuals = ok(await call(t.app, admin, 'GET', '/api/v1/user/qualification?limit=500'), 200)
    .json()
    .data.map((q: { _id: string }) => q._id);
  const table = ok(await call(t.app, admin, 'POST', '/api/v1/training-session/game-tables', { number: 44, description: 'Tavolo nomi' }), 201).json()
    ._id;
  const session = ok(
    await call(t.app, admin, 'POST', '/api/v1/training-session', {
      title: 'Nomi',
      day: '2026-11-26',
      start_time: '18:00',
      end_time: '19:30',
      participant_qualifications: allQuals,
      game_tables: [table],
    }),
    201,
  ).json().data[0]._id;
  const booking = ok(
    await call(t.app, admin, 'POST', `/api/v1/training-session/${session}/book`, { partnersId: [marco, giulia], date: '2026-11-26', admin: true }),
    201,
  ).json()._id;

  const [created] = await entriesAbout('training_sessions', session);
  assert.ok(created, 'the session was recorded');
  // Thursday 26 November 2026 at 18:00 in Rome (17:00 UTC), on table 44.
  assert.equal(created.names?.[session], 'Nomi, 26/11/2026 ore 18:00, Tavolo 44');
  assert.equal(created.names?.[table], 'Tavolo 44');

  // The clock is frozen: the booking's entries share one instant and their order is the ids', so the one wanted is
  // picked by its action.
  const booked = (await entriesAbout('bookings', booking)).find((entry) => entry.action === 'book');
  assert.ok(booked, 'the booking was recorded as booked');
  assert.equal(booked.names?.[booking], 'Turno del 26/11/2026 ore 18:00, Tavolo 44');
  assert.equal(booked.names?.[session], 'Nomi, 26/11/2026 ore 18:00, Tavolo 44');
  assert.equal(booked.names?.[marco], 'Rossi Marco');
  assert.equal(booked.names?.[giulia], 'Bianchi Giulia');
  // Every id among the entry's values has its name.
  const ids = Object.values(booked.changes).flatMap(({ after }) => (Array.isArray(after) ? after : [after]));
  for (const id of ids.filter((v) => typeof v === 'string' && /^[0-9a-f-]{36}$/.test(v))) assert.ok(booked.names?.[id as string], `${id} named`);
});

test('the anonymisation entry lists what was forgotten, each with its Italian label, and no value', async () => {
  const category = await categoryId(t.app, admin, 'Soci');
  const member = ok(await call(t.app, admin, 'POST', '/api/v1/user', userPayload(category)), 201).json()._id;
  ok(await call(t.app, admin, 'POST', `/api/v1/user/${member}/anonymize`, {}), 204);
  const entry = (await entriesAbout('users', member)).find((e) => e.action === 'anonymize');
  assert.ok(entry, 'the anonymisation was recorded');
  const fields = Object.keys(entry.changes);
  for (const field of ['name', 'surname', 'email', 'fiscal_code', 'phone_number', 'certificates', 'waitlist', 'sessions']) {
    assert.ok(fields.includes(field), `${field} among ${fields.join(', ')}`);
  }
  assert.deepEqual(
    fields.filter((field) => !AUDIT_FIELD_LABELS[field]),
    [],
    'fields without an Italian label',
  );
  for (const { before, after } of Object.values(entry.changes)) assert.deepEqual([before, after], [null, null]);
  // The member's record now reads by its anonymous name.
  assert.equal(entry.names?.[member], 'Anonimo Socio');
});
