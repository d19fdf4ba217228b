/**
 * One personal field encrypted (docs/decisions/erasure.md): AES-256-GCM of the value's JSON text
 * under its subject's data key, the subject as associated data, in an envelope that marks it, so a
 * field written before encryption (plain) is read as it is.
 */
import crypto from 'node:crypto';

export interface Envelope {
  /** base64url of iv (12 bytes) | ciphertext | tag (16 bytes). */
  $enc: string;
  /** The subject whose key encrypts it. */
  $by: string;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Envelope).$enc === 'string' &&
    typeof (value as Envelope).$by === 'string'
  );
}

export function seal(key: Buffer, subject: string, value: unknown): Envelope {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(subject, 'utf8'));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return { $enc: Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url'), $by: subject };
}

/** The value sealed in `envelope`; throws when the key or the subject is not the one it was sealed with, or it was altered. */
export function open(key: Buffer, envelope: Envelope): unknown {
  const bytes = Buffer.from(envelope.$enc, 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error(`A personal field of ${envelope.$by} is damaged (too short)`);
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(envelope.$by, 'utf8'));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  const text = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  return JSON.parse(text);
}

/** Reads the value at a dotted path of `data` (undefined when a step is missing). */
export function getPath(data: any, path: readonly string[]): unknown {
  let at = data;
  for (const step of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = at[step];
  }
  return at;
}

/** A copy of `data` with the value at `path` replaced (the copies along the path only: data is shared with a cache). */
export function setPath(data: any, path: readonly string[], value: unknown): any {
  const [step, ...rest] = path;
  const copy = { ...data };
  copy[step] = rest.length === 0 ? value : setPath(data[step], rest, value);
  return copy;
}
