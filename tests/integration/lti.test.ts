/**
 * Tertulia as an LTI 1.3 tool (issue 33) against a platform peer built from the IMS specifications
 * (tests/support/ltiPlatform.ts): registration by an admin (validated, JWKS fetched), login
 * initiation, launch (account made, linked or found; role mapped; signed in; landing), and every
 * refusal with nothing written.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { LTI_PATHS } from '../../services/integrations/lti/paths';
import { createAdmin, eventCountWithoutMail, signIn, signUp, signUpOnboarded, startTestApp, type TestApp } from '../support/app';
import { findEnrollment } from '../../projections/enrollments';
import { userKey } from '../../services/domain/lti/handlers';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import type { NewEvent } from '../../services/eventstore/port';
import { STANDARD_PRICES, createCourse, createCourseAsSystem, createPlans } from '../support/enrollment';
import { systemEvent } from '../support/events';
import { eventually } from '../support/eventually';
import { LTI_ROLES, startLtiPlatform, type LtiPlatformPeer } from '../support/ltiPlatform';

const REGISTER = `mutation($input: RegisterLtiPlatformInput!) {
  registerLtiPlatform(input: $input) { changed platform { id name issuer clientId deploymentIds jwksUrl } } }`;

let app: TestApp;
let peer: LtiPlatformPeer;
let admin: { token: string; accountId: string };
let platformId: string;

const platformInput = (p: LtiPlatformPeer, overrides: Record<string, unknown> = {}) => ({
  name: 'Colegio Cervantes Canvas',
  issuer: p.issuer,
  clientId: p.clientId,
  deploymentIds: [p.deploymentId],
  authLoginUrl: p.authLoginUrl,
  accessTokenUrl: p.accessTokenUrl,
  jwksUrl: p.jwksUrl,
  ...overrides,
});

/** The LMS's third-party-initiated login, then the platform's answer: the form it would post to us. */
async function initiate(p: LtiPlatformPeer, target = `${app.url}${LTI_PATHS.launch}`) {
  const login = new URL(`${app.url}${LTI_PATHS.login}`);
  const params = {
    iss: p.issuer,
    login_hint: p.loginHint,
    target_link_uri: target,
    client_id: p.clientId,
    lti_deployment_id: p.deploymentId,
  };
  for (const [k, v] of Object.entries(params)) login.searchParams.set(k, v);
  const res = await fetch(login, { redirect: 'manual' });
  assert.equal(res.status, 302, await res.clone().text());
  return p.authorize(res.headers.get('location')!);
}

async function post(form: { action: string; idToken: string; state: string }) {
  const res = await fetch(form.action, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
    body: new URLSearchParams({ id_token: form.idToken, state: form.state }),
  });
  return { status: res.status, location: res.headers.get('location'), cookies: res.headers.getSetCookie(), page: await res.text() };
}

async function launch(p: LtiPlatformPeer) {
  return post(await initiate(p));
}

const tokenOf = (cookies: string[]) =>
  decodeURIComponent(
    cookies
      .find((c) => c.startsWith('auth_token='))!
      .split(';')[0]
      .slice('auth_token='.length),
  );

beforeAll(async () => {
  app = await startTestApp({}, 'lti');
  peer = await startLtiPlatform();
  peer.tool = {
    jwksUrl: `${app.url}${LTI_PATHS.jwks}`,
    redirectUris: [`${app.url}${LTI_PATHS.launch}`, `${app.url}${LTI_PATHS.deepLinking}`],
  };
  admin = await createAdmin(app);
  const res = await app.gql(REGISTER, { input: platformInput(peer) }, admin.token);
  assert.equal(res.errors, undefined, JSON.stringify(res.errors));
  platformId = res.data.registerLtiPlatform.platform.id;
});

afterAll(async () => {
  await peer?.close();
  await app?.close();
});

