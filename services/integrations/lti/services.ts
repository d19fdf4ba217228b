/**
 * Calling the platform's LTI Advantage services (issue 33): an access token by the OAuth 2
 * client-credentials grant with our signed JWT assertion (IMS Security Framework 4.1; RFC 7523),
 * kept until shortly before it expires, and the Names and Role Provisioning Services roster, every
 * page of it (the `Link: rel="next"` header), bounded.
 */
import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import { ErrorCode } from '../../../contracts/errors';
import { emailError, normalizeEmail } from '../../../contracts/validation/email';
import type { ToolKey } from '../../domain/lti/handlers';
import { mapLtiRoles } from '../../domain/lti/claims';
import { DomainError, type Refusal } from '../../domain/shared/errors';
import { knownRefusal } from '../../i18n/translate';

export const LTI_SCOPES = {
  nrps: 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
} as const;

export const ServiceMessages = {
  token: (status: number) => knownRefusal('errors.ltiService.token', { status: String(status) }),
  roster: (status: number) => knownRefusal('errors.ltiService.roster', { status: String(status) }),
  unreachable: 'The LMS could not be reached. Please try again in a moment.',
  malformed: 'The LMS answered a roster Tertulia cannot read.',
  lineItem: (status: number) => knownRefusal('errors.ltiService.lineItem', { status: String(status) }),
  lineItemMalformed: 'The LMS answered a gradebook column Tertulia cannot read.',
};

/** What a platform answered a score post: its status (null: no answer, or no token) and its words, cut short. */
export interface ScorePostAnswer {
  status: number | null;
  reason: string;
}
const REASON_MAX = 500;

const TIMEOUT_MS = 10_000;
const MAX_PAGES = 20;
const MAX_MEMBERS = 5_000;

export interface PlatformClient {
  id: string;
  clientId: string;
  accessTokenUrl: string;
}

export interface RosterMember {
  userId: string;
  name: string | null;
  role: 'STUDENT' | 'INSTRUCTOR' | null;
  active: boolean;
  /** The roster's address (NRPS `email`, when the LMS's privacy settings give it), kept only as a course place's. */
  emailAddress: string | null;
}

/** A line item's scores service: its path plus `/scores`, its query kept (Canvas's line item URLs carry one). */
export function scoresUrlOf(lineItemUrl: string): string {
  const url = new URL(lineItemUrl);
  url.pathname = `${url.pathname.replace(/\/$/, '')}/scores`;
  return url.toString();
}

const unavailable = (message: Refusal) => new DomainError(ErrorCode.CONFLICT, message);

async function call(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw unavailable(ServiceMessages.unreachable);
  }
}

const str = (v: unknown, max: number) => (typeof v === 'string' && v.length <= max && !v.includes('\u0000') ? v : null);
const addressOf = (v: unknown) => {
  const address = str(v, 255);
  return address && !emailError(address) ? normalizeEmail(address) : null;
};

export function ltiServices(toolKey: () => Promise<ToolKey>) {
  const tokens = new Map<string, { token: string; expiresAt: number }>();

  async function accessToken(platform: PlatformClient, scope: string): Promise<string> {
    const key = `${platform.id}\n${scope}`;
    const kept = tokens.get(key);
    if (kept && kept.expiresAt > Date.now()) return kept.token;
    const tool = await toolKey();
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid: tool.kid, typ: 'JWT' })
      .setIssuer(platform.clientId)
      .setSubject(platform.clientId)
      .setAudience(platform.accessTokenUrl)
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .setJti(crypto.randomUUID())
      .sign(tool.privateKey);
    const res = await call(platform.accessTokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: assertion,
        scope,
      }),
    });
    if (!res.ok) throw unavailable(ServiceMessages.token(res.status));
    const body = (await res.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown } | null;
    const token = str(body?.access_token, 4000);
    if (!token) throw unavailable(ServiceMessages.malformed);
    const lifetime = typeof body?.expires_in === 'number' ? body.expires_in : 3600;
    // Kept until a minute before the platform's expiry.
    tokens.set(key, { token, expiresAt: Date.now() + Math.max(0, lifetime - 60) * 1000 });
    return token;
  }

  return {
    /** Creates a line item in the LMS course (AGS 2.0 §3.2); returns its URL. */
    async createLineItem(
      platform: PlatformClient,
      lineItemsUrl: string,
      item: { label: string; scoreMaximum: number; resourceId: string; tag: string },
    ): Promise<string> {
      const token = await accessToken(platform, LTI_SCOPES.lineItem);
      const res = await call(lineItemsUrl, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/vnd.ims.lis.v2.lineitem+json',
          accept: 'application/vnd.ims.lis.v2.lineitem+json',
        },
        body: JSON.stringify(item),
      });
      if (!res.ok) throw unavailable(ServiceMessages.lineItem(res.status));
      const id = str(((await res.json().catch(() => null)) as { id?: unknown } | null)?.id, 2000);
      if (!id || new URL(id).origin !== new URL(lineItemsUrl).origin) throw unavailable(ServiceMessages.lineItemMalformed);
      return id;
    },

    /**
     * Posts a score to a line item's scores service (AGS 2.0 §3.4: `<line item>/scores`, the query
     * kept after the path). Never throws: the answer says what happened, for the job to decide.
     */
    async postScore(platform: PlatformClient, lineItemUrl: string, score: object): Promise<ScorePostAnswer> {
      try {
        const token = await accessToken(platform, LTI_SCOPES.score);
        const res = await call(scoresUrlOf(lineItemUrl), {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.ims.lis.v1.score+json' },
          body: JSON.stringify(score),
        });
        const text = await res.text().catch(() => '');
        return { status: res.status, reason: text.slice(0, REASON_MAX) };
      } catch (error) {
        return { status: null, reason: (error instanceof Error ? error.message : String(error)).slice(0, REASON_MAX) };
      }
    },

    /** The LMS course's members, every page (at most 20 pages, 5,000 members). */
    async roster(platform: PlatformClient, membershipsUrl: string): Promise<RosterMember[]> {
      const token = await accessToken(platform, LTI_SCOPES.nrps);
      const members: RosterMember[] = [];
      let next: string | null = membershipsUrl;
      for (let page = 0; next && page < MAX_PAGES && members.length < MAX_MEMBERS; page++) {
        const res = await call(next, {
          headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json' },
        });
        if (!res.ok) throw unavailable(ServiceMessages.roster(res.status));
        const body = (await res.json().catch(() => null)) as { members?: unknown } | null;
        if (!Array.isArray(body?.members)) throw unavailable(ServiceMessages.malformed);
        for (const m of body.members as Record<string, unknown>[]) {
          const userId = str(m?.user_id, 255);
          if (!userId) continue;
          const roles = Array.isArray(m.roles) ? m.roles.filter((r): r is string => typeof r === 'string') : [];
          members.push({
            userId,
            name: str(m.name, 200) ?? ([str(m.given_name, 100), str(m.family_name, 100)].filter(Boolean).join(' ') || null),
            role: mapLtiRoles(roles),
            active: m.status === undefined || m.status === 'Active',
            emailAddress: addressOf(m.email),
          });
        }
        next = res.headers.get('link')?.match(/<([^>]+)>\s*;\s*rel="next"/)?.[1] ?? null;
        if (next && new URL(next).origin !== new URL(membershipsUrl).origin) next = null;
      }
      return members.slice(0, MAX_MEMBERS);
    },
  };
}

export type LtiServices = ReturnType<typeof ltiServices>;
