import { defineConfig } from 'vitest/config';

// API tests run once on PGlite and, when TEST_DATABASE_URL is set (CI sets it), again on PostgreSQL.
const apiProject = (name: 'api-pglite' | 'api-postgres') => ({
  test: {
    name,
    include: ['src/server/**/*.test.ts'],
    exclude: ['src/server/**/*.unit.test.ts', 'src/server/**/*.process.test.ts'],
    globalSetup: ['src/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One module graph per worker, not per file: each file imported the whole app afresh (2.8 s
    // here, better-auth alone 0.7 s), most of the project's time. Each file still opens its own
    // database and app (test-app.ts), and the server keeps nothing per request in module scope.
    // api-pglite on a two-core machine: 360 s isolated, 195 s not (docs/decisions/0029).
    isolate: false,
  },
});

export default defineConfig({
  test: {
    // Tests wait on databases, sockets and timers as much as they compute: on this two-core machine
    // four workers finish the suite in about two thirds of the time of Vitest's default (cores - 1).
    maxWorkers: 4,
    projects: [
      { test: { name: 'unit', include: ['src/shared/**/*.test.ts', 'src/web/**/*.test.ts', 'src/server/**/*.unit.test.ts'] } },
      // Real processes (the shop, the owner's commands, the launcher), once: what they test is not the database's.
      { test: { name: 'process', include: ['src/server/**/*.process.test.ts', 'scripts/**/*.test.ts'], testTimeout: 120_000 } },
      apiProject('api-pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres')] : []),
    ],
  },
});
