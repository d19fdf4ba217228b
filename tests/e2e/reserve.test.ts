/**
 * Reserving in Chromium (issue 8): a student in another time zone finds a speaker's weekly
 * opening at the right local time, reserves it, sees it in the lobby, cancels more than 12 hours
 * ahead and gets the minutes back; and the same across a daylight-saving change.
 *
 * The DST run needs a zone whose offset changes within the next days. When none of the usual
 * zones changes soon (most of the year), the whole product's clock — this process's `Date`, which
 * the in-process server uses, and the browser's through Playwright's clock — is moved forward by
 * a constant to a few days before the next change, so the test is the same on any day it runs.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { DateTime, Settings } from 'luxon';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { READ_AFTER_HEADER, WRITTEN_HEADER } from '../../contracts/readAfter';
import { startTestApp, type TestApp } from '../support/app';
import { assertTabsFit, atPath, enabled, minutesShown, titled, visible, WAIT_MS, signInWithCookie, test } from './support/browser';
import {
  addWeeklyAvailability,
  dstWindow,
  enrolledStudent,
  nextDstWindowStart,
  promotedSpeaker,
  shownDay,
  shownTime,
  wallClock,
} from './support/scheduling';

const SCREENSHOTS = path.resolve(process.env.SCREENSHOT_DIR ?? path.join(import.meta.dirname, '../../.test-data/screenshots'));
async function screenshot(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

let browser: Browser;
test.beforeAll(async () => {
  const { launchBrowser } = await import('./support/browser');
  browser = await launchBrowser();
});
test.afterAll(async () => {
  await browser?.close();
});

/** A context in the student's zone (the browser's own zone too), en-GB like the other browser tests. */
async function studentContext(
  app: TestApp,
  timezoneId: string,
  clockAt?: Date,
): Promise<{ context: BrowserContext; page: Page; errors: Error[] }> {
  const context = await browser.newContext({ baseURL: app.url, viewport: { width: 1280, height: 900 }, locale: 'en-GB', timezoneId });
  context.setDefaultTimeout(WAIT_MS);
  await context.addInitScript('globalThis.__name = globalThis.__name || ((fn) => fn);');
  if (clockAt) await context.clock.install({ time: clockAt });
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (e) => errors.push(e));
  return { context, page, errors };
}

/** Moves this process's clock forward by `ms` (Date and luxon): the in-process server reads it. */
function shiftClock(ms: number): () => void {
  const RealDate = Date;
  class ShiftedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + ms);
      else super(...(args as [string]));
    }
    static override now() {
      return RealDate.now() + ms;
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor;
  const realNow = Settings.now;
  Settings.now = () => RealDate.now() + ms;
  return () => {
    globalThis.Date = RealDate;
    Settings.now = realNow;
  };
}

interface Expected {
  speakerName: string;
  courseName: string;
  studentZone: string;
  /** The opening to reserve, as an instant. */
  start: DateTime;
  minutesBefore: number;
  label: string;
}

/** Reserve → home → lobby → cancel, checking times in the student's zone at each step. */
async function reserveSeeAndCancel(page: Page, e: Expected) {
  try {
    await reserveSeeAndCancelSteps(page, e);
  } catch (error) {
    await screenshot(page, `${e.label}-failure`).catch(() => {});
    throw error;
  }
}

