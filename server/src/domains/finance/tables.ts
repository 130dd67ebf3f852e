import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { files } from '../../core/db/tables';
import { users } from '../registry/tables';

/**
 * Tables of the finance domain (spec 002 §3). Money is integer cents (bigint) everywhere; sums are taken in SQL
 * over bigint. The ledger itself is accounting_postings: every entry's debits and credits by subaccount.
 */

const cents = () => bigint({ mode: 'number' });

/** Chart of accounts: a numeric code unique in the club, a name, one of the four ledgers. */
export const finance_accounts = pgTable(
  'finance_accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    code: integer().notNull(),
    name: text().notNull(),
    ledger_type: text().notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('finance_accounts_code_key').on(t.code),
    index('finance_accounts_name_idx').on(t.name),
    check('finance_accounts_ledger_check', sql`${t.ledger_type} in ('Costi', 'Ricavi', 'Patrimoniale attivo', 'Patrimoniale passivo')`),
  ],
);

/** A subaccount under one account; its code is unique under that account. payment_type: what it receives (cash, bank_mps, bank_bcc). */
export const finance_subaccounts = pgTable(
  'finance_subaccounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    code: integer().notNull(),
    name: text().notNull(),
    account_id: uuid()
      .notNull()
      .references(() => finance_accounts.id, { onDelete: 'restrict' }),
    payment_type: text(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('finance_subaccounts_code_key').on(t.account_id, t.code),
    index('finance_subaccounts_name_idx').on(t.name),
    index('finance_subaccounts_payment_type_idx').on(t.payment_type),
  ],
);

export const finance_income_categories = pgTable(
  'finance_income_categories',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('finance_income_categories_name_idx').on(t.name)],
);

/** The subaccounts of an income category: kind 'economic' (Ricavi/Costi) or 'asset' (Patrimoniale). */
export const finance_income_category_subaccounts = pgTable(
  'finance_income_category_subaccounts',
  {
    category_id: uuid()
      .notNull()
      .references(() => finance_income_categories.id, { onDelete: 'cascade' }),
    subaccount_id: uuid()
      .notNull()
      .references(() => finance_subaccounts.id, { onDelete: 'restrict' }),
    kind: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.category_id, t.kind, t.subaccount_id] }),
    index('finance_income_category_subaccounts_subaccount_idx').on(t.subaccount_id),
    check('finance_income_category_subaccounts_kind_check', sql`${t.kind} in ('economic', 'asset')`),
  ],
);

/** What a member owes; paid, remaining and last payment come from its payments. */
export const finance_member_charges = pgTable(
  'finance_member_charges',
  {
    id: uuid().primaryKey().defaultRandom(),
    code: integer().notNull().generatedAlwaysAsIdentity(),
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    income_category_id: uuid().references(() => finance_income_categories.id, { onDelete: 'restrict' }),
    description: text(),
    start_date: date({ mode: 'string' }).notNull(),
    end_date: date({ mode: 'string' }).notNull(),
    amount_due_cents: cents().notNull(),
    notes: text(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('finance_member_charges_code_key').on(t.code),
    index('finance_member_charges_user_idx').on(t.user_id),
    index('finance_member_charges_category_idx').on(t.income_category_id),
    check('finance_member_charges_amount_check', sql`${t.amount_due_cents} > 0`),
  ],
);

export const finance_member_payments = pgTable(
  'finance_member_payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    charge_id: uuid()
      .notNull()
      .references(() => finance_member_charges.id, { onDelete: 'restrict' }),
    amount_cents: cents().notNull(),
    payment_date: date({ mode: 'string' }).notNull(),
    payment_type: text().notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('finance_member_payments_charge_idx').on(t.charge_id, t.payment_date),
    check('finance_member_payments_amount_check', sql`${t.amount_cents} > 0`),
  ],
);

/** Customers and suppliers. */
export const finance_business_entities = pgTable(
  'finance_business_entities',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    address: text().notNull(),
    province: text(),
    city: text().notNull(),
    postal_code: text(),
    identification_code: text().notNull(),
    phone1: text().notNull(),
    phone2: text(),
    email: text().notNull(),
    notes: text(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('finance_business_entities_name_idx').on(t.name), index('finance_business_entities_created_at_idx').on(t.created_at)],
);

export const finance_self_certifications = pgTable(
  'finance_self_certifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    year: smallint().notNull(),
    month: smallint().notNull(),
    amount_cents: cents().notNull(),
    issue_date: date({ mode: 'string' }).notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('finance_self_certifications_user_idx').on(t.user_id, t.year, t.month),
    check('finance_self_certifications_month_check', sql`${t.month} between 1 and 12`),
  ],
);

