/**
 * Recordings in Chromium (issue 10), with the local provider and Chromium's fake camera and
 * microphone: a lesson of an instructor's course is held (15 minutes lasting 15 seconds here); the
 * speaker's window records both sides while it runs and uploads the slices; the server processes
 * the recording; the student's conversation panel follows the archive's status to 'Play archive',
 * which opens the archive in a window of its own that plays it (a real duration, the play position
 * moves on) while the panel stays; the course's instructor plays it from their view of the
 * conversation; the admin's conversation page shows the archive row, both connection histories and
 * both ratings, and plays it too; another student gets the server's refusal. Screenshots of the
 * room, the panel (also at 390 px), the admin's page (1280 and 375 px) and the archive page.
 *
 * Consent and retention (issue 34): a student whose age is not known is told in the lobby that a
 * course lesson will not be recorded; the instructor keeps the course's recordings 0 days after it
 * ends from the course's overview and sees until when a recording is kept; the sweep past that day
 * deletes the file, and the archive page says the recording expired. Screenshots of each. A
 * 17-year-old's lesson in a course that does not allow recording them: the room shows both people
 * "Not recorded" (no red dot), and nothing is recorded.
 */
import assert from 'node:assert/strict';
import type { Browser, Page } from '@playwright/test';
import { archiveStream } from '../../services/domain/archive/archive';
import { newStorageKey } from '../../services/integrations/storage/port';
import { createAdmin, signUpOnboarded, startTestApp, type TestApp } from '../support/app';
import { enrollAsAdmin, reserveConversation } from '../support/conversations';
import { systemEvent } from '../support/events';
import { createStudent } from '../support/scheduling';
import { createCourse } from '../support/enrollment';
import { reserveOpenableNow } from '../support/live';
import { eventually, launchBrowser, screenshot, visible, signInWithCookie, test } from './support/browser';
import { inLobby, missingSubscription, roomPerson, windowOpenedBy, type Person } from './support/live';
import { CHANGE_USER, promotedSpeaker, studentWithMinutes } from './support/scheduling';

const SECONDS_PER_MINUTE = 1;
const SPEAKER_NAME = 'Sofia M.';
const STUDENT_NAME = 'Ada S.';
const ENDED = 'The conversation has ended. This window can be closed.';
const RECORDING = 'This conversation is being recorded';
const WILL_RECORD = 'This conversation will be recorded';
const ADMIN = { emailAddress: 'archive-admin@example.com', password: 'Adm1nPassword' };
const RATE = `mutation($input: RateConversationInput!) { rateConversation(input: $input) { rated } }`;

let app: TestApp;
let browser: Browser;

test.beforeAll(async () => {
  [app, browser] = await Promise.all([
    startTestApp({ conversationSecondsPerMinute: SECONDS_PER_MINUTE, videoProvider: 'local' }, 'e2e-archive'),
    launchBrowser({ fakeMedia: true }),
  ]);
});
test.afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function signedIn(p: Person, account: { emailAddress: string; password: string }) {
  await signInWithCookie(p.page, app, account.emailAddress, account.password);
}

/** The archive page's video: its length and play position once it can play. */
const archiveVideo = (page: Page) =>
  page.evaluate(() => {
    const v = document.querySelector<HTMLVideoElement>('video[aria-label="Conversation archive"]');
    // Chromium counts the audio it decoded: the recording carries the mixed microphones.
    const audio = (v as (HTMLVideoElement & { webkitAudioDecodedByteCount?: number }) | null)?.webkitAudioDecodedByteCount ?? null;
    return v
      ? { duration: v.duration, time: v.currentTime, width: v.videoWidth, ready: v.readyState, error: v.error?.message ?? null, audio }
      : null;
  });

