import { defineConfig } from 'drizzle-kit';

/**
 * drizzle-kit's state (journal and snapshots) lives in core/db/migrations; `pnpm --filter server db:generate -- --domain <d>`
 * (db-generate.mjs) runs it after a schema change and moves the new SQL into that domain's migrations folder; commit both.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/core/db/tables.ts', './src/domains/*/tables.ts'],
  out: './src/core/db/migrations',
});
