/**
 * The PostgreSQL part of a backup (issue 28). With pg_dump on the machine (and of a version that can read the server),
 * a custom-format dump restored by pg_restore; otherwise a logical dump made through the library: every table of the
 * portal (schema public, and drizzle's record of the migrations) as JSON, written by PostgreSQL itself (json_agg, so
 * no value passes through a JavaScript number), and restored over the migrations of the same version with the
 * constraints' triggers off for the load. pg-boss's queue (schema pgboss) is left out: the server makes it anew, and
 * the scheduled jobs are sent again on their schedule.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** What database/ of an archive holds for PostgreSQL. */
export type PostgresDumpKind = 'pg_dump' | 'logical';

const LOGICAL_SCHEMAS = ['public', 'drizzle'];
const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Whether PostgreSQL's own tool is on the machine (`which pg_dump`). */
export async function hasTool(tool: 'pg_dump' | 'pg_restore'): Promise<boolean> {
  try {
    await run(tool, ['--version']);
    return true;
  } catch {
    return false;
  }
}

async function tablesOf(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select quote_ident(table_schema) || '.' || quote_ident(table_name) as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema = any($1) order by table_schema, table_name`,
    [LOGICAL_SCHEMAS],
  );
  return rows.map((r) => r.name);
}

async function logicalDump(url: string, dir: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // One snapshot for every table: the dump is consistent while the server keeps writing.
    await client.query('begin isolation level repeatable read read only');
    const tables = await tablesOf(client);
    fs.mkdirSync(path.join(dir, 'logical'), { recursive: true });
    for (const [i, table] of tables.entries()) {
      const { rows } = await client.query<{ data: string }>(`select coalesce(json_agg(t), '[]')::text as data from ${table} t`);
      fs.writeFileSync(path.join(dir, 'logical', `${String(i).padStart(3, '0')}.json`), JSON.stringify({ table, rows: rows[0]!.data }));
    }
    await client.query('commit');
  } finally {
    await client.end();
  }
}

/** Dumps the database at `url` into the folder `dir`; answers which kind of dump it wrote. */
export async function dumpPostgres(url: string, dir: string, log: (line: string) => void): Promise<PostgresDumpKind> {
  fs.mkdirSync(dir, { recursive: true });
  if (await hasTool('pg_dump')) {
    try {
      await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(dir, 'postgres.dump')}`, `--dbname=${url}`], {
        maxBuffer: 16 * 1024 * 1024,
      });
      return 'pg_dump';
    } catch (err) {
      log(`pg_dump non riuscito (${(err as Error).message.split('\n')[0]}): uso il dump logico della libreria`);
      fs.rmSync(path.join(dir, 'postgres.dump'), { force: true });
    }
  }
  await logicalDump(url, dir);
  return 'logical';
}

/** Whether the database at `url` holds no table of its own (a restore goes only into an empty database). */
export async function postgresIsEmpty(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    return rows[0]!.n === 0;
  } finally {
    await client.end();
  }
}

/**
 * Restores database/ of an archive into the empty database at `url`. A logical dump needs the schema first:
 * `migrate` applies this version's migrations, and the dump's record of them must be the same.
 */
export async function restorePostgres(url: string, dir: string, kind: PostgresDumpKind, migrate: () => Promise<void>): Promise<void> {
  if (kind === 'pg_dump') {
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${url}`, path.join(dir, 'postgres.dump')], {
      maxBuffer: 16 * 1024 * 1024,
    });
    return;
  }
  await migrate();
  const parts = fs
    .readdirSync(path.join(dir, 'logical'))
    .sort()
    .map((file) => JSON.parse(fs.readFileSync(path.join(dir, 'logical', file), 'utf8')) as { table: string; rows: string });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    // Foreign keys and triggers are checked by triggers: off while the rows go in, in any order.
    await client.query('set local session_replication_role = replica');
    const present = new Set(await tablesOf(client));
    const journal = parts.find((p) => p.table === 'drizzle.__drizzle_migrations');
    const { rows: applied } = await client.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations');
    const saved = new Set(journal ? (JSON.parse(journal.rows) as { hash: string }[]).map((r) => r.hash) : []);
    if (saved.size !== applied.length || applied.some((r) => !saved.has(r.hash))) {
      throw new Error('La copia è di una versione del portale con altre migrazioni: ripristinala con la versione che l’ha scritta');
    }
    for (const { table } of parts) if (!present.has(table)) throw new Error(`La copia contiene la tabella ${table}, che questa versione non ha`);
    for (const { table, rows } of parts) {
      await client.query(`delete from ${table}`);
      await client.query(`insert into ${table} overriding system value select * from json_populate_recordset(null::${table}, $1::json)`, [rows]);
    }
    // Identity and serial columns continue after the highest value restored.
    const { rows: sequences } = await client.query<{ tbl: string; col: string }>(
      `select quote_ident(table_schema) || '.' || quote_ident(table_name) as tbl, column_name as col from information_schema.columns
        where table_schema = any($1) and (is_identity = 'YES' or column_default like 'nextval(%')`,
      [LOGICAL_SCHEMAS],
    );
    for (const { tbl, col } of sequences) {
      await client.query(`select setval(pg_get_serial_sequence($1, $2), coalesce((select max(${quoteIdent(col)}) from ${tbl}), 0) + 1, false)`, [
        tbl,
        col,
      ]);
    }
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}
