/**
 * The speaker's calendar screens in Chromium (issue 8): a promoted speaker publishes weekly
 * availability by selecting in the calendar, moves it by dragging, sees a change the server
 * refuses (an overlap the visible week cannot show) come back, and removes one; the speaker's
 * conversation detail shows 'Too Early' and a working Cancel for a reservation made through the
 * API; the planner lists it and refreshes; the admin tab shows the same calendar.
 */
import assert from 'node:assert/strict';
import { DateTime } from 'luxon';
import type { Browser, Page } from '@playwright/test';
import { createAdmin, type TestApp, startTestApp } from '../support/app';
import { addAvailability } from '../support/scheduling';
import { counted, hidden, openSession, screenshot, visible, signInWithCookie, test } from './support/browser';
import { promotedSpeaker, reserveThroughApi, studentWithMinutes, type SpeakerAccount } from './support/scheduling';

const ZONE = 'America/New_York';

let app: TestApp;
let browser: Browser;
let speaker: SpeakerAccount;

test.beforeAll(async () => {
  const { launchBrowser } = await import('./support/browser');
  [app, browser] = await Promise.all([startTestApp({}, 'e2e-availability'), launchBrowser()]);
  speaker = await promotedSpeaker(app, { languages: ['es'], zone: ZONE });
});
test.afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function signInAsSpeaker(page: Page) {
  await signInWithCookie(page, app, speaker.emailAddress, speaker.password);
}

/**
 * The middles of the calendar cells for `date` ('YYYY-MM-DD') at `from` and `to` ('HH:mm:ss'), in
 * page coordinates, read in one scroll position: both cells are scrolled into view first, then
 * measured. (Measuring one, then scrolling to the other, left the first point stale: a drag that
 * began on an empty slot made a selection instead of a move.)
 */
async function slotPoints(page: Page, date: string, from: string, to: string) {
  const lane = (time: string) => page.locator(`td.fc-timegrid-slot-lane[data-time="${time}"]`);
  await lane(to).scrollIntoViewIfNeeded();
  await lane(from).scrollIntoViewIfNeeded();
  const viewport = page.viewportSize()!;
  const column = await page.locator(`td.fc-timegrid-col[data-date="${date}"]`).boundingBox();
  return Promise.all(
    [from, to].map(async (time) => {
      const box = await lane(time).boundingBox();
      assert.ok(column && box, `the calendar shows ${date} ${time}`);
      const point = { x: column.x + column.width / 2, y: box.y + box.height / 2 };
      assert.ok(point.y > 0 && point.y < viewport.height, `${date} ${time} is on the screen with the other end of the drag`);
      return point;
    }),
  );
}

async function drag(page: Page, [from, to]: { x: number; y: number }[]) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x, from.y + 5, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}

const events = (page: Page) => page.getByTestId('availability-event');

/**
 * The points to drag the event at `from` on `date` to `to`, read in the page in one frame once the
 * event is under the first point: both cells scrolled into view, then measured, then the event
 * found at the start (`elementFromPoint`). A gesture begun where the event is not makes a
 * selection instead of a move (one run in five under load opened the Add dialog here). The cells
 * are scrolled to the middle, not just into view, and the end must be the calendar's own: the
 * success snackbars stand fixed at the bottom of the window (notistack pauses their 3 s while the
 * window has no focus or the pointer is over them: the screenshots show an earlier one still there),
 * and a cell scrolled to the window's bottom edge can be under them (a CI run waited 30 s for an
 * event that was on the page; taken to be this, not reproduced). A full run of 2026-11-30 waited 30 s
 * here again, at the second drag (after the one-off added through the API), with nothing to say why:
 * a timeout now says what stood under each point and where the events were.
 */
