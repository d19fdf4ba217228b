/**
 * Verification of the video providers' recording webhooks (issue 10), each with the provider's
 * documented scheme, in constant time:
 * - Zoom: `x-zm-signature: v0=<hex HMAC-SHA256(secret token, "v0:<x-zm-request-timestamp>:<raw body>")>`;
 *   the endpoint check (`endpoint.url_validation`) answers `encryptedToken = hex HMAC-SHA256(secret token, plainToken)`.
 *   A timestamp more than WEBHOOK_TOLERANCE_SECONDS away is refused (a replayed old delivery).
 * - Twilio: `X-Twilio-Signature: base64(HMAC-SHA1(auth token, <full URL> + each POST parameter, sorted
 *   by name, as name + value))`.
 * Secrets: ZOOM_WEBHOOK_SECRET_TOKEN (the Zoom app's Secret Token) and TWILIO_AUTH_TOKEN.
 */
import crypto from 'node:crypto';

export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface RecordingWebhookSecrets {
  zoomSecretToken: string | null;
  twilioAuthToken: string | null;
}

export function recordingWebhookSecretsFromEnv(env: NodeJS.ProcessEnv): RecordingWebhookSecrets {
  return { zoomSecretToken: env.ZOOM_WEBHOOK_SECRET_TOKEN?.trim() || null, twilioAuthToken: env.TWILIO_AUTH_TOKEN?.trim() || null };
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export const zoomSignature = (secretToken: string, timestamp: string, rawBody: string) =>
  `v0=${crypto.createHmac('sha256', secretToken).update(`v0:${timestamp}:${rawBody}`).digest('hex')}`;

export function verifyZoomSignature(
  secretToken: string,
  headers: { signature: unknown; timestamp: unknown },
  rawBody: string,
  now = new Date(),
): boolean {
  const { signature, timestamp } = headers;
  if (typeof signature !== 'string' || typeof timestamp !== 'string' || !/^\d{1,13}$/.test(timestamp)) return false;
  // Zoom sends seconds; milliseconds are accepted too.
  const at = Number(timestamp) > 1e11 ? Number(timestamp) / 1000 : Number(timestamp);
  if (Math.abs(now.getTime() / 1000 - at) > WEBHOOK_TOLERANCE_SECONDS) return false;
  return sameText(zoomSignature(secretToken, timestamp, rawBody), signature);
}

/** The answer to Zoom's endpoint validation. */
export const zoomUrlValidation = (secretToken: string, plainToken: string) => ({
  plainToken,
  encryptedToken: crypto.createHmac('sha256', secretToken).update(plainToken).digest('hex'),
});

export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return crypto.createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

export function verifyTwilioSignature(authToken: string, signature: unknown, url: string, params: Record<string, string>): boolean {
  return typeof signature === 'string' && sameText(twilioSignature(authToken, url, params), signature);
}

/** A provider's event id as a stream-safe name: the dedupe stream is `webhook-<provider>-<sha256>`. */
export const webhookEventStream = (provider: 'zoom' | 'twilio', eventId: string) =>
  `webhook-${provider}-${crypto.createHash('sha256').update(eventId).digest('hex').slice(0, 40)}`;
