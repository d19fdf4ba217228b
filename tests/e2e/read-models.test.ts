/**
 * Read models in the back-office in Chromium (issue 26): an admin rebuilds payroll from the page,
 * with a reason, and watches its progress while a speaker reloads their payroll page throughout and
 * sees the same figures before, during and after; the rebuild then shows in payroll's history.
 * The app's back-office rebuilds read the log 4 events a batch and wait after the first one until
 * the test opens a gate (config readModelRebuildTestPace, tests only): this small log would
 * otherwise be rebuilt in a blink, and the page could not be caught mid-rebuild.
 */
import assert from 'node:assert/strict';
import { DateTime } from 'luxon';
import type { Browser, Page } from '@playwright/test';
import { PAYROLL_TIME_ZONE } from '../../contracts/payroll';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import { createAdmin, startTestApp, type TestApp } from '../support/app';
import { readModelsCaughtUp } from '../support/enrollment';
import { holdLesson } from '../support/payroll';
import { createSpeaker } from '../support/scheduling';
import { launchBrowser, openSession, screenshot, visible, signInWithCookie, test } from './support/browser';

const ADMIN = { email: 'readmodels.admin@example.com', password: 'Adm1nPassword' };
const REASON = 'A speaker asked us to check their pay';
/** 375 + 375 + 750 for the lessons, 10 idle minutes at $15/h = 250: $17.50 (as tests/e2e/payroll.test.ts). */
const TOTAL = '$17.50';

let app: TestApp;
let browser: Browser;
let openGate!: () => void;
const gate = new Promise<void>((resolve) => (openGate = resolve));
let speaker: Awaited<ReturnType<typeof createSpeaker>>;

test.beforeAll(async () => {
  [app, browser] = await Promise.all([
    startTestApp({ readModelRebuildTestPace: { eventsPerBatch: 4, delayMs: 100, gate } }, 'e2e-read-models'),
    launchBrowser(),
  ]);
  await createAdmin(app, ADMIN.email, ADMIN.password);
  speaker = await createSpeaker(app);
  const named = await app.runtime.people.changeUser(
    { actor: SYSTEM_ACTOR },
    { accountId: speaker.accountId, change: { givenName: 'Paula', surname: 'Pagada' } },
  );
  await app.runtime.runner.waitFor(named.appended?.checkpoint, ['directory', 'profiles']);
  // This month (the speaker's page opens on it): two back-to-back lessons and one more.
  const day = DateTime.now().setZone(PAYROLL_TIME_ZONE).startOf('month').plus({ hours: 1 });
  await holdLesson(app, speaker.accountId, day.toJSDate());
  await holdLesson(app, speaker.accountId, day.plus({ minutes: 25 }).toJSDate());
  await holdLesson(app, speaker.accountId, day.plus({ hours: 3 }).toJSDate(), 30);
  await readModelsCaughtUp(
    app,
    app.runtime.runner.projectors.map((p) => p.name),
  );
});
test.afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** The speaker's month as the page shows it, after a reload. */
async function speakerFigures(page: Page): Promise<string> {
  await page.reload();
  const summary = page.getByTestId('payroll-summary');
  await visible(summary.getByText(TOTAL));
  return summary.innerText();
}

const payrollRebuilding = async () => (await app.runtime.readModels.runningOperations(['payroll'])).has('payroll');

