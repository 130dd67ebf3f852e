import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
 * Throttled attempts (failed logins, forgot-password requests) keyed by e-mail + IP.
 * Kept in the database so every server process sharing it sees the same counts.
 */
export const auth_attempts = pgTable(
  'auth_attempts',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** 'login' or 'forgot_password'. */
    kind: text().notNull(),
    key: text().notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_attempts_kind_key_created_at_idx').on(t.kind, t.key, t.created_at)],
);
