import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Tables of the platform: the releases of the domain apps. A release is one document (every domain app → its
 * published version), numbered; platform_live points at the one the portal serves. Versions themselves are folders
 * of the releases root (RELEASES_DIR), immutable once published.
 */

export const platform_releases = pgTable('platform_releases', {
  number: serial().primaryKey(),
  /** Folder of every domain app (mf-registry, …) → its version. */
  apps: jsonb().$type<Record<string, string>>().notNull(),
  /** 'compose' (a set was checked and made live), 'rollback', 'auto-rollback' (the health check failed), 'initial' (first start). */
  kind: text().notNull(),
  /** The release live when this one was made. */
  based_on: integer(),
  /** For a rollback: the release whose set it restores. */
  restores: integer(),
  /** Why (a rollback's reason, the failed health check). */
  note: text(),
  created_by: uuid(),
  created_by_name: text(),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** A preview release (kind 'preview'): the categories whose members get it before everyone (issue 29). */
  audience: jsonb().$type<{ categories: string[] }>(),
  /** When a preview was made live for all, or dropped (by hand or by the error reports: `note` says why). */
  promoted_at: timestamp({ withTimezone: true }),
  withdrawn_at: timestamp({ withTimezone: true }),
  /** A progressive rollout (issue 40): its plan, the step reached (index), since when, paused since when. */
  rollout: jsonb().$type<{ steps: number[]; holdMinutes: number; minSessions: number }>(),
  rollout_step: integer(),
  rollout_step_at: timestamp({ withTimezone: true }),
  rollout_paused_at: timestamp({ withTimezone: true }),
});

/** What happened to a rollout, with who (null: the server itself) and why; `figures` the comparison's, when it decided. */
export const platform_release_events = pgTable(
  'platform_release_events',
  {
    id: serial().primaryKey(),
    release_number: integer().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    /** 'start', 'advance', 'pause', 'resume', 'abort', 'complete'. */
    action: text().notNull(),
    step: integer(),
    percent: integer(),
    by_id: uuid(),
    by_name: text(),
    reason: text(),
    figures: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [index('platform_release_events_release_idx').on(t.release_number, t.at)],
);

/** The one row naming the preview release, when there is one (locked with platform_live's table lock). */
export const platform_preview = pgTable(
  'platform_preview',
  {
    id: boolean().primaryKey().default(true),
    release_number: integer()
      .notNull()
      .references(() => platform_releases.number),
  },
  (t) => [check('platform_preview_one_row', sql`${t.id}`)],
);

/** The one row saying which release is live; composes lock it (SELECT … FOR UPDATE), so they run one after another. */
export const platform_live = pgTable(
  'platform_live',
  {
    id: boolean().primaryKey().default(true),
    release_number: integer()
      .notNull()
      .references(() => platform_releases.number),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('platform_live_one_row', sql`${t.id}`)],
);

/**
 * What members' browsers reported about a domain app (issue 29): a load failure, a render error caught by the shell's
 * boundary, an unhandled rejection inside the app's route. The message is stored masked (no e-mail, no number).
 */
export const platform_client_errors = pgTable(
  'platform_client_errors',
  {
    id: serial().primaryKey(),
    /** The domain app's folder (mf-registry) and the version the browser ran. */
    app: text().notNull(),
    version: text().notNull(),
    route: text().notNull(),
    /** 'load', 'render' or 'rejection'. */
    kind: text().notNull(),
    message: text().notNull(),
    user_id: uuid().notNull(),
    /** The session that reported (issue 40: a session counts once per app version; null for reports before it). */
    session_id: uuid(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('platform_client_errors_app_version_idx').on(t.app, t.version, t.created_at),
    index('platform_client_errors_created_at_idx').on(t.created_at),
  ],
);

/**
 * Reports counted in a fixed window (the rate limit), one row per subject, upserted: 'user:<id>' for a member (so
 * signing in again does not start a new count) and 'address:<hash>' for a network address (a keyed hash, never the
 * address itself).
 */
export const platform_client_error_quota = pgTable(
  'platform_client_error_quota',
  {
    subject: text().primaryKey(),
    window_started_at: timestamp({ withTimezone: true }).notNull(),
    count: integer().notNull(),
  },
  (t) => [index('platform_client_error_quota_window_idx').on(t.window_started_at)],
);

/**
 * What each signed-in session was served (issue 40): per session, release and domain app, the version /remotes.json
 * answered, first and last time. A browser's error report counts only for a version its session was served. No
 * personal data beyond the session and member ids; removed after the retention period.
 */
export const platform_exposures = pgTable(
  'platform_exposures',
  {
    session_id: uuid().notNull(),
    release_number: integer().notNull(),
    app: text().notNull(),
    version: text().notNull(),
    user_id: uuid().notNull(),
    first_at: timestamp({ withTimezone: true }).notNull(),
    last_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.session_id, t.release_number, t.app] }),
    index('platform_exposures_app_version_idx').on(t.app, t.version, t.last_at),
    index('platform_exposures_last_at_idx').on(t.last_at),
  ],
);
