import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { MigrationMeta } from 'drizzle-orm/migrator';
import { SERVER_SRC } from '../paths';

/**
 * The SQL migrations, each in the folder of the domain whose tables it changes (server/src/domains/<d>/migrations,
 * declared by the domain as `migrations`), core's own and those written before the split that change several domains'
 * tables at once in core/db/migrations. Core only collects them: one order, drizzle-kit's journal
 * (core/db/migrations/meta/_journal.json, with the snapshots drizzle-kit diffs against), each tag's file found in
 * exactly one of the folders. Name, hash (sha256 of the file) and time are what drizzle's own migrator computes, so a
 * database migrated when every file sat in core/db/migrations starts as it did.
 */
export const CORE_MIGRATIONS = path.join(SERVER_SRC, 'core', 'db', 'migrations');

interface Journal {
  entries: { idx: number; when: number; tag: string; breakpoints: boolean }[];
}

/** A folder under server/src (e.g. 'domains/booking/migrations'), read from the sources whether built or not. */
export const migrationsFolder = (underSrc: string) => path.join(SERVER_SRC, underSrc);

/** The migrations of core and of the given folders, in the journal's order; refuses a missing, doubled or stray file. */
export function collectMigrations(folders: readonly string[]): MigrationMeta[] {
  const journal = JSON.parse(fs.readFileSync(path.join(CORE_MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as Journal;
  const where = new Map<string, string[]>();
  for (const folder of [CORE_MIGRATIONS, ...folders])
    for (const file of fs.readdirSync(folder).filter((f) => f.endsWith('.sql')))
      where.set(file.slice(0, -'.sql'.length), [...(where.get(file.slice(0, -'.sql'.length)) ?? []), folder]);
  const tags = new Set(journal.entries.map((e) => e.tag));
  const stray = [...where.keys()].filter((tag) => !tags.has(tag));
  if (stray.length) throw new Error(`Migrazioni assenti dal journal (drizzle-kit generate le registra): ${stray.join(', ')}`);
  return journal.entries.map(({ tag, when, breakpoints }) => {
    const found = where.get(tag) ?? [];
    if (found.length !== 1) throw new Error(`La migrazione ${tag} va in una sola cartella di migrazioni, trovata in ${found.length}`);
    const query = fs.readFileSync(path.join(found[0]!, `${tag}.sql`), 'utf8');
    return {
      sql: query.split('--> statement-breakpoint'),
      bps: breakpoints,
      folderMillis: when,
      hash: createHash('sha256').update(query).digest('hex'),
    };
  });
}

/**
 * What drizzle's migrators do with a folder, over the collected list (both drivers' databases share the PostgreSQL
 * dialect). `db` is either driver's drizzle database (client.ts calls this, so no type is taken back from it).
 */
export async function applyMigrations(db: object, folders: readonly string[], upTo?: number): Promise<void> {
  const internals = db as unknown as { dialect: { migrate(m: MigrationMeta[], session: unknown, config: object): Promise<void> }; session: unknown };
  // upTo: only the migrations of the journal up to that time (a restore rebuilds an older archive's schema first).
  const list = collectMigrations(folders).filter((m) => upTo === undefined || m.folderMillis <= upTo);
  await internals.dialect.migrate(list, internals.session, { migrationsFolder: CORE_MIGRATIONS });
}
