/**
 * The speaker's notes in Chromium (issue 35): the speaker writes a correction, a new word and a
 * thing to work on on their conversation page, from the keyboard (an older conversation's notes are
 * closed); the student reads them on the conversation's page and on 'My words and corrections'
 * (searched, exported as CSV); the course's instructor and admins on the conversation's page. And
 * what the student takes away over weeks: 'My progress'.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Browser } from '@playwright/test';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import { createAdmin, startTestApp, type TestApp } from '../support/app';
import { courseWithNamedSpeaker, live, reserveConversation, writeNotesAndSpeakingTime } from '../support/conversations';
import { createCourseAsSystem, createPlans, readModelsCaughtUp } from '../support/enrollment';
import { createStudent } from '../support/scheduling';
import { atPath, launchBrowser, openSession, screenshot, visible, signInWithCookie, test } from './support/browser';

let app: TestApp;
let browser: Browser;
let plans: Awaited<ReturnType<typeof createPlans>>;

test.beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({}, 'e2e-notes'), launchBrowser()]);
  plans = await createPlans(app);
});
test.afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const INSTRUCTOR_PASSWORD = 'Instruct0r-Pass';

/** A student in an instructor's course, a named speaker, a conversation they held and one held three days ago. */
async function world() {
  const instructor = { emailAddress: 'notes.instructor@example.com' };
  const { accountId: ownerId } = await app.runtime.identity.register(
    { actor: SYSTEM_ACTOR },
    { emailAddress: instructor.emailAddress, password: INSTRUCTOR_PASSWORD, roles: ['INSTRUCTOR'] },
  );
  const course = await createCourseAsSystem(app, { name: 'Tertulia de los martes', pricingPlanId: plans.standard, ownerId });
  const { speaker, student, lessonIds } = await courseWithNamedSpeaker(app, course);
  const id = await reserveConversation(app, student, speaker, { courseId: course.courseId, lessonId: lessonIds[0] });
  await live(app, id, speaker.accountId, student.accountId, 'held');
  const old = await reserveConversation(app, student, speaker, { courseId: course.courseId, lessonId: lessonIds[1] });
  await live(app, old, speaker.accountId, student.accountId, 'held', new Date(Date.now() - 3 * 24 * 3_600_000));
  await readModelsCaughtUp(app, ['conversations', 'enrollments']);
  return { speaker, student, instructor, id, old };
}

