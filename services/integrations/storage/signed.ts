/**
 * Short-lived signed addresses for private files (conversation archives). Local disk (and an S3 store
 * without a public base) is served by the API at `/files/<key>?expires=<unix s>&signature=<hex>`: an
 * HMAC-SHA256 of the key and the expiry with the server's secret, checked by the files route
 * (./http.ts) before anything is read. Folders listed in PRIVATE_FOLDERS are served only that way.
 */
import crypto from 'node:crypto';
import { filesUrl } from './port';

/** Files in these folders are never served without a valid, unexpired signature. */
// data-exports: a person's data export, downloaded only through its mailed link (services/api/dataExport.ts).
export const PRIVATE_FOLDERS: readonly string[] = ['archives', 'archive-chunks', 'data-exports'];

export const isPrivateKey = (key: string) => PRIVATE_FOLDERS.includes(key.split('/')[0]);

/**
 * How long a file may be kept by caches: public files for a year (keys are never reused), private
 * ones not at all (a shared cache must never keep an archive). The files route sends it, and an S3
 * store keeps it with the object so the store's own answers (presigned, public base) say the same.
 */
export const cacheControlFor = (key: string) => (isPrivateKey(key) ? 'private, no-store' : 'public, max-age=31536000, immutable');

/** The longest life a signed address may be given (the API gives archives 5 minutes). */
export const MAX_SIGNED_TTL_SECONDS = 3600;

function signature(secret: string, key: string, expires: number): string {
  return crypto.createHmac('sha256', secret).update(`files:${key}:${expires}`).digest('hex');
}

export function signedFilesUrl(publicUrl: string, secret: string, key: string, ttlSeconds: number, now = new Date()): string {
  const ttl = Math.min(Math.max(1, Math.floor(ttlSeconds)), MAX_SIGNED_TTL_SECONDS);
  const expires = Math.floor(now.getTime() / 1000) + ttl;
  return `${filesUrl(publicUrl, key)}?expires=${expires}&signature=${signature(secret, key, expires)}`;
}

/** True when `expires` lies ahead and `signatureHex` is this key's signature for it (constant time). */
export function verifyFilesSignature(secret: string, key: string, expires: unknown, signatureHex: unknown, now = new Date()): boolean {
  if (typeof expires !== 'string' || typeof signatureHex !== 'string') return false;
  if (!/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/.test(signatureHex)) return false;
  const at = Number(expires);
  if (at * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signature(secret, key, at), 'hex');
  return crypto.timingSafeEqual(expected, Buffer.from(signatureHex, 'hex'));
}
