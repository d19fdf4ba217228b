/**
 * Speaker payroll in Chromium (issue 12): a speaker with held conversations last month sees the
 * month's summary and lines and downloads both CSVs (their content checked); an admin sees the same
 * total in the all-speakers grid, opens the speaker's lines, and closes the month.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { DateTime } from 'luxon';
import type { Browser, Page } from '@playwright/test';
import { PAYROLL_TIME_ZONE } from '../../contracts/payroll';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import { createAdmin, startTestApp, type TestApp } from '../support/app';
import { readModelsCaughtUp } from '../support/enrollment';
import { holdLesson } from '../support/payroll';
import { createSpeaker } from '../support/scheduling';
import { counted, launchBrowser, openSession, screenshot, visible, signInWithCookie, test } from './support/browser';

const ADMIN = { email: 'payroll.admin@example.com', password: 'Adm1nPassword' };

let app: TestApp;
let browser: Browser;
let speaker: Awaited<ReturnType<typeof createSpeaker>>;
const lastMonth = DateTime.now().setZone(PAYROLL_TIME_ZONE).startOf('month').minus({ months: 1 });
const MONTH = lastMonth.toFormat('yyyy-MM');
const MONTH_LABEL = lastMonth.toFormat('LLLL yyyy');

test.beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({}, 'e2e-payroll'), launchBrowser()]);
  await createAdmin(app, ADMIN.email, ADMIN.password);
  speaker = await createSpeaker(app);
  const named = await app.runtime.people.changeUser(
    { actor: SYSTEM_ACTOR },
    { accountId: speaker.accountId, change: { givenName: 'Paula', surname: 'Pagada' } },
  );
  await app.runtime.runner.waitFor(named.appended?.checkpoint, ['directory', 'profiles']);
  // Two back-to-back lessons (10 idle minutes between them) and one more, last month; $15.00 an hour.
  const day = lastMonth.plus({ days: 9, hours: 10 });
  await holdLesson(app, speaker.accountId, day.toJSDate());
  await holdLesson(app, speaker.accountId, day.plus({ minutes: 25 }).toJSDate());
  await holdLesson(app, speaker.accountId, day.plus({ days: 2 }).toJSDate(), 30);
  await readModelsCaughtUp(app, ['payroll']);
});
test.afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** 375 + 375 + 750 for the lessons, 10 idle minutes at $15/h = 250: $17.50. */
const TOTAL = '$17.50';

async function download(page: Page, name: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  assert.equal(file.suggestedFilename(), name);
  return fs.readFileSync((await file.path())!, 'utf8');
}

