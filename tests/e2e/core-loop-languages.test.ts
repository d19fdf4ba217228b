/**
 * The core loop in Spanish and Brazilian Portuguese (issue 32): in a browser speaking the language,
 * a student opens a course's join link and pays by card, reserves a speaker's opening and sees its
 * lobby, then joins a conversation the speaker opens (both rooms in the language, each seeing the
 * other's video); the speaker, whose account's language is the same, sees the held conversation on
 * their payroll page. Every label the test looks for is the catalogs' translation of its English
 * (support/catalogWords.ts). Screenshots of every step (core-<locale>-<step>), and at each no line of
 * the page is a catalog text left in English. Sign-up and sign-in in these languages are i18n.test.ts's.
 */
import assert from 'node:assert/strict';
import { DateTime } from 'luxon';
import type { Browser, Page } from '@playwright/test';
import { matchLocale } from '../../contracts/i18n/locales';
import { PAYROLL_TIME_ZONE } from '../../contracts/payroll';
import { formatMoney } from '../../contracts/money';
import { signUpOnboarded, startTestApp, type TestApp } from '../support/app';
import { createCourse, createPlans, readModelsCaughtUp } from '../support/enrollment';
import { reserveOpenableNow } from '../support/live';
import { formatDay, formatTime, localDateOf } from '../../web/src/lib/time';
import { atPath, enabled, eventually, launchBrowser, openSession, screenshot, signInWithCookie, visible, test } from './support/browser';
import { englishOnly, say } from './support/catalogWords';
import { windowOpenedBy } from './support/live';
import { addWeeklyAvailability, CHANGE_USER, promotedSpeaker, wallClock } from './support/scheduling';

/** A 15-minute conversation lasts 30 seconds here: long enough to see both videos play. */
const SECONDS_PER_MINUTE = 2;
const COURSE = 'Conversación 101';
const STUDENT_NAME = 'Ada S.';
const PASSWORD = 'Student-Pass1';

let app: TestApp;
let browser: Browser;
let invite = '';

test.beforeAll(async () => {
  [app, browser] = await Promise.all([
    startTestApp({ conversationSecondsPerMinute: SECONDS_PER_MINUTE, videoProvider: 'local' }, 'e2e-core-loop'),
    launchBrowser({ fakeMedia: true }),
  ]);
  await createPlans(app);
  const instructor = await signUpOnboarded(app, 'core.teacher@example.com', 'Teacher-Pass1', 'INSTRUCTOR');
  invite = (await createCourse(app, instructor.token, { name: COURSE })).inviteNumber;
});
test.afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** The peer's video in a room plays: frames of a real size, and the play position moves on. */
async function peerVideoPlays(page: Page, label: string) {
  const video = () =>
    page.evaluate((name) => {
      const v = document.querySelector<HTMLVideoElement>(`video[aria-label="${name}"]`);
      return v ? { width: v.videoWidth, time: v.currentTime, paused: v.paused } : null;
    }, label);
  const first = await eventually(async () => {
    const v = await video();
    return v && v.width > 0 && v.time > 0 ? v : null;
  }, `${label} to play`);
  const later = await eventually(async () => {
    const v = await video();
    return v && v.time > first.time + 0.3 ? v : null;
  }, `${label} to keep playing`);
  assert.equal(later.paused, false);
  assert.ok(later.width >= 320, `a real picture (${later.width} px wide)`);
}

/** No line of the page is a catalog text left in English (one the language says otherwise). */
async function noEnglishLeft(page: Page, locale: string) {
  const english = englishOnly(locale);
  const lines = await page.evaluate(() => document.body.innerText.split('\n').map((line) => line.trim()));
  assert.deepEqual(
    lines.filter((line) => english.has(line)),
    [],
    `English on ${page.url()}`,
  );
}

const LANGUAGES = [
  { locale: 'es-ES', zone: 'Europe/Madrid', speakerName: 'Lucía G.' },
  { locale: 'pt-BR', zone: 'America/Sao_Paulo', speakerName: 'João P.' },
];

