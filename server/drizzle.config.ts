import { defineConfig } from 'drizzle-kit';

/** `pnpm --filter server db:generate` writes a new SQL migration after a schema change; commit it. */
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/core/db/tables.ts', './src/domains/*/tables.ts'],
  out: './src/core/db/migrations',
});
