import { boolean, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
