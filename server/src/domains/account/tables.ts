import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../registry/tables';

/** Server-side sessions: the cookie carries a random token, the row its SHA-256 (DESIGN §3). */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    token_hash: text().notNull(),
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    /** When the user last confirmed their password in this session (POST /auth/verifypassword); sign-in does not count. */
    verified_at: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.token_hash), index('sessions_user_id_idx').on(t.user_id)],
);

/** Invitation (7 days) and password-reset (1 hour) tokens: random, stored hashed, single use. */
export const user_tokens = pgTable(
  'user_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'invitation' or 'reset'. */
    kind: text().notNull(),
    token_hash: text().notNull(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    used_at: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_tokens_token_hash_key').on(t.token_hash), index('user_tokens_user_id_idx').on(t.user_id)],
);

/**
 * Throttle counters (failed logins, forgot-password requests): one row per kind and key (e-mail + IP, or the
 * account alone), counted and decided in one statement so concurrent requests and every server process sharing
 * the database see the same count. Rows whose window has passed are pruned periodically.
 */
export const auth_attempts = pgTable(
  'auth_attempts',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** 'login' (e-mail + IP), 'login_account' (e-mail alone) or 'forgot_password' (e-mail + IP). */
    kind: text().notNull(),
    key: text().notNull(),
    /** Start of the current counting window. */
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Attempts counted in the window. */
    attempts: integer().notNull().default(0),
    /** No attempt is let through before this instant (the growing delay of 'login_account'). */
    blocked_until: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('auth_attempts_kind_key_key').on(t.kind, t.key), index('auth_attempts_created_at_idx').on(t.created_at)],
);