for (const { locale, zone, speakerName } of LANGUAGES) {
  test(`${locale}: enroll, reserve, the lobby, a conversation and the speaker's payroll, all in ${locale}`, async () => {
    const s = (english: string, values?: Record<string, string | number | Date>) => say(locale, english, values);
    const shot = async (page: Page, step: string, fullPage = true) => {
      await screenshot(page, `core-${locale.toLowerCase()}-${step}`, { fullPage });
      await noEnglishLeft(page, locale);
    };
    const minutesLink = (page: Page, minutes: number) =>
      visible(page.getByRole('link', { name: `${s('{minutes} mins', { minutes })}${s(' remaining')}`, exact: true }));

    const emailAddress = `core.${locale.toLowerCase()}@example.com`;
    const student = await signUpOnboarded(app, emailAddress, PASSWORD);
    await app.gql(CHANGE_USER, { input: { displayName: STUDENT_NAME, tzIdentifier: zone } }, student.token);
    const speaker = await promotedSpeaker(app, { zone, displayName: speakerName });
    await app.gql(CHANGE_USER, { input: { locale: matchLocale(locale) } }, speaker.token);
    const opensOn = DateTime.now().setZone(zone).plus({ days: 3 }).toISODate()!;
    await addWeeklyAvailability(app, speaker, opensOn, '10:00', '11:00');

    // 1. Enroll: the join link, the card through the local gateway, the outcome and the header's minutes.
    const studentSession = await openSession(browser, app, { locale, timezoneId: zone });
    const { page } = studentSession;
    await signInWithCookie(page, app, emailAddress, PASSWORD);
    await page.goto(`/join/${invite}`);
    await atPath(page, '/student/courses');
    await minutesLink(page, 0);
    const panel = page.getByRole('region', { name: s('Enroll in a course') });
    await (await visible(panel.getByRole('checkbox'))).check();
    await (await enabled(panel.getByRole('button', { name: s('Continue') }))).click();
    await visible(panel.getByText(COURSE));
    assert.equal(await page.getByTestId('card-name').getAttribute('placeholder'), s('Your name as it appears on the card'));
    await page.getByTestId('card-name').fill('Ada Student');
    // The card's problems in the page's language too (the local gateway's own answers are Stripe's English).
    await page.getByTestId('card-number').fill('4242');
    await page.getByTestId('card-number').blur();
    await visible(panel.getByText(s('Your card number is incomplete.')));
    await page.getByTestId('card-number').fill('4242 4242 4242 4242');
    await page.getByTestId('card-expiry').fill('12/34');
    await page.getByTestId('card-cvc').fill('123');
    await shot(page, 'enroll-card');
    await (await enabled(panel.getByRole('button', { name: s('Pay {amount} for access', { amount: formatMoney(6000) }) }))).click();
    await visible(page.getByText(s('Your card was charged {amount}.', { amount: formatMoney(6000) })));
    await visible(page.getByTestId('outcome-title').getByText(s('Your payment was completed successfully!'), { exact: true }));
    await minutesLink(page, 60);
    await shot(page, 'enroll-outcome');

    // 2. Reserve: course and lesson, a speaker's opening, confirm; then home and the lobby.
    const start = wallClock(opensOn, '10:00', zone);
    const iso = start.toUTC().toISO()!;
    const time = formatTime(iso, zone, locale);
    const day = formatDay(start.toISODate()!, locale);
    await page.goto('/student/reserve');
    await visible(page.getByRole('radiogroup', { name: s('Course') }));
    await page.getByRole('radio', { name: new RegExp(`^${COURSE} \\(`) }).check();
    const lessons = await visible(page.getByRole('radiogroup', { name: s('Lesson') }));
    await lessons.getByRole('radio').first().check();
    await shot(page, 'reserve-choose');
    await (await enabled(page.getByRole('button', { name: s('Find a speaker') }))).click();
    const result = await visible(page.getByRole('article', { name: speakerName }));
    const opening = await visible(result.getByRole('button', { name: s('{time} on {day} with {name}', { time, day, name: speakerName }) }));
    await shot(page, 'reserve-results');
    await opening.click();
    const confirm = await visible(page.getByRole('region', { name: s('Confirm the reservation') }));
    await visible(confirm.getByRole('cell', { name: speakerName }));
    await visible(confirm.getByRole('cell', { name: s('{remaining} ({after} after this reservation)', { remaining: 60, after: 45 }) }));
    await shot(page, 'reserve-confirm');
    await confirm.getByRole('button', { name: s('Reserve'), exact: true }).click();
    await visible(page.getByText(s('The conversation was reserved successfully!')));
    await atPath(page, '/student/home');
    await minutesLink(page, 45);
    const upcoming = await visible(page.getByRole('list', { name: s('Upcoming conversations') }));
    const when = s('{day} at {time}', { day, time });
    await visible(upcoming.getByText(when));
    await shot(page, 'home');
    await upcoming.getByRole('link', { name: s('Lobby for {when}', { when }) }).click();
    await visible(page.getByRole('heading', { name: s('Get Ready for your Conversation') }));
    await visible(page.getByRole('button', { name: s('student.lobby.pleaseWait') }));
    await visible(page.getByRole('tab', { name: s('Discussion Topic') }));
    await shot(page, 'lobby');

    // 3. A conversation now: the speaker opens the room from the conversation's page, the student joins from the lobby.
    const { conversationId: id, start: heldStart } = await reserveOpenableNow(app, speaker, student);
    const speakerSession = await openSession(browser, app, { locale, timezoneId: zone });
    const speakerPage = speakerSession.page;
    // The rooms' windows' uncaught errors count as their session's (its close asserts there are none).
    for (const session of [studentSession, speakerSession])
      session.context.on('page', (opened) => opened.on('pageerror', (error) => session.pageErrors.push(error)));
    await signInWithCookie(speakerPage, app, speaker.emailAddress, speaker.password);
    await speakerPage.goto(`/speaker/conversations/${id}`);
    const startButton = await enabled(speakerPage.getByTestId('start-button'));
    assert.equal((await startButton.textContent())?.trim(), s('Start'));
    await visible(speakerPage.getByText(s('speaker.conversations.status.reserved'), { exact: true }));
    await visible(speakerPage.getByText(s('{minutes, plural, one {# minute} other {# minutes}}', { minutes: 15 }), { exact: true }));
    await shot(speakerPage, 'speaker-conversation');
    const speakerRoom = await windowOpenedBy(speakerSession, () => startButton.click());
    await visible(speakerRoom.getByRole('status').getByText(s('Please wait. The conversation will begin once everyone joins')));
    await visible(speakerRoom.getByLabel(s('Your video')));
    await shot(speakerRoom, 'room-speaker-waiting', false);

    await page.goto(`/student/lobby?id=${id}`);
    // Past 5 minutes after the start, the lobby may first say the speaker is late: the student keeps waiting.
    const late = page.getByRole('dialog', { name: s("We're sorry") });
    const ready = page.getByRole('dialog', { name: s('Your conversation is ready') });
    await eventually(async () => {
      if (await late.isVisible()) await late.getByRole('button', { name: s('Keep waiting') }).click();
      return ready.isVisible();
    }, 'the lobby to say the conversation is ready');
    await shot(page, 'lobby-ready');
    const studentRoom = await windowOpenedBy(studentSession, () => ready.getByRole('button', { name: s('Ready!') }).click());
    await peerVideoPlays(studentRoom, s("{name}'s video", { name: speakerName }));
    await peerVideoPlays(speakerRoom, s("{name}'s video", { name: STUDENT_NAME }));
    const side = studentRoom.getByRole('complementary', { name: s('Side panel') });
    await visible(side.getByRole('tab', { name: s('Chat') }));
    await visible(studentRoom.getByRole('button', { name: s('Mute microphone') }));
    await shot(studentRoom, 'room-student', false);
    await shot(speakerRoom, 'room-speaker', false);
    await visible(studentRoom.getByText(s('The conversation has ended. This window can be closed.')), 60_000);
    await visible(speakerRoom.getByText(s('The conversation has ended. This window can be closed.')), 15_000);
    await shot(studentRoom, 'room-ended', false);

    // 4. Payroll: the speaker's month shows the held conversation, in their account's language.
    await readModelsCaughtUp(app, ['payroll']);
    await speakerPage.bringToFront();
    await speakerPage.goto('/speaker/payroll');
    await visible(speakerPage.getByRole('heading', { name: s('Payroll'), level: 1 }));
    // The held conversation's month, chosen (it is the last month in the first minutes of a month), named in the language.
    const month = DateTime.fromJSDate(heldStart, { zone: PAYROLL_TIME_ZONE })
      .setLocale(locale)
      .toLocaleString({ month: 'long', year: 'numeric' });
    await speakerPage.getByLabel(s('Month')).click();
    await speakerPage.getByRole('option', { name: month, exact: true }).click();
    await speakerPage.locator('.MuiPopover-root').waitFor({ state: 'detached' });
    await visible(speakerPage.getByRole('heading', { name: month, level: 2 }));
    const lines = await visible(speakerPage.getByRole('table', { name: s('Itemized pay') }));
    const held = await visible(lines.locator('tbody tr').filter({ hasText: s('Conversation') }));
    await visible(held.getByRole('cell', { name: '15', exact: true }));
    const heldIso = heldStart.toISOString();
    const heldAt = s('{day} at {time}', { day: formatDay(localDateOf(heldIso, zone), locale), time: formatTime(heldIso, zone, locale) });
    await visible(held.getByRole('cell', { name: heldAt }));
    await shot(speakerPage, 'payroll');
    await speakerSession.close();
    await studentSession.close();
  });
}
