import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'vitest';
import { readPlaywright } from './testReport';

/**
 * A Playwright JSON report with one failed test whose error-context.md holds `snapshotLines`, and,
 * given `pages`, a page-at-failure.md with each page's address and snapshot (tests/e2e/support/browser.ts).
 */
function reportWithFailure(dir: string, snapshotLines: string[], pages?: Record<string, string[]>) {
  const errorContext = path.join(dir, 'error-context.md');
  fs.writeFileSync(errorContext, ['# Instructions', '', '# Page snapshot', '', '```yaml', ...snapshotLines, '```', ''].join('\n'));
  const attachments = [{ name: 'error-context', path: errorContext }];
  if (pages) {
    const file = path.join(dir, 'page-at-failure.md');
    fs.writeFileSync(
      file,
      Object.entries(pages)
        .flatMap(([url, lines]) => [`## ${url}`, '', '```yaml', ...lines, '```', ''])
        .join('\n'),
    );
    attachments.push({ name: 'page-at-failure', path: file });
  }
  const report = {
    stats: { expected: 0, unexpected: 1, flaky: 0, skipped: 0 },
    errors: [],
    suites: [
      {
        title: 'a.test.ts',
        file: 'a.test.ts',
        specs: [
          {
            title: 'signs in',
            file: 'a.test.ts',
            tests: [
              {
                status: 'unexpected',
                annotations: [],
                results: [
                  {
                    duration: 10,
                    error: { message: 'TimeoutError: waiting for #username' },
                    attachments,
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  };
  const file = path.join(dir, 'report.json');
  fs.writeFileSync(file, JSON.stringify(report));
  return file;
}

describe("npm test's summary of a failed browser test", () => {
  it('shows the page as it was when the test failed, from its error context, without a trace', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-report-'));
    try {
      const { failures } = readPlaywright(reportWithFailure(dir, ['- heading "New identity provider" [level=1]', '- combobox "Name"']), 1);
      assert.equal(failures.length, 1);
      assert.match(failures[0], /a\.test\.ts > signs in/);
      assert.match(failures[0], /TimeoutError: waiting for #username/);
      assert.match(failures[0], /The page when it failed:\n\s+- heading "New identity provider" \[level=1\]\n\s+- combobox "Name"/);
      assert.doesNotMatch(failures[0], /```/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('shows at most 40 lines of it and says where the rest is', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-report-'));
    try {
      const lines = Array.from({ length: 55 }, (_, i) => `- text: line ${i + 1}`);
      const [failure] = readPlaywright(reportWithFailure(dir, lines), 1).failures;
      assert.match(failure, /line 40\n/);
      assert.doesNotMatch(failure, /line 41\b/);
      assert.match(failure, /… 15 more lines in .*error-context\.md/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('shows every page open at the failure when the test saved them, each under its address', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-report-'));
    try {
      const pages = {
        'http://127.0.0.1:1/speaker/room': ['- heading "Conversation with Ana" [level=1]'],
        'http://127.0.0.1:1/student/room': ['- button "Leave"'],
      };
      const [failure] = readPlaywright(reportWithFailure(dir, ['- text: only the first page'], pages), 1).failures;
      assert.match(
        failure,
        /The page when it failed:\n\s+http:\/\/127\.0\.0\.1:1\/speaker\/room\n\s+- heading "Conversation with Ana" \[level=1\]\n\s+http:\/\/127\.0\.0\.1:1\/student\/room\n\s+- button "Leave"/,
      );
      assert.doesNotMatch(failure, /only the first page/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
