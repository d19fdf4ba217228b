/**
 * Live support behind Help in Chromium (issue 9): a student opens Help and writes; an admin sees
 * the thread in the support inbox and answers; the student sees the answer without reloading;
 * shrinking hides the box and Help brings it back; when the chat cannot load, the help-blocked
 * dialog offers Reload.
 */
import type { Browser } from '@playwright/test';
import { createAdmin, signUpOnboarded, startTestApp, type TestApp } from '../support/app';
import { atPath, hidden, launchBrowser, openSession, screenshot, submitSignIn, visible, signInWithCookie, test } from './support/browser';

const ADMIN = { email: 'support.admin@example.com', password: 'Adm1nPassword' };
const STUDENT = { email: 'sofia.student@example.com', password: 'Student-Pass1' };

let app: TestApp;
let browser: Browser;

test.beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({}, 'e2e-support'), launchBrowser()]);
  await createAdmin(app, ADMIN.email, ADMIN.password);
  // Onboarded: a new student's onboarding dialog is modal, and it may open over the chat (a full run lost the box under it once).
  await signUpOnboarded(app, STUDENT.email, STUDENT.password);
});
test.afterAll(async () => {
  await browser?.close();
  await app?.close();
});

test.describe('the support chat', () => {
  test('carries a question from Help to the inbox and the answer back live; shrink hides it, Help expands it', async () => {
    const student = await openSession(browser, app);
    const admin = await openSession(browser, app);
    await signInWithCookie(student.page, app, STUDENT.email, STUDENT.password);
    await student.page.goto('/student/home');
    await student.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Help' }).click();
    const box = student.page.getByRole('dialog', { name: 'Support chat' });
    await visible(box.getByText('Write your question below.', { exact: false }));
    await box.getByLabel('Message', { exact: true }).fill('My camera stays black in the lobby');
    await box.getByLabel('Message', { exact: true }).press('Enter');
    await visible(box.getByTestId('support-message').getByText('My camera stays black in the lobby'));

    await signInWithCookie(admin.page, app, ADMIN.email, ADMIN.password);
    await admin.page.goto('/admin/dashboard');
    await admin.page.getByRole('link', { name: 'Support inbox' }).click();
    const thread = admin.page.getByRole('list', { name: 'Support threads' }).getByRole('button').filter({ hasText: 'Unanswered' });
    await visible(thread);
    await thread.click();
    await visible(admin.page.getByTestId('support-message').getByText('My camera stays black in the lobby'));
    await admin.page.getByLabel('Answer', { exact: true }).fill('Open the equipment check under Settings, then reload the lobby.');
    await admin.page.getByLabel('Answer', { exact: true }).press('Enter');
    await visible(admin.page.getByTestId('support-message').getByText('Open the equipment check', { exact: false }));
    await screenshot(admin.page, 'support-inbox-admin');

    // The student's box shows the answer without a reload (the subscription).
    await visible(box.getByText('Open the equipment check under Settings, then reload the lobby.'), 10_000);
    await screenshot(student.page, 'support-chat-student');

    // Keyboard: from the message field, Shift+Tab reaches Shrink (Send is disabled while empty); Enter hides the box.
    const field = box.getByLabel('Message', { exact: true });
    await field.focus();
    for (
      let i = 0;
      i < 3 && !(await box.getByRole('button', { name: 'Shrink the chat' }).evaluate((b) => b === document.activeElement));
      i++
    )
      await student.page.keyboard.press('Shift+Tab');
    await student.page.keyboard.press('Enter');
    await hidden(box);
    await student.page.getByRole('button', { name: 'Chat with support' }).click();
    await visible(box.getByText('Open the equipment check', { exact: false }));
    await student.page.setViewportSize({ width: 375, height: 740 });
    await screenshot(student.page, 'support-chat-student-375');
    await student.close();
    await admin.close();
  });

  test('shows the help-blocked dialog with Reload when the chat cannot load', async () => {
    const student = await openSession(browser, app);
    const { page } = student;
    await signInWithCookie(page, app, STUDENT.email, STUDENT.password);
    await page.goto('/student/home');
    await page.route('**/graphql', async (route) => {
      if (route.request().postData()?.includes('SupportVisit')) await route.fulfill({ status: 503, body: 'unavailable' });
      else await route.continue();
    });
    await page.goto('/help');
    const dialog = page.getByRole('dialog', { name: 'Sorry, our help is not being helpful.' });
    await visible(dialog.getByRole('button', { name: 'Reload' }));
    // The dialog has faded in before the picture is taken.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.MuiDialog-container')].every((d) => getComputedStyle(d).opacity === '1'),
    );
    await screenshot(page, 'support-help-blocked');
    await page.unroute('**/graphql');
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Reload' }).click()]);
    await visible(page.getByRole('dialog', { name: 'Support chat' }).getByLabel('Message', { exact: true }));
    await student.close();
  });

  test('shows the help-blocked dialog when the live connection is refused', async () => {
    const student = await openSession(browser, app);
    const { page } = student;
    // The socket is refused outright (a close the client does not retry): answers could never arrive.
    await page.routeWebSocket('**/graphql', (ws) => ws.close({ code: 4400, reason: 'Refused' }));
    await signInWithCookie(page, app, STUDENT.email, STUDENT.password);
    await page.goto('/help');
    const dialog = page.getByRole('dialog', { name: 'Sorry, our help is not being helpful.' });
    await visible(dialog.getByRole('button', { name: 'Reload' }));
    await student.close();
  });

  test('asks a signed-out visitor to sign in, and opens the box on Help afterwards', async () => {
    const visitor = await openSession(browser, app);
    const { page } = visitor;
    await page.goto('/help');
    await visible(page.getByText('to chat with Tertulia support.', { exact: false }));
    await hidden(page.getByRole('dialog', { name: 'Support chat' }));
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await submitSignIn(page, STUDENT.email, STUDENT.password);
    await atPath(page, '/help');
    await visible(page.getByRole('dialog', { name: 'Support chat' }).getByLabel('Message', { exact: true }));
    await visitor.close();
  });
});