test.describe('the speaker’s notes', () => {
  test('the speaker writes notes from the keyboard; the student reads them on the conversation and on My words and corrections', async () => {
    const { speaker, student, instructor, id, old } = await world();
    const speakerSession = await openSession(browser, app);
    const studentSession = await openSession(browser, app);
    const instructorSession = await openSession(browser, app);
    const adminSession = await openSession(browser, app);
    const admin = adminSession.page;
    await createAdmin(app);
    const p = speakerSession.page;
    await signInWithCookie(p, app, speaker.emailAddress, 'Sp3akerPass!');
    await p.goto(`/speaker/conversations/${id}`);
    const editor = await visible(p.getByRole('region', { name: 'Notes for the student' }));
    await visible(editor.getByText(/You can change them until/));

    // A correction: the first field takes the focus; Tab moves on; Enter adds the next correction.
    await editor.getByRole('button', { name: 'Add a correction' }).click();
    await p.keyboard.type('Yo soy aburrido');
    await p.keyboard.press('Tab');
    await p.keyboard.type('Estoy aburrido');
    await p.keyboard.press('Tab');
    await p.keyboard.type('estar: how you feel now');
    await p.keyboard.press('Enter');
    assert.equal(await editor.getByLabel('What was said').count(), 2, 'Enter added a second correction row');
    await p.keyboard.type('=1+1 cosas');
    await p.keyboard.press('Tab');
    await p.keyboard.type('dos cosas');
    await editor.getByRole('button', { name: 'Add a word' }).click();
    await p.keyboard.type('la sobremesa');
    await p.keyboard.press('Tab');
    await p.keyboard.type('the talk at the table after a meal');
    await editor.getByRole('button', { name: 'Add something to work on' }).click();
    await p.keyboard.type('ser and estar');
    // A row left empty is dropped on saving.
    await editor.getByRole('button', { name: 'Add a word' }).click();
    await screenshot(p, 'notes-speaker-editing');
    await p.keyboard.press('Control+Enter');
    await visible(p.getByText('Notes saved.'));
    assert.equal(await editor.getByLabel('Word or phrase').count(), 1, 'the empty word row was dropped');
    await screenshot(p, 'notes-speaker-saved');
    await p.setViewportSize({ width: 375, height: 800 });
    await editor.scrollIntoViewIfNeeded();
    await screenshot(p, 'notes-speaker-saved-375', { fullPage: false });
    await p.setViewportSize({ width: 1280, height: 800 });
    // Three days after a conversation its notes are closed, and the page says why.
    await p.goto(`/speaker/conversations/${old}`);
    const closed = await visible(p.getByRole('region', { name: 'Notes for the student' }));
    await visible(closed.getByText(/can no longer be changed: they could be edited for 48 hours after the conversation ended/));
    assert.equal(await closed.getByRole('button', { name: 'Save notes' }).count(), 0);
    await screenshot(p, 'notes-speaker-closed', { fullPage: false });

    // The student: the conversation's page…
    const s = studentSession.page;
    await signInWithCookie(s, app, student.emailAddress, 'Stud3ntPass!');
    await s.goto(`/student/conversations?id=${id}`);
    const notes = await visible(s.getByRole('region', { name: 'Notes from the speaker' }));
    await visible(notes.getByText('Estoy aburrido'));
    await visible(notes.getByText('Why: estar: how you feel now'));
    await visible(notes.getByText('la sobremesa'));
    await visible(notes.getByText('ser and estar'));
    await visible(s.getByRole('link', { name: 'My words and corrections', exact: true }));
    assert.ok((await s.locator('header').boundingBox())!.height < 80, 'the header still holds one row');
    await screenshot(s, 'notes-student-conversation');

    // …and My words and corrections (linked from the notes and from the conversations' page): searched, then exported.
    await s.getByRole('link', { name: 'All my words and corrections' }).click();
    await atPath(s, '/student/words');
    const table = await visible(s.getByRole('table', { name: 'My words and corrections' }));
    await visible(table.getByRole('cell', { name: 'Tertulia de los martes' }).first());
    assert.equal(await table.getByRole('row').count(), 1 + 4, 'a header and four notes');
    await screenshot(s, 'notes-my-words');
    await s.getByRole('searchbox', { name: 'Search' }).fill('sobremesa');
    await visible(s.getByRole('status').filter({ hasText: '1 note' }));
    assert.equal(await table.getByRole('row').count(), 1 + 1);
    await screenshot(s, 'notes-my-words-search');

    await s.getByRole('searchbox', { name: 'Search' }).fill('');
    await visible(s.getByRole('status').filter({ hasText: '4 notes' }));
    const [download] = await Promise.all([s.waitForEvent('download'), s.getByRole('button', { name: 'Export CSV' }).click()]);
    assert.equal(download.suggestedFilename(), 'my-words-and-corrections.csv');
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    assert.match(csv, /^"Conversation","Course","Kind","Note","Better way, translation or example","Why"\r\n/);
    assert.match(csv, /"Correction","'=1\+1 cosas","dos cosas",""/, 'a note starting with = is defused');
    assert.match(csv, /"New word","la sobremesa","the talk at the table after a meal",""/);

    await s.setViewportSize({ width: 375, height: 800 });
    await visible(s.getByRole('list', { name: 'My words and corrections' }));
    await screenshot(s, 'notes-my-words-375');

    // The course's instructor reads them on the page of the student's conversation.
    const i = instructorSession.page;
    await signInWithCookie(i, app, instructor.emailAddress, INSTRUCTOR_PASSWORD);
    await i.goto(`/instructor/conversations/${id}`);
    const read = await visible(i.getByRole('region', { name: 'Notes from the speaker' }));
    await visible(read.getByText('la sobremesa'));
    await screenshot(i, 'notes-instructor-conversation');

    // And admins, on the back-office's conversation.
    await signInWithCookie(admin, app, 'admin@example.com', 'Adm1nPassword');
    await admin.goto(`/admin/conversations/${id}`);
    await visible(admin.getByRole('region', { name: 'Notes from the speaker' }).getByText('Estoy aburrido'));
    await speakerSession.close();
    await studentSession.close();
    await instructorSession.close();
    await adminSession.close();
  });
  test('the student’s progress: minutes spoken and the share per week, the notes counted, the lessons done and due; a new student’s empty page', async () => {
    const course = await createCourseAsSystem(app, { name: 'Conversación de los jueves', pricingPlanId: plans.standard });
    const { speaker, student, lessonIds } = await courseWithNamedSpeaker(app, course);
    const lastWeek = new Date(Date.now() - 8 * 24 * 3_600_000);
    const older = await reserveConversation(app, student, speaker, { courseId: course.courseId, lessonId: lessonIds[0] });
    await live(app, older, speaker.accountId, student.accountId, 'held', lastWeek);
    const people = { studentId: student.accountId, speakerId: speaker.accountId };
    await writeNotesAndSpeakingTime(
      app,
      { conversationId: older, ...people, at: lastWeek },
      [
        { kind: 'correction', text: 'Yo soy aburrido', detail: 'Estoy aburrido' },
        { kind: 'word', text: 'la sobremesa', detail: 'the talk after a meal' },
        { kind: 'word', text: 'madrugar', detail: 'to get up early' },
      ],
      9 * 60_000,
    );
    const marked = await app.gql(
      `mutation($input: ModerateConversationInput!) { moderateConversation(input: $input) { marked } }`,
      { input: { conversationId: older, markAs: 'completed' } },
      speaker.token,
    );
    assert.equal(marked.errors, undefined);
    const recent = await reserveConversation(app, student, speaker, { courseId: course.courseId, lessonId: lessonIds[1] });
    await live(app, recent, speaker.accountId, student.accountId, 'held');
    await writeNotesAndSpeakingTime(
      app,
      { conversationId: recent, ...people, at: new Date() },
      [{ kind: 'correction', text: 'Hace calor mucho', detail: 'Hace mucho calor' }],
      6 * 60_000,
    );
    await readModelsCaughtUp(app, ['conversations', 'enrollments', 'classview']);

    const session = await openSession(browser, app);
    const newcomer = await createStudent(app, 0);
    const newcomerSession = await openSession(browser, app, { viewport: { width: 375, height: 800 } });
    const s = session.page;
    await signInWithCookie(s, app, student.emailAddress, 'Stud3ntPass!');
    await s.goto('/student/conversations');
    await s.getByRole('link', { name: 'My progress' }).click();
    await atPath(s, '/student/progress');

    const minutes = await visible(s.getByRole('img', { name: 'Minutes spoken per week' }));
    assert.match((await minutes.getAttribute('aria-describedby')) ?? '', /desc/);
    assert.match((await s.locator('#progress-minutes-chart-desc').textContent()) ?? '', /: 9 minutes;.*: 6 minutes/);
    await visible(s.getByRole('img', { name: 'Speaking share per week' }));
    const table = await visible(s.getByRole('table', { name: 'Week by week' }));
    const rows = table.getByRole('row');
    assert.equal(await rows.count(), 1 + 2, 'a header and the two weeks with a conversation');
    assert.deepEqual(await rows.nth(1).getByRole('cell').allInnerTexts(), ['1', '6 of 15', '40%', '1', '0'], 'this week first');
    assert.deepEqual(await rows.nth(2).getByRole('cell').allInnerTexts(), ['1', '9 of 15', '60%', '1', '2']);
    const summary = s.getByRole('region', { name: 'Your last 12 weeks' });
    await visible(summary.getByText('15 of 30'));
    await visible(summary.getByText('50%'));

    const lessons = await visible(s.getByRole('article', { name: 'Conversación de los jueves' }));
    await visible(lessons.getByText('1 of 4 lessons done'));
    const items = lessons.getByRole('listitem');
    assert.match(await items.nth(0).innerText(), /Lesson 1:[\s\S]*Complete/);
    assert.match(await items.nth(1).innerText(), /Lesson 2:[\s\S]*Held/);
    assert.match(await items.nth(2).innerText(), /Lesson 3:[\s\S]*(Not reserved|Due soon|Overdue)/);
    await screenshot(s, 'progress-1280');

    await s.setViewportSize({ width: 375, height: 800 });
    await visible(s.getByRole('list').filter({ hasText: 'Week of' }));
    assert.equal(await s.evaluate(() => document.documentElement.scrollWidth), 375, 'no sideways scroll at 375 px');
    await screenshot(s, 'progress-375');

    const n = newcomerSession.page;
    await signInWithCookie(n, app, newcomer.emailAddress, 'Stud3ntPass!');
    await n.goto('/student/progress');
    await visible(n.getByText('No conversations yet'));
    await visible(n.getByRole('link', { name: 'Reserve a conversation' }));
    await visible(n.getByText('You are not enrolled in a current course.'));
    await screenshot(n, 'progress-empty-375');
    await session.close();
    await newcomerSession.close();
  });
});