async function reserveSeeAndCancelSteps(page: Page, e: Expected) {
  const time = shownTime(e.start, e.studentZone);
  const endTime = shownTime(e.start.plus({ minutes: 15 }), e.studentZone);
  const day = shownDay(e.start, e.studentZone);

  await page.goto('/student/reserve');
  await titled(page, 'Tertulia - Reserve Conversation');
  await visible(page.getByRole('radiogroup', { name: 'Course' }));
  await page.getByRole('radio', { name: `${e.courseName} (Spanish, 15 minutes)` }).check();
  const lessons = await visible(page.getByRole('radiogroup', { name: 'Lesson' }));
  await lessons.getByRole('radio').first().check();
  await screenshot(page, `${e.label}-choose`);
  await (await enabled(page.getByRole('button', { name: 'Find a speaker' }))).click();

  const result = await visible(page.getByRole('article', { name: e.speakerName }));
  const opening = result.getByRole('button', { name: `${time} on ${day} with ${e.speakerName}` });
  await visible(opening);
  await screenshot(page, `${e.label}-results`);
  await opening.click();

  const confirm = await visible(page.getByRole('region', { name: 'Confirm the reservation' }));
  await visible(confirm.getByRole('cell', { name: e.speakerName }));
  await visible(confirm.getByRole('cell', { name: new RegExp(`^${time} – ${endTime} `) }));
  await visible(confirm.getByRole('cell', { name: day }));
  await visible(confirm.getByRole('cell', { name: `${e.minutesBefore} (${e.minutesBefore - 15} after this reservation)` }));
  await screenshot(page, `${e.label}-confirm`);
  // The reservation answers before its read models have it; the page's next request carries the
  // answer's mark, so the home reads the reservation and the minutes it took (contracts/readAfter.ts).
  const reserved = page.waitForResponse(
    (r) => r.url().endsWith('/graphql') && r.request().postData()?.includes('CreateReservation') === true,
  );
  const readAfter = page.waitForRequest((r) => r.url().endsWith('/graphql') && r.headers()[READ_AFTER_HEADER] !== undefined);
  await confirm.getByRole('button', { name: 'Reserve', exact: true }).click();
  const mark = await (await reserved).headerValue(WRITTEN_HEADER);
  assert.ok(mark, 'the reservation named where its events are');
  assert.equal((await readAfter).headers()[READ_AFTER_HEADER], mark);

  await visible(page.getByText('The conversation was reserved successfully!'));
  await atPath(page, '/student/home');
  await minutesShown(page, e.minutesBefore - 15);
  const upcoming = await visible(page.getByRole('list', { name: 'Upcoming conversations' }));
  await visible(upcoming.getByText(`${day} at ${time}`));
  await screenshot(page, `${e.label}-home`);
  await upcoming.getByRole('link', { name: `Lobby for ${day} at ${time}` }).click();

  await titled(page, 'Tertulia - Get Ready for your Conversation');
  await visible(page.getByRole('heading', { name: new RegExp(`^${day}, ${time} – ${endTime} `) }));
  const wait = await visible(page.getByRole('button', { name: 'Please wait' }));
  assert.equal(await wait.isDisabled(), true, 'not ready before the speaker opens it');
  // Before chat opens there is no message box to type into, and the lobby says when it opens.
  const chatOpens = e.start.minus({ minutes: 20 });
  await visible(
    page.getByText(
      `Sending a chat message is available 20 minutes prior to the reserved start time. Chat opens ${shownDay(chatOpens, e.studentZone)} at ${shownTime(chatOpens, e.studentZone)}.`,
    ),
  );
  assert.equal(await page.getByRole('textbox', { name: 'Message' }).count(), 0, 'no message box before chat opens');
  await screenshot(page, `${e.label}-lobby`);
  // The topic tab (its own chunk, loaded once the lobby has drawn) moves the reservation to another lesson.
  await page.getByRole('tab', { name: 'Discussion Topic' }).click();
  const topic = await visible(page.getByRole('tabpanel'));
  await topic.getByRole('combobox', { name: 'Another lesson' }).click();
  const another = page.getByRole('listbox').getByRole('option').first();
  const chosen = ((await another.textContent()) ?? '').replace(/^\d+\. /, '');
  await another.click();
  await topic.getByRole('button', { name: 'Change topic' }).click();
  await visible(page.getByText('The topic was changed successfully!'));
  await visible(topic.getByRole('heading', { name: chosen, level: 3 }));
  await screenshot(page, `${e.label}-lobby-topic`);
  await page.getByRole('tab', { name: 'Compatibility' }).click();
  await visible(page.getByText('No camera was found'));
  await page.getByRole('tab', { name: 'Cancel Conversation' }).click();
  assert.match(new URL(page.url()).search, /option=1/);
  await visible(page.getByText(/^You can cancel this conversation until .* and your minutes will be returned\.$/));
  await page.setViewportSize({ width: 375, height: 800 });
  await assertTabsFit(page.getByRole('tablist', { name: 'Lobby options' }));
  await screenshot(page, `${e.label}-lobby-375`);
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  const dialog = await visible(page.getByRole('dialog', { name: 'Cancel this conversation?' }));
  await dialog.getByRole('button', { name: 'Cancel conversation' }).click();
  await visible(page.getByText('The conversation was canceled successfully!'));
  await visible(page.getByRole('heading', { name: 'This conversation was canceled' }));
  await minutesShown(page, e.minutesBefore);
  await screenshot(page, `${e.label}-canceled`);
  await page.getByRole('link', { name: 'Go home now' }).click();
  await atPath(page, '/student/home');
}

