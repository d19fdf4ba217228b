/**
 * An LTI 1.3 platform for tests, written from the IMS specifications (LTI Core 1.3, the IMS Security
 * Framework 1.0, Deep Linking 2.0, Names and Role Provisioning Services 2.0, Assignment and Grade
 * Services 2.0): what an LMS such as Canvas or Moodle does towards a tool, and what it checks.
 *
 * - its own RS256 key pair, served at /jwks;
 * - an OIDC authorization endpoint (/auth) answering the tool's login redirect: it checks the
 *   request (scope openid, response_type id_token, response_mode form_post, prompt none, the
 *   registered client id and redirect URI, the login_hint it gave) and answers a page that posts the
 *   id_token and state to the redirect URI (form_post);
 * - a token endpoint (/token): the client-credentials grant with a signed JWT assertion, checked
 *   against the tool's JWKS (iss = sub = client id, aud = the token URL, exp, jti once, scopes the
 *   tool was granted);
 * - NRPS (/nrps/<context>/memberships) and AGS (/ags/<context>/lineitems, …/scores) needing a bearer
 *   token with the service's scope and the media types the specifications name;
 * - a deep-linking return URL (/deep-linking/return) verifying the tool's signed response.
 *
 * A test shapes the next launch (`nextLaunch`) and may spoil it (another key, another audience,
 * expired) to see the tool refuse it.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { SignJWT, createRemoteJWKSet, exportJWK, generateKeyPair, jwtVerify, type CryptoKey, type JWK } from 'jose';
import { freePort } from './ports';

const CLAIM = 'https://purl.imsglobal.org/spec/lti/claim';
const LIS = 'http://purl.imsglobal.org/vocab/lis/v2/membership';
export const LTI_ROLES = { learner: `${LIS}#Learner`, instructor: `${LIS}#Instructor` } as const;
export const LTI_SCOPES = {
  nrps: 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
} as const;

export interface LaunchShape {
  messageType?: 'LtiResourceLinkRequest' | 'LtiDeepLinkingRequest';
  sub?: string;
  email?: string | null;
  givenName?: string;
  familyName?: string;
  roles?: string[];
  contextId?: string;
  resourceLinkId?: string;
  custom?: Record<string, string>;
  /** Spoilers: each makes a launch the tool must refuse. */
  signWithOtherKey?: boolean;
  audience?: string;
  expiresInSeconds?: number;
  issuedSecondsAgo?: number;
  deploymentId?: string;
  version?: string;
  nonce?: string;
}

export interface Member {
  user_id: string;
  roles: string[];
  email?: string;
  name?: string;
  status?: 'Active' | 'Inactive';
}

export interface LtiPlatformPeer {
  url: string;
  issuer: string;
  clientId: string;
  deploymentId: string;
  authLoginUrl: string;
  accessTokenUrl: string;
  jwksUrl: string;
  /** The shape of the next id_token /auth issues (a default learner otherwise). */
  nextLaunch: LaunchShape;
  /** The tool's settings as the LMS holds them. */
  tool: { jwksUrl: string; redirectUris: string[] };
  members: Member[];
  /** The line items tools created, by URL. */
  lineItems: Map<string, Record<string, unknown>>;
  /** What the platform received and accepted. */
  received: {
    scores: { lineItemId: string; score: Record<string, unknown> }[];
    /** The scores that changed a result: AGS applies a score only when its timestamp is newer than the one on record. */
    applied: { lineItemId: string; score: Record<string, unknown> }[];
    deepLinks: { contentItems: Record<string, unknown>[]; data: unknown }[];
    refusals: string[];
  };
  deepLinkingReturnUrl: string;
  /** The login hint this platform sends in its login initiations (and expects back). */
  loginHint: string;
  /**
   * Holds the answer to the next score that changes a result: `applied` resolves once it is applied
   * (and before the tool hears of it), and the answer goes only on `release()`, or never if the
   * tool's connection is gone by then: the tool dies between the platform's apply and its answer.
   */
  holdNextAppliedScore(): { applied: Promise<void>; release(): void };
  /** Follows the tool's login redirect to /auth and returns the form it would post (without posting it). */
  authorize(location: string): Promise<{ action: string; idToken: string; state: string }>;
  close(): Promise<void>;
}

const html = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      body += chunk;
      if (body.length > 200_000) req.destroy();
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

