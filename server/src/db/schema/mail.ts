import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every mail the portal sends, whatever the transport: the outbox is the record (DESIGN §2 Mail). */
export const mail_outbox = pgTable(
  'mail_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    to: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    links: text().array().notNull().default([]),
    /** 'log' (no SMTP configured) or 'smtp'. */
    transport: text().notNull(),
    /** 'logged', 'sent' or 'failed'. */
    status: text().notNull(),
    error: text(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to), index('mail_outbox_created_at_idx').on(t.created_at)],
);
