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

/** A restore refused; the message is one Italian sentence (backup.ts turns it into RestoreRefused). */
export class PostgresRestoreRefused extends Error {}

/** This version's schema as its migrations make it: their journal times, and the tables they create (schema.name). */
export interface KnownSchema {
  migrations: ReadonlySet<string>;
  tables: ReadonlySet<string>;
}

interface TocEntry {
  line: string;
  type: string;
  schema: string;
  name: string;
}

/** The entries of a custom-format dump's table of contents (pg_restore --list). */
async function tableOfContents(dump: string): Promise<TocEntry[]> {
  const { stdout } = await run('pg_restore', ['--list', dump], { maxBuffer: 64 * 1024 * 1024 });
  // pg_dump's entry types of more than one word, longest first (a partition's attachment is "TABLE ATTACH").
  const types = [
    'TEXT SEARCH CONFIGURATION',
    'TEXT SEARCH DICTIONARY',
    'TEXT SEARCH TEMPLATE',
    'TEXT SEARCH PARSER',
    'FOREIGN DATA WRAPPER',
    'MATERIALIZED VIEW DATA',
    'MATERIALIZED VIEW',
    'SEQUENCE OWNED BY',
    'PUBLICATION TABLE',
    'PUBLICATION TABLES IN SCHEMA',
    'OPERATOR FAMILY',
    'OPERATOR CLASS',
    'CHECK CONSTRAINT',
    'ACCESS METHOD',
    'FOREIGN TABLE',
    'EVENT TRIGGER',
    'FK CONSTRAINT',
    'LARGE OBJECT',
    'ROW SECURITY',
    'SEQUENCE SET',
    'INDEX ATTACH',
    'TABLE ATTACH',
    'USER MAPPING',
    'DEFAULT ACL',
    'SHELL TYPE',
    'TABLE DATA',
  ].sort((a, b) => b.length - a.length);
  return stdout
    .split('\n')
    .filter((line) => /^\d+;/.test(line))
    .map((line) => {
      // "<id>; <oid> <oid> <TYPE> <schema> <name> <owner>"; a type may be several words, '-' stands for no schema.
      const rest = line.replace(/^\d+; \d+ \d+ /, '');
      const type = types.find((t) => rest.startsWith(`${t} `)) ?? rest.split(' ')[0]!;
      const [schema = '', name = ''] = rest.slice(type.length + 1).split(' ');
      return { line, type, schema, name };
    });
}

/** Everything of the portal's schemas in the database at `url` is removed again (a failed restore leaves it empty). */
async function emptyAgain(client: pg.ClientBase): Promise<void> {
  for (const statement of ['drop schema if exists drizzle cascade', 'drop schema if exists public cascade', 'create schema public']) {
    await client.query(statement).catch(() => undefined);
  }
}

/**
 * Restores database/ of an archive into the empty database at `url`, running nothing of the archive's but its rows:
 * the schema is made by this version's migrations (up to the archive's last one: `migrate(upTo)`), the archive's
 * rows are loaded into the portal's own tables (pg_restore --data-only over a list filtered to their TABLE DATA and
 * SEQUENCE SET entries, or the logical dump's JSON), the foreign keys set aside for the load and put back from the
 * schema's own definitions (the schema's own triggers off meanwhile), then the newer migrations are applied (`migrate()`). No function, trigger, extension or
 * statement of the archive runs, and nothing needs a superuser. An archive holding a table the migrations do not make
 * is refused before the database is touched; a failure later leaves the database empty again.
 */