test.describe('reserving in the browser', () => {
  test('a student in Madrid finds a New York speaker at the right local time, reserves, sees the lobby and cancels with the minutes back', async () => {
    const app = await startTestApp({}, 'e2e-reserve');
    const speakerZone = 'America/New_York';
    const studentZone = 'Europe/Madrid';
    const speaker = await promotedSpeaker(app, { displayName: 'Sofia M.', zone: speakerZone });
    const date = DateTime.now().setZone(speakerZone).plus({ days: 3 }).toISODate()!;
    await addWeeklyAvailability(app, speaker, date, '10:00', '11:00');
    const student = await enrolledStudent(app, { zone: studentZone, courseName: 'Spanish Conversation 101' });

    const { context, page, errors } = await studentContext(app, studentZone);
    await signInWithCookie(page, app, student.emailAddress, student.password);
    await page.goto('/student/home');
    await minutesShown(page, 60);
    await reserveSeeAndCancel(page, {
      speakerName: 'Sofia M.',
      courseName: 'Spanish Conversation 101',
      studentZone,
      start: wallClock(date, '10:00', speakerZone),
      minutesBefore: 60,
      label: 'reserve',
    });
    await context.close();
    assert.deepEqual(errors.map(String), []);
    await app.close();
  });

  test('shows the weekly wall-clock time correctly on both sides of a daylight-saving change, and reserves after it', async () => {
    const real = DateTime.now();
    const found = dstWindow(real);
    const window = found ? { at: real, ...found } : nextDstWindowStart(real);
    // Start 3 days before the change (or now, when a change is that close already).
    const shift = found ? 0 : Math.max(0, window.change.minus({ days: 3 }).toMillis() - real.toMillis());
    const restore = shiftClock(shift);
    const app = await startTestApp({}, 'e2e-reserve-dst');
    try {
      const speakerZone = window.zone;
      // A zone without daylight saving: what the student sees moves by exactly the speaker's change.
      const studentZone = 'Asia/Tokyo';
      const changeDate = window.change.setZone(speakerZone).toISODate()!;
      const before = window.change.setZone(speakerZone).minus({ days: 1 }).toISODate()!;
      const speaker = await promotedSpeaker(app, { displayName: 'Lucas P.', zone: speakerZone });
      await addWeeklyAvailability(app, speaker, before, '10:00', '10:30');
      await addWeeklyAvailability(app, speaker, changeDate, '10:00', '10:30');
      const student = await enrolledStudent(app, { zone: studentZone, courseName: 'Spanish DST' });

      const beforeStart = wallClock(before, '10:00', speakerZone);
      const afterStart = wallClock(changeDate, '10:00', speakerZone);
      const offsetMoved = afterStart.offset - beforeStart.offset;
      assert.notEqual(offsetMoved, 0, `${speakerZone} changes its offset on ${changeDate}`);
      assert.notEqual(
        shownTime(beforeStart, studentZone),
        shownTime(afterStart, studentZone),
        'the same wall clock is another local time across the change',
      );

      const { context, page, errors } = await studentContext(app, studentZone, new Date(Date.now()));
      await signInWithCookie(page, app, student.emailAddress, student.password);
      await page.goto('/student/home');
      await minutesShown(page, 60);
      // Both occurrences are listed, each at the speaker's 10:00 converted on its own day.
      await page.goto('/student/reserve');
      await page.getByRole('radio', { name: 'Spanish DST (Spanish, 15 minutes)' }).check();
      await (await visible(page.getByRole('radiogroup', { name: 'Lesson' }))).getByRole('radio').first().check();
      await page.getByRole('button', { name: 'Find a speaker' }).click();
      const result = await visible(page.getByRole('article', { name: 'Lucas P.' }));
      for (const start of [beforeStart, afterStart]) {
        await visible(
          result.getByRole('button', { name: `${shownTime(start, studentZone)} on ${shownDay(start, studentZone)} with Lucas P.` }),
        );
      }
      await screenshot(page, 'reserve-dst-results');
      await reserveSeeAndCancel(page, {
        speakerName: 'Lucas P.',
        courseName: 'Spanish DST',
        studentZone,
        start: afterStart,
        minutesBefore: 60,
        label: 'reserve-dst',
      });
      await context.close();
      assert.deepEqual(errors.map(String), []);
    } finally {
      await app.close();
      restore();
    }
  });
});
