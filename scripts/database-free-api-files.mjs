import { existsSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

/**
 * API files whose outcome the database cannot change. Most open none (pure logic over values, caches over a fake
 * table, parsers); the others open an app only to serve requests whose asserted part no query decides (the OpenAPI
 * lint reads the description the routes' zod schemas make; the security headers are set by hooks whatever a query
 * answers). When the API suite runs on both databases (CI, --postgres) they run once, in the PostgreSQL pass; alone
 * on either they run there. Each must exist (a renamed file fails the run instead of running twice unnoticed).
 * 13 files, 69 tests.
 */
export const DATABASE_FREE_API_FILES = [
  'core/tests/batch.test.ts', // batchedCalls over a function
  'core/tests/detect.test.ts', // file type sniffing of bytes
  'core/tests/export-csv.test.ts', // CSV cells and files from rows in memory
  'core/tests/export-stream.test.ts', // the export's stream over rows in memory
  'core/tests/time.test.ts', // dates and ages
  'core/tests/xlsx-rows.test.ts', // spreadsheet parsing
  'core/tests/session-cache.test.ts', // the session cache over a fake resolver
  'core/tests/versioned-cache.test.ts', // the versioned cache over a fake table
  'core/tests/openapi-lint.test.ts', // redocly lint of /api/v1/openapi.json (made from the routes' schemas)
  // helmet's and the onSend hook's headers: the CSP from DATA_DIR/remotes.json and shell/dist/csp.json (files), no-store,
  // nosniff, CORS/CORP on the apps' files, HSTS from PUBLIC_URL. Its queries (sign-in, a list, the live release of an
  // empty releases table; a failed read allows no remote origin) only lead to the headers asserted.
  'core/tests/security-headers.test.ts',
  'domains/booking/tests/feed-cache.test.ts', // the calendar feed's cache, no database
  'domains/platform/tests/health.test.ts', // the headless health checker over a fake driver
  'domains/platform/tests/rollout-math.test.ts', // the rollout's arithmetic
];
/**
 * API files whose outcome the PostgreSQL server cannot change: they open in-memory PGlite databases of their own
 * whatever DATABASE_URL says (no build(), no DATABASE_URL read), so the PostgreSQL pass would run the same code on the
 * same databases again. When the API suite runs on both databases they run once, in the PGlite pass; alone on either
 * they run there. Each must exist, as above. 3 files, 35 tests.
 */
export const PGLITE_ONLY_API_FILES = [
  'core/tests/pglite-statements.test.ts', // the embedded client's statement cache against PGlite's own query()
  'core/tests/migrations.test.ts', // the migrations' folders and journal, applied to in-memory PGlite databases
  'core/tests/list.test.ts', // the list helper: page math over a recording source, its SQL on an in-memory PGlite table
];

for (const [name, files] of Object.entries({ DATABASE_FREE_API_FILES, PGLITE_ONLY_API_FILES }))
  for (const file of files) if (!existsSync(path.join(root, 'server/src', file))) throw new Error(`${name}: server/src/${file} non esiste`);
