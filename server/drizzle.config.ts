import { defineConfig } from 'drizzle-kit';

/** `pnpm --filter server db:generate` writes a new SQL migration after a schema change; commit it. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});
