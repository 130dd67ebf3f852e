import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
