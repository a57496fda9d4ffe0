import { defineConfig } from 'vitest/config';

// API tests run once on PGlite and, when TEST_DATABASE_URL is set (CI sets it), again on PostgreSQL.
const apiProject = (name: 'api-pglite' | 'api-postgres') => ({
  test: {
    name,
    include: ['src/server/**/*.test.ts'],
    exclude: ['src/server/**/*.unit.test.ts'],
    globalSetup: ['src/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['src/shared/**/*.test.ts', 'src/web/**/*.test.ts', 'src/server/**/*.unit.test.ts'] } },
      apiProject('api-pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres')] : []),
    ],
  },
});
