/**
 * Vitest for the unit, contract and integration tests (issue 13), a project per layer:
 *
 *   npx vitest                        watch mode, every project
 *   npx vitest run --project unit     one layer (unit, contract, integration)
 *   npx vitest run --coverage         with v8 coverage, in .test-data/coverage
 *   npm test                          the whole suite (scripts/test.ts), browser tests included
 *
 * Tests that need PostgreSQL start (or reuse) the shared test cluster themselves when run outside
 * `npm test` (tests/support/database.ts). The files of a worker share its process and its imported
 * modules (isolate: false): each file imported the whole application anew, about 2 s of a 2-core
 * machine per file, over 130 files (issue 29). A test file therefore leaves no global state behind:
 * an environment variable it needs is set and removed around what reads it (archive.test.ts).
 * Waits are generous (some integration tests wait minutes on workers and clocks).
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // A package's "main" without an extension resolves as Node resolves it, `.js` first: Vite
  // tries `.mjs` first, and graphql's "main": "index" then gave the tests graphql's ES build while
  // graphql-yoga, loaded by Node, has the CommonJS one, two graphql realms ("Cannot use
  // GraphQLObjectType … from another module or realm"). No source file here is .js or .mjs.
  resolve: { extensions: ['.js', '.json', '.mjs', '.mts', '.ts', '.jsx', '.tsx'] },
  test: {
    environment: 'node',
    pool: 'forks',
    // A run on its own starts the test cluster once and stops it at the end (not under npm test).
    globalSetup: ['./tests/support/vitest-global-setup.ts'],
    // A worker ends with its runner, however the runner ends.
    setupFiles: ['./tests/support/vitest-worker-setup.ts'],
    isolate: false,
    testTimeout: 300_000,
    hookTimeout: 300_000,
    teardownTimeout: 60_000,
    // Hooks in the order they are written, as node:test runs them (Vitest's default runs the
    // after-hooks last-registered first).
    sequence: { hooks: 'list' },
    // Several files side by side on a 2-core machine: most of their time is waiting on PostgreSQL.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'contracts/**/*.test.ts',
            'services/**/*.test.ts',
            'projections/**/*.test.ts',
            'web/src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
          ],
        },
      },
      { extends: true, test: { name: 'contract', include: ['tests/contract/**/*.test.ts'] } },
      { extends: true, test: { name: 'integration', include: ['tests/integration/**/*.test.ts'] } },
    ],
    coverage: {
      provider: 'v8',
      include: ['contracts/**/*.ts', 'services/**/*.ts', 'projections/**/*.ts', 'web/src/**/*.{ts,tsx}', 'scripts/**/*.ts'],
      exclude: ['**/*.test.{ts,tsx}', '**/*.d.ts'],
      reportsDirectory: '.test-data/coverage',
    },
  },
});
