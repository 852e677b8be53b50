import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` turns schema changes into a new SQL file in apps/server/drizzle (committed).
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/server/src/db/schema.ts',
  out: './apps/server/drizzle',
  casing: 'snake_case',
});
