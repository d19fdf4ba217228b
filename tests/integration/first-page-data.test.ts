/**
 * Issue 31, first load on a slow line: a signed-in page's HTML carries the answers to its first
 * queries (contracts/firstPageData.ts, services/api/firstPageData.ts), run as the page's cookie;
 * signed out, or with a session that is over, the page is the file as built. A personal copy is
 * never stored by a cache, and no answer can close its element.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { allFirstPageOperations, FIRST_PAGE_DATA_ELEMENT, type FirstPageAnswer } from '../../contracts/firstPageData';
import { queryText, withFirstPageAnswers } from '../../services/api/firstPageData';
import { createAdmin, startTestApp, type TestApp } from '../support/app';
import { createStudent } from '../support/scheduling';

const PAGE = '<!doctype html><html><head><title>Tertulia</title></head><body><div id="root"></div></body></html>';
let app: TestApp;
let dist: string;
const previousDist = process.env.WEB_DIST;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'first-page-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), PAGE);
  process.env.WEB_DIST = dist;
  app = await startTestApp({}, 'first_page_data');
});
afterAll(async () => {
  await app?.close();
  if (previousDist === undefined) delete process.env.WEB_DIST;
  else process.env.WEB_DIST = previousDist;
  fs.rmSync(dist, { recursive: true, force: true });
});

async function page(pathname: string, token?: string, encoding = 'identity') {
  const res = await fetch(`${app.url}${pathname}`, {
    headers: { 'accept-encoding': encoding, ...(token ? { cookie: `auth_token=${encodeURIComponent(token)}` } : {}) },
  });
  const html = await res.text();
  const block = new RegExp(`<script type="application/json" id="${FIRST_PAGE_DATA_ELEMENT}">(.*?)</script>`).exec(html);
  const answers = block ? new Map((JSON.parse(block[1]) as FirstPageAnswer[]).map((a) => [a.operationName, a.data])) : null;
  return { res, html, answers };
}

describe("a signed-in page's first answers", () => {
  it("a student's home carries its queries answered as that student; signed out, the file as built", async () => {
    const student = await createStudent(app, 90);
    const home = await page('/student/home', student.token);
    assert.ok(home.answers, 'the page carries answers');
    assert.deepEqual([...home.answers.keys()].sort(), [
      'AccountLocale',
      'MyRoles',
      'MyTestCall',
      'MyZone',
      'RemainingMinutes',
      'StudentHome',
      'StudentOnboardingStatus',
    ]);
    const roles = home.answers.get('MyRoles') as { me: { id: string; account: { roles: string[] } } };
    assert.equal(roles.me.id, student.accountId);
    assert.deepEqual(roles.me.account.roles, ['STUDENT']);
    assert.equal(
      (home.answers.get('RemainingMinutes') as { me: { account: { remainingMinutes: number } } }).me.account.remainingMinutes,
      90,
    );
    assert.equal(home.res.headers.get('cache-control'), 'no-store');
    assert.match(home.res.headers.get('vary') ?? '', /Cookie/i);
    assert.ok(home.html.indexOf(FIRST_PAGE_DATA_ELEMENT) < home.html.indexOf('</head>'), "before the page's code");

    const signedOut = await page('/student/home');
    assert.equal(signedOut.html, PAGE);
    assert.equal(signedOut.res.headers.get('cache-control'), 'no-cache');
    assert.match(signedOut.res.headers.get('vary') ?? '', /Cookie/i);
  });

  it('compressed as the browser accepts; a session that is over gets the file as built', async () => {
    const student = await createStudent(app, 30);
    const brotli = await page('/student/courses', student.token, 'br, gzip');
    assert.equal(brotli.res.headers.get('content-encoding'), 'br');
    assert.ok(brotli.answers?.has('RemainingMinutes'));
    assert.ok(!brotli.answers?.has('StudentHome'), 'only the home page asks for the home');

    await app.gql('mutation { logout { loggedOut } }', {}, student.token);
    const over = await page('/student/home', student.token);
    assert.equal(over.answers, null, 'nothing answered for a session that is over');
    assert.equal(over.res.headers.get('cache-control'), 'no-cache');
  });

  it("an admin's dashboard carries the frame's and the dashboard's answers, and a path outside the app none", async () => {
    const admin = await createAdmin(app, 'first-page-admin@example.com');
    const dashboard = await page('/admin/dashboard', admin.token);
    assert.deepEqual([...(dashboard.answers?.keys() ?? [])].sort(), [
      'AccountLocale',
      'AdminDashboard',
      'AdminMe',
      'MyRoles',
      'MyTestCall',
      'MyZone',
    ]);
    const unknown = await page('/no/such/page', admin.token);
    assert.equal(unknown.html, PAGE);
  });

  it("names only the web's own queries without variables, sent as Apollo sends them", async () => {
    for (const name of allFirstPageOperations()) assert.ok(await queryText(name), `${name}: a query of web/src without variables`);
    const myRoles = (await queryText('MyRoles'))!;
    assert.match(myRoles, /account \{\s+id\s+roles\s+activeRole\s+__typename\s+\}/);
    assert.doesNotMatch(myRoles, /^query MyRoles \{\s+__typename/, 'not on the operation itself');
  });

  it('no answer can close its element or start markup', () => {
    const evil = '</script><script>alert(1)</script>\u2028&amp;';
    const html = withFirstPageAnswers(PAGE, [{ operationName: 'MyZone', data: { me: { timeZone: evil } } }]);
    assert.equal(html.split('</script>').length, 2, 'one element closes, the data block itself');
    const json = /id="first-page-data">(.*?)<\/script>/.exec(html)![1];
    assert.deepEqual(JSON.parse(json), [{ operationName: 'MyZone', data: { me: { timeZone: evil } } }]);
    assert.equal(withFirstPageAnswers(PAGE, []), PAGE);
  });
});