export async function startLtiPlatform(options: { clientId?: string; deploymentId?: string } = {}): Promise<LtiPlatformPeer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const keys = await generateKeyPair('RS256', { extractable: true });
  const strangerKeys = await generateKeyPair('RS256');
  const kid = crypto.randomUUID();
  const publicJwk: JWK = { ...(await exportJWK(keys.publicKey)), kid, alg: 'RS256', use: 'sig' };
  const usedJtis = new Set<string>();
  const tokens = new Map<string, { scopes: string[]; expiresAt: number }>();
  const lineItems = new Map<string, Record<string, unknown>>();
  // The timestamp of the result on record, per line item and user.
  const results = new Map<string, number>();
  let hold: { applied: () => void; released: Promise<void> } | null = null;
  let toolKeys: ReturnType<typeof createRemoteJWKSet> | null = null;
  const toolKeySet = () => (toolKeys ??= createRemoteJWKSet(new URL(peer.tool.jwksUrl)));

  const peer: LtiPlatformPeer = {
    url,
    issuer: url,
    clientId: options.clientId ?? `client-${crypto.randomUUID().slice(0, 8)}`,
    deploymentId: options.deploymentId ?? '1:deployment',
    authLoginUrl: `${url}/auth`,
    accessTokenUrl: `${url}/token`,
    jwksUrl: `${url}/jwks`,
    deepLinkingReturnUrl: `${url}/deep-linking/return`,
    loginHint: crypto.randomBytes(8).toString('hex'),
    nextLaunch: {},
    tool: { jwksUrl: '', redirectUris: [] },
    members: [],
    lineItems,
    received: { scores: [], applied: [], deepLinks: [], refusals: [] },
    holdNextAppliedScore() {
      let applied!: () => void;
      let release!: () => void;
      const appliedPromise = new Promise<void>((resolve) => (applied = resolve));
      hold = { applied, released: new Promise<void>((resolve) => (release = resolve)) };
      return { applied: appliedPromise, release };
    },
    async authorize(location) {
      const res = await fetch(location, { redirect: 'manual' });
      const page = await res.text();
      if (res.status !== 200) throw new Error(`the platform refused the login: ${res.status} ${page}`);
      const field = (name: string) => page.match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1] ?? '';
      const action = page.match(/action="([^"]*)"/)?.[1] ?? '';
      return { action: action.replace(/&#38;/g, '&'), idToken: field('id_token'), state: field('state') };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  async function idToken(query: URLSearchParams): Promise<string> {
    const shape = peer.nextLaunch;
    const messageType = shape.messageType ?? 'LtiResourceLinkRequest';
    const now = Math.floor(Date.now() / 1000) - (shape.issuedSecondsAgo ?? 0);
    const claims: Record<string, unknown> = {
      nonce: shape.nonce ?? query.get('nonce'),
      email: shape.email === undefined ? 'learner@school.example' : shape.email,
      given_name: shape.givenName ?? 'Ana',
      family_name: shape.familyName ?? 'Learner',
      [`${CLAIM}/message_type`]: messageType,
      [`${CLAIM}/version`]: shape.version ?? '1.3.0',
      [`${CLAIM}/deployment_id`]: shape.deploymentId ?? peer.deploymentId,
      [`${CLAIM}/target_link_uri`]: query.get('redirect_uri'),
      [`${CLAIM}/roles`]: shape.roles ?? [LTI_ROLES.learner],
      [`${CLAIM}/context`]: { id: shape.contextId ?? 'course-101', title: 'Spanish 101' },
      [`${CLAIM}/custom`]: shape.custom ?? {},
      'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice': {
        context_memberships_url: `${url}/nrps/${shape.contextId ?? 'course-101'}/memberships`,
        service_versions: ['2.0'],
      },
      'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
        scope: Object.values(LTI_SCOPES).filter((s) => s !== LTI_SCOPES.nrps),
        lineitems: `${url}/ags/${shape.contextId ?? 'course-101'}/lineitems`,
      },
    };
    if (messageType === 'LtiResourceLinkRequest') claims[`${CLAIM}/resource_link`] = { id: shape.resourceLinkId ?? 'link-1' };
    else
      claims['https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings'] = {
        deep_link_return_url: peer.deepLinkingReturnUrl,
        accept_types: ['ltiResourceLink'],
        accept_presentation_document_targets: ['window', 'iframe'],
        accept_multiple: false,
        data: 'platform-opaque-data',
      };
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(peer.issuer)
      .setSubject(shape.sub ?? 'lms-user-1')
      .setAudience(shape.audience ?? peer.clientId)
      .setIssuedAt(now)
      .setExpirationTime(now + (shape.expiresInSeconds ?? 300))
      .sign(shape.signWithOtherKey ? strangerKeys.privateKey : (keys.privateKey as CryptoKey));
  }

  const refuse = (res: http.ServerResponse, status: number, error: string) => {
    peer.received.refusals.push(error);
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error }));
  };

  function bearer(req: http.IncomingMessage, scope: string): boolean {
    const token = req.headers.authorization?.match(/^Bearer (.+)$/)?.[1];
    const grant = token ? tokens.get(token) : undefined;
    return !!grant && grant.expiresAt > Date.now() && grant.scopes.includes(scope);
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const at = new URL(req.url ?? '/', url);
    if (req.method === 'GET' && at.pathname === '/jwks') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [publicJwk] }));
      return;
    }
    if (at.pathname === '/auth') {
      const q = at.searchParams;
      const expected: Record<string, string> = {
        scope: 'openid',
        response_type: 'id_token',
        response_mode: 'form_post',
        prompt: 'none',
        client_id: peer.clientId,
      };
      for (const [name, value] of Object.entries(expected)) if (q.get(name) !== value) return refuse(res, 400, `invalid_request: ${name}`);
      const redirectUri = q.get('redirect_uri') ?? '';
      if (!peer.tool.redirectUris.includes(redirectUri)) return refuse(res, 400, 'invalid_request: redirect_uri not registered');
      if (q.get('login_hint') !== peer.loginHint) return refuse(res, 400, 'login_required');
      if (!q.get('state') || !q.get('nonce')) return refuse(res, 400, 'invalid_request: state and nonce');
      const token = await idToken(q);
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><html><body onload="document.forms[0].submit()">
<form method="post" action="${html(redirectUri)}"><input type="hidden" name="id_token" value="${html(token)}">
<input type="hidden" name="state" value="${html(q.get('state') ?? '')}"></form></body></html>`);
      return;
    }
    if (req.method === 'POST' && at.pathname === '/token') {
      const form = new URLSearchParams(await readBody(req));
      if (form.get('grant_type') !== 'client_credentials') return refuse(res, 400, 'unsupported_grant_type');
      if (form.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer')
        return refuse(res, 400, 'invalid_client');
      try {
        const { payload } = await jwtVerify(form.get('client_assertion') ?? '', toolKeySet(), {
          issuer: peer.clientId,
          subject: peer.clientId,
          audience: peer.accessTokenUrl,
          algorithms: ['RS256'],
          requiredClaims: ['exp', 'iat', 'jti'],
          maxTokenAge: 300,
        });
        if (usedJtis.has(String(payload.jti))) return refuse(res, 400, 'invalid_client: jti reused');
        usedJtis.add(String(payload.jti));
      } catch (error) {
        return refuse(res, 401, `invalid_client: ${(error as Error).message}`);
      }
      const asked = (form.get('scope') ?? '').split(' ').filter(Boolean);
      if (!asked.length || asked.some((s) => !Object.values(LTI_SCOPES).includes(s as never))) return refuse(res, 400, 'invalid_scope');
      const accessToken = crypto.randomBytes(24).toString('base64url');
      tokens.set(accessToken, { scopes: asked, expiresAt: Date.now() + 3600_000 });
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ access_token: accessToken, token_type: 'Bearer', expires_in: 3600, scope: asked.join(' ') }));
      return;
    }
    const nrps = at.pathname.match(/^\/nrps\/([^/]+)\/memberships$/);
    if (req.method === 'GET' && nrps) {
      if (!bearer(req, LTI_SCOPES.nrps)) return refuse(res, 401, 'nrps: no token with the membership scope');
      if (!req.headers.accept?.includes('application/vnd.ims.lti-nrps.v2.membershipcontainer+json'))
        return refuse(res, 406, 'nrps: media type');
      res
        .writeHead(200, { 'content-type': 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json' })
        .end(
          JSON.stringify({ id: at.toString(), context: { id: nrps[1] }, members: peer.members.map((m) => ({ status: 'Active', ...m })) }),
        );
      return;
    }
    const items = at.pathname.match(/^\/ags\/([^/]+)\/lineitems$/);
    if (items) {
      if (!bearer(req, LTI_SCOPES.lineItem)) return refuse(res, 401, 'ags: no token with the line item scope');
      if (req.method === 'POST') {
        if (!req.headers['content-type']?.includes('application/vnd.ims.lis.v2.lineitem+json'))
          return refuse(res, 415, 'ags: line item media type');
        const item = JSON.parse(await readBody(req)) as Record<string, unknown>;
        if (typeof item.label !== 'string' || typeof item.scoreMaximum !== 'number' || item.scoreMaximum <= 0)
          return refuse(res, 400, 'ags: a line item needs a label and a positive scoreMaximum');
        const id = `${url}/ags/${items[1]}/lineitems/${lineItems.size + 1}`;
        lineItems.set(id, { ...item, id });
        res.writeHead(201, { 'content-type': 'application/vnd.ims.lis.v2.lineitem+json' }).end(JSON.stringify({ ...item, id }));
        return;
      }
      res
        .writeHead(200, { 'content-type': 'application/vnd.ims.lis.v2.lineitemcontainer+json' })
        .end(JSON.stringify([...lineItems.values()]));
      return;
    }
    const scores = at.pathname.match(/^(\/ags\/[^/]+\/lineitems\/\d+)\/scores$/);
    if (req.method === 'POST' && scores) {
      if (!bearer(req, LTI_SCOPES.score)) return refuse(res, 401, 'ags: no token with the score scope');
      if (!req.headers['content-type']?.includes('application/vnd.ims.lis.v1.score+json')) return refuse(res, 415, 'ags: score media type');
      const lineItemId = `${url}${scores[1]}`;
      const item = lineItems.get(lineItemId);
      if (!item) return refuse(res, 404, 'ags: no such line item');
      const score = JSON.parse(await readBody(req)) as Record<string, unknown>;
      const valid =
        typeof score.userId === 'string' &&
        typeof score.timestamp === 'string' &&
        ['Initialized', 'Started', 'InProgress', 'Submitted', 'Completed'].includes(String(score.activityProgress)) &&
        ['FullyGraded', 'Pending', 'PendingManual', 'Failed', 'NotReady'].includes(String(score.gradingProgress)) &&
        (score.scoreGiven === undefined || (typeof score.scoreGiven === 'number' && typeof score.scoreMaximum === 'number'));
      if (!valid) return refuse(res, 400, 'ags: invalid score');
      peer.received.scores.push({ lineItemId, score });
      const timestamp = Date.parse(String(score.timestamp));
      if (Number.isNaN(timestamp)) return refuse(res, 400, 'ags: timestamp');
      const result = `${lineItemId}\n${score.userId}`;
      if (timestamp > (results.get(result) ?? Number.NEGATIVE_INFINITY)) {
        results.set(result, timestamp);
        peer.received.applied.push({ lineItemId, score });
        const held = hold;
        hold = null;
        if (held) {
          held.applied();
          await held.released;
        }
      }
      if (!res.destroyed) res.writeHead(204).end();
      return;
    }
    if (req.method === 'POST' && at.pathname === '/deep-linking/return') {
      const form = new URLSearchParams(await readBody(req));
      try {
        const { payload } = await jwtVerify(form.get('JWT') ?? '', toolKeySet(), {
          issuer: peer.clientId,
          audience: peer.issuer,
          algorithms: ['RS256'],
          requiredClaims: ['exp', 'iat', 'nonce'],
          maxTokenAge: 300,
        });
        if (payload[`${CLAIM}/message_type`] !== 'LtiDeepLinkingResponse') return refuse(res, 400, 'dl: message type');
        if (payload[`${CLAIM}/version`] !== '1.3.0') return refuse(res, 400, 'dl: version');
        if (payload[`${CLAIM}/deployment_id`] !== peer.deploymentId) return refuse(res, 400, 'dl: deployment');
        const contentItems = payload['https://purl.imsglobal.org/spec/lti-dl/claim/content_items'];
        if (!Array.isArray(contentItems)) return refuse(res, 400, 'dl: content items');
        peer.received.deepLinks.push({ contentItems, data: payload['https://purl.imsglobal.org/spec/lti-dl/claim/data'] });
      } catch (error) {
        return refuse(res, 401, `dl: ${(error as Error).message}`);
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><p>Content placed in the course.</p>');
      return;
    }
    refuse(res, 404, `not found: ${req.method} ${at.pathname}`);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error) => refuse(res, 500, String(error)));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return peer;
}
