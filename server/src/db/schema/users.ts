import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { files } from './files';
import { mailing_list_classes, qualifications, reservation_rules } from './registry';

/** User categories: a member's permissions are their category's (DESIGN §3). */
export const categories = pgTable(
  'categories',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    description: text(),
    permissions: text().array().notNull().default([]),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('categories_name_key').on(t.name)],
);

/**
 * The text GET /user?q= searches (name, surname, e-mail, codice fiscale, member id), indexed with trigrams.
 * The users repository spells the same expression with qualified columns; the planner matches the two.
 */
const USER_SEARCH_TEXT = sql`(coalesce(name, '') || ' ' || coalesce(surname, '') || ' ' || coalesce(email, '') || ' ' || coalesce(fiscal_code, '') || ' ' || coalesce(member_id, ''))`;

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    member_id: text(),
    name: text().notNull(),
    surname: text().notNull(),
    /** Stored lower-case (the contract lower-cases it), unique. */
    email: text().notNull(),
    phone_number: text(),
    fiscal_code: text(),
    image_file_id: uuid().references(() => files.id, { onDelete: 'set null' }),
    birth_date: date({ mode: 'string' }),
    birth_province: text(),
    birth_place: text(),
    residence_address: text(),
    residence_province: text(),
    residence_place: text(),
    residence_postal_code: text(),
    /** M, F or O. */
    gender: text(),
    parent_name: text(),
    parent_surname: text(),
    parent_fiscal_code: text(),
    category_id: uuid()
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    fitet_data_code: text(),
    fitet_data_category: text(),
    contract_file_id: uuid().references(() => files.id, { onDelete: 'set null' }),
    contract_end_date: date({ mode: 'string' }),
    notes: text(),
    /** argon2id; null until the invitation is completed. */
    password_hash: text(),
    registration_completed_at: timestamp({ withTimezone: true }),
    terms_accepted_at: timestamp({ withTimezone: true }),
    deactivation_status: boolean().notNull().default(false),
    deactivation_date_start: date({ mode: 'string' }),
    /** Inclusive: the user is deactivated through this date, active again the day after; null = until activated. */
    deactivation_date_end: date({ mode: 'string' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_surname_idx').on(t.surname, t.name),
    index('users_name_idx').on(t.name),
    index('users_member_id_idx').on(t.member_id),
    index('users_fiscal_code_idx').on(t.fiscal_code),
    index('users_birth_date_idx').on(t.birth_date),
    index('users_created_at_idx').on(t.created_at),
    index('users_category_id_idx').on(t.category_id),
    index('users_search_trgm_idx').using('gin', sql`${USER_SEARCH_TEXT} gin_trgm_ops`),
  ],
);

export const category_reservation_rules = pgTable(
  'category_reservation_rules',
  {
    category_id: uuid()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    reservation_rule_id: uuid()
      .notNull()
      .references(() => reservation_rules.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.category_id, t.reservation_rule_id] }),
    index('category_reservation_rules_rule_idx').on(t.reservation_rule_id),
  ],
);

export const category_mailing_list_classes = pgTable(
  'category_mailing_list_classes',
  {
    category_id: uuid()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    mailing_list_class_id: uuid()
      .notNull()
      .references(() => mailing_list_classes.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.category_id, t.mailing_list_class_id] }),
    index('category_mailing_list_classes_class_idx').on(t.mailing_list_class_id),
  ],
);

export const user_qualifications = pgTable(
  'user_qualifications',
  {
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    qualification_id: uuid()
      .notNull()
      .references(() => qualifications.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.qualification_id] }), index('user_qualifications_qualification_idx').on(t.qualification_id)],
);

export const user_reservation_rules = pgTable(
  'user_reservation_rules',
  {
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reservation_rule_id: uuid()
      .notNull()
      .references(() => reservation_rules.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.reservation_rule_id] }), index('user_reservation_rules_rule_idx').on(t.reservation_rule_id)],
);

export const user_mailing_list_classes = pgTable(
  'user_mailing_list_classes',
  {
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mailing_list_class_id: uuid()
      .notNull()
      .references(() => mailing_list_classes.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.mailing_list_class_id] }),
    index('user_mailing_list_classes_class_idx').on(t.mailing_list_class_id),
  ],
);
