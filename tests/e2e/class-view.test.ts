/**
 * The instructor's class view in Chromium (issue 35): the instructor opens a course's class view,
 * filters "has not reserved lesson 1", selects every student shown, Reminds them after the
 * confirmation (the mails arrive, the cells say when), and exports the filtered table as CSV with
 * each student's minutes spoken and speaking share (Carla held lesson 2 and spoke 9 of its 15 minutes); on a
 * phone the table scrolls sideways under its held student column. Screenshots:
 * .test-data/screenshots/class-view-*.png.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Browser } from '@playwright/test';
import { signUpOnboarded, startTestApp, type TestApp } from '../support/app';
import { enrollAsAdmin, live, reserveConversation } from '../support/conversations';
import { systemEvent } from '../support/events';
import { createCourse, createPlans, inDays, readModelsCaughtUp } from '../support/enrollment';
import { createSpeaker } from '../support/scheduling';
import { eventually, launchBrowser, openSession, screenshot, visible, signInWithCookie, test } from './support/browser';
import { CHANGE_USER } from './support/scheduling';

const PASSWORD = 'Instructor-Pass1';
let app: TestApp;
let browser: Browser;
let courseId = '';

test.beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({}, 'e2e-class-view'), launchBrowser()]);
  await createPlans(app);
  const owner = await signUpOnboarded(app, 'class.teacher@example.com', PASSWORD, 'INSTRUCTOR');
  await app.gql(CHANGE_USER, { input: { displayName: 'Elena Teacher' } }, owner.token);
  const course = await createCourse(app, owner.token, { name: 'Conversation B1' });
  courseId = course.id;
  const lessons = (
    await app.gql(
      `query($id: ID!) { me { ownedCourse(courseId: $id) { lessonAssignments { id lesson { id } } } } }`,
      { id: course.id },
      owner.token,
    )
  ).data.me.ownedCourse.lessonAssignments;
  await app.gql(
    `mutation($input: ChangeLessonAssignmentInput!) { changeLessonAssignment(input: $input) { changed } }`,
    { input: { lessonAssignmentId: lessons[0].id, dueOn: inDays(1) } },
    owner.token,
  );
  const speaker = await createSpeaker(app);
  for (const [name, email] of [
    ['Ana Ruiz', 'ana.class@example.com'],
    ['Bruno Díaz', 'bruno.class@example.com'],
    ['Carla Gómez', 'carla.class@example.com'],
  ]) {
    const student = await signUpOnboarded(app, email);
    await app.gql(CHANGE_USER, { input: { displayName: name } }, student.token);
    await enrollAsAdmin(app, course.inviteNumber, student.accountId);
    if (name === 'Ana Ruiz') await reserveConversation(app, student, speaker, { courseId: course.id, lessonId: lessons[0].lesson.id });
    if (name === 'Carla Gómez') {
      const id = await reserveConversation(app, student, speaker, { courseId: course.id, lessonId: lessons[1].lesson.id });
      const { at } = await live(app, id, speaker.accountId, student.accountId, 'held');
      const data = { conversationId: id, participantId: student.accountId, speakingMs: 540_000, totalMs: 540_000, at: at(15) };
      await app.runtime.store.appendToStreams([
        { stream: `speaking-time-${id}`, expected: 'any', events: [systemEvent('SpeakingTimeReported', data)] },
      ]);
    }
  }
  await readModelsCaughtUp(app, ['classview', 'profiles', 'catalog', 'speakingtime']);
});
test.afterAll(async () => {
  await browser?.close();
  await app?.close();
});

test.describe('class view', () => {
  test('filters who has not reserved lesson 1, reminds them, and exports the table', async () => {
    const desk = await openSession(browser, app, {
      viewport: { width: 1280, height: 900 },
      locale: 'en-US',
      timezoneId: 'America/Chicago',
    });
    const { page } = desk;
    await signInWithCookie(page, app, 'class.teacher@example.com', PASSWORD);
    await page.goto(`/instructor/courses/${courseId}#class`);
    const table = await visible(page.getByRole('table', { name: 'Students and lessons of Conversation B1' }));
    await visible(table.getByRole('rowheader', { name: 'Carla Gómez' }));
    await visible(table.getByRole('row', { name: /Carla Gómez/ }).getByRole('cell', { name: '9 min · 60%' }));
    await visible(page.getByRole('img', { name: /Students who completed each lesson/ }));
    await screenshot(page, 'class-view-desktop');

    await page.getByRole('combobox', { name: 'Lesson' }).click();
    await page.getByRole('option', { name: /^1\. / }).click();
    await page.getByRole('combobox', { name: 'State' }).click();
    await page.getByRole('option', { name: 'Not reserved yet' }).click();
    await visible(page.getByText('2 of 3 students shown, 0 selected'));
    assert.equal(await table.getByRole('rowheader', { name: 'Ana Ruiz' }).count(), 0, 'Ana reserved lesson 1');

    await page.getByRole('checkbox', { name: 'Select every student shown' }).check();
    await visible(page.getByText('2 of 3 students shown, 2 selected'));
    await page.getByRole('button', { name: 'Remind' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Remind 2 students?' }));
    await visible(dialog.getByText(/Each student gets an email about lesson 1/));
    await screenshot(page, 'class-view-remind-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Send reminders' }).click();
    await visible(page.getByText('2 students reminded.'));
    for (const email of ['bruno.class@example.com', 'carla.class@example.com']) {
      const mail = await eventually(
        async () => (await app.runtime.outbox!.list(email)).find((m) => m.subject.startsWith('Reminder: lesson 1')),
        `the reminder to ${email}`,
      );
      assert.match(mail.text, /Elena Teacher, your instructor in Conversation B1, reminds you of lesson 1/);
    }
    assert.deepEqual(
      await app.runtime.outbox!.list('ana.class@example.com').then((ms) => ms.filter((m) => m.subject.startsWith('Reminder'))),
      [],
    );
    await visible(table.getByRole('row', { name: /Bruno Díaz/ }).getByLabel(/reminded (now|\d+ (second|minute)s? ago)/));
    await screenshot(page, 'class-view-reminded');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    const rows = csv.trim().split('\r\n');
    assert.match(rows[0], /^"Student","Minutes held","Minutes spoken","Speaking share \(%\)","Completed","1\. /);
    assert.match(rows[2], /^"Carla Gómez",15,9,60,0,/);
    assert.deepEqual(
      rows.slice(1).map((r) => r.split(',')[0]),
      ['"Bruno Díaz"', '"Carla Gómez"'],
    );
    assert.match(rows[1], /"Due soon"/);
    await desk.close();
  });

  test('on a phone the table scrolls sideways under the held student column', async () => {
    const phone = await openSession(browser, app, {
      viewport: { width: 390, height: 844 },
      locale: 'en-US',
      timezoneId: 'America/Chicago',
    });
    const { page } = phone;
    await signInWithCookie(page, app, 'class.teacher@example.com', PASSWORD);
    await page.goto(`/instructor/courses/${courseId}#class`);
    const name = await visible(page.getByRole('rowheader', { name: 'Ana Ruiz' }));
    const before = (await name.boundingBox())!.x;
    await page.getByRole('table').evaluate((t) => {
      (t.parentElement as HTMLElement).scrollLeft = 400;
    });
    await visible(page.getByText('Scroll sideways for more columns'));
    await screenshot(page, 'class-view-phone');
    assert.equal((await name.boundingBox())!.x, before, 'the student column stays in place');
    await phone.close();
  });
});