/** The archive page plays the recording: a real length and picture, and the position moves on. */
async function assertArchivePlays(page: Page, shot: string) {
  await visible(page.getByRole('heading', { name: 'Conversation archive', level: 1 }));
  const loaded = await eventually(async () => {
    const v = await archiveVideo(page);
    if (v?.error) throw new Error(`the archive does not play: ${v.error}`);
    return v && v.ready >= 1 && Number.isFinite(v.duration) && v.duration > 0 ? v : null;
  }, 'the archive to load');
  assert.ok(loaded.duration >= 5, `the recording lasts a while (${loaded.duration} s)`);
  // Keyboard: the player takes focus from the page's controls.
  const focused = () =>
    page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? null);
  const order: (string | null)[] = [];
  for (let i = 0; i < 6 && order.at(-1) !== 'Conversation archive'; i++) {
    await page.keyboard.press('Tab');
    order.push(await focused());
  }
  assert.equal(order.at(-1), 'Conversation archive', `the player is reached by Tab (${order.join(' → ')})`);
  await page.evaluate(() => {
    const v = document.querySelector<HTMLVideoElement>('video[aria-label="Conversation archive"]')!;
    v.muted = true;
    return v.play();
  });
  const first = await eventually(async () => {
    const v = await archiveVideo(page);
    return v && v.time > 0 ? v : null;
  }, 'the archive to play');
  const later = await eventually(async () => {
    const v = await archiveVideo(page);
    return v && v.time > first.time + 0.5 ? v : null;
  }, 'the archive to keep playing');
  assert.ok(first.width >= 320, `a real picture (${first.width} px wide)`);
  assert.ok(later.audio === null || later.audio > 0, `sound was decoded (${later.audio} bytes)`);
  await screenshot(page, shot, { fullPage: false });
}

