/**
 * Speaker invitation in Chromium (issue 8): an admin invites a speaker at
 * /admin/speakers/invitations; the speaker signs up from the mail in the dev mailbox (the address
 * locked) and lands in the interview dialog; the admin sees 'An invitation was accepted by …'
 * live, opens the interview (which joins it in its own window), the candidate connects from the
 * dialog (another window) and each sees the other's video (issue 28: Chromium's fake camera and the
 * local provider); the admin promotes (landing on the speaking settings), sets languages and the
 * pay rate (dollars, stored in cents); the speaker's dialog turns to 'Begin Onboarding', and the
 * invitation can no longer be interviewed.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { SpeakerMessages } from '../../contracts/speaking';
import { createAdmin, startTestApp, type TestApp } from '../support/app';
import { atPath, enabled, eventually, launchBrowser, openSession, visible, type Session, signInWithCookie, test } from './support/browser';
import { assertPlaying, windowOpenedBy } from './support/live';

const ADMIN = { email: 'admin@example.com', password: 'Adm1nPassword' };
const SPEAKER = { email: 'sofia.speaker@example.com', password: 'Speak3r-Pass' };

let app: TestApp;
let browser: Browser;
let adminSession: Session;
let speakerSession: Session;

test.beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({ videoProvider: 'local' }, 'e2e-speakers'), launchBrowser({ fakeMedia: true })]);
  await createAdmin(app, ADMIN.email, ADMIN.password);
  adminSession = await openSession(browser, app);
  speakerSession = await openSession(browser, app);
  for (const session of [adminSession, speakerSession]) await session.context.grantPermissions(['camera', 'microphone']);
  await signInWithCookie(adminSession.page, app, ADMIN.email, ADMIN.password);
  await adminSession.page.goto('/admin/dashboard');
});
test.afterAll(async () => {
  await speakerSession?.close();
  await adminSession?.close();
  await browser?.close();
  await app?.close();
});

const SCREENSHOTS = path.resolve(process.env.SCREENSHOT_DIR ?? path.join(import.meta.dirname, '../../.test-data/screenshots'));
async function screenshot(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  // Dialogs fade in: wait until every one is fully shown.
  await page.waitForFunction(() => [...document.querySelectorAll('.MuiDialog-paper')].every((d) => getComputedStyle(d).opacity === '1'));
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}
const snackbar = (page: Page, text: string) => visible(page.getByText(text, { exact: true }).first());

test.describe('speaker invitation to promotion', () => {
  test('invites, signs up from the mail, promotes and sets the speaking settings', async () => {
    const admin = adminSession.page;
    const speaker = speakerSession.page;

    // The admin invites.
    await admin.getByRole('link', { name: 'Speaker invitations' }).click();
    await atPath(admin, '/admin/speakers/invitations');
    await visible(admin.getByRole('heading', { name: 'Speaker invitations', level: 1 }));
    await admin.getByRole('button', { name: 'Send invitation' }).click();
    await visible(admin.getByText(SpeakerMessages.emailRequired));
    await admin.getByRole('textbox', { name: 'Email address' }).fill(SPEAKER.email);
    // The mail's language: the page's unless the admin picks another (the person has no account to say).
    assert.equal((await admin.getByRole('combobox', { name: 'Language of the mail' }).textContent())?.trim(), 'English');
    await admin.getByRole('button', { name: 'Send invitation' }).click();
    await snackbar(admin, SpeakerMessages.sent);
    const row = admin.locator(`[data-testid="invitation-row"][data-email="${SPEAKER.email}"]`);
    await visible(row.getByText('Invited', { exact: true }));
    await visible(row.getByRole('button', { name: 'Rescind' }));
    await screenshot(admin, 'speaker-invitation-sent');

    // The speaker opens the mail in the dev mailbox and signs up with the address locked.
    await eventually(async () => {
      await speaker.goto(`/dev/mailbox?to=${encodeURIComponent(SPEAKER.email)}`);
      return (await speaker.getByRole('link', { name: 'You are invited to speak on Tertulia' }).count()) === 1;
    }, 'the invitation in the dev mailbox');
    await speaker.getByRole('link', { name: 'You are invited to speak on Tertulia' }).click();
    await speaker.getByRole('link', { name: 'Accept the invitation' }).click();
    await speaker.waitForURL((url) => url.pathname === '/auth/sign_up' && !!url.searchParams.get('token'));
    await visible(speaker.getByRole('heading', { name: 'Accept your invitation' }));
    const emailField = speaker.getByRole('textbox', { name: 'Email address' });
    assert.equal(await emailField.inputValue(), SPEAKER.email);
    assert.equal(await emailField.getAttribute('readonly'), '');
    await speaker.getByRole('textbox', { name: 'Password', exact: true }).fill(SPEAKER.password);
    await speaker.getByLabel('Confirm password').fill(SPEAKER.password);
    // The admin's live notice shows for a few seconds only: watch for it from the moment of the sign-up.
    const told = snackbar(admin, SpeakerMessages.accepted(SPEAKER.email));
    told.catch(() => undefined); // awaited below; not an unhandled rejection if a step before fails first
    await (await enabled(speaker.getByRole('button', { name: 'Sign up' }))).click();

    // The speaker lands in the planner's interview dialog; the lobby cannot connect yet.
    await atPath(speaker, '/speaker/planner');
    const dialog = speaker.getByRole('dialog');
    await visible(dialog.getByText('Welcome, future speaker!'));
    await screenshot(speaker, 'speaker-interview-intro');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await visible(dialog.getByText('Your interview has not been opened yet', { exact: false }));
    assert.equal(await dialog.getByRole('button', { name: 'Connect' }).isDisabled(), true);
    // The dialog says what to do, not how often it polls.
    assert.doesNotMatch((await dialog.textContent()) ?? '', /every 10 seconds/);

    // The admin is told live, and the row turns ACCEPTED.
    await told;
    await visible(row.getByText('Accepted', { exact: true }));
    await screenshot(admin, 'speaker-invitation-accepted');

    // The admin opens the interview: it joins it in the conversation's own window.
    const adminRoom = await windowOpenedBy(adminSession, () => row.getByRole('button', { name: 'Interview', exact: true }).click());
    await adminRoom.waitForURL((url) => url.pathname === '/conversation' && !!url.searchParams.get('id'));
    await snackbar(admin, SpeakerMessages.interviewOpened);
    await visible(row.getByText('Interview open'));
    await visible(adminRoom.getByRole('status').getByText('Please wait. The conversation will begin once everyone joins'));

    // The candidate's lobby (refreshed every 10 s) lets them connect: another window.
    await visible(dialog.getByText('Your interviewer is waiting. Connect to join the call.'), 25_000);
    const candidateRoom = await windowOpenedBy(speakerSession, async () =>
      (await enabled(dialog.getByRole('button', { name: 'Connect' }))).click(),
    );
    await candidateRoom.waitForURL(
      (url) => url.pathname === '/conversation' && url.searchParams.get('id') === new URL(adminRoom.url()).searchParams.get('id'),
    );

    // Each sees the other; the room says it is an interview.
    await assertPlaying(candidateRoom, 'Tertulia staff');
    await assertPlaying(adminRoom, 'the candidate');
    await visible(candidateRoom.getByRole('heading', { name: 'Your interview with Tertulia staff', level: 1 }));
    await visible(adminRoom.getByRole('heading', { name: 'Interview with the candidate', level: 1 }));
    await visible(
      adminRoom.getByRole('complementary', { name: 'Side panel' }).getByText('A video interview of a speaker candidate', { exact: false }),
    );
    await visible(adminRoom.getByText(/^\d+:\d\d left$/));
    await adminRoom.screenshot({ path: path.join(SCREENSHOTS, 'interview-admin-room.png') });
    await candidateRoom.screenshot({ path: path.join(SCREENSHOTS, 'interview-candidate-room.png') });
    await admin.reload();
    await visible(row.getByText('Interviewing now'));
    await visible(row.getByRole('button', { name: 'Join interview' }));
    await screenshot(admin, 'speaker-invitation-interviewing');
    await admin.setViewportSize({ width: 375, height: 800 });
    await screenshot(admin, 'speaker-invitation-interviewing-375');
    await admin.setViewportSize({ width: 1280, height: 800 });

    // After the interview, the admin promotes: the promotion opens the speaking settings.
    await admin.bringToFront();
    await row.getByRole('button', { name: 'Promote' }).click();
    await snackbar(admin, SpeakerMessages.promoted);
    await admin.waitForURL((url) => /^\/admin\/speakers\/[^/]+\/speaking$/.test(url.pathname));
    const speakerId = decodeURIComponent(new URL(admin.url()).pathname.split('/')[3]);
    await visible(admin.getByRole('heading', { name: 'Speaking settings' }));
    await visible(admin.getByText('Promoted', { exact: true }));

    // The lobby saw the interview scheduled (refreshed every 10 s), and then the promotion.
    await visible(dialog.getByRole('button', { name: 'Begin Onboarding' }), 25_000);
    await screenshot(speaker, 'speaker-interview-promoted');

    // Languages and pay rate.
    await admin.getByRole('combobox', { name: 'Languages' }).click();
    await admin.getByRole('option', { name: 'Spanish' }).click();
    await admin.getByRole('option', { name: 'French' }).click();
    await admin.keyboard.press('Escape');
    const payRate = admin.getByRole('textbox', { name: 'Pay rate' });
    await payRate.fill('-1');
    await payRate.blur();
    await visible(admin.getByText('A positive value must be provided.'));
    await payRate.fill('12.5');
    await payRate.blur();
    assert.equal(await payRate.inputValue(), '12.50');
    await admin.getByRole('button', { name: 'Save speaking settings' }).click();
    await snackbar(admin, SpeakerMessages.settingsChanged);
    await screenshot(admin, 'speaker-speaking-settings');
    const saved = await app.runtime.pool.query('SELECT languages, pay_rate FROM rm_speakers.speakers WHERE account_id = $1', [speakerId]);
    assert.deepEqual(saved.rows[0], { languages: ['es', 'fr'], pay_rate: 1250 });
    await admin.reload();
    await visible(admin.getByRole('heading', { name: 'Speaking settings' }));
    assert.equal(await admin.getByRole('textbox', { name: 'Pay rate' }).inputValue(), '12.50');

    // The candidates table shows where the speaker stands, and opens their speaking settings.
    await admin.getByRole('navigation', { name: 'Back-office sections' }).getByRole('link', { name: 'Speaker candidates' }).click();
    await visible(admin.getByRole('heading', { name: 'Speaker candidates', level: 1 }));
    const candidate = admin.locator('table tbody tr').filter({ hasText: 'Promoted' });
    await visible(candidate.getByText('Spanish, French'));
    await visible(candidate.getByText('$12.50 / hour'));
    await screenshot(admin, 'admin-speaker-candidates');
    await candidate.click();
    await admin.waitForURL((url) => url.pathname === `/admin/speakers/${speakerId}/speaking`);

    // A promoted speaker is not interviewed again.
    await admin.goto('/admin/speakers/invitations');
    await visible(row.getByText('Promoted', { exact: true }));
    assert.equal(await row.getByRole('button', { name: 'Interview', exact: true }).isDisabled(), true);
    await adminRoom.close();
    await candidateRoom.close();

    // The speaker begins onboarding.
    await dialog.getByRole('button', { name: 'Begin Onboarding' }).click();
    await visible(speaker.getByRole('dialog', { name: 'Welcome to Tertulia' }));
  });
});
