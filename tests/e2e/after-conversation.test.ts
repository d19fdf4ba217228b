/**
 * After the conversation in Chromium (issue 10): a speaker marks a held conversation 'Speaker
 * Missed/Issue'; the student's header shows the refund and bonus live, the home shows the promotion,
 * and acknowledging it leads to the conversations page. A student buys make-up minutes by card for
 * a missed conversation, after a declined card and Try Again. The conversations page paints its list
 * without the detail panel's code (issue 31).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { BAD_SPEAKER_BONUS_MINUTES } from '../../contracts/afterConversation';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import { startTestApp, type TestApp } from '../support/app';
import { courseWithNamedSpeaker, live, reserveConversation } from '../support/conversations';
import { createCourseAsSystem, createPlans, readModelsCaughtUp } from '../support/enrollment';
import { atPath, launchBrowser, minutesShown, openSession, screenshot, visible, signInWithCookie, test } from './support/browser';

let app: TestApp;
let browser: Browser;
let plans: Awaited<ReturnType<typeof createPlans>>;

test.beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({}, 'e2e-after'), launchBrowser()]);
  plans = await createPlans(app);
});
test.afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** A student enrolled in a priced course (60 minutes), a named speaker, and a held conversation. */
async function world(how: 'held' | 'unused') {
  const course = await createCourseAsSystem(app, { name: `Conversation club ${how}`, pricingPlanId: plans.standard });
  const { speaker, student, lessonIds } = await courseWithNamedSpeaker(app, course);
  const id = await reserveConversation(app, student, speaker, { courseId: course.courseId, lessonId: lessonIds[0] });
  await live(app, id, speaker.accountId, student.accountId, how);
  await readModelsCaughtUp(app, ['conversations', 'enrollments', 'minutes']);
  return { speaker, student, id };
}

