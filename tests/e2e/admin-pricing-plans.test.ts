/**
 * The admin's pricing plans in Chromium (issue 11): the empty table, a new plan made in the form
 * (its messages for a missing name and a price that is not an amount), the table's prices in
 * dollars, an edit saved, another plan made the system default after a confirmation. Desktop and
 * phone screenshots.
 */
import assert from 'node:assert/strict';
import type { Browser } from '@playwright/test';
import { createAdmin, startTestApp, type TestApp } from '../support/app';
import { launchBrowser, openSession, screenshot, visible, type Session, signInWithCookie, test } from './support/browser';

const ADMIN = { email: 'plans-admin@example.com', password: 'Adm1nPassword' };

let app: TestApp;
let browser: Browser;
let session: Session;
let admin: { token: string };

test.beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({}, 'e2e-pricing-plans'), launchBrowser()]);
  admin = await createAdmin(app, ADMIN.email, ADMIN.password);
  session = await openSession(browser, app);
  await signInWithCookie(session.page, app, ADMIN.email, ADMIN.password);
  await session.page.goto('/admin/dashboard');
});
test.afterAll(async () => {
  await session?.close();
  await browser?.close();
  await app?.close();
});

test.describe('pricing plans in the back-office', () => {
  test('makes a plan in the form, lists it in dollars, edits it and moves the system default', async () => {
    const { page } = session;
    await page.getByRole('navigation', { name: 'Back-office sections' }).getByRole('link', { name: 'Pricing plans' }).click();
    await visible(page.getByRole('heading', { name: 'Pricing plans', level: 1 }));
    await visible(page.getByText('No pricing plans match these filters.'));

    await page.getByRole('link', { name: 'New pricing plan' }).click();
    await visible(page.getByRole('heading', { name: 'New pricing plan', level: 1 }));
    await page.getByRole('button', { name: 'Create plan' }).click();
    await visible(page.getByText('The plan needs a name.'));
    await page.getByLabel('Name').fill('Standard');
    await page.getByLabel('List price, 15 minutes').fill('15');
    await page.getByLabel('List price, 30 minutes').fill('25.50');
    await page.getByLabel('Promotional price, 15 minutes').fill('12.345');
    await page.getByRole('button', { name: 'Create plan' }).click();
    await visible(page.getByText('Write an amount in dollars, e.g. 15 or 12.50.'));
    await page.getByLabel('Promotional price, 15 minutes').fill('10');
    await screenshot(page, 'admin-pricing-plan-new-desktop');
    await page.getByLabel('Promotional price, 15 minutes').press('Enter');

    await visible(page.getByRole('heading', { name: 'Standard', level: 1 }));
    await visible(page.getByText('The pricing plan was created successfully!'));
    await visible(page.getByText('System default'), 10_000);

    // A second plan, made through the API; the table shows both, the default first.
    const res = await app.gql(
      `mutation($input: CreatePricingPlanInput!) { createPricingPlan(input: $input) { pricingPlan { id } } }`,
      {
        input: {
          name: 'Spring offer',
          kind: 'reserved',
          conversationDuration: 30,
          priceList: [{ conversationDuration: 30, unitPrice: 2000 }],
        },
      },
      admin.token,
    );
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    await page.getByRole('link', { name: 'Pricing plans' }).first().click();
    const rows = page.locator('table tbody tr');
    await visible(rows.nth(1));
    assert.deepEqual(
      (await rows.locator('td:first-child').allTextContents()).map((t) => t.trim()),
      ['Standard', 'Spring offer'],
    );
    await visible(rows.nth(0).getByText('15 min $15 · 30 min $25.50'));
    await visible(rows.nth(0).getByText('15 min $10'));
    await visible(rows.nth(1).getByText('Reserved'));
    await screenshot(page, 'admin-pricing-plans-desktop');

    await rows.nth(1).click();
    await visible(page.getByRole('heading', { name: 'Spring offer', level: 1 }));
    await page.getByLabel('Name').fill('Spring offer 2026');
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('The pricing plan was saved successfully!'));
    await visible(page.getByRole('heading', { name: 'Spring offer 2026', level: 1 }));

    await page.getByRole('button', { name: 'Make system default' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make Spring offer 2026 the system default?' });
    await visible(dialog);
    await dialog.getByRole('button', { name: 'Make default' }).click();
    await visible(page.getByText('Spring offer 2026 is now the system default.'));
    await visible(page.getByText('System default', { exact: true }).first());
    await screenshot(page, 'admin-pricing-plan-desktop');
  });

  test('is usable on a 390 px phone: the table scrolls inside its card, nothing wider than the screen', async () => {
    const phone = await openSession(browser, app, { viewport: { width: 390, height: 844 } });
    await signInWithCookie(phone.page, app, ADMIN.email, ADMIN.password);
    await phone.page.goto('/admin/pricing_plans');
    await visible(phone.page.getByRole('heading', { name: 'Pricing plans', level: 1 }));
    await visible(phone.page.getByText('Spring offer 2026'));
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `the page is ${overflow} px wider than the screen`);
    await screenshot(phone.page, 'admin-pricing-plans-phone');
    await phone.close();
  });
});