describe('LTI platform registration (admin)', () => {
  it('registers a platform, lists it and gives the URLs to paste into the LMS', async () => {
    const res = await app.gql(
      `{ ltiToolUrls { loginUrl launchUrl deepLinkingUrl jwksUrl } ltiPlatformTable { totalCount edges { node { id clientId } } } }`,
      {},
      admin.token,
    );
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    assert.deepEqual(res.data.ltiToolUrls, {
      loginUrl: `${app.url}/lti/login`,
      launchUrl: `${app.url}/lti/launch`,
      deepLinkingUrl: `${app.url}/lti/deep-linking`,
      jwksUrl: `${app.url}/lti/jwks`,
    });
    assert.deepEqual(
      res.data.ltiPlatformTable.edges.map((e: any) => e.node.id),
      [platformId],
    );
    const jwks = await (await fetch(`${app.url}/lti/jwks`)).json();
    assert.equal(jwks.keys.length, 1);
    assert.equal(jwks.keys[0].kty, 'RSA');
    assert.equal(jwks.keys[0].d, undefined, 'never the private part');
    const stored = await app.runtime.pool.query(`SELECT data FROM events WHERE type = 'LtiToolKeyGenerated'`);
    assert.equal(stored.rows.length, 1);
    assert.ok(!JSON.stringify(stored.rows[0].data).includes('"d":'), 'the private key rests sealed');
  });

  it('refuses a JWKS URL that answers no keys, a second registration of the same pair, and a non-admin, writing nothing', async () => {
    const student = await signUpOnboarded(app, 'not-admin@example.com');
    const before = await eventCountWithoutMail(app);
    const noKeys = await app.gql(
      REGISTER,
      { input: platformInput(peer, { clientId: 'other', jwksUrl: `${peer.url}/nothing-here` }) },
      admin.token,
    );
    assert.equal(noKeys.errors?.[0].extensions?.fields?.jwksUrl, "The JWKS URL answered HTTP 404 instead of the platform's keys.");
    const http = await app.gql(
      REGISTER,
      { input: platformInput(peer, { clientId: 'other', authLoginUrl: 'http://lms.example/auth' }) },
      admin.token,
    );
    assert.match(http.errors?.[0].extensions?.fields?.authLoginUrl ?? '', /https:\/\//);
    const nul = await app.gql(REGISTER, { input: platformInput(peer, { clientId: 'a\u0000b' }) }, admin.token);
    assert.equal(nul.errors?.[0].extensions?.code, 'BAD_USER_INPUT');
    const twice = await app.gql(REGISTER, { input: platformInput(peer) }, admin.token);
    assert.equal(twice.errors?.[0].extensions?.code, 'CONFLICT');
    const refused = await app.gql(REGISTER, { input: platformInput(peer, { clientId: 'x' }) }, student.token);
    assert.equal(refused.errors?.[0].extensions?.code, 'UNAUTHORIZED');
    assert.equal(await eventCountWithoutMail(app), before);
  });
});

describe('LTI launch', () => {
  it('makes a learner an account just in time, signs them in as a student and lands on their home', async () => {
    peer.nextLaunch = { sub: 'lms-learner-1', email: 'learner1@school.example', roles: [LTI_ROLES.learner] };
    const res = await launch(peer);
    assert.equal(res.status, 303, res.page);
    assert.equal(res.location, '/student/home');
    const me = await app.gql(`{ me { id emailAddress account { roles activeRole } } }`, {}, tokenOf(res.cookies));
    assert.equal(me.data.me.emailAddress, 'learner1@school.example');
    assert.deepEqual(me.data.me.account.roles, ['ONBOARDING_STUDENT']);
    // Read through the store: the LMS's id of its user is sealed in the log (erasure's registry).
    const linked = (await app.runtime.store.readAll(null, 100_000)).filter(
      (e) => e.type === 'LtiAccountLinked' && (e.data as { subject: string }).subject === 'lms-learner-1',
    );
    assert.equal((linked[0].data as { via: string }).via, 'created');
    assert.equal((linked[0].data as { accountId: string }).accountId, me.data.me.id);
    const raw = await app.runtime.pool.query(`SELECT 1 FROM events WHERE type = 'LtiAccountLinked' AND data->>'subject' = 'lms-learner-1'`);
    assert.equal(raw.rowCount, 0, 'the LMS id is not in the log in clear');

    // The same person again: found by (issuer, sub), even with another email in the LMS.
    peer.nextLaunch = { sub: 'lms-learner-1', email: 'renamed@school.example', roles: [LTI_ROLES.learner] };
    const again = await launch(peer);
    const meAgain = await app.gql(`{ me { id } }`, {}, tokenOf(again.cookies));
    assert.equal(meAgain.data.me.id, me.data.me.id);
  });

  it('links an instructor by email and gives them the instructor role', async () => {
    const existing = await signUpOnboarded(app, 'teacher@school.example', 'Passw0rd!', 'STUDENT');
    peer.nextLaunch = { sub: 'lms-teacher', email: 'Teacher@School.example', roles: [LTI_ROLES.instructor] };
    const res = await launch(peer);
    assert.equal(res.status, 303, res.page);
    assert.equal(res.location, '/instructor/courses/grid');
    const me = await app.gql(`{ me { id account { roles activeRole } } }`, {}, tokenOf(res.cookies));
    assert.equal(me.data.me.id, existing.accountId);
    assert.deepEqual(me.data.me.account.roles, ['STUDENT', 'ONBOARDING_INSTRUCTOR']);
    assert.equal(me.data.me.account.activeRole, 'ONBOARDING_INSTRUCTOR');
  });

  it('never signs in an admin from an LMS that claims their address', async () => {
    peer.nextLaunch = { sub: 'lms-impostor', email: 'admin@example.com', roles: [LTI_ROLES.instructor] };
    await refusedWritingNothing(await initiate(peer), 'linkedElsewhere');
  });

  async function refusedWritingNothing(form: { action: string; idToken: string; state: string }, reason: string) {
    const before = await eventCountWithoutMail(app);
    const res = await post(form);
    assert.ok(res.status >= 400, `refused (${res.status})`);
    assert.match(res.page, new RegExp(`data-reason="${reason}"`));
    assert.match(res.page, /Nothing was changed and you were not signed in\./);
    assert.deepEqual(res.cookies, []);
    assert.equal(await eventCountWithoutMail(app), before);
    return res;
  }

  it('refuses a token signed with another key', async () => {
    peer.nextLaunch = { sub: 'lms-x', signWithOtherKey: true };
    await refusedWritingNothing(await initiate(peer), 'signature');
  });

  it('refuses a token for another audience', async () => {
    peer.nextLaunch = { sub: 'lms-x', audience: 'some-other-tool' };
    await refusedWritingNothing(await initiate(peer), 'audience');
  });

  it('refuses an expired token (past the clock skew)', async () => {
    peer.nextLaunch = { sub: 'lms-x', issuedSecondsAgo: 400, expiresInSeconds: 300 };
    await refusedWritingNothing(await initiate(peer), 'expired');
  });

  it('refuses an unknown deployment', async () => {
    peer.nextLaunch = { sub: 'lms-x', deploymentId: 'another-deployment' };
    await refusedWritingNothing(await initiate(peer), 'deployment');
  });

  it('refuses a nonce other than the login’s, and a launch posted twice', async () => {
    peer.nextLaunch = { sub: 'lms-x', nonce: 'a-nonce-we-never-issued' };
    await refusedWritingNothing(await initiate(peer), 'nonce');

    peer.nextLaunch = { sub: 'lms-replay', email: 'replay@school.example' };
    const form = await initiate(peer);
    assert.equal((await post(form)).status, 303);
    await refusedWritingNothing(form, 'state');
    // The same id_token with a fresh state: its nonce is not the new login's.
    const fresh = await initiate(peer);
    await refusedWritingNothing({ ...fresh, idToken: form.idToken }, 'nonce');
  });

  it('refuses a login from an unregistered issuer and a launch with no state', async () => {
    const login = new URL(`${app.url}${LTI_PATHS.login}`);
    login.searchParams.set('iss', 'https://unknown.example');
    login.searchParams.set('login_hint', 'x');
    login.searchParams.set('target_link_uri', `${app.url}/lti/launch`);
    const res = await fetch(login, { redirect: 'manual', headers: { 'accept-language': 'es' } });
    assert.equal(res.status, 404);
    assert.match(await res.text(), /no está registrada aquí/);
    const before = await eventCountWithoutMail(app);
    const noState = await post({ action: `${app.url}/lti/launch`, idToken: 'x.y.z', state: '' });
    assert.equal(noState.status, 400);
    assert.equal(await eventCountWithoutMail(app), before);
  });
});

describe('LTI deep linking', () => {
  it('lets an instructor place a course; the platform gets a signed response; a learner’s launch from it lands on the course’s join page', async () => {
    await createPlans(app);
    const teacher = await signUpOnboarded(app, 'placer@school.example', 'Passw0rd!', 'INSTRUCTOR');
    const course = await createCourse(app, teacher.token, { name: 'Spanish 201' });

    // A learner may not ask to place content.
    peer.nextLaunch = { messageType: 'LtiDeepLinkingRequest', sub: 'lms-dl-learner', email: 'dl-learner@school.example' };
    await refusedLaunch(await initiate(peer, `${app.url}${LTI_PATHS.deepLinking}`), 'deepLinkingRole');

    peer.nextLaunch = {
      messageType: 'LtiDeepLinkingRequest',
      sub: 'lms-placer',
      email: 'placer@school.example',
      roles: [LTI_ROLES.instructor],
    };
    const landed = await post(await initiate(peer, `${app.url}${LTI_PATHS.deepLinking}`));
    assert.equal(landed.status, 303, landed.page);
    const requestId = landed.location!.match(/^\/instructor\/lti\/deep-linking\/([\w-]+)$/)?.[1];
    assert.ok(requestId, landed.location!);
    const cookie = landed.cookies.map((c) => c.split(';')[0]).join('; ');

    const respond = (placed: string, withCookie = cookie) =>
      fetch(`${app.url}${LTI_PATHS.deepLinkingRespond}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(withCookie ? { cookie: withCookie } : {}) },
        body: new URLSearchParams({ requestId, placed }),
      });
    // Not signed in, or another's course: refused, and the request stays usable.
    assert.equal((await respond(`course:${course.id}`, '')).status, 400);
    const other = await signUpOnboarded(app, 'other-teacher@example.com', 'Passw0rd!', 'INSTRUCTOR');
    const othersCourse = await createCourse(app, other.token, { name: 'Not yours' });
    assert.equal((await respond(`course:${othersCourse.id}`)).status, 400);

    const answer = await respond(`course:${course.id}`);
    assert.equal(answer.status, 200);
    assert.match(answer.headers.get('content-security-policy') ?? '', new RegExp(`form-action ${peer.url}`));
    const page = await answer.text();
    const jwt = page.match(/name="JWT" value="([^"]+)"/)?.[1];
    assert.ok(jwt);
    assert.equal(page.match(/action="([^"]+)"/)?.[1], peer.deepLinkingReturnUrl);
    const delivered = await fetch(peer.deepLinkingReturnUrl, { method: 'POST', body: new URLSearchParams({ JWT: jwt }) });
    assert.equal(delivered.status, 200, JSON.stringify(peer.received.refusals));
    const [placedLink] = peer.received.deepLinks;
    assert.equal(placedLink.data, 'platform-opaque-data');
    assert.deepEqual(placedLink.contentItems, [
      { type: 'ltiResourceLink', title: 'Spanish 201', url: `${app.url}/lti/launch`, custom: { tertulia_course_id: course.id } },
    ]);
    // Answered once.
    assert.equal((await respond(`course:${course.id}`)).status, 410);

    peer.nextLaunch = {
      sub: 'lms-dl-learner-2',
      email: 'dl-learner2@school.example',
      custom: placedLink.contentItems[0].custom as Record<string, string>,
    };
    const learner = await launch(peer);
    assert.equal(learner.status, 303, learner.page);
    assert.equal(learner.location, `/join/${course.inviteNumber}`);
    // The instructor's own launch of the link opens their course page.
    peer.nextLaunch = {
      sub: 'lms-placer',
      email: 'placer@school.example',
      roles: [LTI_ROLES.instructor],
      custom: { tertulia_course_id: course.id },
    };
    assert.equal((await launch(peer)).location, `/instructor/courses/${course.id}`);
  });
});

/** An instructor's deep-linking launch and pick of one of their course's lessons; returns the link the platform placed. */
async function placeLesson(teacherEmail: string, sub: string, courseName: string, schoolPays = false) {
  const teacher = await signUpOnboarded(app, teacherEmail, 'Passw0rd!', 'INSTRUCTOR');
  const course = schoolPays
    ? await schoolCourse(teacher.accountId, courseName)
    : await createCourse(app, teacher.token, { name: courseName });
  const lessons = await app.gql(
    `query($id: ID!) { course(courseId: $id) { lessonAssignments { id lesson { id title } } } }`,
    { id: course.id },
    teacher.token,
  );
  const assignment = lessons.data.course.lessonAssignments[0] as { id: string; lesson: { id: string; title: string } };
  peer.nextLaunch = { messageType: 'LtiDeepLinkingRequest', sub, email: teacherEmail, roles: [LTI_ROLES.instructor] };
  const landed = await post(await initiate(peer, `${app.url}${LTI_PATHS.deepLinking}`));
  const requestId = landed.location!.match(/^\/instructor\/lti\/deep-linking\/([\w-]+)$/)![1];
  const answer = await fetch(`${app.url}${LTI_PATHS.deepLinkingRespond}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: landed.cookies.map((c) => c.split(';')[0]).join('; ') },
    body: new URLSearchParams({ requestId, placed: `lesson:${assignment.id}` }),
  });
  assert.equal(answer.status, 200);
  const jwt = (await answer.text()).match(/name="JWT" value="([^"]+)"/)![1];
  assert.equal((await fetch(peer.deepLinkingReturnUrl, { method: 'POST', body: new URLSearchParams({ JWT: jwt }) })).status, 200);
  const custom = peer.received.deepLinks.at(-1)!.contentItems[0].custom as Record<string, string>;
  return { teacher, course, assignment, custom };
}

describe('LTI line items (Assignment and Grade Services)', () => {
  it('makes a placed lesson a line item in the LMS course, out of 1, labelled by course and lesson, and records it', async () => {
    const before = peer.lineItems.size;
    const { course, assignment, custom } = await placeLesson('items-teacher@school.example', 'lms-items-teacher', 'Spanish 401');
    assert.deepEqual(custom, { tertulia_lesson_id: assignment.id });
    assert.equal(peer.lineItems.size, before + 1);
    const [item] = [...peer.lineItems.values()].slice(-1);
    assert.deepEqual(
      { label: item.label, scoreMaximum: item.scoreMaximum, resourceId: item.resourceId, tag: item.tag },
      { label: `Spanish 401: ${assignment.lesson.title}`, scoreMaximum: 1, resourceId: assignment.id, tag: 'tertulia-lesson' },
    );
    const [created] = await app.runtime.store.readStream(`lti-lesson-${assignment.lesson.id}`);
    assert.equal(created.type, 'LtiLineItemCreated');
    assert.deepEqual(created.data, {
      lessonId: assignment.lesson.id,
      courseId: course.id,
      platformId,
      lineItemUrl: item.id,
      label: item.label,
      scoreMaximum: 1,
    });
  });
});

/** A lesson conversation of `studentId`, held, then marked `markedAs` at `markedAt` (as the speaker's marking appends it). */
async function markedLessonConversation(
  studentId: string,
  lesson: { courseId: string; lessonId: string },
  markings: { markedAs: string; at: Date; refundedMinutes?: number }[],
) {
  const conversationId = `lti-${crypto.randomUUID()}`;
  const start = new Date(Date.now() - 2 * 3600_000);
  const events: NewEvent[] = [
    systemEvent('ConversationReserved', {
      conversationId,
      kind: 'lesson',
      provider: 'local',
      reservedBy: studentId,
      reservedWith: 'speaker-1',
      reservedStart: start.toISOString(),
      reservedEnd: new Date(start.getTime() + 15 * 60_000).toISOString(),
      duration: 15,
      learningLanguage: 'es',
      ...lesson,
      minutes: 15,
    }),
  ];
  let previous: string | null = null;
  for (const m of markings) {
    events.push(
      systemEvent(
        'ConversationMarked',
        {
          conversationId,
          markedAs: m.markedAs,
          previous,
          markedBy: null,
          refundedMinutes: m.refundedMinutes ?? 0,
          bonusMinutes: 0,
          promotion: null,
        },
        m.at,
      ),
    );
    previous = m.markedAs;
  }
  await app.runtime.store.appendToStreams([{ stream: `conversation-${conversationId}`, expected: 'no_stream', events }]);
  return conversationId;
}

describe('LTI scores (Assignment and Grade Services)', () => {
  it('posts a completed lesson’s score to its line item as the student’s LMS user, once, and clears it when the conversation is refunded', async () => {
    const { course, assignment, custom } = await placeLesson('scores-teacher@school.example', 'lms-scores-teacher', 'Spanish 501');
    const lineItemUrl = [...peer.lineItems.keys()].at(-1)!;
    peer.nextLaunch = { sub: 'lms-scored-learner', email: 'scored@school.example', custom };
    const learner = await launch(peer);
    assert.equal(learner.status, 303, learner.page);
    const studentId = (await app.gql('{ me { id } }', {}, tokenOf(learner.cookies))).data.me.id as string;

    const completedAt = new Date(Date.now() - 60_000);
    const lesson = { courseId: course.id, lessonId: assignment.lesson.id };
    const conversationId = await markedLessonConversation(studentId, lesson, [{ markedAs: 'completed', at: completedAt }]);
    const applied = () => peer.received.applied.filter((a) => a.lineItemId === lineItemUrl);
    await eventually(() => applied().length === 1, 'the score applied by the platform', 30_000);
    assert.deepEqual(applied()[0].score, {
      userId: 'lms-scored-learner',
      timestamp: completedAt.toISOString(),
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
      scoreGiven: 1,
      scoreMaximum: 1,
    });
    await eventually(async () => {
      const events = await app.runtime.store.readStream(`lti-score-${conversationId}`);
      return events.map((e) => e.type).join() === 'LtiScoreSending,LtiScoreSent';
    }, 'the score recorded as sent');

    // Refunded later (marked missed, its minutes returned): the score is cleared in the LMS.
    const refundedAt = new Date();
    const marked = await app.runtime.store.appendToStreams([
      {
        stream: `conversation-${conversationId}`,
        expected: 'any',
        events: [
          systemEvent(
            'ConversationMarked',
            {
              conversationId,
              markedAs: 'missed',
              previous: 'completed',
              markedBy: null,
              refundedMinutes: 15,
              bonusMinutes: 0,
              promotion: null,
            },
            refundedAt,
          ),
        ],
      },
    ]);
    assert.ok(marked.checkpoint);
    await eventually(() => applied().length === 2, 'the cleared score applied', 30_000);
    assert.deepEqual(applied()[1].score, {
      userId: 'lms-scored-learner',
      timestamp: refundedAt.toISOString(),
      activityProgress: 'Initialized',
      gradingProgress: 'NotReady',
    });
    // A conversation of a lesson that is no line item, or of a student who never came from the LMS: nothing posted.
    const other = await signUpOnboarded(app, 'not-from-lms@example.com', 'Passw0rd!', 'STUDENT');
    const unlinked = await markedLessonConversation(other.accountId, lesson, [{ markedAs: 'completed', at: new Date() }]);
    await eventually(async () => {
      const { rows } = await app.runtime.pool.query(
        "SELECT state FROM pgboss.job WHERE name = 'lti-score' AND data->>'conversationId' = $1",
        [unlinked],
      );
      return rows[0]?.state === 'completed';
    }, 'the unlinked student’s job done');
    assert.equal(applied().length, 2);
    assert.deepEqual(await app.runtime.store.readStream(`lti-score-${unlinked}`), []);
  });
});

describe('LTI scores of a student enrolled from the roster', () => {
  it('posts the score of a student who never launched as the LMS user the roster named', async () => {
    const { teacher, course, assignment } = await placeLesson('rg-teacher@school.example', 'rg-teacher', 'Spanish 701', true);
    const lineItemUrl = [...peer.lineItems.keys()].at(-1)!;
    // The instructor's launch of the course's link ties it to the LMS course whose roster it is.
    peer.nextLaunch = {
      sub: 'rg-teacher',
      email: 'rg-teacher@school.example',
      roles: [LTI_ROLES.instructor],
      contextId: 'rg',
      custom: { tertulia_course_id: course.id },
    };
    assert.equal((await launch(peer)).status, 303);
    peer.members = [learner('rg', 'Iris')];
    assert.equal((await addRoster(course.id, teacher.token)).added, 1);
    const iris = await signUp(app, 'rg-iris@school.example', 'Passw0rd!');
    assert.ok(await findEnrollment(app.runtime.pool, course.id, iris.accountId), 'enrolled at sign-up');

    const completedAt = new Date(Date.now() - 30_000);
    await markedLessonConversation(iris.accountId, { courseId: course.id, lessonId: assignment.lesson.id }, [
      { markedAs: 'completed', at: completedAt },
    ]);
    const applied = () => peer.received.applied.filter((a) => a.lineItemId === lineItemUrl);
    await eventually(() => applied().length === 1, 'the roster student’s score applied', 30_000);
    assert.equal(applied()[0].score.userId, 'rg-iris');
    assert.equal(applied()[0].score.timestamp, completedAt.toISOString());
  });
});

describe('LTI scores’ sync state (the instructor’s view)', () => {
  const SCORES = `query($courseId: ID!) { ltiScores(courseId: $courseId) { conversationId studentName lessonTitle completed state status reason } }`;
  const RETRY = `mutation($id: ID!) { retryLtiScore(conversationId: $id) { conversationId state status reason } }`;

  it('shows the course’s owner each score’s state and the LMS’s reason for a failed one, and sends a failed one again', async () => {
    const { teacher, course, assignment, custom } = await placeLesson('state-teacher@school.example', 'lms-state-teacher', 'Spanish 601');
    const lineItemUrl = [...peer.lineItems.keys()].at(-1)!;
    peer.nextLaunch = { sub: 'lms-state-learner', email: 'state-learner@school.example', custom };
    const learner = await launch(peer);
    const studentId = (await app.gql('{ me { id } }', {}, tokenOf(learner.cookies))).data.me.id as string;
    const lesson = { courseId: course.id, lessonId: assignment.lesson.id };
    const sent = await markedLessonConversation(studentId, lesson, [{ markedAs: 'completed', at: new Date(Date.now() - 120_000) }]);
    // A score the LMS kept refusing, as the job records it on its last try (the tries' rule is grades.test.ts's).
    const failed = await markedLessonConversation(studentId, lesson, []);
    const failedAt = new Date(Date.now() - 60_000).toISOString();
    await app.runtime.lti.scoreSending(
      { actor: SYSTEM_ACTOR },
      { conversationId: failed, ...lesson, studentId, platformId, lineItemUrl, timestamp: failedAt, markedAs: 'completed', scoreGiven: 1 },
    );
    await app.runtime.lti.scoreFailed(
      { actor: SYSTEM_ACTOR },
      { conversationId: failed, timestamp: failedAt, status: 400, reason: '{"error":"ags: invalid score"}' },
    );

    const scores = async () => {
      const res = await app.gql(SCORES, { courseId: course.id }, teacher.token);
      assert.equal(res.errors, undefined, JSON.stringify(res.errors));
      return new Map((res.data.ltiScores as { conversationId: string; state: string }[]).map((r) => [r.conversationId, r]));
    };
    await eventually(async () => (await scores()).get(sent)?.state === 'SENT' && (await scores()).has(failed), 'both scores shown');
    assert.deepEqual((await scores()).get(failed), {
      conversationId: failed,
      studentName: null,
      lessonTitle: assignment.lesson.title,
      completed: true,
      state: 'FAILED',
      status: 400,
      reason: '{"error":"ags: invalid score"}',
    });

    // Another instructor, or the student: not theirs.
    const other = await signUpOnboarded(app, 'state-other@example.com', 'Passw0rd!', 'INSTRUCTOR');
    assert.equal((await app.gql(SCORES, { courseId: course.id }, other.token)).errors?.[0].extensions?.code, 'NOT_FOUND');
    assert.equal((await app.gql(RETRY, { id: failed }, other.token)).errors?.[0].extensions?.code, 'NOT_FOUND');
    assert.equal((await app.gql(SCORES, { courseId: course.id }, tokenOf(learner.cookies))).errors?.[0].extensions?.code, 'NOT_FOUND');
    // Only a failed score is sent again.
    assert.equal((await app.gql(RETRY, { id: sent }, teacher.token)).errors?.[0].extensions?.code, 'CONFLICT');

    const retried = await app.gql(RETRY, { id: failed }, teacher.token);
    assert.equal(retried.errors, undefined, JSON.stringify(retried.errors));
    assert.deepEqual(retried.data.retryLtiScore, { conversationId: failed, state: 'PENDING', status: null, reason: null });
    await eventually(async () => (await scores()).get(failed)?.state === 'SENT', 'the retried score sent', 30_000);
    const applied = peer.received.applied.filter((a) => a.lineItemId === lineItemUrl).map((a) => a.score.timestamp);
    assert.ok(applied.includes(failedAt), 'the same score (the marking’s timestamp) posted again');
  });
});

async function refusedLaunch(form: { action: string; idToken: string; state: string }, reason: string) {
  const before = await eventCountWithoutMail(app);
  const res = await post(form);
  assert.ok(res.status >= 400, `refused (${res.status})`);
  assert.match(res.page, new RegExp(`data-reason="${reason}"`));
  assert.equal(await eventCountWithoutMail(app), before);
}

const plans = new Map<string, Promise<string>>();

/** A course owned by the instructor that the school pays for, or that each student pays by card (a plan of each made once for the file). */
async function schoolCourse(ownerId: string, name: string, kind: 'institutional' | 'standard' = 'institutional') {
  if (!plans.has(kind))
    plans.set(
      kind,
      app.runtime.catalog
        .createPricingPlan(
          { actor: SYSTEM_ACTOR },
          { name: `Roster ${kind}`, kind, conversationDuration: 15, priceList: kind === 'standard' ? STANDARD_PRICES : [] },
        )
        .then((r) => r.result.pricingPlanId),
    );
  const made = await createCourseAsSystem(app, { name, pricingPlanId: await plans.get(kind), ownerId, school: 'Colegio Cervantes' });
  return { id: made.courseId as string, name };
}

const ADD_ROSTER = `mutation($courseId: ID!) { addLtiRosterToCourse(input: { courseId: $courseId }) {
  added enrolledNow roster { learnersToAdd members { name place active } } } }`;

/** An institutional course of a new instructor, tied to an LMS course (`contextId`) by the instructor's launch of its link. */
async function placedInstitutionalCourse(prefix: string) {
  const teacher = await signUpOnboarded(app, `${prefix}-teacher@school.example`, 'Passw0rd!', 'INSTRUCTOR');
  const course = await schoolCourse(teacher.accountId, `${prefix} course`);
  const custom = { tertulia_course_id: course.id };
  peer.nextLaunch = {
    sub: `${prefix}-teacher`,
    email: `${prefix}-teacher@school.example`,
    roles: [LTI_ROLES.instructor],
    contextId: prefix,
    custom,
  };
  assert.equal((await launch(peer)).status, 303);
  return { teacher, course, custom };
}

const learner = (prefix: string, name: string, over: Record<string, unknown> = {}) => ({
  user_id: `${prefix}-${name.toLowerCase()}`,
  roles: [LTI_ROLES.learner],
  name,
  email: `${prefix}-${name.toLowerCase()}@school.example`,
  ...over,
});

async function addRoster(courseId: string, token: string) {
  const res = await app.gql(ADD_ROSTER, { courseId }, token);
  assert.equal(res.errors, undefined, JSON.stringify(res.errors));
  return res.data.addLtiRosterToCourse as {
    added: number;
    enrolledNow: number;
    roster: { learnersToAdd: number; members: { name: string; place: string | null; active: boolean }[] };
  };
}

const placeStream = (subject: string) => `lti-roster-${userKey(peer.issuer, subject)}`;

describe('LTI roster (Names and Role Provisioning Services)', () => {
  const ROSTER = `query($courseId: ID!) { ltiRoster(courseId: $courseId) {
    platformName contextTitle studentsNotLaunched learnersToAdd addRefusal members { name role launched } } }`;

  it('shows the course’s owner the LMS course’s members, who has not launched first, pulled with our signed assertion', async () => {
    const teacher = await signUpOnboarded(app, 'roster-teacher@school.example', 'Passw0rd!', 'INSTRUCTOR');
    const course = await schoolCourse(teacher.accountId, 'Spanish 301', 'standard');
    assert.equal((await app.gql(ROSTER, { courseId: course.id }, teacher.token)).data.ltiRoster, null, 'not placed in an LMS course yet');

    const custom = { tertulia_course_id: course.id };
    peer.nextLaunch = {
      sub: 'lms-roster-teacher',
      email: 'roster-teacher@school.example',
      roles: [LTI_ROLES.instructor],
      contextId: 'spanish-301',
      custom,
    };
    assert.equal((await launch(peer)).status, 303);
    peer.nextLaunch = { sub: 'lms-roster-a', email: 'roster-a@school.example', contextId: 'spanish-301', custom };
    assert.equal((await launch(peer)).status, 303);
    peer.members = [
      { user_id: 'lms-roster-teacher', roles: [LTI_ROLES.instructor], name: 'Elena Teacher', email: 'roster-teacher@school.example' },
      { user_id: 'lms-roster-a', roles: [LTI_ROLES.learner], name: 'Ana Launched', email: 'roster-a@school.example' },
      { user_id: 'lms-roster-b', roles: [LTI_ROLES.learner], name: 'Bruno Waiting', email: 'roster-b@school.example' },
      { user_id: 'lms-roster-c', roles: [LTI_ROLES.learner], name: 'Carla Dropped', status: 'Inactive' },
      { user_id: 'lms-roster-m', roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Mentor'], name: 'Mo Mentor' },
    ];

    const res = await app.gql(ROSTER, { courseId: course.id }, teacher.token);
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    assert.deepEqual(res.data.ltiRoster, {
      platformName: 'Colegio Cervantes Canvas',
      contextTitle: 'Spanish 101',
      studentsNotLaunched: 1,
      learnersToAdd: 2,
      addRefusal: 'PAID_BY_CARD',
      members: [
        { name: 'Bruno Waiting', role: 'STUDENT', launched: false },
        { name: 'Ana Launched', role: 'STUDENT', launched: true },
        { name: 'Elena Teacher', role: 'INSTRUCTOR', launched: true },
        { name: 'Carla Dropped', role: 'STUDENT', launched: false },
      ],
    });
    // Another instructor, or a student of the course: not theirs to see.
    const other = await signUpOnboarded(app, 'roster-other@example.com', 'Passw0rd!', 'INSTRUCTOR');
    assert.equal((await app.gql(ROSTER, { courseId: course.id }, other.token)).errors?.[0].extensions?.code, 'NOT_FOUND');
    // A course paid by card takes nobody from the roster: each learner pays on joining.
    const before = await eventCountWithoutMail(app);
    const refused = await app.gql(ADD_ROSTER, { courseId: course.id }, teacher.token);
    assert.equal(refused.errors?.[0].extensions?.code, 'BAD_USER_INPUT');
    assert.match(refused.errors?.[0].message ?? '', /Only a course the school pays for/);
    assert.equal(await eventCountWithoutMail(app), before);
  });

  it('adds the roster’s active learners to a course the school pays for: a linked student enrolled at once, the others pending; pressed twice at once, and again, nobody twice', async () => {
    const { teacher, course, custom } = await placedInstitutionalCourse('add');
    // Ana has opened Tertulia from the LMS (her account is linked); the others have not.
    peer.nextLaunch = { sub: 'add-ana', email: 'add-ana@school.example', contextId: 'add', custom };
    const ana = await launch(peer);
    assert.equal(ana.status, 303, ana.page);
    const anaId = (await app.gql('{ me { id } }', {}, tokenOf(ana.cookies))).data.me.id as string;
    peer.members = [
      { user_id: 'add-teacher', roles: [LTI_ROLES.instructor], name: 'Elena Teacher' },
      learner('add', 'Ana'),
      learner('add', 'Bruno'),
      learner('add', 'Dora', { email: undefined }),
      learner('add', 'Carla', { status: 'Inactive' }),
    ];
    const before = await app.gql(ROSTER, { courseId: course.id }, teacher.token);
    assert.equal(before.data.ltiRoster.learnersToAdd, 3);
    assert.equal(before.data.ltiRoster.addRefusal, null);
    // Another instructor may not add it.
    const other = await signUpOnboarded(app, 'add-other@example.com', 'Passw0rd!', 'INSTRUCTOR');
    assert.equal((await app.gql(ADD_ROSTER, { courseId: course.id }, other.token)).errors?.[0].extensions?.code, 'NOT_FOUND');

    const [first, second] = await Promise.all([addRoster(course.id, teacher.token), addRoster(course.id, teacher.token)]);
    assert.equal(first.added + second.added, 3, 'three learners added once, whoever pressed first');
    assert.equal(first.enrolledNow + second.enrolledNow, 1);
    const again = await addRoster(course.id, teacher.token);
    assert.deepEqual({ added: again.added, enrolledNow: again.enrolledNow }, { added: 0, enrolledNow: 0 });
    assert.equal(again.roster.learnersToAdd, 0);
    assert.deepEqual(
      again.roster.members.filter((m) => m.place),
      [
        { name: 'Bruno', place: 'PENDING', active: true },
        { name: 'Dora', place: 'PENDING', active: true },
        { name: 'Ana', place: 'ENROLLED', active: true },
        { name: 'Carla', place: 'NOT_ADDED', active: false },
      ],
    );
    const enrolled = await findEnrollment(app.runtime.pool, course.id, anaId);
    assert.equal(enrolled?.enrolledWith, 'institutional');
    assert.deepEqual(
      (await app.runtime.store.readStream(placeStream('add-bruno'))).map((e) => e.type),
      ['LtiRosterPlaceOffered'],
      'one place for Bruno',
    );
    assert.deepEqual(
      (await app.runtime.store.readStream(placeStream('add-ana'))).map((e) => [e.type, e.data.via ?? null]),
      [
        ['LtiRosterPlaceOffered', null],
        ['LtiRosterPlaceTaken', 'linked'],
      ],
    );
  });

  it('enrols a pending learner at their first launch, at a sign-up with the roster’s address, and at a password sign-in', async () => {
    const { teacher, course, custom } = await placedInstitutionalCourse('take');
    const gil = await signUp(app, 'take-gil@school.example', 'Passw0rd!');
    peer.members = [learner('take', 'Eva'), learner('take', 'Fer'), learner('take', 'Gil'), learner('take', 'Hal')];
    assert.equal((await addRoster(course.id, teacher.token)).added, 4);
    // Hal's address belongs to an instructor's account: it holds no student's place.
    const hal = await signUp(app, 'take-hal@school.example', 'Passw0rd!', 'INSTRUCTOR');

    peer.nextLaunch = { sub: 'take-eva', email: 'take-eva@school.example', contextId: 'take', custom };
    const eva = await launch(peer);
    assert.equal(eva.status, 303, eva.page);
    const evaId = (await app.gql('{ me { id } }', {}, tokenOf(eva.cookies))).data.me.id as string;
    const fer = await signUp(app, 'take-fer@school.example', 'Passw0rd!');
    await signIn(app, 'take-gil@school.example', 'Passw0rd!');

    for (const [who, id] of [
      ['Eva', evaId],
      ['Fer', fer.accountId],
      ['Gil', gil.accountId],
    ])
      assert.equal((await findEnrollment(app.runtime.pool, course.id, id))?.enrolledWith, 'institutional', `${who} enrolled`);
    assert.equal(await findEnrollment(app.runtime.pool, course.id, hal.accountId), null);
    assert.deepEqual(
      (await app.runtime.store.readStream(placeStream('take-fer'))).map((e) => [e.type, e.data.via ?? null, e.data.accountId ?? null]),
      [
        ['LtiRosterPlaceOffered', null, null],
        ['LtiRosterPlaceTaken', 'sign-in', fer.accountId],
      ],
    );
    assert.equal((await app.runtime.store.readStream(placeStream('take-eva'))).at(-1)?.data.via, 'launch');
    // A second sign-in takes nothing twice.
    await signIn(app, 'take-gil@school.example', 'Passw0rd!');
    assert.equal((await app.runtime.store.readStream(placeStream('take-gil'))).length, 2);
    const roster = await app.gql(
      `query($courseId: ID!) { ltiRoster(courseId: $courseId) { members { name place } } }`,
      { courseId: course.id },
      teacher.token,
    );
    assert.deepEqual(roster.data.ltiRoster.members.map((m: { name: string; place: string }) => `${m.name}:${m.place}`).sort(), [
      'Eva:ENROLLED',
      'Fer:ENROLLED',
      'Gil:ENROLLED',
      'Hal:PENDING',
    ]);
  });
});
