/**
 * The equipment check in Chromium with a fake camera and microphone (issue 9): a speaker opens
 * Compatibility from the header, sees the camera preview playing, the microphone level moving,
 * 'Supported' and a connection-speed result against our own server; the camera and microphone are
 * released on leaving; the camera preview alone; the catalogue's message for a camera in use while
 * the microphone still works; the page at a phone's width; the student's lobby tab and settings
 * panel. Screenshots: .test-data/screenshots/compatibility-*.png.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { type TestApp, startTestApp } from '../support/app';
import { addAvailability, hoursAhead, plusMinutes } from '../support/scheduling';
import { atPath, eventually, launchBrowser, openSession, titled, visible, type Session, signInWithCookie, test } from './support/browser';
import { promotedSpeaker, reserveThroughApi, studentWithMinutes, type SpeakerAccount } from './support/scheduling';

const SCREENSHOTS = path.resolve(process.env.SCREENSHOT_DIR ?? path.join(import.meta.dirname, '../../.test-data/screenshots'));
async function screenshot(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `compatibility-${name}.png`), fullPage: true, animations: 'disabled' });
}

/** Every stream the page gets from getUserMedia, kept to check that they are stopped. */
const RECORD_STREAMS = `(() => {
  const media = navigator.mediaDevices;
  if (!media) return;
  const original = media.getUserMedia.bind(media);
  window.__streams = [];
  media.getUserMedia = async (constraints) => {
    const stream = await original(constraints);
    window.__streams.push(stream);
    return stream;
  };
})();`;

/** A camera another application holds: any request with video fails as Chrome says it. */
const CAMERA_IN_USE = `(() => {
  const media = navigator.mediaDevices;
  const original = media.getUserMedia.bind(media);
  media.getUserMedia = async (constraints) => {
    if (constraints && constraints.video) throw new DOMException('Could not start video source', 'NotReadableError');
    return original(constraints);
  };
})();`;

let app: TestApp;
let browser: Browser;
let speaker: SpeakerAccount;

test.beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({}, 'e2e-compatibility'), launchBrowser({ fakeMedia: true })]);
  speaker = await promotedSpeaker(app, { languages: ['es'], zone: 'Europe/Madrid' });
});
test.afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function signInAsSpeaker(page: Page) {
  await signInWithCookie(page, app, speaker.emailAddress, speaker.password);
}

/** Waits until the camera preview plays frames. */
async function cameraPlaying(page: Page) {
  const video = await visible(page.getByLabel('Your camera preview'));
  await eventually(
    () => video.evaluate((v: HTMLVideoElement) => v.videoWidth > 0 && !v.paused && v.readyState >= 2),
    'the camera preview to play',
  );
}

/** Waits until the microphone bar shows sound (the fake microphone beeps). */
async function microphoneMoving(page: Page) {
  const meter = await visible(page.getByRole('progressbar', { name: 'Microphone level' }));
  const start = page.getByRole('button', { name: 'Start the microphone meter' });
  await eventually(async () => {
    if (await start.isVisible()) await start.click();
    return Number(await meter.getAttribute('aria-valuenow')) > 0;
  }, 'the microphone level to move');
}

/** The states of every track the page got. */
const trackStates = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { __streams: MediaStream[] }).__streams ?? []).flatMap((s) =>
      s.getTracks().map((t) => `${t.kind}:${t.readyState}`),
    ),
  );

async function checkSpeed(page: Page, { slowUpload = false } = {}) {
  if (slowUpload) {
    // Slowed on its way, so the progress can be seen: the loopback is faster than the eye.
    await page.route('**/api/throughput/upload', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400)); // Deliberate: a slow upload, so that its progress shows
      await route.continue();
    });
  }
  await page.getByRole('button', { name: 'Check connection speed' }).click();
  if (slowUpload) {
    await visible(page.getByRole('progressbar', { name: 'Connection speed check progress' }));
    await visible(page.getByText('Checking the upload speed…'));
  }
  const result = await visible(page.getByText(/^Download [\d.]+ Mbps · Upload [\d.]+ Mbps$/));
  const [down, up] = ((await result.textContent()) ?? '').match(/[\d.]+/g)!.map(Number);
  assert.ok(down >= 1 && up >= 1, `the loopback is faster than 1 Mbps each way (${down} down, ${up} up)`);
  await visible(page.getByText('Meets the 1 Mbps requirement'));
  if (slowUpload) await page.unroute('**/api/throughput/upload');
}

