/**
 * `npm run bench -- web`: what the first visit to each main page costs, from the production build
 * served by the product's own server (brotli or gzip copies, as a browser gets them): the
 * JavaScript and all bytes transferred (response bodies as sent plus headers, from Chromium's
 * network events) and the Largest Contentful Paint, unthrottled and on a 1 Mbps line (40 ms
 * latency). Every page is loaded in a fresh browser context (cold cache); signed-in pages with the
 * cookies of a sign-in made beforehand. The demo world (scripts/seed.ts) gives each role something
 * to show.
 *
 * Builds the web app first (as `npm start` does, into .test-data/bench-web-dist or WEB_DIST);
 * `npm run bench -- web --no-build` serves that folder as it is. Targets (issue 11): the sign-in page at most 200 KB of JavaScript, a student's pages at
 * most 350 KB, in English and in Spanish (issue 32: a locale's messages are a chunk of their own). Exits 1 when a target is missed.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Cookie } from 'playwright-core';
import { startTestApp, type TestApp } from '../../tests/support/app';
import { launchBrowser, submitSignIn } from '../../tests/e2e/support/browser';
import { DEMO_ACCOUNTS, seedDemo } from '../seed';
import { Table } from './lib';

const root = path.resolve(import.meta.dirname, '../..');
const KB = 1024;
/** 1 Mbps down, 0.5 up, 40 ms round trip (the spec's slow connection). */
const SLOW = { offline: false, latency: 40, downloadThroughput: 1_000_000 / 8, uploadThroughput: 500_000 / 8 };

type Who = 'signed out' | 'student' | 'instructor' | 'speaker' | 'admin';
interface Route {
  path: string;
  who: Who;
  /** At most this many KB of JavaScript transferred. */
  targetKb?: number;
  /** The browser's language (issue 32: the pages load that locale's messages); British English otherwise. */
  locale?: string;
}

const ROUTES: Route[] = [
  { path: '/auth/sign_in', who: 'signed out', targetKb: 200 },
  { path: '/auth/sign_in', who: 'signed out', targetKb: 200, locale: 'es-ES' },
  { path: '/student/home', who: 'student', targetKb: 350 },
  { path: '/student/home', who: 'student', targetKb: 350, locale: 'es-ES' },
  { path: '/student/courses', who: 'student', targetKb: 350 },
  { path: '/student/conversations', who: 'student', targetKb: 350 },
  { path: '/student/reserve', who: 'student', targetKb: 350 },
  { path: '/speaker/planner', who: 'speaker' },
  { path: '/instructor/courses/grid', who: 'instructor' },
  { path: '/admin/dashboard', who: 'admin' },
];

interface Load {
  jsBytes: number;
  jsFiles: number;
  totalBytes: number;
  lcpMs: number | null;
  encodings: Set<string>;
}

