import { type SQL, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** "table"."column", spelled out: drizzle leaves columns unqualified in single-table queries, which breaks correlated subqueries. */
export const qualified = (table: PgTable, column: string): SQL => sql`${sql.identifier(getTableName(table))}.${sql.identifier(column)}`;

/**
 * JSON array of {_id, name} of the `target` rows linked to the outer `owner` row through the `link` table,
 * sorted by name, computed in the same query.
 */
export function linkedNames<T>(owner: PgTable, link: PgTable, ownerColumn: string, target: PgTable, targetColumn: string): SQL<T[]> {
  return sql<
    T[]
  >`coalesce((select json_agg(json_build_object('_id', t.id, 'name', t.name) order by t.name) from ${link} l join ${target} t on t.id = l.${sql.identifier(targetColumn)} where l.${sql.identifier(ownerColumn)} = ${qualified(owner, 'id')}), '[]'::json)`;
}
