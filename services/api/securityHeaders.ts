/**
 * Security headers of every response (issue 27; decisions in docs/decisions/security.md):
 *
 * - no page of ours is framed by anyone (`X-Frame-Options: DENY` and CSP `frame-ancestors 'none'`);
 * - a Content Security Policy without inline script: scripts from our own origin and, only when
 *   configured, the card and video vendors' script hosts; styles inline too (the component library
 *   writes its styles into <style> elements at run time);
 * - `Strict-Transport-Security` when the request came over TLS or PUBLIC_URL is https;
 * - `Referrer-Policy: same-origin` (a reset page's token never leaves in a Referer);
 * - `Permissions-Policy`: camera and microphone for our own origin on the web app's pages (the room,
 *   the lobby's and the settings' equipment checks are pages of the one app, reached without a new
 *   page load), never for an embedded frame, and for no other response.
 */
import type express from 'express';
import type { Config } from '../app/config';
import { storageBrowserOrigins } from '../integrations/storage/config';

const HSTS = 'max-age=31536000';
const QUIET_PERMISSIONS = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), display-capture=()';
const APP_PERMISSIONS = 'camera=(self), microphone=(self), geolocation=(), payment=(), usb=(), display-capture=()';

/** The policy of the web app's pages (and, harmlessly, of every other response). */
export function contentSecurityPolicy(config: Pick<Config, 'publicUrl' | 'stripeSecretKey' | 'video' | 'storageS3'>): string {
  const own = new URL(config.publicUrl);
  const socket = `${own.protocol === 'https:' ? 'wss' : 'ws'}://${own.host}`;
  const stripe = !!config.stripeSecretKey;
  const zoom = !!config.video.zoom;
  const twilio = !!config.video.twilio;
  const storage = storageBrowserOrigins(config.storageS3);
  const list = (...sources: (string | false | null | undefined)[]) => sources.filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    `script-src ${list("'self'", stripe && 'https://js.stripe.com', zoom && "'wasm-unsafe-eval' https://source.zoom.us")}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${list("'self'", 'data:', 'blob:', ...storage, stripe && 'https://*.stripe.com')}`,
    `media-src ${list("'self'", 'blob:', ...storage)}`,
    "font-src 'self' data:",
    `connect-src ${list("'self'", socket, stripe && 'https://api.stripe.com', zoom && 'https://*.zoom.us wss://*.zoom.us', twilio && 'https://*.twilio.com wss://*.twilio.com', ...storage)}`,
    `frame-src ${stripe ? 'https://js.stripe.com https://hooks.stripe.com' : "'none'"}`,
    `worker-src ${list("'self'", 'blob:', zoom && 'https://source.zoom.us')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function securityHeaders(config: Config): express.RequestHandler {
  const csp = contentSecurityPolicy(config);
  const httpsPublic = config.publicUrl.startsWith('https:');
  return (req, res, next) => {
    res.setHeader('Content-Security-Policy', csp);
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
    res.setHeader('Permissions-Policy', QUIET_PERMISSIONS);
    if (req.secure || httpsPublic) res.setHeader('Strict-Transport-Security', HSTS);
    next();
  };
}

/** The web app's page (index.html): camera and microphone for our own origin (see above). */
export function appPageHeaders(res: express.Response): void {
  res.setHeader('Permissions-Policy', APP_PERMISSIONS);
}
