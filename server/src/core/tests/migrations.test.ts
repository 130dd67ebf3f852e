/**
 * Each domain's migrations in its own folder, core collecting them in the journal's order: the same list drizzle's own
 * migrator read when every file sat in core/db/migrations (names, hashes, times), so a database migrated then starts
 * with nothing to apply; a fresh one gets every migration once.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate as drizzleMigrate } from 'drizzle-orm/pglite/migrator';
import { migrateDatabase, migrationFolders } from '../../app';
import { openDatabase } from '../db/client';
import { CORE_MIGRATIONS, collectMigrations } from '../db/migrations';

const domainFolders = migrationFolders();
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'club-portal-migrations-'));
after(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** The old layout: every SQL file and drizzle-kit's meta in one folder, as drizzle's migrator read it. */
function oneFolderLayout(): string {
  const folder = path.join(scratch, 'migrations');
  fs.cpSync(path.join(CORE_MIGRATIONS, 'meta'), path.join(folder, 'meta'), { recursive: true });
  for (const from of [CORE_MIGRATIONS, ...domainFolders])
    for (const file of fs.readdirSync(from).filter((f) => f.endsWith('.sql'))) fs.copyFileSync(path.join(from, file), path.join(folder, file));
  return folder;
}

async function applied(database: Awaited<ReturnType<typeof openDatabase>>): Promise<{ hash: string; at: string }[]> {
  const result = await database.db.execute(sql`select hash, created_at::text as at from drizzle.__drizzle_migrations order by id`);
  return (result as { rows: { hash: string; at: string }[] }).rows;
}

test('every domain holds migrations of its own, and core collects the same list drizzle read from one folder', () => {
  for (const folder of domainFolders)
    assert.ok(
      fs.readdirSync(folder).some((f) => f.endsWith('.sql')),
      `${folder} has migrations`,
    );
  assert.deepEqual(collectMigrations(domainFolders), readMigrationFiles({ migrationsFolder: oneFolderLayout() }));
});

test('a database migrated by the old layout starts with nothing to apply; a fresh one gets each migration once', async () => {
  const old = await openDatabase({ kind: 'pglite', dataDir: null });
  const fresh = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    await drizzleMigrate(old.db as never, { migrationsFolder: oneFolderLayout() });
    const before = await applied(old);
    await migrateDatabase(old);
    assert.deepEqual(await applied(old), before, 'nothing applied again');
    await migrateDatabase(fresh);
    assert.deepEqual(await applied(fresh), before, 'the same migrations, hashes and times');
    assert.equal(before.length, collectMigrations(domainFolders).length);
  } finally {
    await old.close();
    await fresh.close();
  }
});

test('a migration file in two folders, or one the journal does not list, is refused', () => {
  const stray = path.join(scratch, 'stray');
  fs.mkdirSync(stray);
  fs.writeFileSync(path.join(stray, '9999_not_generated.sql'), 'select 1;');
  assert.throws(() => collectMigrations([...domainFolders, stray]), /assenti dal journal/);
  const doubled = path.join(scratch, 'doubled');
  fs.mkdirSync(doubled);
  fs.copyFileSync(path.join(CORE_MIGRATIONS, '0001_init.sql'), path.join(doubled, '0001_init.sql'));
  assert.throws(() => collectMigrations([...domainFolders, doubled]), /una sola cartella/);
});
