// drizzle-kit for PostgreSQL: `pnpm exec drizzle-kit generate --config drizzle.pg.config.ts` (docs/decisions/084).
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/pg/schema/index.ts',
  out: './migrations-pg',
  casing: 'snake_case',
});
