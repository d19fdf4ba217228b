/**
 * GET /api/sso/oidc/callback: where a school's identity provider sends the browser back (issue 33).
 * The sign-in is verified and recorded by the domain (services/domain/sso/handlers.ts); the answer
 * is a redirect to the web app: with the session's token in the fragment (never sent to a server,
 * never in a log) on success, or with the reason of a refusal, which the page says in the person's
 * language.
 */
import type express from 'express';
import type { Runtime } from '../app/runtime';
import { SCHOOL_SIGN_IN_CALLBACK_PATH, SCHOOL_SIGN_IN_COOKIE, SchoolSignInRefused } from '../domain/sso/handlers';
import { SYSTEM_ACTOR } from '../domain/shared/decider';

export const SCHOOL_SIGN_IN_PAGE = '/auth/school_sign_in';

export function mountSchoolSignIn(
  app: express.Express,
  runtime: Pick<Runtime, 'sso' | 'tokens' | 'runner' | 'sessions' | 'config' | 'log'>,
) {
  app.get(SCHOOL_SIGN_IN_CALLBACK_PATH, async (req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    const callbackUrl = new URL(req.originalUrl, runtime.config.publicUrl);
    const browserBinding = req.headers.cookie?.match(new RegExp(`(?:^|;\\s*)${SCHOOL_SIGN_IN_COOKIE}=([^;]{1,100})`))?.[1] ?? null;
    // Good for one round trip, whatever its outcome.
    res.setHeader('Set-Cookie', `${SCHOOL_SIGN_IN_COOKIE}=; Path=/api/sso; Max-Age=0; SameSite=Lax`);
    try {
      const grant = await runtime.sso.completeSignIn(
        { actor: SYSTEM_ACTOR, correlationId: req.headers['x-request-id'] as string },
        { callbackUrl, browserBinding, ip: req.ip ?? null },
      );
      await runtime.runner.waitFor(grant.appended?.checkpoint, ['accounts', 'sso']);
      runtime.sessions.forgetAll();
      const token = await runtime.tokens.sign({ accountId: grant.accountId, sessionId: grant.sessionId }, new Date(grant.expiresAt));
      res.redirect(303, `${SCHOOL_SIGN_IN_PAGE}/done#token=${encodeURIComponent(token)}`);
    } catch (error) {
      if (error instanceof SchoolSignInRefused) {
        runtime.log.info({ problem: error.problem, detail: error.message }, 'school sign-in refused');
        res.redirect(303, `${SCHOOL_SIGN_IN_PAGE}?problem=${error.problem}`);
        return;
      }
      runtime.log.error({ err: error }, 'school sign-in failed');
      res.redirect(303, `${SCHOOL_SIGN_IN_PAGE}?problem=failed`);
    }
  });
}
