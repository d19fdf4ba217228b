/**
 * Pseudonyms of email addresses, for stream names (`email-<pseudonym>`): an HMAC-SHA-256 of the
 * normalised address under a key derived from the server secret, so a stream still guards "one
 * account per address" while its name says nothing without the secret (docs/decisions/erasure.md).
 * The composition root configures the key once at start, before any command runs.
 */
import crypto from 'node:crypto';

let pseudonymKey: Buffer | null = null;

export function configurePseudonyms(serverSecret: string): void {
  pseudonymKey = Buffer.from(crypto.hkdfSync('sha256', serverSecret, 'tertulia', 'email-pseudonyms:v1', 32));
}

export function emailPseudonym(normalizedEmail: string): string {
  if (!pseudonymKey) throw new Error('Pseudonyms are not configured: call configurePseudonyms(serverSecret) at start');
  return crypto.createHmac('sha256', pseudonymKey).update(normalizedEmail, 'utf8').digest('base64url');
}
