/**
 * GET /api/sso/oidc/callback and POST /api/sso/saml/acs: where a school's identity provider sends
 * the browser back (issue 33), GET /api/sso/saml/metadata, our SAML service provider's metadata, and
 * GET and POST /api/sso/saml/slo, our SAML single logout service.
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
  SAML_SLO_PATH,
  SCHOOL_SIGN_IN_CALLBACK_PATH,
  SCHOOL_SIGN_IN_COOKIE,
  SamlLogoutRefused,
  SchoolSignInRefused,
} from '../domain/sso/handlers';
import type { SessionGrant } from '../domain/identity/handlers';
import type { SamlLogoutFields, SamlLogoutMessage } from '../integrations/sso/saml';
import { SYSTEM_ACTOR } from '../domain/shared/decider';

export const SCHOOL_SIGN_IN_PAGE = '/auth/school_sign_in';
const SIGN_IN_PAGE = '/auth/sign_in';
/** A logout message's fields and their longest (SAML's RelayState is at most 80 bytes; 200 leaves room). */
const LOGOUT_FIELDS = { SAMLRequest: 100_000, SAMLResponse: 100_000, RelayState: 200, SigAlg: 200, Signature: 2_000 } as const;

/** The logout message's fields that are single strings, not too long, without NUL; the rest left out (a signature then fails). */
function logoutFields(source: Record<string, unknown> | undefined): SamlLogoutFields {
  const fields: SamlLogoutFields = {};
  for (const [name, longest] of Object.entries(LOGOUT_FIELDS) as [keyof SamlLogoutFields, number][]) {
    const value = source?.[name];
    if (typeof value === 'string' && value && value.length <= longest && !value.includes('\0')) fields[name] = value;
  }
  return fields;
}

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

  app.get(SAML_METADATA_PATH, async (_req, res) => {
    res.setHeader('Content-Disposition', 'attachment; filename="tertulia-saml-metadata.xml"');
    res.type('application/samlmetadata+xml').send(await runtime.sso.serviceProviderMetadata());
  });

  /**
   * Single logout. A browser (front channel) is sent on: to the IdP with our signed LogoutResponse
   * after its LogoutRequest, to the sign-in page after its LogoutResponse to ours, or to the school
   * page saying the message was refused. Keycloak's back channel (a server's POST, marked
   * BACK_CHANNEL_LOGOUT) gets 200 or 400 and no page.
   */
  async function logout(req: express.Request, res: express.Response, message: SamlLogoutMessage, backChannel: boolean) {
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    try {
      const outcome = await runtime.sso.samlLogout(meta(req), message);
      if (outcome.kind === 'request') {
        await runtime.runner.waitFor(outcome.appended?.checkpoint, ['accounts']);
        runtime.sessions.forgetAll();
        if (backChannel) res.type('text/plain').send('Logged out.');
        else res.redirect(303, outcome.responseUrl);
        return;
      }
      res.redirect(303, SIGN_IN_PAGE);
    } catch (error) {
      const refused = error instanceof SamlLogoutRefused;
      if (refused) runtime.log.info({ detail: error.message }, 'SAML logout message refused');
      else runtime.log.error({ err: error }, 'SAML logout failed');
      if (backChannel)
        res
          .status(refused ? 400 : 500)
          .type('text/plain')
          .send(refused ? 'Refused.' : 'Failed.');
      else res.redirect(303, `${SCHOOL_SIGN_IN_PAGE}?problem=${refused ? 'logout_refused' : 'failed'}`);
    }
  }

  app.get(SAML_SLO_PATH, (req, res) => {
    const rawQuery = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
    return logout(req, res, { binding: 'redirect', rawQuery, fields: logoutFields(req.query as Record<string, unknown>) }, false);
  });
  app.post(SAML_SLO_PATH, express.urlencoded({ extended: false, limit: '256kb', parameterLimit: 10 }), (req, res) => {
    const body = req.body as Record<string, unknown> | undefined;
    return logout(req, res, { binding: 'post', fields: logoutFields(body) }, body?.BACK_CHANNEL_LOGOUT !== undefined);
  });
}
