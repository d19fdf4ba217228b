/**
 * Download my data in Chromium (issue 34): a student opens their settings' Profile panel, asks for
 * their data, sees the export prepared, then ready with its link mailed; the mailed link downloads
 * the zip once. An admin exports a student's data from the student's Security tab. Who looked at my
 * data (issue 34): an admin opens a student's page and exports their data with a reason; the student
 * sees both in their settings, at 1280 and 375 px.
 */
import assert from 'node:assert/strict';
import type { Browser } from '@playwright/test';
import { createAdmin, startTestApp, type TestApp } from '../support/app';
import { createStudent } from '../support/scheduling';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import { eventually, launchBrowser, openSession, screenshot, signInThroughUi, signInWithCookie, visible, test } from './support/browser';

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
    await session.close();
  });

  test('an admin exports a student’s data from the person’s Security tab', async () => {
    const student = await createStudent(app, 0);
    await createAdmin(app, 'export.admin@example.com');
    const session = await openSession(browser, app);
    const page = session.page;
    await signInThroughUi(page, 'export.admin@example.com', 'Adm1nPassword', '/admin/dashboard');
    await page.goto(`/admin/students/${student.accountId}/security`);
    const card = await visible(page.getByRole('region', { name: "Export this person's data" }));
    await card.getByRole('button', { name: 'Export their data' }).click();
    await visible(card.getByText(/The export is ready: the person was emailed a download link/));
    await screenshot(page, 'data-export-admin');
    await session.close();
  });

  test('who looked at my data: an admin opens a student’s page and exports with a reason; the student sees both', async () => {
    const student = await createStudent(app, 0);
    const admin = await createAdmin(app, 'audit.admin@example.com');
    await app.runtime.people.changeUser({ actor: SYSTEM_ACTOR }, { accountId: admin.accountId, change: { displayName: 'Marta R.' } });
    const studentSession = await openSession(browser, app);
    const adminSession = await openSession(browser, app);
    const mine = studentSession.page;
    const theirs = adminSession.page;
    await signInWithCookie(mine, app, student.emailAddress, 'Stud3ntPass!');
    await mine.goto('/student/settings');
    await mine.locator('[data-panel="profile"]').click();
    const card = await visible(mine.getByRole('region', { name: 'Who looked at my data' }));
    await visible(card.getByText('No administrator has looked at your data.'));
    await card.scrollIntoViewIfNeeded();
    await screenshot(mine, 'privacy-audit-student-empty', { fullPage: false });

    await signInWithCookie(theirs, app, 'audit.admin@example.com', 'Adm1nPassword');
    await theirs.goto(`/admin/students/${student.accountId}`);
    await visible(theirs.getByRole('heading', { level: 1, name: student.emailAddress }));
    await screenshot(theirs, 'privacy-audit-admin-student-page');
    await theirs.getByRole('tab', { name: 'Security' }).click();
    const exportCard = await visible(theirs.getByRole('region', { name: "Export this person's data" }));
    await exportCard.getByLabel('Reason (optional)').fill('Her school asked for her records (ticket 4521)');
    await exportCard.getByRole('button', { name: 'Export their data' }).click();
    await visible(exportCard.getByText(/The export is ready/));
    const adminAudit = await visible(theirs.getByRole('region', { name: "Who looked at this person's data" }));
    await theirs.reload();
    await visible(adminAudit.getByText('Reason: Her school asked for her records (ticket 4521)'));
    await visible(adminAudit.getByText('Marta R. · Page in the back-office'));
    await adminAudit.scrollIntoViewIfNeeded();
    await screenshot(theirs, 'privacy-audit-admin-security-tab');

    // Back to all settings and into the panel again: the card reads the record afresh.
    await mine.getByRole('link', { name: 'All settings' }).click();
    await mine.locator('[data-panel="profile"]').click();
    const list = await visible(card.getByTestId('data-access-list'));
    await visible(list.getByText('Marta R. · Export of the data'));
    await visible(list.getByText('Marta R. · Page in the back-office'));
    await visible(list.getByText('Reason: Her school asked for her records (ticket 4521)'));
    assert.equal(await list.getByRole('listitem').count(), 2);
    assert.equal(await card.getByText('audit.admin@example.com').count(), 0, 'never the admin’s address');
    await card.scrollIntoViewIfNeeded();
    await screenshot(mine, 'privacy-audit-student-1280');
    await mine.setViewportSize({ width: 375, height: 812 });
    await visible(list.getByText('Marta R. · Export of the data'));
    await card.scrollIntoViewIfNeeded();
    await screenshot(mine, 'privacy-audit-student-375');
    await studentSession.close();
    await adminSession.close();
  });
});
