/**
 * A notification's public token (spec 3, Notification.publicToken): whoever holds the mail can open
 * it in a browser at /mail/<publicToken>, without signing in. Nothing is stored: the token is the
 * notification's id with an HMAC-SHA256 over it, base64url-encoded together
 * (`base64url(mac ‖ utf8(id))`, 32 bytes of MAC first), so the server can tell a token it made from
 * any other without a table of tokens. The MAC's key is derived from the server secret
 * (AUTH_SECRET) for this one purpose, so it is never the key of a session token, a sealed secret or
 * a signed file address; changing AUTH_SECRET ends every such link (as it ends every session).
 * A token does not expire: a mail is meant to be readable as long as it is kept.
 */
import crypto from 'node:crypto';

const MAC_BYTES = 32;
/** Ids are UUIDs (36 characters); anything far longer is not one of ours. */
const MAX_ID_BYTES = 64;
const TOKEN_SHAPE = new RegExp(
  `^[A-Za-z0-9_-]{${Math.ceil(((MAC_BYTES + 1) * 4) / 3)},${Math.ceil(((MAC_BYTES + MAX_ID_BYTES) * 4) / 3)}}$`,
);

/** The purpose's own key, derived from the server secret (never the secret itself). */
function keyOf(serverSecret: string): Buffer {
  return crypto.createHmac('sha256', serverSecret).update('tertulia:notification-public-token:v1').digest();
}

function macOf(serverSecret: string, notificationId: string): Buffer {
  return crypto.createHmac('sha256', keyOf(serverSecret)).update(`notification:${notificationId}`, 'utf8').digest();
}

/** The public token of a notification (the same every time for the same id and secret). */
export function notificationPublicToken(serverSecret: string, notificationId: string): string {
  const id = Buffer.from(notificationId, 'utf8');
  if (!id.length || id.length > MAX_ID_BYTES) throw new Error('A notification id has 1 to 64 bytes.');
  return Buffer.concat([macOf(serverSecret, notificationId), id]).toString('base64url');
}

/**
 * The notification id a token was made for, or null for anything else: a token of another shape, a
 * changed character, another secret's token, or one id's MAC with another id. The MACs are compared
 * in constant time; a refused token reads nothing.
 */
export function notificationIdOfPublicToken(serverSecret: string, token: unknown): string | null {
  if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  // One spelling per token: base64url's spare bits in the last character must be zero.
  if (bytes.toString('base64url') !== token || bytes.length <= MAC_BYTES) return null;
  const given = bytes.subarray(0, MAC_BYTES);
  const idBytes = bytes.subarray(MAC_BYTES);
  const id = idBytes.toString('utf8');
  if (!Buffer.from(id, 'utf8').equals(idBytes)) return null; // not UTF-8
  return crypto.timingSafeEqual(given, macOf(serverSecret, id)) ? id : null;
}

/** Where a notification's public page is: `{PUBLIC_URL}/mail/<publicToken>`. */
export const MAIL_PAGE_PATH = '/mail';
export const mailPageUrl = (publicUrl: string, token: string) => `${publicUrl.replace(/\/$/, '')}${MAIL_PAGE_PATH}/${token}`;

/**
 * A request path as logs may keep it: a mail page's token is a key to the mail, and a data export's
 * link (/data-export/<personId>/<token>) a key to the export, so neither is ever written down.
 */
export const loggedPath = (path: string) =>
  path.startsWith(`${MAIL_PAGE_PATH}/`) ? `${MAIL_PAGE_PATH}/:publicToken` : path.startsWith('/data-export/') ? '/data-export/:link' : path;
