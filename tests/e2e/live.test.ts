/**
 * The live room in Chromium (issue 9), with the local provider (browser-to-browser WebRTC through
 * the API's signalling) and Chromium's fake camera and microphone: the speaker starts the
 * conversation from its detail page (a named window through /conversation/open), the student
 * joins from the lobby's 'Ready!' (another named window); each sees the other's video playing,
 * both progress bars advance, they chat both ways, the student's window reloads and rejoins, and
 * when the server's clock runs out both windows show the ended screen. A 15-minute conversation
 * lasts a minute here (CONVERSATION_SECONDS_PER_MINUTE 4), which the steps before the end must fit
 * in (at 30 seconds a busy machine ended it before the reloaded window had rejoined). The fake
 * microphone plays known speech and silence (support/fakeSpeech.ts): the speaker's measured speaking
 * time is within 10 % of it (issue 35), and both pages show it after the conversation. Prints the
 * time from the student's page load to the first frame of the speaker's video. LIVE_DEBUG=1 prints
 * the rooms' signalling.
 */
import assert from 'node:assert/strict';
import type { Browser, Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { createAdmin, startTestApp, type TestApp } from '../support/app';
import { reserveOpenableNow } from '../support/live';
import { TARDY_AFTER_MINUTES } from '../../contracts/scheduling';
import {
  WAIT_MS,
  enabled,
  eventually,
  hidden,
  launchBrowser,
  openSession,
  screenshot as saveScreenshot,
  visible,
  signInWithCookie,
  test,
} from './support/browser';
import { FAKE_SPEECH_SHARE } from './support/fakeSpeech';
import { assertPlaying, interruptibleSocket, roomPerson, windowOpenedBy } from './support/live';
import { CHANGE_USER, promotedSpeaker, studentWithMinutes } from './support/scheduling';

const SECONDS_PER_MINUTE = 4;
const SPEAKER_NAME = 'Sofia M.';
const STUDENT_NAME = 'Ada S.';
const UNREAD = `query($id: ID!) { conversation(conversationId: $id) { unreadMessagesCount } }`;
const ENDED = 'The conversation has ended. This window can be closed.';
const SPOKEN = `query($id: ID!) { conversation(conversationId: $id) { speakingTime { heldSeconds studentSeconds speakerSeconds } } }`;

/** The live room's screenshots are of the window as it is, not the whole page. */
const screenshot = (page: Page, name: string) => saveScreenshot(page, `live-${name}`, { fullPage: false });

let app: TestApp;
let browser: Browser;

test.beforeAll(async () => {
  [app, browser] = await Promise.all([
    startTestApp({ conversationSecondsPerMinute: SECONDS_PER_MINUTE, videoProvider: 'local' }, 'e2e-live'),
    launchBrowser({ fakeMedia: true, fakeSpeech: true }),
  ]);
});
test.afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const person = (width?: number, height?: number) => roomPerson(browser, app.url, width, height);

/** Waits until the peer's video shows frames; the time since the page's navigation started (ms). */
async function firstRemoteFrame(page: Page, peerName: string): Promise<number> {
  const handle = await page.waitForFunction(
    (label) => {
      const v = document.querySelector<HTMLVideoElement>(`video[aria-label="${label}"]`);
      return v && v.videoWidth > 0 && v.currentTime > 0 ? performance.now() : null;
    },
    `${peerName}'s video`,
    { polling: 'raf', timeout: WAIT_MS },
  );
  return Math.round((await handle.jsonValue()) as number);
}

const progressOf = async (page: Page) =>
  Number(await page.getByRole('progressbar', { name: 'Conversation progress' }).getAttribute('aria-valuenow'));

async function sendChat(page: Page, text: string) {
  await page.bringToFront();
  const panel = page.getByRole('complementary', { name: 'Side panel' });
  await panel.getByRole('tab', { name: 'Chat' }).click();
  const box = await enabled(panel.getByRole('textbox', { name: 'Message' }));
  await box.fill(text);
  await box.press('Enter');
  await visible(panel.getByRole('log', { name: 'Chat messages' }).getByText(text, { exact: true }));
}

async function seesChat(page: Page, text: string) {
  await page.bringToFront();
  const panel = page.getByRole('complementary', { name: 'Side panel' });
  await panel.getByRole('tab', { name: 'Chat' }).click();
  await visible(panel.getByRole('log', { name: 'Chat messages' }).getByText(text, { exact: true }));
}

test.describe('the live room', () => {
  test('connects the speaker and the student, keeps time, chats, rejoins after a reload and ends', async () => {
    const speakerAccount = await promotedSpeaker(app, { zone: 'UTC', displayName: SPEAKER_NAME });
    const studentAccount = await studentWithMinutes(app, 60);
    await app.gql(CHANGE_USER, { input: { displayName: STUDENT_NAME } }, studentAccount.token);
    const { conversationId: id, start } = await reserveOpenableNow(app, speakerAccount, studentAccount);
    // The start is on the quarter hour, up to 11 minutes ago: 5 minutes after it the speaker is
    // late. Keep clear of that moment, so the lobby is plainly on time or plainly late.
    const tardyAt = start.getTime() + TARDY_AFTER_MINUTES * 60_000;
    if (tardyAt - Date.now() > -10_000 && tardyAt - Date.now() < 40_000)
      // Deliberate: waits for a moment of the clock (10 s past the late mark), not for something to happen.
      await new Promise((r) => setTimeout(r, tardyAt - Date.now() + 10_000));
    const late = Date.now() > tardyAt;

    const speaker = await person();
    const student = await person();
    let speakerRoom: Page | undefined;
    let studentRoom: Page | undefined;
    try {
      // The student waits in the lobby: not ready until the speaker opens the conversation; when
      // the speaker is late and not here, the lobby offers the minutes back.
      await signInWithCookie(student.page, app, studentAccount.emailAddress, studentAccount.password);
      await student.page.goto(`/student/lobby?id=${id}`);
      const sorry = student.page.getByRole('dialog', { name: "We're sorry" });
      if (late) await visible(sorry);
      else await visible(student.page.getByRole('button', { name: 'Please wait' }));
      await screenshot(student.page, late ? 'lobby-speaker-late' : 'lobby-waiting');

      // The speaker arrives on the conversation's page: present, so the lobby stops offering.
      await signInWithCookie(speaker.page, app, speakerAccount.emailAddress, speakerAccount.password);
      await speaker.page.goto(`/speaker/conversations/${id}`);
      await hidden(sorry);
      await visible(student.page.getByRole('button', { name: 'Please wait' }));
      await visible(student.page.getByText('Waiting for the first chat message...'));

      // A lobby message reaches the speaker's planner as an unread count, live (issue 28).
      await speaker.page.goto('/speaker/planner');
      const plannerRow = speaker.page.getByRole('link', { name: `${STUDENT_NAME}, `, exact: false });
      await visible(plannerRow);
      await hidden(plannerRow.getByTestId('unread-messages'));
      const lobbyBox = await enabled(student.page.getByRole('textbox', { name: 'Message' }));
      await lobbyBox.fill('Running two minutes late, sorry!');
      await lobbyBox.press('Enter');
      const unread = await visible(plannerRow.getByTestId('unread-messages'));
      assert.equal((await unread.textContent())?.trim(), '1');
      assert.match((await plannerRow.getAttribute('aria-label')) ?? '', /, 1 unread message/);
      await saveScreenshot(speaker.page, 'live-planner-unread');
      await speaker.page.setViewportSize({ width: 375, height: 800 });
      await saveScreenshot(speaker.page, 'live-planner-unread-375');
      await speaker.page.setViewportSize({ width: 1280, height: 800 });

      // Opening the conversation shows the message in its chat card, which reads it: the count goes away.
      await plannerRow.click();
      await speaker.page.waitForURL((url) => url.pathname === `/speaker/conversations/${id}`);
      const chatCard = speaker.page.getByRole('region', { name: 'Chat' });
      await visible(chatCard.getByRole('log', { name: 'Chat messages' }).getByText('Running two minutes late, sorry!', { exact: true }));
      await eventually(
        async () => (await app.gql(UNREAD, { id }, speakerAccount.token)).data.conversation.unreadMessagesCount === 0,
        'the speaker to have read the message',
      );
      await speaker.page.goBack();
      await visible(plannerRow);
      await hidden(plannerRow.getByTestId('unread-messages'));
      await saveScreenshot(speaker.page, 'live-planner-read');
      await speaker.page.goForward();
      await visible(chatCard.getByRole('log', { name: 'Chat messages' }).getByText('Running two minutes late, sorry!', { exact: true }));
      await saveScreenshot(speaker.page, 'live-speaker-details-chat');
      await speaker.page.setViewportSize({ width: 375, height: 800 });
      await saveScreenshot(speaker.page, 'live-speaker-details-chat-375');
      await speaker.page.setViewportSize({ width: 1280, height: 800 });

      // The speaker starts it from the conversation's page: a window through /conversation/open.
      const startButton = await enabled(speaker.page.getByTestId('start-button'));
      assert.equal((await startButton.textContent())?.trim(), 'Start');
      speakerRoom = await windowOpenedBy(speaker, () => startButton.click());
      await speakerRoom.waitForURL((url) => url.pathname === '/conversation' && url.searchParams.get('id') === id);
      await visible(speakerRoom.getByRole('status').getByText('Please wait. The conversation will begin once everyone joins'));
      await visible(speakerRoom.getByLabel('Your video'));
      await screenshot(speakerRoom, 'speaker-waiting');

      // The lobby turns ready (the conversation changed) and its dialog opens the student's window.
      const dialog = await visible(student.page.getByRole('dialog', { name: 'Your conversation is ready' }));
      studentRoom = await windowOpenedBy(student, () => dialog.getByRole('button', { name: 'Ready!' }).click());
      const firstFrameMs = await firstRemoteFrame(studentRoom, SPEAKER_NAME);
      console.log(`# time from the student's page load to the first frame of the speaker's video: ${firstFrameMs} ms`);
      assert.equal(new URL(studentRoom.url()).pathname, '/conversation');

      // Each sees the other's video playing.
      await assertPlaying(studentRoom, SPEAKER_NAME);
      await assertPlaying(speakerRoom, STUDENT_NAME);
      assert.equal(
        await studentRoom.evaluate(() => getComputedStyle(document.body).minWidth),
        '800px',
        'the live page is at least 800 px wide',
      );

      // Both progress bars advance with the server's clock.
      const [s0, t0] = [await progressOf(speakerRoom), await progressOf(studentRoom)];
      await eventually(
        async () => (await progressOf(speakerRoom!)) > s0 && (await progressOf(studentRoom!)) > t0,
        'both progress bars to advance',
      );
      await visible(studentRoom.getByText(/^\d+:\d\d left$/));

      // Chat both ways; the lobby's Chat tab sees it too.
      await sendChat(studentRoom, '¡Hola! <b>¿Qué tal?</b>');
      await seesChat(speakerRoom, '¡Hola! <b>¿Qué tal?</b>');
      await sendChat(speakerRoom, 'Muy bien, ¿y tú?');
      await seesChat(studentRoom, 'Muy bien, ¿y tú?');
      await screenshot(studentRoom, 'student');
      await screenshot(speakerRoom, 'speaker');

      // The speaker turns the camera off and on: the student is told.
      await speakerRoom.getByRole('button', { name: 'Turn camera off' }).click();
      await visible(studentRoom.getByText(`${SPEAKER_NAME} turned off their camera`));
      await screenshot(studentRoom, 'student-peer-camera-off');
      await speakerRoom.getByRole('button', { name: 'Turn camera on' }).click();
      await studentRoom.getByText(`${SPEAKER_NAME} turned off their camera`).waitFor({ state: 'hidden' });

      // The side panel folds away; the room still fits a narrow window.
      await speakerRoom.setViewportSize({ width: 820, height: 600 });
      await speakerRoom.getByRole('button', { name: 'Hide the side panel' }).click();
      await screenshot(speakerRoom, 'speaker-collapsed-820');
      await speakerRoom.getByRole('button', { name: 'Show the side panel' }).click();
      // The selected tab's underline is measured again once the panel shows.
      await eventually(
        async () => ((await speakerRoom!.locator('#live-side-panel .MuiTabs-indicator').boundingBox())?.width ?? 0) > 50,
        'the tab underline',
      );
      await screenshot(speakerRoom, 'speaker-820');

      // A reload of the student's window joins again.
      await studentRoom.reload();
      const rejoinMs = await firstRemoteFrame(studentRoom, SPEAKER_NAME);
      console.log(`# after a reload, the first frame of the speaker's video came ${rejoinMs} ms after the page load`);
      await assertPlaying(studentRoom, SPEAKER_NAME);
      await assertPlaying(speakerRoom, STUDENT_NAME);
      await seesChat(studentRoom, 'Muy bien, ¿y tú?');

      // The lobby's chat holds the messages; on a phone too.
      await student.page.setViewportSize({ width: 375, height: 800 });
      await student.page.getByRole('tab', { name: 'Chat' }).click();
      await visible(student.page.getByRole('log', { name: 'Chat messages' }).getByText('Muy bien, ¿y tú?'));
      await saveScreenshot(student.page, 'live-lobby-375');

      // The server's clock runs out: both windows show the ended screen.
      await visible(studentRoom.getByText(ENDED), 75_000);
      await visible(speakerRoom.getByText(ENDED), 15_000);
      await screenshot(studentRoom, 'ended');
      assert.equal(new URL(speakerRoom.url()).pathname, '/conversation/ended');

      // Speaking time: both windows heard the fake microphone's speech; the speaker's window ran
      // throughout, so its measure is the fake's share within 10 % (the student's reload lost some).
      const spoken = await eventually(async () => {
        const t = (await app.gql(SPOKEN, { id }, speakerAccount.token)).data.conversation.speakingTime;
        return t.speakerSeconds > 0 && t.studentSeconds > 0 ? t : null;
      }, 'both windows to report their speaking time');
      const share = spoken.speakerSeconds / spoken.heldSeconds;
      console.log(
        `# the speaker's measured speaking share: ${(share * 100).toFixed(1)} % (the fake microphone: ${(FAKE_SPEECH_SHARE * 100).toFixed(1)} %), ${JSON.stringify(spoken)}`,
      );
      assert.ok(Math.abs(share - FAKE_SPEECH_SHARE) / FAKE_SPEECH_SHARE <= 0.1, `measured ${share}, played ${FAKE_SPEECH_SHARE}`);

      // The speaker's details now show both participants' connection history and the History drawer.
      await speaker.page.goto(`/speaker/conversations/${id}`);
      await visible(
        speaker.page.getByRole('region', { name: 'Speaking time' }).getByText(/^The student spoke \d+ of \d+ minutes? \(\d+%\)\.$/),
      );
      await saveScreenshot(speaker.page, 'live-speaker-speaking-time');
      const participants = speaker.page.getByRole('region', { name: 'Participants' });
      await visible(participants.getByRole('table', { name: `Connection history of ${SPEAKER_NAME}` }));
      await visible(participants.getByText('Total time').first());
      await speaker.page.getByRole('button', { name: 'History' }).click();
      const drawer = speaker.page.getByRole('region', { name: 'Earlier conversations' });
      await visible(drawer.getByText('Currently viewing'));
      await screenshot(speaker.page, 'speaker-details-history');
      await drawer.getByRole('button', { name: 'Close' }).click();
      await student.page.setViewportSize({ width: 1280, height: 800 });
      await student.page.goto(`/student/conversations?id=${id}`);
      await visible(student.page.getByRole('region', { name: 'Speaking time' }).getByText(/^You spoke \d+ of \d+ minutes? \(\d+%\)\.$/));
      await saveScreenshot(student.page, 'live-student-speaking-time');
      assert.deepEqual([...speaker.errors, ...student.errors].map(String), [], 'no uncaught errors in any window');
    } catch (error) {
      for (const [name, page] of [
        ['failure-speaker', speakerRoom],
        ['failure-student', studentRoom],
        ['failure-lobby', student.page],
      ] as const) {
        if (page && !page.isClosed()) await screenshot(page, name).catch(() => undefined);
      }
      throw error;
    }
    await speaker.context.close();
    await student.context.close();
  });

  test('opens by address, and tells the speaker when the student leaves', async () => {
    const speakerAccount = await promotedSpeaker(app, { zone: 'UTC', displayName: SPEAKER_NAME });
    const studentAccount = await studentWithMinutes(app, 60);
    await app.gql(CHANGE_USER, { input: { displayName: STUDENT_NAME } }, studentAccount.token);
    const { conversationId: id } = await reserveOpenableNow(app, speakerAccount, studentAccount);
    const speaker = await person();
    const student = await person();
    try {
      await signInWithCookie(student.page, app, studentAccount.emailAddress, studentAccount.password);
      // Before the speaker opens it, the student's room waits.
      const socket = await interruptibleSocket(student.page);
      await student.page.goto(`/conversation?id=${id}`);
      await visible(student.page.getByText('Attempting to join you to your conversation. Please wait.'));
      await eventually(async () => socket.counts().connections > 0, "the student's socket");

      // The student's connection to the server is gone while the speaker opens the conversation:
      // that change is never pushed to the student's page.
      await socket.cut();
      await signInWithCookie(speaker.page, app, speakerAccount.emailAddress, speakerAccount.password);
      await speaker.page.goto(`/conversation/open?id=${id}`);
      await speaker.page.waitForURL((url) => url.pathname === '/conversation' && url.searchParams.get('id') === id);
      await eventually(async () => socket.counts().refused > 0, "the student's page to try to reconnect");
      socket.restore();

      // The student's waiting room comes back, reads the conversation again and joins.
      await assertPlaying(student.page, SPEAKER_NAME);
      await assertPlaying(speaker.page, STUDENT_NAME);

      // Leave: this window was not opened by a script, so it stays and shows the ended screen.
      await student.page.getByRole('button', { name: 'Leave' }).click();
      await visible(student.page.getByText(ENDED));
      await visible(speaker.page.getByText('The participant has left the conversation'));
      await screenshot(speaker.page, 'speaker-peer-left');
      assert.deepEqual([...speaker.errors, ...student.errors].map(String), []);
    } catch (error) {
      await screenshot(speaker.page, 'failure-leave-speaker').catch(() => undefined);
      await screenshot(student.page, 'failure-leave-student').catch(() => undefined);
      throw error;
    }
    await speaker.context.close();
    await student.context.close();
  });
});

test.describe('a test call (issue 28)', () => {
  test('staff start it from the person’s page, the person joins from their home, both see each other, staff end it', async () => {
    const adminEmail = 'test-call-admin@example.com';
    const admin = await createAdmin(app, adminEmail, 'Adm1nPassword');
    await app.gql(CHANGE_USER, { input: { displayName: 'Marta R.' } }, admin.token);
    const studentAccount = await studentWithMinutes(app, 60);
    await app.gql(CHANGE_USER, { input: { displayName: STUDENT_NAME } }, studentAccount.token);
    const staff = await person();
    const student = await person();
    let staffRoom: Page | undefined;
    let studentRoom: Page | undefined;
    try {
      await signInWithCookie(student.page, app, studentAccount.emailAddress, studentAccount.password);
      await student.page.goto('/student/home');
      const notice = student.page.getByRole('region', { name: 'Test call' });
      await hidden(notice);

      // Staff start it from the student's page in the back-office: the room opens in its window.
      await signInWithCookie(staff.page, app, adminEmail, 'Adm1nPassword');
      await staff.page.goto(`/admin/students/${studentAccount.accountId}`);
      staffRoom = await windowOpenedBy(staff, () => staff.page.getByRole('button', { name: 'Start a test call' }).click());
      await visible(staffRoom.getByRole('heading', { name: `Test call with ${STUDENT_NAME}` }));
      await visible(staff.page.getByRole('button', { name: 'End test call' }));
      await saveScreenshot(staff.page, 'live-test-call-back-office');

      // The student is told at once on the page they are on, and joins from there.
      await visible(notice);
      await visible(notice.getByText('Marta R. from Tertulia is calling you for a test call'));
      await saveScreenshot(student.page, 'live-test-call-notice');
      await student.page.setViewportSize({ width: 375, height: 800 });
      await saveScreenshot(student.page, 'live-test-call-notice-375');
      await student.page.setViewportSize({ width: 1280, height: 800 });
      studentRoom = await windowOpenedBy(student, () => notice.getByRole('button', { name: 'Join test call' }).click());
      await visible(studentRoom.getByRole('heading', { name: 'Test call with Marta R.' }));
      await assertPlaying(studentRoom, 'Marta R.');
      await assertPlaying(staffRoom, STUDENT_NAME);
      await screenshot(studentRoom, 'test-call-student');
      await screenshot(staffRoom, 'test-call-staff');

      // Staff end it: both windows end, the notice goes, and no minutes moved.
      await staff.page.bringToFront();
      await staff.page.getByRole('button', { name: 'End test call' }).click();
      await visible(studentRoom.getByText(ENDED));
      await visible(staffRoom.getByText(ENDED));
      await hidden(notice);
      await visible(staff.page.getByRole('button', { name: 'Start a test call' }));
      const minutes = await app.gql(`{ me { account { remainingMinutes } } }`, {}, studentAccount.token);
      assert.equal(minutes.data.me.account.remainingMinutes, 60);
      assert.deepEqual([...staff.errors, ...student.errors].map(String), [], 'no uncaught errors in any window');
    } catch (error) {
      for (const [name, page] of [
        ['failure-test-call-staff', staffRoom],
        ['failure-test-call-student', studentRoom],
        ['failure-test-call-home', student.page],
      ] as const) {
        if (page && !page.isClosed()) await screenshot(page, name).catch(() => undefined);
      }
      throw error;
    }
    await staff.context.close();
    await student.context.close();
  });
});

test.describe('one rule for times (issue 28)', () => {
  test("shows a conversation's start in the viewer's zone on the student's, the speaker's and the admin's pages, under three browser zones", async () => {
    const speakerAccount = await promotedSpeaker(app, { zone: 'UTC', displayName: 'Zoe Zones' });
    const studentAccount = await studentWithMinutes(app, 60);
    await app.gql(CHANGE_USER, { input: { displayName: 'Zed Zones' } }, studentAccount.token);
    const admin = await createAdmin(app, 'zones-admin@example.com', 'Adm1nPassword');
    const { conversationId: id, start } = await reserveOpenableNow(app, speakerAccount, studentAccount);
    for (const zone of ['Europe/Madrid', 'America/Chicago', 'Asia/Kolkata']) {
      // Each saved its zone (the sign-up records the browser's), and browses from it.
      for (const token of [speakerAccount.token, studentAccount.token, admin.token])
        await app.gql(CHANGE_USER, { input: { tzIdentifier: zone } }, token);
      const local = DateTime.fromJSDate(start).setZone(zone);
      const time = local.toFormat('h:mma');
      const abbreviation = local.setLocale('en-GB').toFormat('ZZZZ').replace(/[+]/g, '\\+');
      const open = async (emailAddress: string, password: string, landing: string) => {
        const session = await openSession(browser, app, { timezoneId: zone });
        await signInWithCookie(session.page, app, emailAddress, password);
        await session.page.goto(landing);
        return session;
      };

      const student = await open(studentAccount.emailAddress, studentAccount.password, '/student/home');
      await student.page.goto(`/student/lobby?id=${id}`);
      // (A late speaker's 'We're sorry' dialog may cover the lobby: the heading is read behind it.)
      await visible(student.page.getByRole('heading', { name: new RegExp(`, ${time} – .* ${abbreviation}$`), includeHidden: true }));
      await student.close();

      const speaker = await open(speakerAccount.emailAddress, speakerAccount.password, '/speaker/planner');
      await speaker.page.goto(`/speaker/conversations/${id}`);
      const details = speaker.page.getByRole('table', { name: 'Conversation details' });
      await visible(details.getByRole('row', { name: new RegExp(`^Starts On .*, ${time} ${abbreviation}$`) }));
      await speaker.close();

      const back = await open('zones-admin@example.com', 'Adm1nPassword', '/admin/dashboard');
      await back.page.getByRole('search', { name: 'Quick search' }).getByLabel('Quick search').fill('Zed Zones');
      const hit = back.page.getByRole('list', { name: 'Quick search results' }).getByRole('link', { name: /Zed Zones with Zoe Zones/ });
      await visible(hit.getByText(new RegExp(`Lesson · Spanish · .*, ${time} ${abbreviation}`)));
      assert.equal(await hit.getByText(/UTC/).count(), 0, 'no UTC words in the hit');
      // The browser is in the saved zone (even when it names it by an alias): nothing to offer.
      assert.equal(await back.page.getByRole('region', { name: 'Time zone' }).count(), 0);
      if (zone === 'Asia/Kolkata') await saveScreenshot(back.page, 'zones-admin-quick-search');
      await back.close();
    }
  });
});
