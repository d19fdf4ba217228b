/**
 * Browser helpers for tests of the live room (tests/e2e/live.test.ts, archive.test.ts): a person
 * (a context with the camera and microphone granted, errors collected), the window a click opens,
 * and whether the peer's video is playing.
 */
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Locator, Page, WebSocketRoute } from '@playwright/test';
import { WAIT_MS, eventually } from './browser';

export interface Person {
  context: BrowserContext;
  page: Page;
  errors: Error[];
}

/** A participant's browser context (fake media granted); LIVE_DEBUG=1 prints the rooms' signalling. */
export async function roomPerson(browser: Browser, baseURL: string, width = 1280, height = 800): Promise<Person> {
  const context = await browser.newContext({ baseURL, viewport: { width, height }, locale: 'en-GB' });
  context.setDefaultTimeout(WAIT_MS);
  await context.grantPermissions(['camera', 'microphone']);
  await context.addInitScript('globalThis.__name = globalThis.__name || ((fn) => fn);');
  const page = await context.newPage();
  const errors: Error[] = [];
  context.on('page', (p) => p.on('pageerror', (e) => errors.push(e)));
  if (process.env.LIVE_DEBUG) {
    await context.addInitScript('globalThis.__liveDebug = true;');
    context.on('console', (m) => {
      if (m.type() !== 'log' && m.type() !== 'info')
        console.log(`  [${new URL(m.page()?.url() ?? 'about:blank').pathname}] ${m.type()}: ${m.text()}`);
    });
  }
  page.on('pageerror', (e) => errors.push(e));
  return { context, page, errors };
}

/** The conversation window a click opens (a named window: a new page of the same context). */
export async function windowOpenedBy(p: Pick<Person, 'context'>, click: () => Promise<void>): Promise<Page> {
  const [popup] = await Promise.all([p.context.waitForEvent('page'), click()]);
  popup.setDefaultTimeout(WAIT_MS);
  return popup;
}

/** The peer's video in a room: its size and play position. */
export const remoteVideo = (page: Page, peerName: string) =>
  page.evaluate((label) => {
    const v = document.querySelector<HTMLVideoElement>(`video[aria-label="${label}"]`);
    return v ? { width: v.videoWidth, height: v.videoHeight, time: v.currentTime, paused: v.paused } : null;
  }, `${peerName}'s video`);

/** The peer's video is playing: frames of a real size, and the play position moves on. */
export async function assertPlaying(page: Page, peerName: string) {
  const first = await eventually(async () => {
    const v = await remoteVideo(page, peerName);
    return v && v.width > 0 && v.time > 0 ? v : null;
  }, `${peerName}'s video to play`);
  const later = await eventually(async () => {
    const v = await remoteVideo(page, peerName);
    return v && v.time > first.time + 0.3 ? v : null;
  }, `${peerName}'s video to keep playing`);
  assert.equal(later.paused, false);
  assert.ok(later.width >= 320, `a real picture (${later.width}x${later.height})`);
}

/**
 * The page hears nothing on its `field` subscriptions (what a subscription that connected after
 * the change, or a proxy that dropped a message, would leave it with); everything else on the
 * GraphQL socket passes. Set before the page opens the socket.
 */
export async function missingSubscription(page: Page, field: string): Promise<{ dropped: () => number }> {
  let dropped = 0;
  await page.routeWebSocket(/\/graphql$/, (ws) => {
    const server = ws.connectToServer();
    const muted = new Set<string>();
    const parsed = (message: string | Buffer) => {
      try {
        return typeof message === 'string' ? (JSON.parse(message) as { id?: string; type?: string; payload?: { query?: string } }) : null;
      } catch {
        return null;
      }
    };
    ws.onMessage((message) => {
      const m = parsed(message);
      if (m?.type === 'subscribe' && m.id && m.payload?.query?.includes(field)) muted.add(m.id);
      server.send(message);
    });
    server.onMessage((message) => {
      const m = parsed(message);
      if (m?.type === 'next' && m.id && muted.has(m.id)) {
        dropped++;
        return;
      }
      ws.send(message);
    });
  });
  return { dropped: () => dropped };
}

/**
 * The page's GraphQL socket, which the test can cut (as a server restart does, close code 1012)
 * and keep refused until `restore`; the page reconnects on its own.
 */
export async function interruptibleSocket(page: Page) {
  const open = new Set<WebSocketRoute>();
  let refusing = false;
  let connections = 0;
  let refused = 0;
  await page.routeWebSocket(/\/graphql$/, (ws) => {
    if (refusing) {
      refused++;
      void ws.close({ code: 1012, reason: 'Service Restart' });
      return;
    }
    connections++;
    ws.connectToServer();
    open.add(ws);
  });
  return {
    cut: async () => {
      refusing = true;
      for (const ws of open) await ws.close({ code: 1012, reason: 'Service Restart' }).catch(() => undefined);
      open.clear();
    },
    restore: () => {
      refusing = false;
    },
    counts: () => ({ connections, refused }),
  };
}

/**
 * Waits until `what` shows in the student's lobby. reserveOpenableNow's start is the quarter hour up
 * to 11 minutes past (conversations start on the quarter hour, and the room must be openable now),
 * and from 5 minutes past the start, with the speaker not in the room, the lobby tells the student
 * in a dialog over the page that the speaker is late, once it knows the speaker is absent: then the
 * student keeps waiting, as a student would. (A failed run's trace: tardyAfter 02:05, the lobby
 * loaded at 02:09, and the dialog hid the page for the whole wait.)
 */
export async function inLobby(page: Page, what: Locator): Promise<void> {
  const late = page.getByRole('dialog', { name: "We're sorry" });
  await eventually(async () => {
    if (await late.isVisible()) await late.getByRole('button', { name: 'Keep waiting' }).click();
    return what.isVisible();
  }, 'the lobby to show what the test looks for');
}
