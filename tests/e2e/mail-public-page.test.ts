/**
 * A mail in the browser (spec 3, Notification.publicToken) in Chromium: the admin's notification
 * details show 'View in browser', which opens the mail's public page in a new tab; the same page
 * opens signed out (as the link at the end of the mail does) on a desktop and on a phone, and a
 * changed token shows 'This mail was not found.'. Screenshots: .test-data/screenshots/mail-page-*.png.
 */
import assert from 'node:assert/strict';
import type { Browser } from '@playwright/test';
import { createAdmin, signUp, startTestApp, type TestApp } from '../support/app';
import { eventually } from '../support/eventually';
import { launchBrowser, openSession, screenshot, visible, signInWithCookie, test } from './support/browser';

let app: TestApp;
let browser: Browser;
let notification: { id: string; publicToken: string };

test.beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({}, 'e2e-mail-page'), launchBrowser()]);
  await createAdmin(app, 'mail.admin@example.com', 'Adm1nPassword');
  const admin = await createAdmin(app, 'other.admin@example.com', 'Adm1nPassword');
  const student = await signUp(app, 'reader@example.com');
  notification = await eventually(async () => {
    const res = await app.gql(
      `query($f: [FilterInput!]) { notifications(filter: $f) { edges { node { id publicToken templateKey } } } }`,
      {
        f: [{ field: 'recipient_id', predicate: 'eq', value: student.accountId }],
      },
      admin.token,
    );
    return res.data?.notifications.edges.map((e: any) => e.node).find((n: any) => n.templateKey === 'welcome');
  }, 'the welcome notification');
});
test.afterAll(async () => {
  await browser?.close();
  await app?.close();
});

test.describe('a mail in the browser', () => {
  test("the admin's 'View in browser' opens the mail's public page", async () => {
    const session = await openSession(browser, app, { viewport: { width: 1280, height: 900 } });
    const { page, context } = session;
    await signInWithCookie(page, app, 'mail.admin@example.com', 'Adm1nPassword');
    await page.goto(`/admin/notifications/${notification.id}`);
    await visible(page.getByRole('heading', { name: 'Welcome to Tertulia', level: 1 }));
    const link = await visible(page.getByRole('link', { name: /View in browser/ }));
    assert.equal(await link.getAttribute('href'), `/mail/${notification.publicToken}`);
    assert.equal(await link.getAttribute('target'), '_blank');
    // The preview beside it is the same stored message (renderStoredMail, shared with the page).
    await visible(page.frameLocator('iframe[title="Message preview"]').getByText('Your account for reader@example.com is ready.'));
    await screenshot(page, 'mail-page-admin-details-desktop');
    const [opened] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await opened.waitForLoadState();
    await visible(opened.getByRole('heading', { name: 'Welcome to Tertulia', level: 1 }));
    assert.equal(await opened.title(), 'Welcome to Tertulia · Tertulia');
    await opened.close();
    await session.close();
  });

  test('the page opens signed out, on a desktop and a phone; a changed token is not found', async () => {
    for (const [name, viewport] of [
      ['desktop', { width: 1280, height: 900 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      const context = await browser.newContext({ baseURL: app.url, viewport });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      const res = await page.goto(`/mail/${notification.publicToken}`);
      assert.equal(res?.status(), 200);
      await visible(page.getByRole('heading', { name: 'Welcome to Tertulia', level: 1 }));
      await visible(page.getByRole('article', { name: 'The mail' }).getByRole('link').first());
      assert.equal(await page.getByText('View this mail in your browser').count(), 0);
      // Nothing overflows sideways on a phone.
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling');
      assert.deepEqual(errors, [], 'no CSP or script errors');
      await screenshot(page, `mail-page-${name}`);
      const t = notification.publicToken;
      const missing = await page.goto(`/mail/${t.slice(0, 5)}${t[5] === 'A' ? 'B' : 'A'}${t.slice(6)}`);
      assert.equal(missing?.status(), 404);
      await visible(page.getByText('This mail was not found.'));
      await context.close();
    }
  });
});
