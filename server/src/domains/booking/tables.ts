import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { qualifications, users } from '../registry/tables';

/**
 * Tables of the booking domain (DESIGN §4): game tables; training sessions (a single session has a date, a group's
 * session has none: the group's week days and period make its occurrences, computed for the range asked, never one
 * row per date); exceptions (an occurrence of a group edited, deleted or booked); bookings of occurrences.
 */

export const game_tables = pgTable(
  'game_tables',
  {
    id: uuid().primaryKey().defaultRandom(),
    number: integer().notNull().unique('game_tables_number_key'),
    description: text().notNull(),
    /** Check-in at the table (issue 42): the nonce its link's signature is made from; null, no check-in on this table. */
    check_in_nonce: text(),
    /** When check-in was turned on: bookings starting before it are never released as no-shows. */
    check_in_since: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('game_tables_check_in_nonce_key')
      .on(t.check_in_nonce)
      .where(sql`check_in_nonce is not null`),
  ],
);

/** A group repeating on week days between two dates (both included); its sessions are one per table and time slot. */
export const training_session_groups = pgTable(
  'training_session_groups',
  {
    id: uuid().primaryKey().defaultRandom(),
    start_date: date({ mode: 'string' }).notNull(),
    end_date: date({ mode: 'string' }).notNull(),
    /** 0 Sunday … 6 Saturday. */
    week_days: smallint().array().notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('training_session_groups_period_idx').on(t.start_date, t.end_date)],
);

/**
 * A session on one table: a single session (specific_date, no group) or a group's session (group_id, no date).
 * Times are the club's wall clock: start_time HH:MM and a duration in minutes (so a range may end at midnight).
 */
export const training_sessions = pgTable(
  'training_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    group_id: uuid().references(() => training_session_groups.id, { onDelete: 'cascade' }),
    specific_date: date({ mode: 'string' }),
    title: text().notNull(),
    start_time: text().notNull(),
    duration_minutes: integer().notNull(),
    color: text(),
    is_booking_allowed: boolean().notNull().default(true),
    session_not_considered_for_stats: boolean().notNull().default(false),
    game_table_id: uuid()
      .notNull()
      .references(() => game_tables.id, { onDelete: 'restrict' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('training_sessions_date_idx').on(t.specific_date, t.start_time),
    index('training_sessions_group_idx').on(t.group_id),
    index('training_sessions_table_idx').on(t.game_table_id),
  ],
);

/** Qualifications a participant needs one of. */
export const training_session_qualifications = pgTable(
  'training_session_qualifications',
  {
    session_id: uuid()
      .notNull()
      .references(() => training_sessions.id, { onDelete: 'cascade' }),
    qualification_id: uuid()
      .notNull()
      .references(() => qualifications.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.session_id, t.qualification_id] }),
    index('training_session_qualifications_qualification_idx').on(t.qualification_id),
  ],
);

/**
 * One occurrence of a group's session stored on its own: deleted, edited (its own values; null = the session's) or
 * booked (a booking pins it, so later changes of the group leave it as it was booked). At most one per session and date.
 */
export const training_session_exceptions = pgTable(
  'training_session_exceptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    session_id: uuid()
      .notNull()
      .references(() => training_sessions.id, { onDelete: 'cascade' }),
    date: date({ mode: 'string' }).notNull(),
    deleted: boolean().notNull().default(false),
    title: text(),
    start_time: text(),
    duration_minutes: integer(),
    color: text(),
    is_booking_allowed: boolean(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('training_session_exceptions_session_date_key').on(t.session_id, t.date),
    index('training_session_exceptions_date_idx').on(t.date),
    // The deleted occurrences of a range, without reading its (many) pinned ones: a list's count per day.
    index('training_session_exceptions_deleted_idx')
      .on(t.date)
      .where(sql`deleted`),
  ],
);

