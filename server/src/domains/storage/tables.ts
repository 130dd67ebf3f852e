import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../registry/tables';

/** Tables of the storage domain: item categories, items with their quantities, and the movements that change them. */

export const storage_item_categories = pgTable(
  'storage_item_categories',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('storage_item_categories_name_key').on(t.name)],
);

/**
 * An item of the stockroom. current_quantity is what is in stock now: loads add to it, unloads and deliveries take
 * from it, in the movement's transaction; total_quantity is everything acquired (loads add to it too). The CHECK is
 * the database's last word that stock never goes below zero, whatever races.
 */
export const storage_items = pgTable(
  'storage_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    description: text().notNull(),
    category_id: uuid()
      .notNull()
      .references(() => storage_item_categories.id, { onDelete: 'restrict' }),
    total_quantity: bigint({ mode: 'number' }).notNull(),
    current_quantity: bigint({ mode: 'number' }).notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('storage_items_description_idx').on(t.description),
    index('storage_items_category_idx').on(t.category_id),
    check('storage_items_quantities_check', sql`${t.current_quantity} >= 0 AND ${t.current_quantity} <= ${t.total_quantity}`),
  ],
);

/** A load (Carico): quantity acquired on a date. */
export const storage_loads = pgTable(
  'storage_loads',
  {
    id: uuid().primaryKey().defaultRandom(),
    item_id: uuid()
      .notNull()
      .references(() => storage_items.id, { onDelete: 'restrict' }),
    quantity: bigint({ mode: 'number' }).notNull(),
    /** The acquisition date (a calendar date of the club). */
    date: date({ mode: 'string' }).notNull(),
    notes: text(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('storage_loads_item_idx').on(t.item_id),
    index('storage_loads_date_idx').on(t.date),
    check('storage_loads_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/** An unload (Scarico): type UNLOAD with a reason, or DELIVERY to a member. */
export const storage_unloads = pgTable(
  'storage_unloads',
  {
    id: uuid().primaryKey().defaultRandom(),
    type: text().notNull(),
    item_id: uuid()
      .notNull()
      .references(() => storage_items.id, { onDelete: 'restrict' }),
    quantity: bigint({ mode: 'number' }).notNull(),
    start_date: date({ mode: 'string' }).notNull(),
    reason: text(),
    /** The member a delivery went to; a member who received deliveries cannot be deleted (the history stays). */
    user_id: uuid().references(() => users.id, { onDelete: 'restrict' }),
    notes: text(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('storage_unloads_item_idx').on(t.item_id),
    index('storage_unloads_user_idx').on(t.user_id),
    index('storage_unloads_start_date_idx').on(t.start_date),
    check('storage_unloads_quantity_check', sql`${t.quantity} > 0`),
    check(
      'storage_unloads_type_check',
      sql`(${t.type} = 'UNLOAD' AND ${t.reason} IS NOT NULL AND ${t.user_id} IS NULL) OR (${t.type} = 'DELIVERY' AND ${t.user_id} IS NOT NULL AND ${t.reason} IS NULL)`,
    ),
  ],
);
