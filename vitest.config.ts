import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import crypto from 'node:crypto';

// The tests run the server, so on the Node it runs on: the project's Node 24 (node_modules/.bin/node,
// first on PATH for npm scripts and npx). An older system Node lacks what the server uses
// (crypto.argon2 for passwords), and every sign-in would fail far from the cause.
if (typeof crypto.argon2 !== 'function') {
  throw new Error(`Tests need the project's Node 24 (node_modules/.bin/node), not ${process.version}: run them with npx vitest or npm test.`);
}

/**
 * The route matrix files are the longest e2e files by far, and tiny: on a first run Vitest orders
 * files it has no timing for by size, which would start them last and leave one worker running
 * alone at the end. They start first, longest first (staff has the most routes, then admin, then
 * the caregiver; a desk page has more on it than a phone's), and the short files fill in after.
 */
const MATRIX_ORDER = ['desk-staff', 'phone-staff', 'desk-admin', 'phone-admin', 'desk-caregiver', 'phone-caregiver'];
const matrixRank = (file: TestSpecification) => MATRIX_ORDER.findIndex((part) => file.moduleId.includes(`route-matrix-${part}.`));

class RouteMatrixFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const matrix = sorted.filter((file) => matrixRank(file) >= 0).sort((a, b) => matrixRank(a) - matrixRank(b));
    return [...matrix, ...sorted.filter((file) => matrixRank(file) < 0)];
  }
}

/**
 * Three projects: unit (pure functions, no server), api (the real server on a free port with an
 * in-memory PGlite, and on PostgreSQL when TEST_DATABASE_URL is set) and e2e (a real browser
 * against the real server).
 */
const API_WORKERS = 2;
/**
 * Browser test files run two at a time, after the unit and api files: each has its own server and
 * browser, and most of a file's time is the browser waiting for the app (611 s to 471 s here).
 * E2E_WORKERS=1 runs them one at a time on a slower machine.
 */
const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);
/** Makes the migrated embedded database every test server's in-memory one starts from. */
const PGLITE_TEMPLATE = 'tests/support/pglite-template.ts';
/** Checks src/providers/openapi/paths.ts against the server's description (its own project, below). */
const API_DESCRIPTION_TEST = 'tests/api/openapi-types.test.ts';

export default defineConfig({
  test: {
    sequence: { sequencer: RouteMatrixFirst },
    projects: [
      // Unit and api files run two at a time: an api file mostly waits (its server starting, the
      // database, timers), and each starts its own server on its own scratch database. Vitest's
      // default on a 2-core machine is one at a time.
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', maxWorkers: API_WORKERS } },
      // The schema engine's screens as React components in jsdom (Testing Library): no server, no browser.
      {
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/component/support/setup.ts'],
          globalSetup: ['tests/component/support/served-schemas.ts'],
          testTimeout: 30_000,
          maxWorkers: API_WORKERS,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: [API_DESCRIPTION_TEST],
          environment: 'node',
          // One module graph per worker, not per file: every file starts its own server on its own
          // database and stops it, so nothing a file needs is left in a module between files, and
          // re-importing the whole server for each of 68 files cost a quarter of the api time
          // (304 s isolated, 227 s not, on this 2-core machine, both databases).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: API_WORKERS,
          globalSetup: [PGLITE_TEMPLATE],
        },
      },
      // The generated API types are compared with the description of a server started in a fresh
      // module graph, as `npm run gen:api-types` starts one: a server started after other files'
      // servers in the same worker described one route with a refusal it does not give (a 413).
      {
        test: {
          name: 'api-description',
          include: [API_DESCRIPTION_TEST],
          environment: 'node',
          isolate: true,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: [PGLITE_TEMPLATE],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // As the api files: each file starts and closes its own server and browser.
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 300_000,
          maxWorkers: E2E_WORKERS,
          sequence: { groupOrder: 1 },
          globalSetup: [PGLITE_TEMPLATE],
        },
      },
    ],
  },
});