/** Loads `route` in a fresh context with `cookies` and measures it, optionally on the slow line. */
async function load(browser: Browser, app: TestApp, route: Route, cookies: Cookie[], slow: boolean): Promise<Load> {
  const context = await browser.newContext({ baseURL: app.url, viewport: { width: 1280, height: 800 }, locale: route.locale ?? 'en-GB' });
  try {
    if (cookies.length) await context.addCookies(cookies);
    await context.addInitScript(() => {
      (window as any).__lcp = null;
      new PerformanceObserver((list) => {
        const entries = list.getEntries();
        (window as any).__lcp = entries[entries.length - 1].startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const types = new Map<string, string>();
    const result: Load = { jsBytes: 0, jsFiles: 0, totalBytes: 0, lcpMs: null, encodings: new Set() };
    cdp.on('Network.responseReceived', (e) => {
      types.set(e.requestId, e.type);
      if (e.type === 'Script') result.encodings.add(headerOf(e.response.headers, 'content-encoding') ?? 'identity');
    });
    cdp.on('Network.loadingFinished', (e) => {
      result.totalBytes += e.encodedDataLength;
      if (types.get(e.requestId) === 'Script') {
        result.jsBytes += e.encodedDataLength;
        result.jsFiles += 1;
      }
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (slow) await cdp.send('Network.emulateNetworkConditions', SLOW);
    await page.goto(route.path, { timeout: 120_000 });
    await page.locator('h1').first().waitFor({ state: 'visible', timeout: 120_000 });
    await page
      .waitForFunction(() => document.querySelectorAll('[role="progressbar"]').length === 0, null, { timeout: 60_000 })
      .catch(() => {});
    await page.waitForLoadState('networkidle', { timeout: 120_000 }).catch(() => {});
    if (new URL(page.url()).pathname !== route.path) throw new Error(`${route.path} landed on ${page.url()}`);
    result.lcpMs = await page.evaluate(() => (window as any).__lcp as number | null);
    return result;
  } finally {
    await context.close();
  }
}

const headerOf = (headers: Record<string, string>, name: string) => Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];

/** Signs in through the sign-in page once and keeps the cookies. */
async function cookiesOf(browser: Browser, app: TestApp, who: Who): Promise<Cookie[]> {
  if (who === 'signed out') return [];
  const account = DEMO_ACCOUNTS.find((a) => a.label === who)!;
  const context: BrowserContext = await browser.newContext({ baseURL: app.url });
  try {
    const page = await context.newPage();
    await page.goto('/auth/sign_in');
    await submitSignIn(page, account.emailAddress, account.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/auth/'), { timeout: 60_000 });
    return await context.cookies();
  } finally {
    await context.close();
  }
}

async function main() {
  // Built into a folder of its own, so a test run serving web/dist meanwhile is left alone.
  const dist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, '.test-data/bench-web-dist');
  process.env.WEB_DIST = dist;
  if (!process.argv.includes('--no-build')) {
    console.log(`Building the web app (production) into ${path.relative(root, dist)} ...`);
    execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
  }
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist} holds no built web app`);
  const app = await startTestApp({ rateLimits: false, logLevel: 'silent' }, 'bench_web');
  const browser = await launchBrowser();
  try {
    await seedDemo(app.runtime);
    await app.runtime.runner.catchUp();
    const cookies = new Map<Who, Cookie[]>();
    for (const who of new Set(ROUTES.map((r) => r.who))) cookies.set(who, await cookiesOf(browser, app, who));

    console.log('\nFirst load of each page: production build, fresh browser context (cold cache), Chromium, 1280x800\n');
    const table = new Table([
      'route',
      'as',
      'locale',
      'JS files',
      'JS KB',
      'target KB',
      'all KB',
      'encoding',
      'LCP ms',
      'LCP ms at 1 Mbps',
    ]);
    let missed = 0;
    for (const route of ROUTES) {
      const fast = await load(browser, app, route, cookies.get(route.who)!, false);
      const slow = await load(browser, app, route, cookies.get(route.who)!, true);
      const kb = fast.jsBytes / KB;
      const over = route.targetKb !== undefined && kb > route.targetKb;
      if (over) missed += 1;
      table.add(
        route.path,
        route.who,
        route.locale ?? 'en-GB',
        fast.jsFiles,
        kb.toFixed(1),
        route.targetKb === undefined ? '' : `${route.targetKb}${over ? ' MISSED' : ''}`,
        (fast.totalBytes / KB).toFixed(1),
        [...fast.encodings].join(', '),
        fast.lcpMs === null ? 'n/a' : fast.lcpMs.toFixed(0),
        slow.lcpMs === null ? 'n/a' : slow.lcpMs.toFixed(0),
      );
    }
    table.print();
    console.log('\nKB: bytes received (bodies as sent, plus headers) / 1024. LCP: largest-contentful-paint from navigation start.');
    if (missed) {
      console.error(`\n${missed} page(s) over their JavaScript target`);
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
    await app.close();
  }
}

await main();
