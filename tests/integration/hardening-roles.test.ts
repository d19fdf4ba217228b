/**
 * Issue 7, items 13 and 14. A refusal for a missing role says which role (code UNAUTHORIZED,
 * `extensions.reason: 'role'`), while a refusal for a missing or closed session keeps the spec's
 * 'Try to sign in again' and no reason; the ONBOARDING_ form of a role holds the role. The built
 * web app publishes no source maps, and the server refuses any *.map path however it is spelled.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { skipTest } from '../support/skip';
import { ErrorReason, Messages, roleRequiredMessage } from '../../contracts/errors';
import type { Role } from '../../contracts/roles';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import { signIn, signUp, startTestApp, type GraphQLResult, type TestApp } from '../support/app';
import { CREATE_COURSE, courseInput, createCourse, createPlans, ENROLL } from '../support/enrollment';

const WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist');
const STUDENTS = `{ students(first: 5) { edges { node { id } } } }`;
const LOGOUT = `mutation { logout { loggedOut } }`;
/** A course's dates are calendar dates (YYYY-MM-DD). */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const course = (over: Record<string, unknown> = {}) => courseInput({ startDate: day(1), endDate: day(90), ...over });

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, 'hardening-roles');
  await createPlans(app);
});
afterAll(async () => {
  await app?.close();
});

