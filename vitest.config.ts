import { defineConfig } from 'vitest/config';

/**
 * Three projects: unit (pure functions, no server), api (the real server on a free port with an
 * in-memory PGlite, and on PostgreSQL when TEST_DATABASE_URL is set) and e2e (a real browser
 * against the real server).
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'api', include: ['tests/api/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 } },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // One browser and one server at a time on a 2-core machine.
          fileParallelism: false,
        },
      },
    ],
  },
});
