import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import {
  AUTH_COOKIE,
  HINT_COOKIE,
  authToken,
  clearAuthCookies,
  hasAuthToken,
  parseCookies,
  storeAuthToken,
  tokenExpiry,
  willExpireSoon,
  type CookieJar,
} from './authCookies';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** A cookie jar that behaves like a browser's for one host: it drops cookies once expired. */
function fakeJar(secure = false) {
  const store = new Map<string, { value: string; expires: number; raw: string }>();
  const clock = { now: Date.UTC(2025, 0, 1) };
  const jar: CookieJar & { clock: typeof clock; raw: (name: string) => string | undefined } = {
    secure,
    clock,
    raw: (name) => store.get(name)?.raw,
    write(cookie) {
      const [pair, ...attributes] = cookie.split('; ');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      const expires = attributes.find((a) => a.startsWith('expires='));
      store.set(name, { value, expires: expires ? Date.parse(expires.slice(8)) : Infinity, raw: cookie });
    },
    read() {
      return [...store]
        .filter(([, c]) => c.expires > clock.now)
        .map(([name, c]) => `${name}=${c.value}`)
        .join('; ');
    },
  };
  return jar;
}

function jwt(claims: object): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature`;
}

describe('tokenExpiry', () => {
  it('reads the exp claim in milliseconds', () => {
    assert.equal(tokenExpiry(jwt({ sub: 'a', exp: 1_700_000_000 })), 1_700_000_000_000);
  });
  it('reads base64url payloads holding non-ASCII claims', () => {
    assert.equal(tokenExpiry(jwt({ name: 'Ñandú ✓ ~~>>??', exp: 42 })), 42_000);
  });
  it('is null without exp or for garbage', () => {
    assert.equal(tokenExpiry(jwt({ sub: 'a' })), null);
    assert.equal(tokenExpiry(jwt({ exp: 'soon' })), null);
    assert.equal(tokenExpiry('not-a-token'), null);
    assert.equal(tokenExpiry('a.%%%.c'), null);
  });
});

describe('auth cookies', () => {
  it('stores the token until exp and the hint until one day before', () => {
    const jar = fakeJar();
    const exp = jar.clock.now + 7 * DAY;
    const token = jwt({ exp: exp / 1000 });
    storeAuthToken(token, jar.clock.now, jar);

    assert.equal(authToken(jar), token);
    assert.ok(hasAuthToken(jar));
    assert.equal(willExpireSoon(jar), false);
    assert.match(jar.raw(AUTH_COOKIE)!, new RegExp(`expires=${new Date(exp).toUTCString()}; path=/; SameSite=Lax$`));
    assert.match(jar.raw(HINT_COOKIE)!, new RegExp(`expires=${new Date(exp - DAY).toUTCString()};`));

    jar.clock.now = exp - DAY - 1;
    assert.equal(willExpireSoon(jar), false);
    jar.clock.now = exp - DAY + 1;
    assert.equal(willExpireSoon(jar), true, 'the hint is gone a day before the token');
    assert.ok(hasAuthToken(jar), 'the token itself is still there');
    jar.clock.now = exp + 1;
    assert.equal(hasAuthToken(jar), false);
  });

  it('defaults to a 24 hour lifetime when the token has no exp, which already counts as expiring soon', () => {
    const jar = fakeJar();
    storeAuthToken('opaque-token', jar.clock.now, jar);
    assert.match(jar.raw(AUTH_COOKIE)!, new RegExp(`expires=${new Date(jar.clock.now + DAY).toUTCString()};`));
    assert.equal(authToken(jar), 'opaque-token');
    assert.equal(willExpireSoon(jar), true);
  });

  it('marks cookies Secure on https', () => {
    const jar = fakeJar(true);
    storeAuthToken(jwt({ exp: (jar.clock.now + 3 * DAY) / 1000 }), jar.clock.now, jar);
    assert.match(jar.raw(AUTH_COOKIE)!, /; path=\/; SameSite=Lax; Secure$/);
    assert.match(jar.raw(HINT_COOKIE)!, /; Secure$/);
  });

  it('clears both cookies on sign-out', () => {
    const jar = fakeJar();
    storeAuthToken(jwt({ exp: (jar.clock.now + 3 * DAY) / 1000 }), jar.clock.now, jar);
    clearAuthCookies(jar);
    assert.equal(authToken(jar), null);
    assert.equal(hasAuthToken(jar), false);
    assert.equal(willExpireSoon(jar), true);
    assert.match(jar.raw(AUTH_COOKIE)!, /expires=Thu, 01 Jan 1970 00:00:00 GMT; path=\/; SameSite=Lax/);
  });

  it('parses a cookie header, decoding values and keeping the first of duplicates', () => {
    const cookies = parseCookies('a=1; auth_token=x%3Dy; auth_token=later; broken; b=');
    assert.equal(cookies.get('a'), '1');
    assert.equal(cookies.get('auth_token'), 'x=y');
    assert.equal(cookies.get('b'), '');
    assert.equal(cookies.has('broken'), false);
  });
});
