/**
 * OpenID Connect against a school's identity provider, through `openid-client` (a certified relying
 * party library): discovery, the authorization URL with state, nonce and PKCE (S256), the code
 * exchange with the ID token's checks (signature against the IdP's JWKS, issuer, audience, expiry,
 * nonce), and RP-initiated logout. Nothing here checks a token by hand.
 */
import * as client from 'openid-client';

/** Clock skew allowed on the ID token's iat/exp/nbf (docs/decisions/single-sign-on.md). */
export const CLOCK_TOLERANCE_SECONDS = 30;
/** How long the IdP may take to answer a request of ours (discovery, JWKS, token). */
const TIMEOUT_SECONDS = 10;

export interface OidcClientSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** http: issuers are allowed for providers on this machine only (the settings' rule), e.g. a test Keycloak. */
const isLocal = (issuer: string) => ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(issuer).hostname);

/** Reads the issuer's discovery document; throws when it cannot be fetched or is not the issuer's. */
export async function discover(settings: OidcClientSettings): Promise<client.Configuration> {
  const config = await client.discovery(
    new URL(settings.issuer),
    settings.clientId,
    { client_secret: settings.clientSecret, [client.clockTolerance]: CLOCK_TOLERANCE_SECONDS },
    client.ClientSecretPost(settings.clientSecret),
    { execute: isLocal(settings.issuer) ? [client.allowInsecureRequests] : [], timeout: TIMEOUT_SECONDS },
  );
  config.timeout = TIMEOUT_SECONDS;
  return config;
}

/** The one thing an admin must fix when discovery fails, in a sentence. */
export function discoveryProblem(error: unknown): string {
  const cause = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
  return `Tertulia could not read this issuer's OpenID configuration (${cause.slice(0, 200)}). Check the issuer URL: its /.well-known/openid-configuration must answer with the same issuer.`;
}

export interface AuthorizationRequest {
  url: string;
  state: string;
  /** Kept (sealed) until the callback. */
  checks: { nonce: string; codeVerifier: string };
}

export async function authorizationRequest(
  config: client.Configuration,
  options: { redirectUri: string; scopes: string[]; loginHint: string },
): Promise<AuthorizationRequest> {
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: options.redirectUri,
    scope: options.scopes.join(' '),
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    login_hint: options.loginHint,
  });
  return { url: url.href, state, checks: { nonce, codeVerifier } };
}

export interface VerifiedAnswer {
  subject: string;
  emailAddress: string | null;
  emailVerified: unknown;
  claims: Record<string, unknown>;
}

/** Exchanges the callback's code and verifies the ID token; throws on any failed check. */
export async function verifiedAnswer(
  config: client.Configuration,
  callbackUrl: URL,
  expected: { state: string; nonce: string; codeVerifier: string },
): Promise<VerifiedAnswer> {
  const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
    expectedState: expected.state,
    expectedNonce: expected.nonce,
    pkceCodeVerifier: expected.codeVerifier,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('The identity provider sent no ID token.');
  return {
    subject: claims.sub,
    emailAddress: typeof claims.email === 'string' ? claims.email : null,
    emailVerified: claims.email_verified,
    claims: claims as Record<string, unknown>,
  };
}

/**
 * The IdP's logout address (RP-initiated logout), or null when its discovery offers none. It names
 * our client (client_id) rather than the ID token (id_token_hint), which Tertulia does not keep: the
 * token carries the person's name and address. An IdP may then ask the person to confirm.
 */
export function endSessionUrl(config: client.Configuration, options: { postLogoutRedirectUri: string }): string | null {
  if (!config.serverMetadata().end_session_endpoint) return null;
  return client.buildEndSessionUrl(config, { post_logout_redirect_uri: options.postLogoutRedirectUri }).href;
}