async function accountWith(roles: Role[], name: string) {
  const emailAddress = `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await app.runtime.identity.register({ actor: SYSTEM_ACTOR }, { emailAddress, password: 'Role-Pass1', roles });
  return signIn(app, emailAddress, 'Role-Pass1');
}

/** The first error's code, reason and message. */
function refusal(res: GraphQLResult) {
  assert.ok(res.errors?.length, `refused: ${JSON.stringify(res)}`);
  const [error] = res.errors!;
  const extensions = (error.extensions ?? {}) as { code?: string; reason?: string };
  return { code: extensions.code, reason: extensions.reason ?? null, message: error.message };
}

describe('a refusal for a missing role says which role', () => {
  let invite = '';
  beforeAll(async () => {
    const instructor = await signUp(app, `owner-${Date.now()}@example.com`, 'Role-Pass1', 'INSTRUCTOR');
    invite = (await createCourse(app, instructor.token, { startDate: day(1), endDate: day(90) })).inviteNumber;
  });

  it('a speaker making a course needs the instructor role', async () => {
    const speaker = await accountWith(['SPEAKER'], 'speaker');
    const res = await app.gql(CREATE_COURSE, { input: course() }, speaker);
    assert.deepEqual(refusal(res), { code: 'UNAUTHORIZED', reason: ErrorReason.ROLE, message: 'This needs the instructor role.' });
    assert.equal(res.data?.createCourse ?? null, null);
    // In the caller's language, with the same code and reason (issue 32).
    const inFrench = await app.gql(CREATE_COURSE, { input: course() }, speaker, { 'accept-language': 'fr' });
    assert.deepEqual(refusal(inFrench), {
      code: 'UNAUTHORIZED',
      reason: ErrorReason.ROLE,
      message: 'Cela nécessite le rôle d’enseignant(e).',
    });
  });

  it('a speaker enrolling needs the student role', async () => {
    const speaker = await accountWith(['ONBOARDING_SPEAKER'], 'speaker');
    const res = await app.gql(ENROLL, { input: { inviteNumber: invite } }, speaker);
    const { code, reason, message } = refusal(res);
    assert.equal(code, 'UNAUTHORIZED');
    assert.equal(reason, ErrorReason.ROLE);
    assert.match(message, /\bstudents?\b/i, 'names the student role');
    assert.doesNotMatch(message, /sign in/i);
  });

  it('a student or an instructor using the back-office needs the admin role', async () => {
    const student = await signUp(app, `pupil-${Date.now()}@example.com`, 'Role-Pass1');
    const instructor = await accountWith(['INSTRUCTOR'], 'teacher');
    for (const token of [student.token, instructor]) {
      assert.deepEqual(refusal(await app.gql(STUDENTS, {}, token)), {
        code: 'UNAUTHORIZED',
        reason: ErrorReason.ROLE,
        message: roleRequiredMessage('ADMIN'),
      });
    }
    assert.equal(roleRequiredMessage('ADMIN'), 'This needs the admin role.');
  });

  it("another account's data needs the admin role too", async () => {
    const one = await signUp(app, `one-${Date.now()}@example.com`, 'Role-Pass1');
    const other = await signUp(app, `other-${Date.now()}@example.com`, 'Role-Pass1');
    const res = await app.gql(`query($id: ID!) { user(userId: $id) { id } }`, { id: other.accountId }, one.token);
    assert.deepEqual(refusal(res), { code: 'UNAUTHORIZED', reason: ErrorReason.ROLE, message: 'This needs the admin role.' });
  });

  it('holds a role in its ONBOARDING_ form', async () => {
    const onboarding = await accountWith(['ONBOARDING_INSTRUCTOR'], 'newteacher');
    const res = await app.gql(CREATE_COURSE, { input: course({ name: 'Onboarding course' }) }, onboarding);
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    assert.equal(res.data.createCourse.created, true);
  });
});

describe('a refusal for the session asks to sign in again', () => {
  it("signed out: the spec's message and no reason", async () => {
    for (const query of [STUDENTS, LOGOUT]) {
      assert.deepEqual(refusal(await app.gql(query)), { code: 'UNAUTHORIZED', reason: null, message: Messages.unauthorized });
    }
    assert.deepEqual(refusal(await app.gql(CREATE_COURSE, { input: course() })), {
      code: 'UNAUTHORIZED',
      reason: null,
      message: Messages.unauthorized,
    });
  });

  it('a closed session: the same, even where a role is also missing', async () => {
    const speaker = await accountWith(['SPEAKER'], 'leaving');
    assert.equal((await app.gql(LOGOUT, {}, speaker)).data?.logout.loggedOut, true);
    assert.deepEqual(refusal(await app.gql(CREATE_COURSE, { input: course() }, speaker)), {
      code: 'UNAUTHORIZED',
      reason: null,
      message: Messages.unauthorized,
    });
  });
});

describe('source maps', () => {
  it('the built web app has no source maps and points to none', (t) => {
    if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
      skipTest(t, 'web/dist is not built (npx vite build --config web/vite.config.ts)');
      return;
    }
    const files = fs.readdirSync(WEB_DIST, { recursive: true, encoding: 'utf8' });
    assert.deepEqual(
      files.filter((f) => /\.map$/i.test(f)),
      [],
      'no .map files in web/dist',
    );
    for (const file of files.filter((f) => /\.(js|css|html)$/.test(f))) {
      const text = fs.readFileSync(path.join(WEB_DIST, file), 'utf8');
      assert.doesNotMatch(text, /[#@] sourceMappingURL=/, `${file} names no source map`);
    }
  });

  it('the server refuses *.map in any spelling, even a file that is there', async () => {
    const assets = path.join(WEB_DIST, 'assets');
    const probe = `zz-probe-${process.pid}.js.map`;
    const present = fs.existsSync(assets);
    if (present) fs.writeFileSync(path.join(assets, probe), '{"version":3,"sources":["secret.ts"],"mappings":""}');
    try {
      const paths = [
        `/assets/${probe}`,
        `/assets/${probe.toUpperCase()}`,
        `/assets/${probe.replace(/\.map$/, '.MaP')}`,
        `/assets/${probe.replace(/\.map$/, '%2Emap')}`,
        `/assets/${probe.replace(/\.map$/, '.%6d%61%70')}`,
        `/assets/${probe}?download=1`,
        '/assets/index.js.map',
        '/student/courses.map',
      ];
      for (const p of paths) {
        const res = await fetch(`${app.url}${p}`);
        const body = await res.text();
        assert.equal(res.status, 404, `${p}: ${res.status}`);
        assert.doesNotMatch(body, /sources|<html/i, `${p} serves neither the map nor the app's page`);
        assert.match(res.headers.get('content-type') ?? '', /application\/json/, `${p} answers JSON`);
      }
      // The app itself is still served.
      if (present) {
        const page = await fetch(`${app.url}/student/courses`);
        assert.equal(page.status, 200);
        assert.match(await page.text(), /<div id="root">|<html/i);
      }
    } finally {
      if (present) fs.rmSync(path.join(assets, probe), { force: true });
    }
  });
});
