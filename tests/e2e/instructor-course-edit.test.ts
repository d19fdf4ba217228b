/**
 * Course edit in Chromium (docs/decisions/course-edit.md, "Course edit"): the instructor opens a course, goes to
 * Edit course by keyboard (the heading takes the focus), changes the name and the lesson count and
 * sees both on the course page with the spec-style snackbar. On a phone, with a student who
 * reserved lesson 2, the language is locked and a lower count is refused beside the field with the
 * server's message; Cancel goes back. Screenshots, desktop and phone:
 * .test-data/screenshots/instructor-course-edit-*.png.
 */
import assert from 'node:assert/strict';
import type { Browser } from '@playwright/test';
import { InstructorMessages } from '../../contracts/validation/instructor';
import { signUpOnboarded, startTestApp, type TestApp } from '../support/app';
import { enrollAsAdmin, reserveConversation } from '../support/conversations';
import { createCourse, createPlans } from '../support/enrollment';
import { createSpeaker } from '../support/scheduling';
import { atPath, counted, enabled, launchBrowser, openSession, screenshot, visible, signInWithCookie, test } from './support/browser';

const PASSWORD = 'Instructor-Pass1';
let app: TestApp;
let browser: Browser;

test.beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({}, 'e2e-course-edit'), launchBrowser()]);
  await createPlans(app);
});
test.afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const newPage = (width: number, height: number) =>
  openSession(browser, app, { viewport: { width, height }, locale: 'en-US', timezoneId: 'America/New_York' });

