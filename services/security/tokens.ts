import crypto from 'node:crypto';

/** A random secret token (256 bits, URL-safe) for links sent by mail. */
export function randomToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** How tokens are kept at rest: only their SHA-256, never the token itself. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Seals a small secret (e.g. a reset token on its way to the mail job) with AES-256-GCM so that
 * it never rests in clear in the job table. The key is derived from the server secret.
 */
export function seal(secret: string, plaintext: string): string {
  const key = crypto.createHash('sha256').update(`seal:${secret}`).digest();
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

export function unseal(secret: string, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  const key = crypto.createHash('sha256').update(`seal:${secret}`).digest();
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}
