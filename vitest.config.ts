import { defineConfig } from 'vitest/config';

// Tests run against TypeScript sources: the 'source' export condition points workspace packages at src/.
const resolve = { conditions: ['source'] };

export default defineConfig({
  resolve,
  ssr: { resolve },
  test: {
    pool: 'forks',
    // Each worker keeps its modules from one file to the next: a fresh import of the app per file cost more than
    // its tests did (1,058 tests: 562 s isolated, 297 s shared on two cores). Every API test file builds its own
    // app on its own database, so nothing a test changes outlives its file.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/web/app/**/*.test.{ts,tsx}', 'apps/web/vite-plugins/*.test.ts'],
        },
      },
      // API tests build the app on a fresh database per file: PGlite in memory, or PostgreSQL when
      // TEST_DATABASE_URL is set (scripts/test-postgres.mjs).
      {
        extends: true,
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['**/*.pg.test.ts'],
          globalSetup: ['apps/server/src/test/database-templates.ts'],
        },
      },
      // What only a real PostgreSQL server can show (several connections racing); run with TEST_DATABASE_URL.
      { extends: true, test: { name: 'postgres', include: ['apps/server/src/**/*.pg.test.ts'] } },
    ],
  },
});
