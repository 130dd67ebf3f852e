/** A digest of every table of the database, to prove that a run of bad inputs changed nothing. */
import { sql } from 'drizzle-orm';
import type { Database } from '../../core/db/client';

/** Tables that may change (by name, or schema.name), each with the rows it is compared on (null: not compared at all). */
export type Allowances = Record<string, ((alias: string) => ReturnType<typeof sql>) | null>;

async function rows(database: Database, query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  // Both drivers answer a raw query as { rows } (PGlite's and pg's results), which drizzle's shared type does not name.
  const result: unknown = await database.db.execute(query);
  return (result as { rows: Record<string, unknown>[] }).rows;
}

export async function tableDigests(database: Database, allow: Allowances = {}): Promise<Record<string, string>> {
  const tables = await rows(
    database,
    sql`SELECT table_schema, table_name FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
        ORDER BY table_schema, table_name`,
  );
  const out: Record<string, string> = {};
  for (const { table_schema, table_name } of tables as { table_schema: string; table_name: string }[]) {
    const name = `${table_schema}.${table_name}`;
    const rule = name in allow ? allow[name] : allow[table_name];
    if (rule === null) continue;
    const where = rule ? sql` WHERE ${rule('t')}` : sql``;
    const [row] = await rows(
      database,
      sql`SELECT count(*)::int AS n, coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') AS h
          FROM ${sql.identifier(table_schema)}.${sql.identifier(table_name)} AS t${where}`,
    );
    if (!row) throw new Error(`no digest of ${name}`);
    out[name] = `${String(row.n)}:${String(row.h)}`;
  }
  return out;
}
