import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describe, it } from 'vitest';
import { getPath, isEnvelope, open, seal, setPath } from './codec';

const key = crypto.randomBytes(32);

describe('personal field codec', () => {
  it('seals any JSON value under a subject and opens it again', () => {
    for (const value of ['Lucía', '', 'a\u0000b', { name: 'Ana', city: 'León' }, 42]) {
      const envelope = seal(key, 'p1', value);
      assert.ok(isEnvelope(envelope));
      assert.equal(envelope.$by, 'p1');
      // The sealed bytes do not hold the value's text. (Was: the base64 text does not contain 'Luc',
      // which random ciphertext did about once in a thousand runs, and which a value stored
      // unencrypted, base64 and all, passed as well.) A short text can turn up in random bytes by chance.
      const text = Buffer.from(JSON.stringify(value));
      if (text.length >= 6)
        assert.ok(!Buffer.from(envelope.$enc, 'base64url').includes(text), `${JSON.stringify(value)} is not in the clear`);
      assert.deepEqual(open(key, envelope), value);
    }
  });

  it('never seals the same value to the same text (a random IV each time)', () => {
    assert.notEqual(seal(key, 'p1', 'same').$enc, seal(key, 'p1', 'same').$enc);
  });

  it('refuses another key, another subject, or an altered text', () => {
    const envelope = seal(key, 'p1', 'secret');
    assert.throws(() => open(crypto.randomBytes(32), envelope));
    assert.throws(() => open(key, { ...envelope, $by: 'p2' }));
    const bytes = Buffer.from(envelope.$enc, 'base64url');
    bytes[14] ^= 1;
    assert.throws(() => open(key, { ...envelope, $enc: bytes.toString('base64url') }));
    assert.throws(() => open(key, { ...envelope, $enc: 'c2hvcnQ' }), /damaged/);
  });

  it('tells an envelope from a plain value', () => {
    assert.equal(isEnvelope('text'), false);
    assert.equal(isEnvelope(null), false);
    assert.equal(isEnvelope({ $enc: 'x' }), false);
  });

  it('reads and replaces a nested field without touching the original', () => {
    const data = { changes: { givenName: 'Ana', tz: 'UTC' }, accountId: 'p1' };
    const changed = setPath(data, ['changes', 'givenName'], 'Erased user');
    assert.equal(getPath(changed, ['changes', 'givenName']), 'Erased user');
    assert.equal(getPath(changed, ['changes', 'tz']), 'UTC');
    assert.equal(data.changes.givenName, 'Ana');
    assert.equal(getPath(data, ['missing', 'deeper']), undefined);
  });
});
