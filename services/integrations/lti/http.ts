/**
 * The LMS's way in (issue 33), outside GraphQL: the third-party-initiated login (GET and POST), the
 * launch (the platform's form_post of the id_token, on the launch and the deep-linking URL alike),
 * and our public key set. A launch is checked in full before anything is written: the state's login
 * (unused, unexpired), the id_token (services/integrations/lti/verify.ts); only then is the state
 * used up and the person signed in. A refusal is a page saying why (page.ts), and writes nothing.
 */
import express from 'express';
import { acceptLanguageTags, negotiateLocale } from '../../../contracts/i18n/locales';
import { holdsRole, homePathForRole } from '../../../contracts/roles';
import { textProblem } from '../../../contracts/validation/limits';
import { findCourse, findLessonAssignment, type CourseRow } from '../../../projections/catalog';
import { findEnrollment } from '../../../projections/enrollments';
import { findLtiPlatform, findLtiPlatformForLogin, type LtiPlatformRow } from '../../../projections/lti';
import { storeAuthToken } from '../../../web/src/lib/authCookies';
import type { Runtime } from '../../app/runtime';
import { tokenFromHeaders, viewerFromToken } from '../../api/context';
import { translate } from '../../i18n/translate';
import { deepLinkingResponsePage, signDeepLinkingResponse } from './deepLinking';
import { LaunchRefused, type VerifiedLaunch } from '../../domain/lti/claims';
import { lineItemOf } from '../../domain/lti/grades';
import { SYSTEM_ACTOR } from '../../domain/shared/decider';
import { DomainError } from '../../domain/shared/errors';
import { newId } from '../../domain/shared/ids';
import { randomToken } from '../../security/tokens';
import { sendRefusal } from './page';
import { LTI_PATHS, deepLinkingPickPath, ltiToolUrls } from './paths';
import { findLoginState, saveDeepLinkingRequest, saveLoginState, takeDeepLinkingRequest, takeLoginState } from './store';
import { verifyIdToken } from './verify';

/** Custom parameters our deep-linking responses put on each link (content item `custom`). */
export const CUSTOM = { course: 'tertulia_course_id', lesson: 'tertulia_lesson_id' } as const;

/** Login initiations per client address: a whole school behind one address opens a course at once. */
const loginsPerIp = (ip: string) => ({ key: `lti_login:ip:${ip}`, max: 600, windowSeconds: 10 * 60 });

type LtiRuntime = Runtime;

const param = (source: Record<string, unknown>, name: string, max = 2000): string | null => {
  const value = source[name];
  return typeof value === 'string' && value && !textProblem(value, max) ? value : null;
};