async function eventMovePoints(page: Page, date: string, from: string, to: string) {
  try {
    const points = await page.waitForFunction(
      ({ date, from, to }) => {
        const lane = (time: string) => document.querySelector(`td.fc-timegrid-slot-lane[data-time="${time}"]`);
        const column = document.querySelector(`td.fc-timegrid-col[data-date="${date}"]`);
        const [fromLane, toLane] = [lane(from), lane(to)];
        if (!column || !fromLane || !toLane) return false;
        toLane.scrollIntoView({ block: 'center' });
        fromLane.scrollIntoView({ block: 'center' });
        const x = column.getBoundingClientRect().left + column.getBoundingClientRect().width / 2;
        const middle = (cell: Element) => cell.getBoundingClientRect().top + cell.getBoundingClientRect().height / 2;
        const start = { x, y: middle(fromLane) };
        const end = { x, y: middle(toLane) };
        const atStart = document.elementFromPoint(start.x, start.y);
        const atEnd = document.elementFromPoint(end.x, end.y);
        // Kept for a failure's message: what stood at each point, and where the events were.
        const named = (element: Element | null) =>
          element
            ? `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 50)} (in ${element.closest('[role]')?.getAttribute('role') ?? 'no role'})`
            : 'nothing';
        const events = [...document.querySelectorAll('[data-testid="availability-event"]')].map((event) => {
          const box = event.getBoundingClientRect();
          return `${event.getAttribute('aria-label')} at ${Math.round(box.left)},${Math.round(box.top)} ${Math.round(box.width)}x${Math.round(box.height)}`;
        });
        document.body.dataset.lastDragCheck = `start ${Math.round(start.x)},${Math.round(start.y)}: ${named(atStart)}; end ${Math.round(end.x)},${Math.round(end.y)}: ${named(atEnd)}; window ${innerWidth}x${innerHeight} scrolled to ${Math.round(scrollY)}; events: ${events.join(' | ') || 'none'}`;
        const onEvent = atStart?.closest('[data-testid="availability-event"]');
        const onCalendar = atEnd?.closest('.fc-timegrid-body');
        return onEvent && onCalendar ? [start, end] : false;
      },
      { date, from, to },
    );
    return (await points.jsonValue()) as { x: number; y: number }[];
  } catch (error) {
    const seen = await page.evaluate(() => document.body.dataset.lastDragCheck ?? 'the calendar or its cells never showed');
    throw new Error(
      `The drag of ${date} ${from} to ${to} never had the event under its start and the calendar under its end. Last seen: ${seen}`,
      {
        cause: error,
      },
    );
  }
}

/**
 * The calendar's refetch of its events, which follows every change (not awaited by the page): its
 * answer redraws the events, and a drag begun before it lands can lose its event mid-gesture.
 */
const eventsRefetched = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith('/graphql') && r.request().postDataJSON()?.operationName === 'AvailabilityOccurrences');

/** The links the speaker's sidebar holds, which the header then leaves out (FAQ opens a new tab). */
const SIDEBAR_LINKS = [/^Settings$/, /^Help$/, /^FAQ \(opens in a new tab\)$/, /^Sign out$/];

/** While the speaker's sidebar is on screen the header keeps only its logo: no links, no menu button. */
async function headerOnlyLogo(page: Page) {
  const banner = page.getByRole('banner');
  assert.deepEqual(await banner.getByRole('link').allInnerTexts(), ['Tertulia'], 'the header keeps only the logo');
  assert.equal(await banner.getByRole('button').count(), 0, 'and no menu button of its own');
}

/**
 * Each link once (docs/decisions/instructor-sidebar-and-search.md, "Instructor sidebar and search"); `count` 0 while the drawer is closed.
 * Waited for, as every other check: a count read once just after the drawer slid in saw no Settings
 * link in one run of eight under load, though the trace's snapshot of that moment shows it there.
 */
async function sidebarLinksCount(page: Page, count = 1) {
  for (const name of SIDEBAR_LINKS) await counted(page.getByRole('link', { name }), count, `${name} link(s)`);
}

