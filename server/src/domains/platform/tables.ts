import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
});

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