export async function restorePostgres(options: {
  url: string;
  dir: string;
  kind: PostgresDumpKind;
  migrate: (upTo?: number) => Promise<void>;
  archiveMigrations: readonly string[];
  known: KnownSchema;
}): Promise<void> {
  const { url, dir, kind, migrate, archiveMigrations, known } = options;
  const dump = path.join(dir, 'postgres.dump');
  let toc: TocEntry[] = [];
  let parts: { table: string; rows: string }[] = [];
  if (kind === 'pg_dump') {
    if (!fs.existsSync(dump)) throw new PostgresRestoreRefused('La copia non contiene il database: non è una copia del portale.');
    toc = await tableOfContents(dump).catch(() => {
      throw new PostgresRestoreRefused('Il dump del database nella copia non si legge: archivio danneggiato o non del portale.');
    });
    const foreign = toc.find(
      (e) => (e.type === 'TABLE' || e.type === 'TABLE DATA') && e.schema !== 'pgboss' && !known.tables.has(`${e.schema}.${e.name}`),
    );
    if (foreign)
      throw new PostgresRestoreRefused(`La copia contiene la tabella ${foreign.schema}.${foreign.name}, che il portale non ha: rifiutata.`);
  } else {
    const folder = path.join(dir, 'logical');
    if (!fs.existsSync(folder)) throw new PostgresRestoreRefused('La copia non contiene il database: non è una copia del portale.');
    parts = fs
      .readdirSync(folder)
      .sort()
      .map((file) => JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')) as { table: string; rows: string });
    const unquote = (t: string) => t.replace(/"/g, '');
    const foreign = parts.find((p) => !known.tables.has(unquote(p.table)));
    if (foreign) throw new PostgresRestoreRefused(`La copia contiene la tabella ${foreign.table}, che il portale non ha: rifiutata.`);
  }

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await migrate(Math.max(...archiveMigrations.map(Number)));
    const tables = await tablesOf(client);
    const { rows: fks } = await client.query<{ tbl: string; name: string; def: string }>(
      `select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as tbl, quote_ident(k.conname) as name, pg_get_constraintdef(k.oid) as def
         from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = any($1)`,
      [LOGICAL_SCHEMAS],
    );
    // The rows the migrations wrote (their journal, version counters) give way to the archive's.
    await client.query(`truncate table ${tables.join(', ')}`);
    for (const fk of fks) await client.query(`alter table ${fk.tbl} drop constraint ${fk.name}`);
    // The schema's own triggers (the audit log's, the version counters') stay off while the archive's rows go in: the
    // counters' rows come with them, and pg_restore's empty search_path would not find their tables. A table's owner
    // may do this (system triggers, which would need a superuser, are the foreign keys, set aside above).
    for (const table of tables) await client.query(`alter table ${table} disable trigger user`);
    if (kind === 'pg_dump') {
      const ours = new Set(tables.map((t) => t.replace(/"/g, '')));
      const { rows: sequences } = await client.query<{ name: string }>(
        `select sequence_schema || '.' || sequence_name as name from information_schema.sequences where sequence_schema = any($1)`,
        [LOGICAL_SCHEMAS],
      );
      const ourSequences = new Set(sequences.map((r) => r.name));
      const list = toc
        .filter(
          (e) =>
            (e.type === 'TABLE DATA' && ours.has(`${e.schema}.${e.name}`)) ||
            (e.type === 'SEQUENCE SET' && ourSequences.has(`${e.schema}.${e.name}`)),
        )
        .map((e) => e.line);
      const listFile = path.join(dir, 'restore.list');
      fs.writeFileSync(listFile, `${list.join('\n')}\n`, { mode: 0o600 });
      await run(
        'pg_restore',
        [
          '--data-only',
          '--no-owner',
          '--no-privileges',
          '--single-transaction',
          '--exit-on-error',
          `--use-list=${listFile}`,
          `--dbname=${url}`,
          dump,
        ],
        { maxBuffer: 16 * 1024 * 1024 },
      );
    } else {
      await client.query('begin');
      for (const { table, rows } of parts) {
        await client.query(`insert into ${table} overriding system value select * from json_populate_recordset(null::${table}, $1::json)`, [rows]);
      }
      // Identity and serial columns continue after the highest value restored.
      const { rows: serials } = await client.query<{ tbl: string; col: string }>(
        `select quote_ident(table_schema) || '.' || quote_ident(table_name) as tbl, column_name as col from information_schema.columns
          where table_schema = any($1) and (is_identity = 'YES' or column_default like 'nextval(%')`,
        [LOGICAL_SCHEMAS],
      );
      for (const { tbl, col } of serials) {
        await client.query(`select setval(pg_get_serial_sequence($1, $2), coalesce((select max(${quoteIdent(col)}) from ${tbl}), 0) + 1, false)`, [
          tbl,
          col,
        ]);
      }
      await client.query('commit');
    }
    for (const table of tables) await client.query(`alter table ${table} enable trigger user`);
    for (const fk of fks) await client.query(`alter table ${fk.tbl} add constraint ${fk.name} ${fk.def}`);
    const { rows: recorded } = await client.query<{ at: string }>('select created_at::text as at from drizzle.__drizzle_migrations');
    if (recorded.length === 0 || recorded.some((r) => !known.migrations.has(r.at))) {
      throw new PostgresRestoreRefused('Il database della copia non registra le migrazioni di questo portale: rifiutata.');
    }
    await migrate();
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    await emptyAgain(client);
    if (err instanceof PostgresRestoreRefused) throw err;
    // pg_restore says why on its standard error ("pg_restore: error: …"), the library in the message.
    const said = `${(err as { stderr?: string }).stderr ?? ''}\n${err instanceof Error ? err.message : String(err)}`.split('\n');
    const first = said.find((l) => /error|errore/i.test(l) && !l.startsWith('Command failed')) ?? said.find((l) => l.trim()) ?? '';
    throw new PostgresRestoreRefused(`Il ripristino del database non è riuscito e il database è stato lasciato vuoto (${first.slice(0, 200)}).`);
  } finally {
    await client.end();
  }
}