/**
 * A booking of one occurrence (session, date). start_at/end_at are the occurrence's instants when booked, so
 * overlap and quota checks read one index. The partial unique index makes a second active booking of the same
 * occurrence impossible whatever races; a cancelled booking (cancelled_at set) frees it.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid().primaryKey().defaultRandom(),
    session_id: uuid()
      .notNull()
      .references(() => training_sessions.id, { onDelete: 'cascade' }),
    date: date({ mode: 'string' }).notNull(),
    start_at: timestamp({ withTimezone: true }).notNull(),
    end_at: timestamp({ withTimezone: true }).notNull(),
    booked_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    cancelled_at: timestamp({ withTimezone: true }),
    cancelled_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Released because nobody checked in by the end of the check-in window (issue 42): cancelled, kept as 'Non presentato'. */
    no_show_at: timestamp({ withTimezone: true }),
    /**
     * The participants' ids, written with booking_participants in the booking's one statement and changed only to drop
     * a participant who leaves: the calendar reads a range's bookings by date and gets their participants from the same
     * rows, instead of probing booking_participants once per booking (docs/decisions.md, "The calendar reads a
     * booking's participants from its row"). booking_participants stays the source of the checks.
     */
    participant_ids: uuid().array().notNull(),
    /**
     * The 'booked' notice is owed (issue 38): set by the engine's write that books, cleared by the transaction that
     * records the notice's mails (booking/service.ts sendBookedNotices), so a crash between the two loses nothing.
     */
    notice_pending: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex('bookings_occurrence_key')
      .on(t.session_id, t.date)
      .where(sql`cancelled_at is null`),
    index('bookings_date_idx').on(t.date),
    index('bookings_check_in_open_idx')
      .on(t.start_at)
      .where(sql`cancelled_at is null`),
    index('bookings_notice_pending_idx')
      .on(t.created_at)
      .where(sql`${t.notice_pending}`),
  ],
);

/** The participants of a booking (the booker and a partner, or one to four users an administrator chose). */
export const booking_participants = pgTable(
  'booking_participants',
  {
    booking_id: uuid()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Copied from the booking: a member's bookings by time come off one index. */
    start_at: timestamp({ withTimezone: true }).notNull(),
    end_at: timestamp({ withTimezone: true }).notNull(),
    active: boolean().notNull().default(true),
    /**
     * When this participant left a booking someone else made (issue 25: a member booked by another can always leave):
     * the staff see, per booker, how many of their bookings a participant left.
     */
    left_at: timestamp({ withTimezone: true }),
    /** When this participant checked in at the table (issue 42), and who checked them in (themselves, a partner, staff). */
    checked_in_at: timestamp({ withTimezone: true }),
    checked_in_by: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.booking_id, t.user_id] }),
    index('booking_participants_user_time_idx')
      .on(t.user_id, t.start_at)
      .where(sql`active`),
    // A member's calendar feed (issue 27): their bookings by end, cancelled and left ones included.
    index('booking_participants_user_end_idx').on(t.user_id, t.end_at),
    index('booking_participants_left_idx')
      .on(t.booking_id)
      .where(sql`left_at is not null`),
  ],
);

/**
 * Each member's booking version, raised by every booking they take part in. The booking engine reads it with the
 * member's facts and books only if it is still the same (an insert … on conflict … where, one statement): two bookings
 * racing for one member are settled here without a transaction held open across the checks (DESIGN §4, docs/booking.md).
 * A member without a row has version 0.
 */
export const booking_member_versions = pgTable('booking_member_versions', {
  user_id: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: integer().notNull(),
});

/**
 * The version of what the calendar keeps of each session between requests (sessions/session-catalog.ts):
 * its own values, its table, its group with the group's tables, its qualifications. One row; triggers of migration
 * 0016 raise it at the commit of a transaction that changes sessions, groups, game tables or sessions'
 * qualifications (deferred constraint triggers: the row is locked only while committing). Bookings and exceptions do
 * not raise it: the calendar reads those on every request.
 */
export const session_catalog_version = pgTable('session_catalog_version', {
  id: boolean().primaryKey().default(true),
  version: bigint({ mode: 'number' }).notNull().default(0),
});

/**
 * A private calendar subscription address (issue 27): a member's bookings, or a game table's for the bookings staff.
 * The address carries a token derived from `nonce` with a server secret (calendar-feed/tokens.ts); the row keeps its
 * SHA-256 only, which the feed is looked up by. Regenerating changes both, so the old address answers 404 at once.
 * Fetches of the address are counted here (a window and its hits), shared by every server process.
 */