test.describe('recordings', () => {
  test('records a held course conversation, processes it, plays it for the student and the instructor, refuses another student', async () => {
    // Past the runner's 5 minutes: its recording goes through ffmpeg, a CPU-bound pipeline that
    // gets a thin share of a 2-core machine under the whole suite (about 80 s on its own, 230–250 s
    // in CI's full runs; in a run with a load of 15, ffmpeg ran at 5 % of a core, 1 % of the
    // recording every 5 s, and the test passed 300 s while processing).
    test.setTimeout(600_000);
    const speakerAccount = await promotedSpeaker(app, { zone: 'UTC', displayName: SPEAKER_NAME });
    const instructorEmail = `teacher-${Date.now()}@example.com`;
    const instructor = {
      ...(await signUpOnboarded(app, instructorEmail, 'Passw0rd!', 'INSTRUCTOR')),
      emailAddress: instructorEmail,
      password: 'Passw0rd!',
    };
    const course = await createCourse(app, instructor.token, { name: 'Conversational Spanish' });
    const lessons = await app.gql(
      `query($id: ID!) { me { ownedCourse(courseId: $id) { lessonAssignments { lesson { id } } } } }`,
      { id: course.id },
      instructor.token,
    );
    const lessonId = lessons.data?.me?.ownedCourse?.lessonAssignments?.[0]?.lesson?.id as string;
    assert.ok(lessonId, 'the course has lessons');
    const studentAccount = await studentWithMinutes(app, 60);
    await app.gql(CHANGE_USER, { input: { displayName: STUDENT_NAME } }, studentAccount.token);
    await enrollAsAdmin(app, course.inviteNumber, studentAccount.accountId);
    const otherStudent = await studentWithMinutes(app, 0);
    const { conversationId: id } = await reserveOpenableNow(app, speakerAccount, studentAccount, 15, { courseId: course.id, lessonId });

    const speaker = await roomPerson(browser, app.url);
    const student = await roomPerson(browser, app.url);
    const teacher = await roomPerson(browser, app.url);
    const admin = await roomPerson(browser, app.url);
    const other = await roomPerson(browser, app.url, 390, 800);
    // The speaker's window never hears `conversationChanged`: it learns that the conversation
    // started from the server's clock, as it must when that message comes too early to be heard.
    const speakerChanges = await missingSubscription(speaker.page, 'conversationChanged');
    try {
      await signedIn(speaker, speakerAccount);
      await signedIn(student, studentAccount);
      // The student's lobby says, before joining, that the conversation will be recorded.
      await student.page.goto(`/student/lobby?id=${id}`);
      await inLobby(student.page, student.page.getByRole('region', { name: 'Join' }).getByRole('status', { name: WILL_RECORD }));
      await screenshot(student.page, 'archive-lobby-will-record');
      await student.page.setViewportSize({ width: 375, height: 800 });
      await screenshot(student.page, 'archive-lobby-will-record-375');
      await student.page.setViewportSize({ width: 1280, height: 800 });
      // The speaker opens the room by address; the student joins the same way.
      await speaker.page.goto(`/conversation/open?id=${id}`);
      await speaker.page.waitForURL((url) => url.pathname === '/conversation' && url.searchParams.get('id') === id);
      await student.page.goto(`/conversation?id=${id}`);

      // The speaker's window records once the conversation runs (both connected), and both
      // participants are told. The conversation is short: what the recording holds is checked by
      // playing the archive.
      await visible(speaker.page.getByRole('status', { name: RECORDING }));
      await visible(student.page.getByRole('status', { name: RECORDING }));
      await screenshot(speaker.page, 'archive-room-recording', { fullPage: false });
      await screenshot(student.page, 'archive-student-room-recording', { fullPage: false });
      assert.ok(speakerChanges.dropped() > 0, "the speaker's window missed the conversation's changes");

      // The server's clock ends it; the recording's last slices go up from the ended screen.
      await visible(speaker.page.getByText(ENDED), 60_000);
      await visible(student.page.getByText(ENDED), 15_000);

      // The student's panel follows the archive to 'Play archive'.
      await student.page.goto(`/student/conversations?id=${id}`);
      const archive = student.page.getByRole('group', { name: 'Archive' });
      await visible(archive);
      const seen = new Set<string>();
      const play = archive.getByRole('link', { name: 'Play archive' });
      await eventually(
        async () => {
          // Once playable, the row also says until when it is kept (issue 34): not a status.
          const text = (await archive.textContent())
            ?.replace('Archive:', '')
            .replace('Play archive', '')
            .replace(/Kept until .*$/, '')
            .trim();
          if (text?.startsWith('Processing') && ![...seen].some((t) => t.startsWith('Processing')))
            await screenshot(student.page, 'archive-student-panel-processing');
          if (text) seen.add(text);
          return (await play.count()) > 0;
        },
        'the archive to be processed',
        300_000,
      );
      console.log(`# statuses the panel showed on the way: ${[...seen].join(' → ') || '(none: processed before the page looked)'}`);
      for (const text of seen)
        assert.match(text, /^(-|Waiting for processing|Processing\.\.\. \(\d{1,3}% complete\))$/, 'the spec status texts');
      await screenshot(student.page, 'archive-student-panel');
      await student.page.setViewportSize({ width: 390, height: 844 });
      await screenshot(student.page, 'archive-student-panel-390');
      await student.page.setViewportSize({ width: 1280, height: 800 });

      // By keyboard: focus the button and press Enter. The archive opens in a window of its own;
      // the panel stays where it is.
      await play.focus();
      const studentArchive = await windowOpenedBy(student, () => student.page.keyboard.press('Enter'));
      await studentArchive.waitForURL((url) => url.pathname === '/conversation/archive' && url.searchParams.get('id') === id);
      assert.equal(new URL(student.page.url()).pathname, '/student/conversations', 'the panel stays in its window');
      await assertArchivePlays(studentArchive, 'archive-student-playing');
      await studentArchive.setViewportSize({ width: 390, height: 844 });
      await screenshot(studentArchive, 'archive-student-playing-390', { fullPage: false });

      // The course's instructor plays it from their view of the conversation.
      await signedIn(teacher, instructor);
      await teacher.page.goto(`/instructor/conversations/${id}`);
      await visible(teacher.page.getByRole('heading', { name: `Conversation of ${STUDENT_NAME}` }));
      await screenshot(teacher.page, 'archive-instructor-conversation');
      const teacherArchive = await windowOpenedBy(teacher, () =>
        teacher.page.getByRole('group', { name: 'Archive' }).getByRole('link', { name: 'Play archive' }).click(),
      );
      await assertArchivePlays(teacherArchive, 'archive-instructor-playing');

      // The admin's conversation page: the archive row, each side's connection history, both ratings.
      await app.gql(RATE, { input: { conversationId: id, rating: 4, comment: 'Sofia kept it flowing.' } }, studentAccount.token);
      await app.gql(RATE, { input: { conversationId: id, rating: 5, comment: null } }, speakerAccount.token);
      await createAdmin(app, ADMIN.emailAddress, ADMIN.password);
      await signedIn(admin, ADMIN);
      await admin.page.goto(`/admin/conversations/${id}`);
      await visible(admin.page.getByRole('heading', { name: `${STUDENT_NAME} with ${SPEAKER_NAME}`, level: 1 }));
      const details = admin.page.getByRole('region', { name: 'Details' });
      const adminPlay = await visible(details.getByRole('group', { name: 'Archive' }).getByRole('link', { name: 'Play archive' }));
      const connections = admin.page.getByRole('region', { name: 'Connection history' });
      for (const name of [STUDENT_NAME, SPEAKER_NAME]) {
        const table = await visible(connections.getByRole('table', { name: `Connection history of ${name}` }));
        assert.ok((await table.getByRole('row').count()) >= 3, `${name}: a connection and the total`);
      }
      const ratings = admin.page.getByRole('region', { name: 'Ratings' });
      await visible(ratings.getByRole('listitem', { name: "Student's rating" }).getByRole('img', { name: '4 out of 5' }));
      await visible(ratings.getByText('Sofia kept it flowing.'));
      await visible(ratings.getByRole('listitem', { name: "Speaker's rating" }).getByRole('img', { name: '5 out of 5' }));
      await screenshot(admin.page, 'archive-admin-conversation');
      await admin.page.setViewportSize({ width: 375, height: 800 });
      await screenshot(admin.page, 'archive-admin-conversation-375');
      await admin.page.setViewportSize({ width: 1280, height: 800 });
      const adminArchive = await windowOpenedBy(admin, () => adminPlay.click());
      assert.equal(new URL(admin.page.url()).pathname, `/admin/conversations/${id}`, "the admin's page stays in its window");
      await assertArchivePlays(adminArchive, 'archive-admin-playing');

      // Another student gets the server's refusal, and no address.
      await signedIn(other, otherStudent);
      await other.page.goto(`/conversation/archive?id=${id}`);
      const refusal = await visible(other.page.getByRole('alert'));
      const message = (await refusal.textContent())?.trim() ?? '';
      assert.ok(message.length > 0 && !/Please wait/.test(message), `the server's message is shown (${message})`);
      assert.equal(await other.page.locator('video').count(), 0);
      await screenshot(other.page, 'archive-refused-390');
      console.log(`# another student sees: ${message}`);

      assert.deepEqual(
        [...speaker.errors, ...student.errors, ...teacher.errors, ...admin.errors, ...other.errors].map(String),
        [],
        'no uncaught errors in any window',
      );
    } catch (error) {
      for (const [name, p] of [
        ['speaker', speaker],
        ['student', student],
        ['instructor', teacher],
        ['admin', admin],
        ['other', other],
      ] as const) {
        if (!p.page.isClosed()) await screenshot(p.page, `archive-failure-${name}`, { fullPage: false }).catch(() => undefined);
      }
      throw error;
    }
    for (const p of [speaker, student, teacher, admin, other]) await p.context.close();
  });

  test('consent: a 17-year-old’s lesson in a course that does not allow it shows "Not recorded" in the room, to both, and nothing is recorded', async () => {
    const speakerAccount = await promotedSpeaker(app, { zone: 'UTC', displayName: 'Lucía P.' });
    const instructorEmail = `consent-${Date.now()}@example.com`;
    const instructor = await signUpOnboarded(app, instructorEmail, 'Passw0rd!', 'INSTRUCTOR');
    const course = await createCourse(app, instructor.token, { name: 'Spanish for teens' });
    const lessons = await app.gql(
      `query($id: ID!) { me { ownedCourse(courseId: $id) { lessonAssignments { lesson { id } } } } }`,
      { id: course.id },
      instructor.token,
    );
    const lessonId = lessons.data.me.ownedCourse.lessonAssignments[0].lesson.id as string;
    // Seventeen years and a month ago: under the school's default threshold of 18.
    const born = new Date();
    born.setUTCFullYear(born.getUTCFullYear() - 17, born.getUTCMonth() - 1);
    const minor = { ...(await createStudent(app, 120, 'Stud3ntPass!', born.toISOString().slice(0, 10))), password: 'Stud3ntPass!' };
    await enrollAsAdmin(app, course.inviteNumber, minor.accountId);
    const { conversationId: id } = await reserveOpenableNow(app, speakerAccount, minor, 15, { courseId: course.id, lessonId });

    const speaker = await roomPerson(browser, app.url);
    const student = await roomPerson(browser, app.url, 375, 812);
    await signedIn(speaker, speakerAccount);
    await signedIn(student, minor);
    await speaker.page.goto(`/conversation/open?id=${id}`);
    await speaker.page.waitForURL((url) => url.pathname === '/conversation' && url.searchParams.get('id') === id);
    await student.page.goto(`/conversation?id=${id}`);
    for (const p of [speaker, student]) {
      const badge = await visible(p.page.getByRole('status', { name: 'This conversation will not be recorded' }));
      assert.equal(await badge.textContent(), 'Not recorded');
      assert.equal(await p.page.getByRole('status', { name: RECORDING }).count(), 0, 'no recording badge');
    }
    await screenshot(speaker.page, 'consent-room-not-recorded', { fullPage: false });
    await screenshot(student.page, 'consent-room-not-recorded-375', { fullPage: false });
    // The server's clock ends it; the speaker's window recorded nothing.
    await visible(speaker.page.getByText(ENDED), 60_000);
    assert.deepEqual(await app.runtime.store.readStream(archiveStream(id)), [], 'no recording of the conversation');
    assert.deepEqual([...speaker.errors, ...student.errors].map(String), [], 'no uncaught errors in any window');
    for (const p of [speaker, student]) await p.context.close();
  });

  test("consent and retention: an unknown age is not recorded; the instructor's retention ends a recording, and its page says it expired", async () => {
    const speakerAccount = await promotedSpeaker(app, { zone: 'UTC', displayName: SPEAKER_NAME });
    const instructorEmail = `keeper-${Date.now()}@example.com`;
    const instructor = {
      ...(await signUpOnboarded(app, instructorEmail, 'Passw0rd!', 'INSTRUCTOR')),
      emailAddress: instructorEmail,
      password: 'Passw0rd!',
    };
    const course = await createCourse(app, instructor.token, { name: 'Spanish kept short' });
    const lessons = await app.gql(
      `query($id: ID!) { me { ownedCourse(courseId: $id) { endDate lessonAssignments { lesson { id } } } } }`,
      { id: course.id },
      instructor.token,
    );
    const owned = lessons.data.me.ownedCourse;
    const [first, second] = owned.lessonAssignments.map((a: { lesson: { id: string } }) => a.lesson.id);
    const student = { ...(await createStudent(app, 120, 'Stud3ntPass!')), password: 'Stud3ntPass!' };
    const unknownAge = { ...(await createStudent(app, 120, 'Stud3ntPass!', null)), password: 'Stud3ntPass!' };
    for (const s of [student, unknownAge]) await enrollAsAdmin(app, course.inviteNumber, s.accountId);
    const recordedId = await reserveConversation(app, student, speakerAccount, { courseId: course.id, lessonId: first });
    const unrecordedId = await reserveConversation(app, unknownAge, speakerAccount, { courseId: course.id, lessonId: second });

    // A finished recording of the first: its media in storage, the archive available.
    const mediaKey = newStorageKey('archives', 'mp4');
    await app.runtime.storage.put(mediaKey, Buffer.from('a recording'), 'video/mp4');
    const at = new Date().toISOString();
    const appended = await app.runtime.store.appendToStreams([
      {
        stream: archiveStream(recordedId),
        expected: 'no_stream',
        events: [
          systemEvent('ArchiveRecordingStarted', { conversationId: recordedId, source: 'browser', at }),
          systemEvent('ArchiveAvailable', { conversationId: recordedId, mediaKey, durationSeconds: 60, bytes: 11, at, expiresAt: at }),
        ],
      },
    ]);
    await app.runtime.runner.waitFor(appended.checkpoint, ['archives']);

    const teacher = await roomPerson(browser, app.url);
    const pupil = await roomPerson(browser, app.url);
    try {
      // The student whose age is not known: the lobby says the lesson will not be recorded.
      await signedIn(pupil, unknownAge);
      await pupil.page.goto(`/student/lobby?id=${unrecordedId}`);
      await visible(
        pupil.page.getByRole('region', { name: 'Join' }).getByRole('status').filter({ hasText: 'This conversation will not be recorded' }),
      );
      await screenshot(pupil.page, 'retention-lobby-not-recorded');

      // The instructor keeps the course's recordings 0 days after it ends, from its overview.
      await signedIn(teacher, instructor);
      await teacher.page.goto(`/instructor/courses/${course.id}`);
      const settings = await visible(teacher.page.getByRole('region', { name: 'Recordings' }));
      await visible(settings.getByRole('switch', { name: 'Allow recording students under 18' }));
      const days = settings.getByRole('spinbutton', { name: /Keep recordings/ });
      await days.fill('0');
      await settings.getByRole('button', { name: 'Save' }).click();
      await visible(teacher.page.getByText("The recordings' retention was saved."));
      await screenshot(teacher.page, 'retention-course-settings');
      // The conversation's page says until when the recording is kept: the course's last day.
      await teacher.page.goto(`/instructor/conversations/${recordedId}`);
      const lastDay = new Date(`${owned.endDate}T00:00:00Z`).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      });
      await visible(teacher.page.getByRole('group', { name: 'Archive' }).getByText(/^Kept until /));
      const kept =
        (await teacher.page
          .getByRole('group', { name: 'Archive' })
          .getByText(/^Kept until /)
          .textContent()) ?? '';
      assert.equal(kept, `Kept until ${lastDay}`);
      await screenshot(teacher.page, 'retention-instructor-kept-until');

      // The sweep the day after the course's last day: the file is gone, and the archive page says it expired.
      const dayAfter = new Date(Date.parse(`${owned.endDate}T00:00:00Z`) + 86_400_000);
      assert.equal((await app.runtime.archive.sweep(new Date(dayAfter.getTime() - 1))).expired, 0);
      assert.equal((await app.runtime.archive.sweep(dayAfter)).expired, 1);
      assert.equal(await app.runtime.storage.get(mediaKey), null, 'the recording is gone from storage');
      await signedIn(pupil, student);
      await pupil.page.goto(`/conversation/archive?id=${recordedId}`);
      await visible(pupil.page.getByRole('status').filter({ hasText: 'This recording has expired' }));
      assert.equal(await pupil.page.locator('video').count(), 0);
      await screenshot(pupil.page, 'retention-archive-expired');
      // The school's settings, where an admin sets the age and the days.
      await createAdmin(app, 'privacy-admin@example.com', 'Adm1nPassword');
      await signedIn(teacher, { emailAddress: 'privacy-admin@example.com', password: 'Adm1nPassword' });
      await teacher.page.goto('/admin/settings/privacy');
      await visible(teacher.page.getByRole('heading', { name: 'School privacy', level: 1 }));
      assert.equal(await teacher.page.getByRole('spinbutton', { name: /Recording age threshold/ }).inputValue(), '18');
      assert.equal(await teacher.page.getByRole('spinbutton', { name: /by default/ }).inputValue(), '180');
      await screenshot(teacher.page, 'retention-admin-privacy-settings');
      assert.deepEqual([...teacher.errors, ...pupil.errors].map(String), [], 'no uncaught errors in any window');
    } catch (error) {
      for (const [name, p] of [
        ['instructor', teacher],
        ['student', pupil],
      ] as const)
        if (!p.page.isClosed()) await screenshot(p.page, `retention-failure-${name}`, { fullPage: false }).catch(() => undefined);
      throw error;
    }
    for (const p of [teacher, pupil]) await p.context.close();
  });
});
