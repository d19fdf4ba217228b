/**
 * The auth token in the browser (spec 1, section 9). The token lives in the cookie `auth_token`,
 * expiring with the token's `exp` claim (24 hours when it has none). A hint cookie,
 * `auth_token_expiration_hint`, expires one day earlier: once it is gone the token "will expire
 * soon" and protected areas ask the user to sign in again. Cookies are host-only (the product's
 * own domain), path /, SameSite=Lax, Secure on https. The browser never verifies the token.
 */
export const AUTH_COOKIE = 'auth_token';
export const HINT_COOKIE = 'auth_token_expiration_hint';
export const DEFAULT_LIFETIME_MS = 24 * 60 * 60 * 1000;
const HINT_LEAD_MS = 24 * 60 * 60 * 1000;

/** Where cookies are read and written; `document` in the browser, a fake in tests. */
export interface CookieJar {
  read(): string;
  write(cookie: string): void;
  secure: boolean;
}

/** The browser's cookies (the one writer; the school sign-in's page writes its binding through it too). */
export const browserJar: CookieJar = {
  read: () => (typeof document === 'undefined' ? '' : document.cookie),
  write: (cookie) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the one writer of the browser's cookies, synchronous like its readers; the Cookie Store API is asynchronous
    if (typeof document !== 'undefined') document.cookie = cookie;
  },
  get secure() {
    return typeof location !== 'undefined' && location.protocol === 'https:';
  },
};

/** The token's `exp` claim in milliseconds, or null when the token has none or cannot be read. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    const exp = (claims as { exp?: unknown })?.exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

export function parseCookies(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (!name || cookies.has(name)) continue;
    try {
      cookies.set(name, decodeURIComponent(part.slice(index + 1).trim()));
    } catch {
      cookies.set(name, part.slice(index + 1).trim());
    }
  }
  return cookies;
}

function cookie(name: string, value: string, expires: Date, secure: boolean): string {
  const attributes = [`${name}=${encodeURIComponent(value)}`, `expires=${expires.toUTCString()}`, 'path=/', 'SameSite=Lax'];
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}

/** Stores a freshly issued token and its hint. */
export function storeAuthToken(token: string, now = Date.now(), jar: CookieJar = browserJar): void {
  const expiresAt = tokenExpiry(token) ?? now + DEFAULT_LIFETIME_MS;
  jar.write(cookie(AUTH_COOKIE, token, new Date(expiresAt), jar.secure));
  // A token with less than a day left gets an already-expired hint: it will expire soon.
  jar.write(cookie(HINT_COOKIE, String(expiresAt), new Date(Math.max(0, expiresAt - HINT_LEAD_MS)), jar.secure));
}

export function authToken(jar: CookieJar = browserJar): string | null {
  return parseCookies(jar.read()).get(AUTH_COOKIE) || null;
}

export function hasAuthToken(jar: CookieJar = browserJar): boolean {
  return authToken(jar) !== null;
}

/** True once the hint cookie is gone (also when there is no token at all). */
export function willExpireSoon(jar: CookieJar = browserJar): boolean {
  return !parseCookies(jar.read()).has(HINT_COOKIE);
}

/** Signing out: both cookies go. */
export function clearAuthCookies(jar: CookieJar = browserJar): void {
  const past = new Date(0);
  jar.write(cookie(AUTH_COOKIE, '', past, jar.secure));
  jar.write(cookie(HINT_COOKIE, '', past, jar.secure));
}
