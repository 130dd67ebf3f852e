import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { files } from '../../core/db/tables';
import { users } from '../registry/tables';

/** Tables of the certificates domain: types, a member's certificate of a type, its records (one per upload). */

export const certificate_types = pgTable(
  'certificate_types',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    /** Days before the expiry date on which the member is warned, largest first (e.g. {30,7,1}). */
    days_before_warn: integer().array().notNull(),
    /** A medical certificate: the one a member needs to book (DESIGN §4) and uploads from the profile. */
    is_medical: boolean().notNull().default(false),
    /**
     * How long a certificate of this type is valid, in months: an approval's expiry date is at most this far from the
     * day it is approved (a medical certificate's approval needs one; issue 25).
     */
    validity_months: integer().notNull().default(12),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('certificate_types_name_key').on(t.name)],
);

export const certificates = pgTable(
  'certificates',
  {
    id: uuid().primaryKey().defaultRandom(),
    type_id: uuid()
      .notNull()
      .references(() => certificate_types.id, { onDelete: 'restrict' }),
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notes: text(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('certificates_user_type_key').on(t.user_id, t.type_id), index('certificates_type_idx').on(t.type_id)],
);

export const certificate_records = pgTable(
  'certificate_records',
  {
    id: uuid().primaryKey().defaultRandom(),
    certificate_id: uuid()
      .notNull()
      .references(() => certificates.id, { onDelete: 'cascade' }),
    file_id: uuid()
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    is_approved: boolean().notNull().default(false),
    end_date: date({ mode: 'string' }),
    notes: text(),
    uploaded_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    approved_at: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('certificate_records_latest_idx').on(t.certificate_id, t.uploaded_at.desc(), t.id.desc()),
    // GET /files/{id} asks whether a record holds a file (core/files/readers.ts).
    index('certificate_records_file_idx').on(t.file_id),
  ],
);

/**
 * One row per expiry warning sent: (certificate, expiry date, warning day). Its primary key is the claim that keeps
 * several server processes, or a rerun the same day, from mailing a member twice.
 */
export const certificate_warnings = pgTable(
  'certificate_warnings',
  {
    certificate_id: uuid()
      .notNull()
      .references(() => certificates.id, { onDelete: 'cascade' }),
    end_date: date({ mode: 'string' }).notNull(),
    /** Days before end_date the warning is for; 0 = the day it expires. */
    days_before: integer().notNull(),
    sent_at: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.certificate_id, t.end_date, t.days_before] })],
);