test.describe('speaker payroll', () => {
  test('shows the speaker their month, itemized, and downloads both CSVs', async () => {
    const session = await openSession(browser, app);
    const { page } = session;
    await signInWithCookie(page, app, speaker.emailAddress, 'Sp3akerPass!');
    await page.goto('/speaker/planner');
    // The speaker's sidebar (spec 3) leads there.
    await page.getByRole('navigation', { name: 'Speaker' }).getByRole('link', { name: 'Payroll' }).click();
    await visible(page.getByRole('heading', { name: 'Payroll', level: 1 }));
    await page.getByLabel('Month').click();
    await page.getByRole('option', { name: MONTH_LABEL }).click();
    await page.locator('.MuiPopover-root').waitFor({ state: 'detached' }); // the menu has faded out
    const summary = page.getByTestId('payroll-summary');
    await visible(summary.getByText(TOTAL));
    await visible(summary.getByText('60', { exact: true }));
    await visible(summary.getByText('10', { exact: true }));
    const rows = page.getByRole('table', { name: 'Itemized pay' }).locator('tbody tr');
    await counted(rows, 4, 'itemized rows: three conversations and one idle line');
    await visible(rows.filter({ hasText: 'Idle time' }).getByText('$2.50'));
    await visible(page.getByRole('figure').getByText('Total pay, last 6 months'));
    // The month's bar says its cents ($17.50 was labelled "$17").
    await visible(page.getByRole('figure').getByText(TOTAL, { exact: true }));
    await screenshot(page, 'payroll-speaker');

    const summaryCsv = await download(page, `payroll-${MONTH.replace('-', '')}.csv`);
    assert.match(summaryCsv.split('\r\n')[0], /^"Month","Speaker ID","Given name","Surname","Conversation minutes"/);
    assert.match(
      summaryCsv.split('\r\n')[1],
      new RegExp(`^${MONTH},${speaker.accountId},.*,60,15\\.00,15\\.00,10,15\\.00,2\\.50,0\\.00,17\\.50,no$`),
    );
    const itemizedCsv = await download(page, `payroll-${MONTH.replace('-', '')}-itemized.csv`);
    const lines = itemizedCsv.trimEnd().split('\r\n');
    assert.equal(lines.length, 5);
    assert.ok(
      lines.some((l) => /,idle,10,15\.00,2\.50,/.test(l)),
      itemizedCsv,
    );
    // A refused download says why, in a snackbar, and saves nothing.
    await page.route('**/api/payroll/csv**', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'FORBIDDEN', message: 'This file is not yours.' } }),
      }),
    );
    await page.getByRole('link', { name: `payroll-${MONTH.replace('-', '')}.csv` }).click();
    const refused = page.getByText('This file is not yours.');
    await visible(refused);
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await refused.waitFor({ state: 'detached' });
    await page.unroute('**/api/payroll/csv**');

    await page.setViewportSize({ width: 375, height: 800 });
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur()); // no focus ring from the last download
    await screenshot(page, 'payroll-speaker-375');

    // On a phone the sidebar is a drawer; its search finds conversations by language, name or course.
    await page.getByRole('button', { name: 'Speaker menu' }).click();
    const drawer = page.locator('#speaker-drawer');
    await visible(drawer.getByRole('navigation', { name: 'Speaker' }));
    await page.waitForFunction(() => document.querySelector('#speaker-drawer .MuiDrawer-paper')?.getBoundingClientRect().left === 0); // slid in
    await screenshot(page, 'speaker-drawer-375');
    await drawer.getByLabel('Search conversations').fill('spanish');
    await drawer.getByLabel('Search conversations').press('Enter');
    await visible(page.getByText('Conversations matching “spanish”'));
    const found = page.getByRole('list', { name: 'Your conversations' }).getByRole('link');
    await visible(found.first());
    await counted(found, 3, 'conversations found');
    await page.goto('/speaker/conversations?q=nobody-here');
    await visible(page.getByText('No conversation matches “nobody-here”.'));
    await session.close();
  });

  test("shows an admin the same total in the grid, the speaker's lines, and closes the month", async () => {
    const session = await openSession(browser, app);
    const { page } = session;
    await signInWithCookie(page, app, ADMIN.email, ADMIN.password);
    await page.goto(`/admin/speakers/payroll?month=${MONTH}`);
    await visible(page.getByRole('heading', { name: 'Speaker payroll', level: 1 }));
    await visible(page.getByTestId('payroll-month-total').getByText(`${TOTAL} to 1 speaker`));
    const row = page.locator('table tbody tr').filter({ hasText: 'Pagada' });
    await visible(row.getByText(TOTAL));
    await visible(row);
    const allCsv = await download(page, `payroll-${MONTH.replace('-', '')}.csv`);
    assert.match(
      allCsv,
      new RegExp(`^${MONTH},${speaker.accountId},"Paula","Pagada",60,15\\.00,15\\.00,10,15\\.00,2\\.50,0\\.00,17\\.50,no$`, 'm'),
      allCsv,
    );
    const allItemized = await download(page, `payroll-${MONTH.replace('-', '')}-itemized.csv`);
    assert.equal(allItemized.trimEnd().split('\r\n').length, 5, allItemized);
    await row.click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByRole('table', { name: 'Itemized pay' }));
    await counted(dialog.locator('tbody tr'), 4, 'itemized rows in the dialog');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();

    await page.getByRole('button', { name: 'Close month' }).click();
    const confirm = page.getByRole('dialog', { name: `Close ${MONTH_LABEL}?` });
    await visible(confirm.getByText(`The month closes at ${TOTAL} for 1 speaker.`, { exact: false }));
    await confirm.getByRole('button', { name: 'Close month' }).click();
    await visible(page.getByTestId('payroll-month-state').getByText('Closed'));
    await visible(page.getByRole('button', { name: 'Reopen month' }));
    await screenshot(page, 'payroll-admin');
    await session.close();
  });
});
