/**
 * The deep-linking response (LTI Deep Linking 2.0): our signed answer to the platform's return URL
 * naming what the instructor placed, one ltiResourceLink whose custom parameters say which course or
 * lesson a launch from it opens, and the page that posts it (form_post, as the platform expects).
 */
import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import type { ToolKey } from '../../domain/lti/handlers';
import { CLAIM } from '../../domain/lti/claims';

export interface PlacedItem {
  title: string;
  custom: Record<string, string>;
}

/** How long the platform has to receive our response. */
const RESPONSE_LIFETIME_SECONDS = 5 * 60;

export function signDeepLinkingResponse(
  key: ToolKey,
  input: { clientId: string; issuer: string; deploymentId: string; data: string | null; launchUrl: string; item: PlacedItem; now: Date },
): Promise<string> {
  const iat = Math.floor(input.now.getTime() / 1000);
  return new SignJWT({
    nonce: crypto.randomUUID(),
    [CLAIM.messageType]: 'LtiDeepLinkingResponse',
    [CLAIM.version]: '1.3.0',
    [CLAIM.deploymentId]: input.deploymentId,
    ...(input.data ? { [CLAIM.deepLinkingData]: input.data } : {}),
    [CLAIM.contentItems]: [{ type: 'ltiResourceLink', title: input.item.title, url: input.launchUrl, custom: input.item.custom }],
  })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .setIssuer(input.clientId)
    .setAudience(input.issuer)
    .setIssuedAt(iat)
    .setExpirationTime(iat + RESPONSE_LIFETIME_SECONDS)
    .sign(key.privateKey);
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page that posts the response to the platform: our pages may only post to ourselves (CSP
 * form-action 'self'), so this one allows the return URL's origin alone, and its one script by nonce.
 */
export function deepLinkingResponsePage(input: { returnUrl: string; jwt: string; lang: string; title: string; button: string }) {
  const nonce = crypto.randomBytes(16).toString('base64');
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    "style-src 'unsafe-inline'",
    `form-action ${new URL(input.returnUrl).origin}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  const html = `<!doctype html>
<html lang="${esc(input.lang)}"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow">
<title>${esc(input.title)} · Tertulia</title></head>
<body style="font-family:system-ui,sans-serif;max-width:640px;margin:3rem auto;padding:0 1rem">
<form method="post" action="${esc(input.returnUrl)}">
<input type="hidden" name="JWT" value="${esc(input.jwt)}">
<p>${esc(input.title)}</p>
<button type="submit">${esc(input.button)}</button>
</form>
<script nonce="${nonce}">document.forms[0].submit();</script>
</body></html>`;
  return { csp, html };
}