test.describe('equipment check', () => {
  test("the speaker's Compatibility page: camera, microphone, browser support and speed; released on leaving", async () => {
    const session = await openSession(browser, app);
    const { page } = session;
    try {
      await session.context.addInitScript(RECORD_STREAMS);
      await signInAsSpeaker(page);
      await page.goto('/speaker/planner');
      await page.getByRole('navigation', { name: 'Speaker' }).getByRole('link', { name: 'Compatibility' }).click();
      await atPath(page, '/speaker/compatibility');
      await titled(page, 'Tertulia - Compatibility');
      await visible(page.getByRole('heading', { name: 'Compatibility', level: 1 }));
      for (const name of ['Camera', 'Microphone', 'Browser support', 'Connection speed'])
        await visible(page.getByRole('heading', { name, level: 2 }));

      await cameraPlaying(page);
      await microphoneMoving(page);
      await visible(page.getByText('Supported', { exact: true }));
      assert.equal(await page.getByRole('alert').count(), 0, 'no camera or microphone message');
      await checkSpeed(page, { slowUpload: true });
      await screenshot(page, 'speaker-1280');

      // Keyboard: the speed check is reachable and runs again from the keyboard.
      const button = page.getByRole('button', { name: 'Check connection speed' });
      await button.focus();
      await page.keyboard.press('Enter');
      await visible(page.getByText('Meets the 1 Mbps requirement'));

      // Leaving the page stops the camera and the microphone.
      assert.ok(
        (await trackStates(page)).some((s) => s.endsWith(':live')),
        'the devices are in use on the page',
      );
      await page.getByRole('navigation', { name: 'Speaker' }).getByRole('link', { name: 'Planner' }).click();
      await atPath(page, '/speaker/planner');
      await eventually(async () => {
        const states = await trackStates(page);
        return states.length >= 2 && states.every((s) => s.endsWith(':ended'));
      }, 'every camera and microphone track to stop');
    } catch (error) {
      await screenshot(page, 'failure');
      throw error;
    }
    await session.close();
  });

  test('the camera preview alone, and the page at a phone’s width', async () => {
    const session = await openSession(browser, app);
    const { page } = session;
    try {
      await session.context.addInitScript(RECORD_STREAMS);
      await signInAsSpeaker(page);
      await page.goto('/speaker/compatibility');
      await page.getByRole('link', { name: 'Open the camera preview' }).click();
      await atPath(page, '/speaker/compatibility/camera');
      await titled(page, 'Tertulia - Camera preview');
      await cameraPlaying(page);
      assert.equal(await page.getByRole('progressbar', { name: 'Microphone level' }).count(), 0, 'the camera alone');
      const live = (await trackStates(page)).filter((s) => s.endsWith(':live'));
      assert.deepEqual(live, ['video:live'], 'only the camera is held (the full check released its devices)');
      await screenshot(page, 'camera-1280');

      await page.getByRole('link', { name: 'Back to the full equipment check' }).click();
      await atPath(page, '/speaker/compatibility');
      await page.setViewportSize({ width: 375, height: 740 });
      await cameraPlaying(page);
      await microphoneMoving(page);
      await checkSpeed(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.equal(overflow, 0, 'nothing wider than the phone');
      await screenshot(page, 'speaker-375');
    } catch (error) {
      await screenshot(page, 'failure');
      throw error;
    }
    await session.close();
  });

  test("a camera in use: the catalogue's message, the microphone still measured, Try again", async () => {
    const session = await openSession(browser, app);
    const { page } = session;
    try {
      await session.context.addInitScript(CAMERA_IN_USE);
      await signInAsSpeaker(page);
      await page.goto('/speaker/compatibility');
      await visible(
        page.getByRole('alert').filter({
          hasText: 'The camera is already in use. Please close any other applications that may be using the camera and try again.',
        }),
      );
      await visible(page.getByText('The camera is not available'));
      await microphoneMoving(page);
      await page.getByRole('button', { name: 'Try again' }).click();
      await visible(page.getByRole('alert').filter({ hasText: 'The camera is already in use.' }));
      await screenshot(page, 'camera-in-use');
    } catch (error) {
      await screenshot(page, 'failure');
      throw error;
    }
    await session.close();
  });

  test("the student's lobby Compatibility tab and the settings panel", async () => {
    const start = hoursAhead(30);
    await addAvailability(app, speaker, start, plusMinutes(start, 60));
    const student = await studentWithMinutes(app, 60);
    const conversationId = await reserveThroughApi(app, student, speaker.accountId, start);
    const session: Session = await openSession(browser, app);
    const { page } = session;
    try {
      await signInWithCookie(page, app, student.emailAddress, student.password);
      await page.goto(`/student/lobby?id=${conversationId}&option=3`);
      await visible(page.getByRole('tab', { name: 'Compatibility', selected: true }));
      const panel = page.getByRole('tabpanel');
      await cameraPlaying(page);
      await microphoneMoving(page);
      await visible(panel.getByRole('heading', { name: 'Connection speed', level: 3 }));
      await visible(panel.getByText('Supported', { exact: true }));
      await screenshot(page, 'lobby');

      await page.goto('/student/settings');
      // The settings are cards; the camera and compatibility one opens its panel.
      await page.getByRole('link', { name: /^Camera and compatibility/ }).click();
      const settings = await visible(page.getByRole('region', { name: 'Camera and compatibility' }));
      assert.equal(await page.getByLabel('Your camera preview').count(), 0, 'the camera is asked for only on request');
      await settings.getByRole('button', { name: 'Check my equipment' }).click();
      await cameraPlaying(page);
      await checkSpeed(page);
      await screenshot(page, 'student-settings');
      await settings.getByRole('button', { name: 'Close the equipment check' }).click();
      assert.equal(await page.getByLabel('Your camera preview').count(), 0);
    } catch (error) {
      await screenshot(page, 'failure');
      throw error;
    }
    await session.close();
  });
});
