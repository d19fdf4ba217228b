import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { newId } from '../domain/shared/ids';
import { loggedPath, mailPageUrl, notificationIdOfPublicToken, notificationPublicToken } from './mailTokens';

const SECRET = 'a-server-secret-for-tests-only';

/** The token with one character changed (to another base64url character). */
const changedAt = (token: string, i: number) => token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1);

describe('notification public tokens', () => {
  it('round-trip: a token gives back its notification id, the same token every time', () => {
    const id = newId();
    const token = notificationPublicToken(SECRET, id);
    assert.match(token, /^[A-Za-z0-9_-]+$/, 'URL-safe as it is');
    assert.equal(token, notificationPublicToken(SECRET, id));
    assert.equal(notificationIdOfPublicToken(SECRET, token), id);
    assert.ok(
      !token.includes(SECRET) && !Buffer.from(token, 'base64url').toString('latin1').includes(SECRET),
      'the secret is not in the token',
    );
    assert.equal(mailPageUrl('https://tertulia.example/', token), `https://tertulia.example/mail/${token}`);
  });

  it("refuses every changed character, another secret, and one id's MAC with another id", () => {
    const id = newId();
    const token = notificationPublicToken(SECRET, id);
    for (let i = 0; i < token.length; i++) assert.equal(notificationIdOfPublicToken(SECRET, changedAt(token, i)), null, `character ${i}`);
    assert.equal(notificationIdOfPublicToken('another-secret', token), null);
    const other = newId();
    const mac = Buffer.from(token, 'base64url').subarray(0, 32);
    const swapped = Buffer.concat([mac, Buffer.from(other, 'utf8')]).toString('base64url');
    assert.equal(notificationIdOfPublicToken(SECRET, swapped), null, "another notification's id under this one's MAC");
    assert.equal(notificationIdOfPublicToken(SECRET, notificationPublicToken(SECRET, other)), other);
  });

  it('refuses what is not shaped like a token before any MAC is made', () => {
    const token = notificationPublicToken(SECRET, newId());
    for (const bad of [
      undefined,
      null,
      42,
      '',
      'abc',
      token.slice(0, 40),
      `${token}=`,
      `${token}.`,
      `${token.slice(0, 20)}+${token.slice(21)}`,
      `${token.slice(0, 20)}/${token.slice(21)}`,
      'A'.repeat(5000),
      `${token}\u0000`,
    ]) {
      assert.equal(notificationIdOfPublicToken(SECRET, bad), null, String(bad).slice(0, 20));
    }
    // The MAC alone (no id) and a MAC over an empty id are not tokens.
    assert.equal(notificationIdOfPublicToken(SECRET, Buffer.from(token, 'base64url').subarray(0, 32).toString('base64url')), null);
    assert.throws(() => notificationPublicToken(SECRET, ''));
  });

  it('keeps the token out of logged paths', () => {
    const token = notificationPublicToken(SECRET, newId());
    assert.equal(loggedPath(`/mail/${token}`), '/mail/:publicToken');
    assert.equal(loggedPath('/graphql'), '/graphql');
    assert.equal(loggedPath(`/data-export/p1/${token}`), '/data-export/:link');
  });
});
