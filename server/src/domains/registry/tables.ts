import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { files } from '../../core/db/tables';

/** Tables of the registry: users, categories and the reference lists they link to. */

/** Booking rules (spec 001 §3 Reservation rule). */
export const reservation_rules = pgTable(
  'reservation_rules',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    description: text(),
    max_rounds_per_week: integer().notNull(),
    max_rounds_per_day: integer().notNull(),
    hours_before_booking_to_ignore_rules: integer().notNull(),
    hours_before_booking_to_cancel: integer().notNull(),
    /** 0 Sunday … 6 Saturday. */
    week_start_day: smallint().notNull(),
    week_end_day: smallint().notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Fair play (issue 42): no-shows, late cancellations within fair_play_period_days that suspend; null, none. */
    no_show_limit: integer(),
    late_cancellation_limit: integer(),
    fair_play_period_days: integer().notNull().default(30),
    /** How long a suspension lasts, from the last counted event. */
    suspension_days: integer().notNull().default(7),
  },
  (t) => [index('reservation_rules_name_idx').on(t.name)],
);

/** At (day, hour) num_shifts more shifts of the week become bookable (DESIGN §4). */
export const reservation_rule_unlock_times = pgTable(
  'reservation_rule_unlock_times',
  {
    id: uuid().primaryKey().defaultRandom(),
    reservation_rule_id: uuid()
      .notNull()
      .references(() => reservation_rules.id, { onDelete: 'cascade' }),
    day: smallint().notNull(),
    /** HH:MM in the club's time zone. */
    hour: text().notNull(),
    num_shifts: integer().notNull(),
  },
  (t) => [index('reservation_rule_unlock_times_rule_idx').on(t.reservation_rule_id)],
);

export const mailing_list_classes = pgTable(
  'mailing_list_classes',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    description: text(),
    /** INFORMATIVA or COMMERCIALE. */
    type: text().notNull(),
    is_default: boolean().notNull().default(false),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mailing_list_classes_name_idx').on(t.name)],
);

export const qualifications = pgTable(
  'qualifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    description: text(),
    color: text().notNull().default('#000000'),
    /** 0–255; a higher priority wins when a member's booking rule is chosen (DESIGN §4). */
    priority: smallint().notNull().default(0),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('qualifications_name_key').on(t.name), index('qualifications_priority_idx').on(t.priority)],
);

export const qualification_reservation_rules = pgTable(
  'qualification_reservation_rules',
  {
    qualification_id: uuid()
      .notNull()
      .references(() => qualifications.id, { onDelete: 'cascade' }),
    reservation_rule_id: uuid()
      .notNull()
      .references(() => reservation_rules.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.qualification_id, t.reservation_rule_id] }),
    index('qualification_reservation_rules_rule_idx').on(t.reservation_rule_id),
  ],
);

export const qualification_mailing_list_classes = pgTable(
  'qualification_mailing_list_classes',
  {
    qualification_id: uuid()
      .notNull()
      .references(() => qualifications.id, { onDelete: 'cascade' }),
    mailing_list_class_id: uuid()
      .notNull()
      .references(() => mailing_list_classes.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.qualification_id, t.mailing_list_class_id] }),
    index('qualification_mailing_list_classes_class_idx').on(t.mailing_list_class_id),
  ],
);

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
    // With the id (the lists' tie-breaker) a page in the default order is read straight off the index, without sorting a group of namesakes.
    index('users_surname_idx').on(t.surname, t.name, t.id),
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
  (t) => [primaryKey({ columns: [t.category_id, t.reservation_rule_id] }), index('category_reservation_rules_rule_idx').on(t.reservation_rule_id)],
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
  (t) => [primaryKey({ columns: [t.user_id, t.mailing_list_class_id] }), index('user_mailing_list_classes_class_idx').on(t.mailing_list_class_id)],
);

/** Training groups (spec 001 §3): a trainer, weekdays, a time range and a maximum of trainees. */
export const training_groups = pgTable(
  'training_groups',
  {
    id: uuid().primaryKey().defaultRandom(),
    description: text(),
    trainer_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** 0 Sunday … 6 Saturday. */
    week_days: smallint().array().notNull(),
    start_time: text().notNull(),
    end_time: text().notNull(),
    max_trainees: integer().notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('training_groups_trainer_idx').on(t.trainer_id)],
);

/** A trainee enrolled in a group, with the monthly fee in integer cents. A group with enrollments cannot be deleted. */
export const training_group_enrollments = pgTable(
  'training_group_enrollments',
  {
    id: uuid().primaryKey().defaultRandom(),
    group_id: uuid()
      .notNull()
      .references(() => training_groups.id, { onDelete: 'restrict' }),
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cost_cents: integer().notNull(),
    enrollment_date: date({ mode: 'string' }).notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('training_group_enrollments_group_user_key').on(t.group_id, t.user_id),
    index('training_group_enrollments_user_idx').on(t.user_id),
  ],
);

/**
 * Federation (FITET) records, imported from the federation's spreadsheet and matched to users by card code
 * (the user's fitet_data_code). One record per card code; a new import updates it.
 */
export const fitet_records = pgTable(
  'fitet_records',
  {
    id: uuid().primaryKey().defaultRandom(),
    member_id: text().notNull(),
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    card_type: text(),
    category: text(),
    start_date: date({ mode: 'string' }),
    end_date: date({ mode: 'string' }),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fitet_records_member_id_key').on(t.member_id), index('fitet_records_user_idx').on(t.user_id)],
);

/**
 * A member who unsubscribed from a mailing-list class: it no longer reaches them, whether through their own
 * classes, their category, their qualifications or a default class.
 */
export const mailing_list_opt_outs = pgTable(
  'mailing_list_opt_outs',
  {
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mailing_list_class_id: uuid()
      .notNull()
      .references(() => mailing_list_classes.id, { onDelete: 'cascade' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.mailing_list_class_id] })],
);

/**
 * The version of what other domains show of a member: name, surname and the colour of their highest-priority
 * qualification. One row; triggers of migration 0015 raise it when a transaction changes users' names, users'
 * qualifications or the qualifications themselves, at its commit (a deferred constraint trigger: the row is locked
 * only while committing, so it cannot take part in a deadlock). Read in the same snapshot as the members, it tells
 * whether a member directory kept between requests (registry/users/member-directory.ts) is still the database's.
 */
export const member_directory_version = pgTable('member_directory_version', {
  id: boolean().primaryKey().default(true),
  version: bigint({ mode: 'number' }).notNull().default(0),
});