test.describe('the speaker calendar screens', () => {
  // Next week, so that every time is in the future whatever the day the test runs.
  const tuesday = DateTime.now().setZone(ZONE).startOf('week').plus({ weeks: 1, days: 1 });
  const date = tuesday.toISODate()!;

  test('publishes weekly availability by selecting, moves it by dragging, sees a refused change come back, removes one', async () => {
    const session = await openSession(browser, app);
    const { page } = session;
    await page.setViewportSize({ width: 1280, height: 1200 });
    await signInAsSpeaker(page);
    await page.goto('/speaker/availability');
    await visible(page.getByRole('heading', { name: 'Availability', level: 1 }));
    await visible(page.getByTestId('calendar-zone').getByText(/^America\/New_York \((EST|EDT), UTC-[45]\)$/));
    await visible(page.getByTestId('availability-empty'));
    await page.getByRole('button', { name: 'Next week' }).click();
    await visible(page.locator(`td.fc-timegrid-col[data-date="${date}"]`));

    // Select Tuesday 09:00–10:00 and make it weekly.
    await drag(page, await slotPoints(page, date, '09:00:00', '09:45:00'));
    const dialog = await visible(page.getByRole('dialog', { name: 'Add availability' }));
    assert.equal(await dialog.getByLabel('Starts').inputValue(), '09:00');
    assert.equal(await dialog.getByLabel('Ends').inputValue(), '10:00');
    await dialog.getByRole('radio', { name: 'Every week on Tuesday' }).check();
    await screenshot(page, 'availability-add-dialog');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await visible(page.getByText('The availability was added successfully!'));
    const weekly = await visible(events(page).first());
    assert.match((await weekly.getAttribute('aria-label')) ?? '', /^Weekly availability, .*9:00AM–10:00AM/);
    await hidden(page.getByTestId('availability-empty'));
    // It repeats: the week after shows it too.
    await page.getByRole('button', { name: 'Next week' }).click();
    await visible(page.locator(`td.fc-timegrid-col[data-date="${tuesday.plus({ weeks: 1 }).toISODate()}"]`));
    await visible(events(page).first());
    await page.getByRole('button', { name: 'Previous week' }).click();
    await visible(page.locator(`td.fc-timegrid-col[data-date="${date}"]`));

    // Drag it two hours later: the whole series moves.
    const redrawn = eventsRefetched(page);
    await drag(page, await eventMovePoints(page, date, '09:15:00', '11:15:00'));
    await visible(page.getByText(/^The weekly availability was changed successfully!/));
    await redrawn;
    await page.waitForFunction(() =>
      /11:00AM–12:00PM/.test(document.querySelector('[data-testid="availability-event"]')?.getAttribute('aria-label') ?? ''),
    );
    await screenshot(page, 'availability-week');

    // A one-off the week after, 13:00–14:00, which this week cannot show: moving the series onto
    // 13:00 is refused by the server, and the event comes back to 11:00.
    const blocker = tuesday.plus({ weeks: 1 }).set({ hour: 13 });
    await addAvailability(app, speaker, blocker.toJSDate(), blocker.plus({ hours: 1 }).toJSDate(), ZONE, false);
    await drag(page, await eventMovePoints(page, date, '11:15:00', '13:15:00'));
    await visible(page.getByText('Availability may not overlap other availability.'));
    await page.waitForFunction(() => {
      const all = [...document.querySelectorAll('[data-testid="availability-event"]')];
      return all.length === 1 && /11:00AM–12:00PM/.test(all[0].getAttribute('aria-label') ?? '');
    });
    await screenshot(page, 'availability-refused');

    // Remove the one-off from the week after, by keyboard.
    await page.getByRole('button', { name: 'Next week' }).click();
    await visible(page.locator(`td.fc-timegrid-col[data-date="${blocker.toISODate()}"]`));
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="availability-event"]').length === 2);
    const oneOff = page.locator('[data-testid="availability-event"][aria-label^="Availability,"]');
    await oneOff.focus();
    await page.keyboard.press('Enter');
    const details = await visible(page.getByRole('dialog', { name: 'Availability' }));
    await details.getByRole('button', { name: 'Remove' }).click();
    const confirm = await visible(page.getByRole('dialog', { name: 'Remove this availability?' }));
    await screenshot(page, 'availability-remove-confirm');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await visible(page.getByText('The availability was removed successfully!'));
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="availability-event"]').length === 1);

    // Fine at 375 px: the calendar shows one day.
    await page.setViewportSize({ width: 375, height: 800 });
    await visible(page.locator('.fc-timeGridDay-view'));
    await screenshot(page, 'availability-375');
    await session.close();
  });

  test("shows 'Too Early' and a working Cancel for a reservation made through the API; the planner lists it", async () => {
    const student = await studentWithMinutes(app, 60);
    const day = DateTime.now().setZone(ZONE).plus({ days: 2 }).set({ hour: 18, minute: 0, second: 0, millisecond: 0 });
    await addAvailability(app, speaker, day.toJSDate(), day.plus({ hours: 1 }).toJSDate(), ZONE, false);
    const conversationId = await reserveThroughApi(app, student, speaker.accountId, day.toJSDate());

    const session = await openSession(browser, app);
    const { page } = session;
    await signInAsSpeaker(page);
    await page.goto('/speaker/planner');
    await visible(page.getByRole('heading', { name: 'Planner', level: 1 }));
    await headerOnlyLogo(page);
    await sidebarLinksCount(page);
    const row = await visible(page.getByRole('link', { name: /6:00PM–6:15PM/ }).first());
    await page.getByRole('button', { name: 'Refresh' }).click();
    await visible(page.getByText('The planner was refreshed successfully!'));
    await screenshot(page, 'planner');
    assert.ok(await row.isVisible());

    await page.goto('/speaker/conversations');
    await visible(page.getByRole('heading', { name: 'Conversations', level: 1 }));
    const listed = await visible(page.getByRole('link', { name: /6:00PM–6:15PM/ }));
    await screenshot(page, 'speaker-conversations');
    await listed.click();
    await page.waitForURL((url) => url.pathname === `/speaker/conversations/${conversationId}`);
    await visible(page.getByRole('table', { name: 'Conversation details' }).getByText('15 minutes'));
    const start = await visible(page.getByTestId('start-button'));
    assert.equal((await start.textContent())?.trim(), 'Too Early');
    assert.equal(await start.isDisabled(), true);
    await screenshot(page, 'conversation-detail');
    const cancelCard = page.getByRole('region', { name: 'Cancel' });
    await cancelCard.getByRole('button', { name: 'Cancel', exact: true }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Cancel this conversation?' }));
    await dialog.getByRole('button', { name: 'Cancel conversation' }).click();
    await visible(page.getByText('The conversation was canceled successfully!'));
    await visible(cancelCard.getByRole('button', { name: 'Canceled' }));
    assert.equal((await page.getByTestId('start-button').textContent())?.trim(), 'Cannot Start');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'conversation-detail-375');

    // A phone: one menu button, the speaker's; its drawer holds each link once.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/speaker/conversations');
    await visible(page.getByRole('heading', { name: 'Conversations', level: 1 }));
    const menu = await visible(page.getByRole('button', { name: 'Speaker menu' }));
    await headerOnlyLogo(page);
    await sidebarLinksCount(page, 0);
    await screenshot(page, 'speaker-conversations-390');
    await menu.click();
    const drawer = page.locator('#speaker-drawer');
    await visible(drawer.getByRole('navigation', { name: 'Speaker' }));
    await page.waitForFunction(() => document.querySelector('#speaker-drawer .MuiDrawer-paper')?.getBoundingClientRect().left === 0); // slid in
    await sidebarLinksCount(page);
    await screenshot(page, 'speaker-drawer-390');
    await drawer.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL((url) => url.pathname === '/speaker/settings');
    await hidden(drawer);
    await visible(page.getByRole('heading', { name: 'Settings', level: 1 }));
    await headerOnlyLogo(page);
    await session.close();
  });

  test('shows the same calendar to an admin on the speaker tab', async () => {
    // A speaker of its own, with weekly availability on Tuesdays 11:00–12:00 (what the first test
    // leaves behind, made here so this test stands alone).
    const another = await promotedSpeaker(app, { languages: ['es'], zone: ZONE, displayName: 'Lucia P.' });
    const eleven = tuesday.set({ hour: 11, minute: 0, second: 0, millisecond: 0 });
    await addAvailability(app, another, eleven.toJSDate(), eleven.plus({ hours: 1 }).toJSDate(), ZONE, true);
    await createAdmin(app);
    const session = await openSession(browser, app);
    const { page } = session;
    await page.setViewportSize({ width: 1280, height: 1200 });
    await signInWithCookie(page, app, 'admin@example.com', 'Adm1nPassword');
    await page.goto(`/admin/speakers/${another.accountId}/availability`);
    await visible(page.getByTestId('calendar-zone').getByText(/^America\/New_York/));
    await page.getByRole('button', { name: 'Next week' }).click();
    await visible(page.locator(`td.fc-timegrid-col[data-date="${date}"]`));
    await visible(events(page).first());
    assert.match((await events(page).first().getAttribute('aria-label')) ?? '', /11:00AM–12:00PM/);
    await screenshot(page, 'admin-speaker-availability');
    await session.close();

    // In the browser's Spanish, the calendar's own day headers, its title, its hours and its events' titles are Spanish too.
    const spanish = await openSession(browser, app, { viewport: { width: 1280, height: 1200 }, locale: 'es-ES' });
    await signInWithCookie(spanish.page, app, 'admin@example.com', 'Adm1nPassword');
    await spanish.page.goto(`/admin/speakers/${another.accountId}/availability`);
    await spanish.page.getByRole('button', { name: 'Semana siguiente' }).click();
    const header = await visible(spanish.page.locator(`th.fc-col-header-cell[data-date="${date}"]`));
    assert.match((await header.innerText()).trim(), /^mar\b/, 'Tuesday is «mar» in Spanish');
    await visible(events(spanish.page).first().getByText('Disponible (semanal)'));
    await screenshot(spanish.page, 'admin-speaker-availability-es');
    await spanish.close();
  });
});
