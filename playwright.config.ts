/**
 * Playwright's own runner for the browser tests under tests/e2e (issue 13), in Debian's Chromium:
 *
 *   npx playwright test                        every browser test (build the web app first:
 *                                              npx vite build --config web/vite.config.ts)
 *   npx playwright test tests/e2e/auth.test.ts one file
 *   npx playwright show-trace <trace.zip>      the trace of a failed test (under .test-data/playwright)
 *
 * The tests launch Chromium through tests/e2e/support/browser.ts (one browser per file, a context
 * per test); the runner records a trace of every context a test opens and keeps it when the test
 * fails (not in a whole run of npm test: TEST_TRACE below). No browser is downloaded: /usr/bin/chromium (CHROMIUM_PATH) is the only one used.
 */
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './tests/e2e/support/chromiumArgs';

/**
 * The longest files, longest first (their seconds in the suite's last full runs). Workers take
 * files in order, project by project; in alphabetical order a two-minute file could start late and
 * run on when little else was left (the last two minutes of a full run kept one core busy, not
 * two). Started first, the short files fill the end instead.
 */
const LONGEST_FILES_FIRST = ['live', 'accessibility', 'archive', 'enrollment', 'admin-views', 'school-sign-in'];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.test.ts',
  // A project of its own for each of them, in that order (a project's files go alphabetically).
  projects: [
    ...LONGEST_FILES_FIRST.map((name) => ({ name, testMatch: `**/${name}.test.ts` })),
    { name: 'others', testIgnore: LONGEST_FILES_FIRST.map((name) => `**/${name}.test.ts`) },
  ],
  // Files side by side, each file's tests in order in one worker, as they were written.
  fullyParallel: false,
  workers: 3,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // A test with its file's app and browser start-up: generous, the machines are small and busy.
  timeout: 300_000,
  reporter: [['list']],
  outputDir: '.test-data/playwright',
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
    // Actions, DOM snapshots, network and console of every context a test opens, kept when the
    // test fails; no screencast (JPEG frames of every page all along). Recording costs about 15 % of
    // the browser tests' CPU, so the whole suite (npm test with no file named) records none unless
    // TEST_TRACE=1; a file run on its own records them (docs/decisions/test-runners.md). A failure
    // still leaves the page's accessibility snapshot (error-context.md), printed in npm test's summary.
    trace: process.env.TEST_TRACE === '0' ? 'off' : { mode: 'retain-on-failure', snapshots: true, screenshots: false, sources: true },
  },
});