test.describe('course edit', () => {
  test("edits a course's name and lesson count and sees them on the course page", async () => {
    const owner = await signUpOnboarded(app, 'edit.teacher@example.com', PASSWORD, 'INSTRUCTOR');
    const course = await createCourse(app, owner.token, { name: 'Spanish Monday', completionRequirement: 4 });

    const desk = await newPage(1280, 900);
    const { page } = desk;
    await signInWithCookie(page, app, 'edit.teacher@example.com', PASSWORD);
    await page.goto(`/instructor/courses/${course.id}`);
    await visible(page.getByRole('heading', { name: 'Spanish Monday', level: 1 }));
    // By keyboard: the Edit action is a labelled link.
    await page.getByRole('link', { name: 'Edit course' }).focus();
    await page.keyboard.press('Enter');
    await atPath(page, `/instructor/courses/${course.id}/edit`);
    const heading = await visible(page.getByRole('heading', { name: 'Edit Spanish Monday', level: 1 }));
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    assert.equal(await heading.evaluate((h) => h === document.activeElement), true, 'the heading has the focus');
    assert.equal(await page.getByLabel('Course name').inputValue(), 'Spanish Monday');
    assert.equal(await page.getByLabel('Required conversations').inputValue(), '4');

    // A rule of the shared module first, beside its field.
    await page.getByLabel('Course name').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('The course name is required.'));
    assert.equal(
      await page.getByLabel('Course name').evaluate((el) => el === document.activeElement),
      true,
      'the field in error has the focus',
    );

    await page.getByLabel('Course name').fill('Spanish Monday (evening)');
    await page.getByLabel('Required conversations').fill('6');
    await screenshot(page, 'instructor-course-edit-desktop');
    await page.getByRole('button', { name: 'Save' }).focus();
    await page.keyboard.press('Enter');
    await visible(page.getByText('The course was updated successfully!'));
    await atPath(page, `/instructor/courses/${course.id}`);
    await visible(page.getByRole('heading', { name: 'Spanish Monday (evening)', level: 1 }));
    await visible(page.getByText(/6 conversations of 15 minutes/));
    const lessons = page.getByRole('list', { name: 'Lessons' });
    await visible(lessons.getByText('6. Conversation 6'));
    await counted(lessons.getByRole('listitem'), 6, 'lessons');
    await screenshot(page, 'instructor-course-edited-desktop');
    await desk.close();
  });

  test('on a phone: locked language, a lower count refused beside the field, Cancel goes back', async () => {
    const owner = await signUpOnboarded(app, 'phone.teacher@example.com', PASSWORD, 'INSTRUCTOR');
    const student = await signUpOnboarded(app, 'phone.student@example.com', PASSWORD);
    const speaker = await createSpeaker(app);
    const course = await createCourse(app, owner.token, { name: 'Spanish Thursday', completionRequirement: 3 });
    await enrollAsAdmin(app, course.inviteNumber, student.accountId);
    const lessons = await app.gql(
      `query($id: ID!) { me { ownedCourse(courseId: $id) { lessonAssignments { lesson { id } } } } }`,
      { id: course.id },
      owner.token,
    );
    const lessonId = lessons.data.me.ownedCourse.lessonAssignments[1].lesson.id as string;
    await reserveConversation(app, student, speaker, { courseId: course.id, lessonId });

    const phone = await newPage(390, 844);
    const { page } = phone;
    await signInWithCookie(page, app, 'phone.teacher@example.com', PASSWORD);
    await page.goto(`/instructor/courses/${course.id}/edit`);
    await visible(page.getByRole('heading', { name: 'Edit Spanish Thursday', level: 1 }));
    await visible(page.getByText('Students have joined: this stays as it is.').first());
    assert.equal(await page.getByRole('combobox', { name: 'Language' }).getAttribute('aria-disabled'), 'true');
    await page.getByLabel('Required conversations').fill('1');
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(
      page.getByText('A student has already reserved or held a conversation for lesson 2, so the course needs at least 2 conversations.'),
    );
    assert.equal(
      await page.getByLabel('Required conversations').evaluate((el) => el === document.activeElement),
      true,
      'the field in error has the focus',
    );
    await enabled(page.getByRole('button', { name: 'Save' }));
    await screenshot(page, 'instructor-course-edit-phone');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await atPath(page, `/instructor/courses/${course.id}`);
    await visible(page.getByText(/3 conversations of 15 minutes/));
    await visible(page.getByRole('link', { name: 'Edit course' }));
    await screenshot(page, 'instructor-course-edit-course-phone');
    await phone.close();
  });

  test('deletes a course behind the confirmation: refused with students (the message in the dialog), done without', async () => {
    const owner = await signUpOnboarded(app, 'delete.teacher@example.com', PASSWORD, 'INSTRUCTOR');
    const student = await signUpOnboarded(app, 'delete.student@example.com', PASSWORD);
    const kept = await createCourse(app, owner.token, { name: 'French with a student' });
    const gone = await createCourse(app, owner.token, { name: 'French nobody joined' });
    await enrollAsAdmin(app, kept.inviteNumber, student.accountId);

    const desk = await newPage(1280, 900);
    const { page } = desk;
    await signInWithCookie(page, app, 'delete.teacher@example.com', PASSWORD);
    await page.goto('/instructor/courses/grid');

    // With a student: the dialog says how many, and the server's refusal shows inside it; Cancel goes back.
    await page.goto(`/instructor/courses/${kept.id}/delete`);
    const dialog = page.getByRole('dialog', { name: 'Delete French with a student?' });
    await visible(dialog.getByText('(1 now)', { exact: false }));
    await dialog.getByRole('button', { name: 'Delete course' }).click();
    await visible(dialog.getByText(InstructorMessages.courseHasStudents));
    await screenshot(page, 'instructor-course-delete-refused-desktop');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await atPath(page, `/instructor/courses/${kept.id}`);

    // Without students, from the course page by keyboard: deleted, said so, and gone from the grid.
    await page.goto(`/instructor/courses/${gone.id}`);
    await visible(page.getByRole('heading', { name: 'French nobody joined', level: 1 }));
    await page.getByRole('link', { name: 'Delete this course' }).focus();
    await page.keyboard.press('Enter');
    await atPath(page, `/instructor/courses/${gone.id}/delete`);
    const confirm = page.getByRole('dialog', { name: 'Delete French nobody joined?' });
    await (await enabled(confirm.getByRole('button', { name: 'Delete course' }))).click();
    await visible(page.getByText(InstructorMessages.courseDeleted));
    await atPath(page, '/instructor/courses/grid');
    await visible(page.getByText('French with a student'));
    assert.equal(await page.getByText('French nobody joined').count(), 0);
    await desk.close();
  });
});