test.describe('read models in the back-office', () => {
  test('an admin rebuilds payroll from the page while a speaker keeps reading the same figures', async () => {
    const speakerSession = await openSession(browser, app);
    const adminSession = await openSession(browser, app);
    const speakerPage = speakerSession.page;
    const adminPage = adminSession.page;

    await signInWithCookie(speakerPage, app, speaker.emailAddress, 'Sp3akerPass!');
    await speakerPage.goto('/speaker/payroll');
    const before = await speakerFigures(speakerPage);

    await signInWithCookie(adminPage, app, ADMIN.email, ADMIN.password);
    await adminPage.goto('/admin/dashboard');
    await adminPage.getByRole('navigation', { name: 'Back-office sections' }).getByRole('link', { name: 'Read models' }).click();
    await visible(adminPage.getByRole('heading', { name: 'Read models', level: 1 }));
    const row = adminPage.getByTestId('read-model-payroll');
    await visible(row.getByText('Live'));
    await visible(row.getByText('Caught up'));

    // The confirmation says what will happen and wants a reason.
    await row.getByRole('button', { name: 'Rebuild payroll' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Rebuild payroll?' });
    await visible(
      dialog.getByText('Tertulia reads the whole event log into fresh payroll tables while the current ones keep answering', {
        exact: false,
      }),
    );
    const confirm = dialog.getByRole('button', { name: 'Rebuild payroll' });
    assert.equal(await confirm.isDisabled(), true, 'no reason, no rebuild');
    await dialog.getByLabel('Reason').fill('   ');
    assert.equal(await confirm.isDisabled(), true, 'a blank reason is no reason');
    await dialog.getByLabel('Reason').fill(REASON);
    await confirm.click();
    await dialog.waitFor({ state: 'detached' });

    // Mid-rebuild (held after its first batch until the gate opens): the progress, and the speaker
    // reloading, with the same figures.
    try {
      const progress = adminPage.getByTestId('progress-payroll');
      await visible(progress.getByText(/^\d[\d,]* of [\d,]+ events \((\d|[1-8]\d)%\) · [\d,]+ events\/s · about .* left$/));
      await visible(progress.getByText(`by ${ADMIN.email}: ${REASON}`, { exact: false }));
      await visible(row.getByText('Rebuilding'));
      assert.equal(await row.getByRole('button', { name: 'Rebuild payroll' }).isDisabled(), true, 'one rebuild at a time');
      await screenshot(adminPage, 'read-models-mid-rebuild');
      assert.equal(await payrollRebuilding(), true);
      assert.equal(await speakerFigures(speakerPage), before, 'the same figures during the rebuild');
      assert.equal(await payrollRebuilding(), true, 'the reload fell wholly inside the rebuild');
    } finally {
      openGate();
    }

    const history = adminPage.getByRole('table', { name: 'Operations on payroll' });
    await visible(history.getByText(/^Rebuilt from [\d,]+ events in .* and swapped in$/), 120_000);
    await visible(row.getByText('Live'));
    assert.equal(await speakerFigures(speakerPage), before, 'and after the swap');

    const recorded = history.locator('tbody tr').first();
    await visible(recorded.getByText('Rebuild', { exact: true }));
    await visible(recorded.getByText(ADMIN.email));
    await visible(recorded.getByText(REASON));
    await screenshot(adminPage, 'read-models-after-rebuild');
    await speakerSession.close();
    await adminSession.close();
  });

  test('a confirmation stays open, with what was typed, while the window crosses the breakpoint', async () => {
    // One frame for every area (components/SidebarLayout.tsx): a tablet turned or a window resized
    // does not mount the page afresh, so an open dialog and its text stay (issue 29).
    const { page } = await openSession(browser, app);
    await signInWithCookie(page, app, ADMIN.email, ADMIN.password);
    await page.goto('/admin/read_models');
    await page.getByTestId('read-model-payroll').getByRole('button', { name: 'Verify payroll' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verify payroll?' });
    await dialog.getByLabel('Reason').fill('Checking after the upgrade');
    for (const width of [600, 1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      // The layout has changed (the drawer the sidebar folds into exists below 900 px only) …
      await page.locator('#admin-drawer').waitFor({ state: width < 900 ? 'attached' : 'detached' });
      // … and the dialog is the same one.
      await visible(dialog);
      assert.equal(await dialog.getByLabel('Reason').inputValue(), 'Checking after the upgrade', `the reason is kept at ${width} px`);
    }
    await screenshot(page, 'read-models-dialog-phone');
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.context().close();
  });
});
