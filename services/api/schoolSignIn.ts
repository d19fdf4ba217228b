/**
 * GET /api/sso/oidc/callback and POST /api/sso/saml/acs: where a school's identity provider sends
 * the browser back (issue 33), and GET /api/sso/saml/metadata, our SAML service provider's metadata.
 * The sign-in is verified and recorded by the domain (services/domain/sso/handlers.ts); the answer
 * is a redirect to the web app: with the session's token in the fragment (never sent to a server,
 * never in a log) on success, or with the reason of a refusal, which the page says in the person's
 * language.
 */
import express from 'express';
import type { Runtime } from '../app/runtime';
import {
  SAML_ACS_PATH,
  SAML_METADATA_PATH,
  SCHOOL_SIGN_IN_CALLBACK_PATH,
  SCHOOL_SIGN_IN_COOKIE,
  SchoolSignInRefused,
} from '../domain/sso/handlers';
import type { SessionGrant } from '../domain/identity/handlers';
import { serviceProviderMetadata } from '../integrations/sso/saml';
import { SYSTEM_ACTOR } from '../domain/shared/decider';

export const SCHOOL_SIGN_IN_PAGE = '/auth/school_sign_in';

export function mountSchoolSignIn(
  app: express.Express,
  runtime: Pick<Runtime, 'sso' | 'tokens' | 'runner' | 'sessions' | 'config' | 'log'>,
) {
  /** Signs the browser in with what the domain granted, or sends it back to the school page with the refusal's reason. */
  async function answer(req: express.Request, res: express.Response, complete: (browserBinding: string | null) => Promise<SessionGrant>) {
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    const browserBinding = req.headers.cookie?.match(new RegExp(`(?:^|;\\s*)${SCHOOL_SIGN_IN_COOKIE}=([^;]{1,100})`))?.[1] ?? null;
    // Good for one round trip, whatever its outcome.
    res.setHeader('Set-Cookie', `${SCHOOL_SIGN_IN_COOKIE}=; Path=/api/sso; Max-Age=0; SameSite=Lax`);
    try {
      const grant = await complete(browserBinding);
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
  }
  const meta = (req: express.Request) => ({ actor: SYSTEM_ACTOR, correlationId: req.headers['x-request-id'] as string });

  app.get(SCHOOL_SIGN_IN_CALLBACK_PATH, (req, res) =>
    answer(req, res, (browserBinding) =>
      runtime.sso.completeSignIn(meta(req), {
        callbackUrl: new URL(req.originalUrl, runtime.config.publicUrl),
        browserBinding,
        ip: req.ip ?? null,
      }),
    ),
  );

  // A signed response with a few attributes is a few KB; an IdP's certificate chain may add some.
  app.post(SAML_ACS_PATH, express.urlencoded({ extended: false, limit: '256kb', parameterLimit: 10 }), (req, res) => {
    const field = (name: string) => {
      const value = (req.body as Record<string, unknown> | undefined)?.[name];
      return typeof value === 'string' && value && !value.includes('\0') ? value : null;
    };
    return answer(req, res, (browserBinding) =>
      runtime.sso.completeSamlSignIn(meta(req), {
        relayState: field('RelayState'),
        samlResponse: field('SAMLResponse'),
        browserBinding,
        ip: req.ip ?? null,
      }),
    );
  });

  app.get(SAML_METADATA_PATH, (_req, res) => {
    const publicUrl = runtime.config.publicUrl;
    res.setHeader('Content-Disposition', 'attachment; filename="tertulia-saml-metadata.xml"');
    res
      .type('application/samlmetadata+xml')
      .send(serviceProviderMetadata({ entityId: `${publicUrl}${SAML_METADATA_PATH}`, acsUrl: `${publicUrl}${SAML_ACS_PATH}` }));
  });
}