/** The last progressive number given in each fiscal year: its row is locked while an entry takes the next one. */
export const finance_accounting_counters = pgTable('finance_accounting_counters', {
  fiscal_year: text().primaryKey(),
  last_progressive: integer().notNull(),
});

/**
 * An accounting entry (a movement): its header, and the first line's subaccount with the lines' sums so the
 * movements list sorts and searches without aggregating. payment_id: the member payment that posted it.
 */
export const finance_accounting_entries = pgTable(
  'finance_accounting_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    fiscal_year: text().notNull(),
    progressive: integer().notNull(),
    registration_date: date({ mode: 'string' }).notNull(),
    document_number: bigint({ mode: 'number' }),
    business_entity_id: uuid().references(() => finance_business_entities.id, { onDelete: 'restrict' }),
    payment_type: text(),
    notes: text(),
    attachment_file_id: uuid().references(() => files.id, { onDelete: 'set null' }),
    payment_id: uuid().references(() => finance_member_payments.id, { onDelete: 'restrict' }),
    subaccount_id: uuid()
      .notNull()
      .references(() => finance_subaccounts.id, { onDelete: 'restrict' }),
    description: text(),
    taxable_cents: cents().notNull(),
    vat_cents: cents().notNull(),
    total_cents: cents().notNull(),
    /**
     * What the movements list's search reads, kept by the repository on every write: description, notes, fiscal
     * year, document number, business entity and the lines' subaccounts (a trigram index covers it).
     */
    search_text: text().notNull().default(''),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // 0 is the placeholder of an entry whose number its own transaction takes last (ledger/service.ts).
    uniqueIndex('finance_accounting_entries_progressive_key')
      .on(t.fiscal_year, t.progressive)
      .where(sql`progressive > 0`),
    check('finance_accounting_entries_progressive_check', sql`${t.progressive} >= 0`),
    uniqueIndex('finance_accounting_entries_payment_key').on(t.payment_id),
    index('finance_accounting_entries_registration_idx').on(t.registration_date),
    index('finance_accounting_entries_total_idx').on(t.total_cents),
    index('finance_accounting_entries_business_entity_idx').on(t.business_entity_id),
    index('finance_accounting_entries_subaccount_idx').on(t.subaccount_id),
    // GET /files/{id} asks whether an entry holds a file (core/files/readers.ts).
    index('finance_accounting_entries_attachment_idx')
      .on(t.attachment_file_id)
      .where(sql`attachment_file_id is not null`),
    index('finance_accounting_entries_search_idx').using('gin', sql`search_text gin_trgm_ops`),
    index('finance_accounting_entries_year_progressive_idx').on(t.fiscal_year.desc().nullsFirst(), t.progressive.desc().nullsFirst(), t.id),
    check('finance_accounting_entries_total_check', sql`${t.total_cents} = ${t.taxable_cents} + ${t.vat_cents}`),
  ],
);

/** The lines of an entry as the form shows them (one for a single entry, several for a multi-line one). */
export const finance_accounting_items = pgTable(
  'finance_accounting_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    entry_id: uuid()
      .notNull()
      .references(() => finance_accounting_entries.id, { onDelete: 'cascade' }),
    position: smallint().notNull(),
    subaccount_id: uuid()
      .notNull()
      .references(() => finance_subaccounts.id, { onDelete: 'restrict' }),
    description: text(),
    taxable_cents: cents().notNull(),
    vat_cents: cents().notNull(),
    total_cents: cents().notNull(),
  },
  (t) => [
    index('finance_accounting_items_entry_idx').on(t.entry_id, t.position),
    index('finance_accounting_items_subaccount_idx').on(t.subaccount_id),
    check('finance_accounting_items_total_check', sql`${t.total_cents} = ${t.taxable_cents} + ${t.vat_cents}`),
  ],
);

/** The double entry: each entry's debits and credits by subaccount (they sum to the same amount per entry). */
export const finance_accounting_postings = pgTable(
  'finance_accounting_postings',
  {
    id: uuid().primaryKey().defaultRandom(),
    entry_id: uuid()
      .notNull()
      .references(() => finance_accounting_entries.id, { onDelete: 'cascade' }),
    subaccount_id: uuid()
      .notNull()
      .references(() => finance_subaccounts.id, { onDelete: 'restrict' }),
    debit_cents: cents().notNull().default(0),
    credit_cents: cents().notNull().default(0),
  },
  (t) => [
    index('finance_accounting_postings_entry_idx').on(t.entry_id),
    index('finance_accounting_postings_subaccount_idx').on(t.subaccount_id),
    check('finance_accounting_postings_sides_check', sql`${t.debit_cents} >= 0 and ${t.credit_cents} >= 0`),
  ],
);
