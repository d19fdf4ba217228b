/**
 * Download my data in Chromium (issue 34): a student opens their settings' Profile panel, asks for
 * their data, sees the export prepared, then ready with its link mailed; the mailed link downloads
 * the zip once. An admin exports a student's data from the student's Security tab.
 */
import assert from 'node:assert/strict';
import { test, type Browser } from '@playwright/test';
import { createAdmin, startTestApp, type TestApp } from '../support/app';
import { createStudent } from '../support/scheduling';
import { eventually, launchBrowser, openSession, screenshot, signInThroughUi, visible } from './support/browser';

let app: TestApp;
let browser: Browser;

test.beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({}, 'e2e-export'), launchBrowser()]);
});
test.afterAll(async () => {
  await browser?.close();
  await app?.close();
});

test.describe('download my data', () => {
  test('settings → Download my data → prepared → ready, the link mailed', async () => {
    const student = await createStudent(app, 60);
    const session = await openSession(browser, app);
    const page = session.page;
    try {
      await signInThroughUi(page, student.emailAddress, 'Stud3ntPass!');
      await page.goto('/student/settings');
      await page.locator('[data-panel="profile"]').click();
      const card = await visible(page.getByRole('region', { name: 'Download my data' }));
      await card.getByRole('button', { name: 'Download my data' }).click();
      const status = card.getByTestId('data-export-status');
      await visible(status);
      await screenshot(page, 'data-export-asked');
      await visible(card.getByText(/Your data is ready: we emailed you a download link/));
      await screenshot(page, 'data-export-ready');

      const mail = await eventually(
        async () => (await app.runtime.outbox!.list(student.emailAddress)).find((m) => m.text.includes('/data-export/')),
        'the export mail',
      );
      const link = /(http\S+\/data-export\/\S+)/.exec(mail.text)![1];
      const download = await fetch(link);
      assert.equal(download.status, 200);
      assert.equal(download.headers.get('content-disposition'), 'attachment; filename="tertulia-my-data.zip"');
    } finally {
      await session.close();
    }
  });

  test('an admin exports a student’s data from the person’s Security tab', async () => {
    const student = await createStudent(app, 0);
    await createAdmin(app, 'export.admin@example.com');
    const session = await openSession(browser, app);
    const page = session.page;
    try {
      await signInThroughUi(page, 'export.admin@example.com', 'Adm1nPassword', '/admin/dashboard');
      await page.goto(`/admin/students/${student.accountId}/security`);
      const card = await visible(page.getByRole('region', { name: "Export this person's data" }));
      await card.getByRole('button', { name: 'Export their data' }).click();
      await visible(card.getByText(/The export is ready: the person was emailed a download link/));
      await screenshot(page, 'data-export-admin');
    } finally {
      await session.close();
    }
  });
});