test.describe('after the conversation', () => {
  test('a speaker issue refunds the student live, the home offers the promotion, and acknowledging it leads to the conversations', async () => {
    const { speaker, student, id } = await world('held');
    const studentSession = await openSession(browser, app);
    const speakerSession = await openSession(browser, app);
    const s = studentSession.page;
    await signInWithCookie(s, app, student.emailAddress, 'Stud3ntPass!');
    await s.goto('/student/home');
    await minutesShown(s, 45);

    // The ended screen (issue 28): the product's card and the next steps of each participant.
    await s.goto(`/conversation/ended?id=${id}`);
    await visible(s.getByRole('status').filter({ hasText: 'The conversation has ended. This window can be closed.' }));
    const studentNext = await visible(s.getByRole('navigation', { name: 'Next steps' }));
    // Until the conversation has loaded, the card offers only the way home.
    await visible(studentNext.getByRole('link', { name: 'Rate this conversation' }));
    assert.deepEqual(await studentNext.getByRole('link').allTextContents(), [
      'Rate this conversation',
      'See your conversations',
      'Reserve again',
    ]);
    await screenshot(s, 'ended-student');
    await s.setViewportSize({ width: 375, height: 800 });
    await screenshot(s, 'ended-student-375');
    await s.setViewportSize({ width: 1280, height: 800 });
    await studentNext.getByRole('link', { name: 'Rate this conversation' }).click();
    await atPath(s, `/student/conversations?id=${id}`);
    await visible(s.getByRole('region', { name: 'Rate this conversation' }));
    await s.goto('/student/home');
    await minutesShown(s, 45);

    const p = speakerSession.page;
    await signInWithCookie(p, app, speaker.emailAddress, 'Sp3akerPass!');
    await p.goto(`/conversation/ended?id=${id}`);
    const speakerNext = await visible(p.getByRole('navigation', { name: 'Next steps' }));
    await visible(speakerNext.getByRole('link', { name: 'Mark this conversation' }));
    assert.deepEqual(await speakerNext.getByRole('link').allTextContents(), ['Mark this conversation', 'Back to the planner']);
    await screenshot(p, 'ended-speaker');
    await speakerNext.getByRole('link', { name: 'Mark this conversation' }).click();
    await atPath(p, `/speaker/conversations/${id}`);
    await p.goto(`/speaker/conversations/${id}`);
    const markCard = p.getByRole('region', { name: 'Mark' });
    await (await visible(markCard.getByRole('button', { name: 'Mark', exact: true }))).click();
    const dialog = p.getByRole('dialog', { name: 'Mark this conversation' });
    // A choice is required.
    await dialog.getByRole('button', { name: 'Mark', exact: true }).click();
    await visible(dialog.getByText('This is a required field. Please choose a marking.'));
    await dialog.getByRole('radio', { name: 'Speaker Missed/Issue' }).check();
    await screenshot(p, 'after-mark-dialog');
    await dialog.getByRole('button', { name: 'Mark', exact: true }).click();
    await visible(markCard.getByRole('button', { name: 'Already Marked' }));
    // Marked, it stays in the planner's weeks and the speaker's search, with its marking (issue 28).
    const markedRow = /Conversation club held.*, Marked: Speaker Issue$/;
    await p.goto('/speaker/planner');
    await visible(p.getByRole('link', { name: markedRow }));
    await screenshot(p, 'speaker-planner-marked');
    await p.goto(`/speaker/conversations?q=${encodeURIComponent('Conversation club held')}`);
    await visible(p.getByRole('list', { name: 'Your conversations' }).getByRole('link', { name: markedRow }));
    assert.equal(await p.getByTestId('action-needed').count(), 0, 'a marked conversation needs no action');
    await p.setViewportSize({ width: 375, height: 800 });
    await screenshot(p, 'speaker-search-marked-375');
    await p.setViewportSize({ width: 1280, height: 800 });

    // The student's header counts up without a reload: 15 back and the bonus.
    await minutesShown(s, 45 + 15 + BAD_SPEAKER_BONUS_MINUTES);
    await s.reload();
    const card = await visible(s.getByTestId('promotion-card'));
    await visible(card.getByText('We are sorry about your last conversation'));
    await screenshot(s, 'after-home-promotion');
    await s.setViewportSize({ width: 390, height: 844 });
    await screenshot(s, 'after-home-promotion-390');
    await s.setViewportSize({ width: 1280, height: 800 });
    await card.getByRole('button', { name: 'See your conversations' }).focus();
    await s.keyboard.press('Enter');
    await atPath(s, '/student/conversations');
    await visible(s.getByRole('heading', { name: 'Your Conversations' }));
    await s.getByRole('list', { name: 'Your conversations' }).getByRole('button').first().click();
    await visible(s.getByText(`${15 + BAD_SPEAKER_BONUS_MINUTES} minutes were given back to you for this conversation.`));
    await screenshot(s, 'after-conversations-refund');
    // Acknowledged: the promotion is gone from home.
    await s.goto('/student/home');
    await visible(s.getByRole('navigation', { name: 'Shortcuts' }));
    assert.equal(await s.getByTestId('promotion-card').count(), 0);
    await studentSession.close();
    await speakerSession.close();
  });

  test("the conversations list paints without the detail panel's code; a row's click brings it and focuses its heading", async () => {
    const { student } = await world('held');
    // The chunk holding the detail panel (its heading's id is in no other module).
    const assets = path.resolve(import.meta.dirname, '../../web/dist/assets');
    const holders = fs
      .readdirSync(assets)
      .filter((f) => f.endsWith('.js') && fs.readFileSync(path.join(assets, f), 'utf8').includes('conversation-detail-title'));
    assert.equal(holders.length, 1, `the detail panel is in one chunk: ${holders.join(', ')}`);
    const [detailChunk] = holders;
    const session = await openSession(browser, app);
    const s = session.page;
    await signInWithCookie(s, app, student.emailAddress, 'Stud3ntPass!');
    const scripts: string[] = [];
    s.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(path.basename(new URL(request.url()).pathname));
    });
    await s.goto('/student/conversations');
    await visible(s.getByRole('heading', { name: 'Your Conversations', level: 1 }));
    const row = s.getByRole('list', { name: 'Your conversations' }).getByRole('button').first();
    await visible(row);
    // Its fetch after the page's load waits 3 s past the page's mount: none yet.
    assert.ok(!scripts.includes(detailChunk), `the list painted without ${detailChunk}: ${scripts.join(', ')}`);
    await row.click();
    await visible(s.getByRole('heading', { level: 2 }).first());
    await s.waitForFunction(() => document.activeElement?.id === 'conversation-detail-title');
    assert.ok(scripts.includes(detailChunk), 'the click brought the detail panel');
    await session.close();
  });

  test('a student buys make-up minutes by card for a missed conversation, after a declined card', async () => {
    const { speaker, student, id } = await world('unused');
    await app.runtime.afterConversation.mark(
      { actor: SYSTEM_ACTOR },
      { conversationId: id, markAs: 'missed', viewer: { accountId: speaker.accountId, isAdmin: false } },
    );
    await readModelsCaughtUp(app, ['conversations', 'enrollments']);
    const session = await openSession(browser, app);
    const s = session.page;
    await s.setViewportSize({ width: 390, height: 844 });
    await signInWithCookie(s, app, student.emailAddress, 'Stud3ntPass!');
    await s.goto(`/student/conversations?id=${id}`);
    const row = s.getByRole('list', { name: 'Your conversations' }).getByRole('button').first();
    await visible(row.getByText('Purchase more minutes!'));
    await s.getByRole('button', { name: 'Purchase more minutes!', exact: true }).click();
    await visible(s.getByText('$7.50', { exact: true }));
    const pay = async (number: string) => {
      await s.getByLabel('Cardholder name').fill('Ada Student');
      await s.getByLabel('Card number').fill(number);
      await s.getByLabel(/Expiration/).fill('12 / 34');
      await s.getByLabel('CVC').fill('123');
      await s.getByRole('button', { name: /^Pay \$7\.50/ }).click();
    };
    await pay('4000 0000 0000 0002');
    await visible(s.getByText('There was an issue with your payment.'));
    await screenshot(s, 'after-make-up-declined-390');
    await s.getByRole('button', { name: 'Try Again' }).click();
    await pay('4242 4242 4242 4242');
    await visible(s.getByText('Your payment was completed successfully!'));
    await visible(s.getByText('$7.50 was charged for 15 make-up minutes.'));
    await screenshot(s, 'after-make-up-paid-390');
    await minutesShown(s, 45 + 15);
    await session.close();
  });
});