export const calendar_feeds = pgTable(
  'calendar_feeds',
  {
    id: uuid().primaryKey().defaultRandom(),
    user_id: uuid().references(() => users.id, { onDelete: 'cascade' }),
    game_table_id: uuid().references(() => game_tables.id, { onDelete: 'cascade' }),
    nonce: text().notNull(),
    token_hash: text().notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    window_started_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    window_hits: integer().notNull().default(0),
    /** A table's feed: the bookings staff member who made it; it is served while they hold bookings_access. */
    created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('calendar_feeds_token_key').on(t.token_hash),
    uniqueIndex('calendar_feeds_user_key')
      .on(t.user_id)
      .where(sql`user_id is not null`),
    uniqueIndex('calendar_feeds_game_table_key')
      .on(t.game_table_id)
      .where(sql`game_table_id is not null`),
    check('calendar_feeds_one_owner', sql`(user_id is null) <> (game_table_id is null)`),
  ],
);

/**
 * A feed's fetches per client in the current window (issue 39): the limit holds per client address as well as per
 * feed, so whoever holds a leaked address spends their own allowance, not the owner's. `client`: a hash of the token
 * and the address, never the address.
 */
export const calendar_feed_clients = pgTable(
  'calendar_feed_clients',
  {
    feed_id: uuid()
      .notNull()
      .references(() => calendar_feeds.id, { onDelete: 'cascade' }),
    client: text().notNull(),
    window_started_at: timestamp({ withTimezone: true }).notNull(),
    window_hits: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.feed_id, t.client] })],
);

/**
 * A member waiting for a booked occurrence to be freed (issue 27): mailed when its booking is cancelled, in order of
 * joining (`notified_booking_id`: the cancelled booking they were told of, so each cancel tells each one once). One
 * entry per member and occurrence; at most WAITLIST_CAP per occurrence, counted under a lock of the occurrence
 * (waitlist/repository.ts). Expires at the occurrence's start (`starts_at`).
 */
export const booking_waitlist = pgTable(
  'booking_waitlist',
  {
    id: uuid().primaryKey().defaultRandom(),
    session_id: uuid()
      .notNull()
      .references(() => training_sessions.id, { onDelete: 'cascade' }),
    date: date({ mode: 'string' }).notNull(),
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The partner the member means to book with (a hint for the booking modal). */
    partner_id: uuid().references(() => users.id, { onDelete: 'set null' }),
    starts_at: timestamp({ withTimezone: true }).notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    notified_booking_id: uuid(),
    notified_at: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('booking_waitlist_occurrence_user_key').on(t.session_id, t.date, t.user_id),
    index('booking_waitlist_user_idx').on(t.user_id, t.starts_at),
  ],
);

/**
 * A member's booking preferences (issue 27): hours before a shift its reminder goes out, null = off. A member without
 * a row gets the default (REMINDER_DEFAULT_HOURS); migration 0020 gave every member of that day a row with null, so
 * only members who join later get reminders without asking.
 */
export const member_preferences = pgTable(
  'member_preferences',
  {
    user_id: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    reminder_hours: smallint(),
  },
  (t) => [check('member_preferences_reminder_hours', sql`${t.reminder_hours} between 1 and 72`)],
);

/**
 * The reminders sent (issue 27): one row per booking and participant, inserted by the sweep that sends it (on conflict
 * do nothing), so several server processes, or sweeps that overlap, never send one twice.
 */
export const booking_reminders = pgTable(
  'booking_reminders',
  {
    booking_id: uuid()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sent_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.booking_id, t.user_id] })],
);

/**
 * Staff lifting a member's fair-play suspension (issue 42), with their note: the no-shows and late cancellations
 * before the latest lift no longer count (booking/fair-play). Audited by the row trigger.
 */
export const fair_play_lifts = pgTable(
  'fair_play_lifts',
  {
    id: uuid().primaryKey().defaultRandom(),
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lifted_at: timestamp({ withTimezone: true }).notNull(),
    lifted_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    note: text().notNull(),
  },
  (t) => [index('fair_play_lifts_user_idx').on(t.user_id, t.lifted_at)],
);
