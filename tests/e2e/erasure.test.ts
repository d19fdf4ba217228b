/**
 * Erasure in Chromium (issue 34, docs/decisions/erasure.md): a student asks for their data to be
 * erased from their settings' Profile panel, confirms in the dialog, sees the date it will happen and
 * cancels it. An admin sees on a speaker's Security tab what holds their erasure back (an open
 * payroll month), in the page's language too.
 */
import type { Browser } from '@playwright/test';
import { createAdmin, startTestApp, type TestApp } from '../support/app';
import { holdLessonInMay2026 } from '../support/payrollMonth';
import { createSpeaker, createStudent } from '../support/scheduling';
import { launchBrowser, openSession, screenshot, signInWithCookie, visible, test } from './support/browser';

let app: TestApp;
let browser: Browser;

test.beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({}, 'e2e-erasure'), launchBrowser()]);
});
test.afterAll(async () => {
  await browser?.close();
  await app?.close();
});

test.describe('erasure', () => {
  test('settings → Erase my data → confirm → pending until its date → cancel', async () => {
    const student = await createStudent(app, 60);
    const session = await openSession(browser, app);
    const page = session.page;
    await signInWithCookie(page, app, student.emailAddress, 'Stud3ntPass!');
    await page.goto('/student/settings');
    await page.locator('[data-panel="profile"]').click();
    const card = await visible(page.getByRole('region', { name: 'Erase my data' }));
    await visible(card.getByText(/It happens 30 days after you ask/));
    await card.getByRole('button', { name: 'Erase my data' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Erase your data?' }));
    await visible(dialog.getByText(/In 30 days your account and everything that names you will be erased for good/));
    await screenshot(page, 'erasure-confirm');
    await dialog.getByRole('button', { name: 'Ask for erasure' }).click();
    await visible(card.getByTestId('erasure-status').getByText(/Your data will be erased on .+\. Until then you can cancel\./));
    await screenshot(page, 'erasure-pending');
    await card.getByRole('button', { name: 'Cancel the erasure' }).click();
    await visible(card.getByRole('button', { name: 'Erase my data' }));
    await screenshot(page, 'erasure-cancelled');
    await session.close();
  });

  test('an admin sees what holds a speaker’s erasure back, in Spanish too', async () => {
    const speaker = await createSpeaker(app);
    const student = await createStudent(app, 60);
    const conversationId = `e2e-erasure-${speaker.accountId}`;
    await holdLessonInMay2026(app, { conversationId, speakerId: speaker.accountId, studentId: student.accountId });
    await createAdmin(app, 'erasure.admin@example.com');
    const session = await openSession(browser, app);
    const page = session.page;
    await signInWithCookie(page, app, 'erasure.admin@example.com', 'Adm1nPassword');
    await page.goto(`/admin/speakers/${speaker.accountId}/security`);
    const card = await visible(page.getByRole('region', { name: "Erase this person's data" }));
    await visible(card.getByTestId('erasure-obligations').getByText('the payroll of May 2026 is not closed'));
    await visible(card.getByRole('button', { name: 'Erase their data', disabled: true }));
    await screenshot(page, 'erasure-admin-blocked');

    await page.evaluate(() => localStorage.setItem('tertulia.locale', 'es'));
    await page.reload();
    const spanish = await visible(page.getByRole('region', { name: 'Borrar los datos de esta persona' }));
    await visible(spanish.getByText(/la nómina de .+ no está cerrada/));
    await screenshot(page, 'erasure-admin-blocked-es');
    await session.close();
  });
});