export function ltiRouter(runtime: LtiRuntime): express.Router {
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: '64kb', parameterLimit: 20 });
  const urls = ltiToolUrls(runtime.config.publicUrl);

  router.get(LTI_PATHS.jwks, async (_req, res, next) => {
    try {
      const key = await runtime.lti.toolKey();
      res.set('Cache-Control', 'public, max-age=300').json({ keys: [key.publicJwk] });
    } catch (error) {
      next(error);
    }
  });

  const login: express.RequestHandler = async (req, res, next) => {
    try {
      const source = (req.method === 'POST' ? req.body : req.query) as Record<string, unknown>;
      const issuer = param(source, 'iss', 500);
      const loginHint = param(source, 'login_hint');
      const target = param(source, 'target_link_uri');
      if (!issuer || !loginHint || !target) return sendRefusal(req, res, 'malformed');
      if (req.ip) {
        try {
          await runtime.rateLimiter.hit([loginsPerIp(req.ip)]);
        } catch {
          return sendRefusal(req, res, 'busy');
        }
      }
      const platform = await findLtiPlatformForLogin(runtime.pool, issuer, param(source, 'client_id', 255));
      if (!platform) return sendRefusal(req, res, 'issuer');
      const state = randomToken();
      const nonce = randomToken();
      await saveLoginState(runtime.pool, { state, nonce, platformId: platform.id, now: new Date() });
      // The platform posts back to the launch URL it was given; only our own two are ever given.
      const redirectUri = target === urls.deepLinkingUrl ? urls.deepLinkingUrl : urls.launchUrl;
      const auth = new URL(platform.authLoginUrl);
      const query = {
        scope: 'openid',
        response_type: 'id_token',
        response_mode: 'form_post',
        prompt: 'none',
        client_id: platform.clientId,
        redirect_uri: redirectUri,
        login_hint: loginHint,
        state,
        nonce,
      };
      for (const [name, value] of Object.entries(query)) auth.searchParams.set(name, value);
      const messageHint = param(source, 'lti_message_hint');
      if (messageHint) auth.searchParams.set('lti_message_hint', messageHint);
      res.set({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }).redirect(302, auth.toString());
    } catch (error) {
      next(error);
    }
  };
  router.get(LTI_PATHS.login, login);
  router.post(LTI_PATHS.login, form, login);

  const launch: express.RequestHandler = async (req, res, next) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const idToken = param(body, 'id_token', 60_000);
    const state = param(body, 'state', 200);
    if (!idToken || !state) return sendRefusal(req, res, 'malformed');
    try {
      const now = new Date();
      const login = await findLoginState(runtime.pool, state, now);
      if (!login) return sendRefusal(req, res, 'state');
      const platform = await findLtiPlatform(runtime.pool, login.platformId);
      if (!platform) return sendRefusal(req, res, 'issuer');
      const verified = await verifyIdToken(idToken, platform, login.nonceHash, now);
      // Checked in full: now the state is used, once, by whichever request takes it first.
      if (!(await takeLoginState(runtime.pool, state))) return sendRefusal(req, res, 'state');
      const course = await courseOfLaunch(runtime, verified);
      const { result, appended } = await runtime.lti.launch(
        { actor: SYSTEM_ACTOR, correlationId: req.get('x-request-id') },
        { platformId: platform.id, issuer: platform.issuer, launch: verified, ip: req.ip ?? null, courseId: course?.id ?? null },
      );
      await runtime.runner.waitFor(appended?.checkpoint, ['accounts']);
      runtime.sessions.forgetAll();
      const token = await runtime.tokens.sign({ accountId: result.accountId, sessionId: result.sessionId }, new Date(result.expiresAt));
      const cookies: string[] = [];
      storeAuthToken(token, now.getTime(), {
        read: () => '',
        write: (c) => void cookies.push(c),
        secure: runtime.config.publicUrl.startsWith('https:'),
      });
      const landing = await landingOf(runtime, verified, course, { accountId: result.accountId, platformId: platform.id, now });
      res.set({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }).append('Set-Cookie', cookies).redirect(303, landing);
    } catch (error) {
      if (error instanceof LaunchRefused) return sendRefusal(req, res, error.reason);
      if (error instanceof DomainError) {
        runtime.log.warn({ err: error }, 'an LTI launch was refused by the domain');
        return sendRefusal(req, res, 'malformed');
      }
      next(error);
    }
  };
  router.post(LTI_PATHS.launch, form, launch);
  router.post(LTI_PATHS.deepLinking, form, launch);

  // The instructor's pick (a plain form on our page, signed in by the cookie: SameSite=Lax keeps
  // other sites' forms from carrying it): checked, then answered to the platform once.
  router.post(LTI_PATHS.deepLinkingRespond, form, async (req, res, next) => {
    try {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const requestId = param(body, 'requestId', 64);
      const [kind, id] = (param(body, 'placed', 200) ?? '').split(':');
      if (!requestId || !id || (kind !== 'course' && kind !== 'lesson')) return sendRefusal(req, res, 'malformed');
      const viewer = await viewerFromToken(runtime, tokenFromHeaders({ get: (name) => req.get(name) ?? null }));
      if (!viewer || !holdsRole(viewer.roles, 'INSTRUCTOR')) return sendRefusal(req, res, 'deepLinkingRole');
      const lesson = kind === 'lesson' ? await findLessonAssignment(runtime.pool, { id }) : null;
      const course = await findCourse(runtime.pool, lesson ? lesson.courseId : id);
      if (!course || course.ownerId !== viewer.accountId || (kind === 'lesson' && !lesson)) return sendRefusal(req, res, 'deepLinkingRole');
      const now = new Date();
      const request = await takeDeepLinkingRequest(runtime.pool, requestId, viewer.accountId, now);
      if (!request) return sendRefusal(req, res, 'state');
      const platform = await findLtiPlatform(runtime.pool, request.platformId);
      if (!platform) return sendRefusal(req, res, 'issuer');
      if (lesson && request.lineItemsUrl) await createLineItem(runtime, platform, request.lineItemsUrl, lesson, course);
      const jwt = await signDeepLinkingResponse(await runtime.lti.toolKey(), {
        clientId: platform.clientId,
        issuer: platform.issuer,
        deploymentId: request.deploymentId,
        data: request.data,
        launchUrl: urls.launchUrl,
        item: lesson
          ? { title: `${course.name}: ${lesson.lesson.title}`, custom: { [CUSTOM.lesson]: lesson.id } }
          : { title: course.name, custom: { [CUSTOM.course]: course.id } },
        now,
      });
      const locale = negotiateLocale(acceptLanguageTags(req.get('accept-language')));
      const page = deepLinkingResponsePage({
        returnUrl: request.returnUrl,
        jwt,
        lang: locale,
        title: translate(locale, 'lti.deepLinking.sending'),
        button: translate(locale, 'lti.deepLinking.continue'),
      });
      res
        .set({ 'Content-Security-Policy': page.csp, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' })
        .type('html')
        .send(page.html);
    } catch (error) {
      next(error);
    }
  });
  return router;
}

/**
 * A placed lesson becomes a line item in the LMS course, through the line items service the
 * deep-linking launch offered, before the link goes back. A platform that refuses it does not stop
 * the placing: the link works, its scores are not posted, and the log says why.
 */
async function createLineItem(
  runtime: LtiRuntime,
  platform: LtiPlatformRow,
  lineItemsUrl: string,
  lesson: NonNullable<Awaited<ReturnType<typeof findLessonAssignment>>>,
  course: CourseRow,
) {
  // The resource is what the link carries (the lesson's place in the course); scores find it by the lesson.
  const item = lineItemOf({ id: lesson.id, title: lesson.lesson.title }, course.name);
  try {
    const lineItemUrl = await runtime.ltiServices.createLineItem(platform, lineItemsUrl, item);
    await runtime.lti.recordLineItem(
      { actor: SYSTEM_ACTOR },
      {
        lessonId: lesson.lesson.id,
        courseId: course.id,
        platformId: platform.id,
        lineItemUrl,
        label: item.label,
        scoreMaximum: item.scoreMaximum,
      },
    );
  } catch (error) {
    runtime.log.warn({ err: error, lessonId: lesson.id, platformId: platform.id }, 'the LMS did not create a placed lesson’s line item');
  }
}

/** The course a link opens: its custom parameter names the course, or one of its lessons. */
async function courseOfLaunch(runtime: LtiRuntime, launch: VerifiedLaunch): Promise<CourseRow | null> {
  if (launch.deepLinking) return null;
  const lessonId = launch.custom[CUSTOM.lesson];
  const courseId = lessonId ? (await findLessonAssignment(runtime.pool, { id: lessonId }))?.courseId : launch.custom[CUSTOM.course];
  return courseId ? findCourse(runtime.pool, courseId) : null;
}

/**
 * Where a launch lands: a deep-linking request on the instructor's pick page; a link to a course
 * (or to one of its lessons) on the course: the instructor's page for its owner, the course for an
 * enrolled student, else its join page (the enrollment panel: no payment for an institutional
 * course, the payment step for a card course); anything else on the role's home.
 */
async function landingOf(
  runtime: LtiRuntime,
  launch: VerifiedLaunch,
  course: CourseRow | null,
  who: { accountId: string; platformId: string; now: Date },
): Promise<string> {
  if (launch.deepLinking) {
    const requestId = newId();
    await saveDeepLinkingRequest(
      runtime.pool,
      {
        requestId,
        accountId: who.accountId,
        platformId: who.platformId,
        deploymentId: launch.deploymentId,
        returnUrl: launch.deepLinking.returnUrl,
        data: launch.deepLinking.data,
        lineItemsUrl: launch.lineItemsUrl,
      },
      who.now,
    );
    return deepLinkingPickPath(requestId);
  }
  const home = homePathForRole(launch.role) ?? '/';
  if (!course) return home;
  if (launch.role === 'INSTRUCTOR') return course.ownerId === who.accountId ? `/instructor/courses/${course.id}` : home;
  if (await findEnrollment(runtime.pool, course.id, who.accountId)) return '/student/courses';
  return `/join/${encodeURIComponent(course.inviteNumber)}`;
}
