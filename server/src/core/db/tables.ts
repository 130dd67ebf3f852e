import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Tables of core: what every domain uses (uploaded files, the mail outbox). */

/** Metadata of an uploaded file; the bytes live in DATA_DIR/files/<id> (DESIGN §2). */
export const files = pgTable(
  'files',
  {
    id: uuid().primaryKey().defaultRandom(),
    original_name: text().notNull(),
    /** Detected from the content, never taken from the name or the browser. */
    mime: text().notNull(),
    size: integer().notNull(),
    /** The member the file belongs to (they may download it); no foreign key so any feature can own files. */
    owner_user_id: uuid(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_owner_user_id_idx').on(t.owner_user_id)],
);

/** Every mail the portal sends, whatever the transport: the outbox is the record (DESIGN §2 Mail). */
export const mail_outbox = pgTable(
  'mail_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    to: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    links: text().array().notNull().default([]),
    /** 'log' (no SMTP configured) or 'smtp'. */
    transport: text().notNull(),
    /** 'queued' (recorded, delivery pending), 'logged', 'sent' or 'failed' (the 'mail' job retries it). */
    status: text().notNull(),
    error: text(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to), index('mail_outbox_created_at_idx').on(t.created_at)],
);

/**
 * The audit log (issue 28): one row per row a request changed, written in the same transaction as the change by the
 * trigger of core/audit (a rolled-back change leaves none). Append-only for the application: no route edits or
 * deletes it; the retention job removes rows older than AUDIT_RETENTION_DAYS. No foreign key to users: an entry
 * outlives its actor's record.
 */
/** An entry's own searchable text (issue 38): the expression audit_log_search_idx indexes and the log's search reads. */
export const AUDIT_SEARCH_TEXT = sql`(coalesce(action::text, '') || ' ' || coalesce(entity::text, '') || ' ' || coalesce(entity_id::text, '') || ' ' || coalesce(ip::text, ''))`;

export const audit_log = pgTable(
  'audit_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actor_user_id: uuid(),
    ip: text(),
    action: text().notNull(),
    entity: text().notNull(),
    entity_id: text(),
    /** { field: { before, after } }: secrets never, a file by its name and size (the files row). */
    changes: jsonb().notNull().default({}),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_entity_idx').on(t.entity, t.entity_id, t.at),
    index('audit_log_actor_idx').on(t.actor_user_id, t.at),
    index('audit_log_search_idx').using('gin', sql`${AUDIT_SEARCH_TEXT} gin_trgm_ops`),
    // The download's keyset steps sorted by action or record (core/list.ts readSteps).
    index('audit_log_action_order_idx').on(t.action, t.id),
    index('audit_log_entity_order_idx').on(t.entity, t.id),
  ],
);
