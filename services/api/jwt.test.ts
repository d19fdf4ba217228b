import assert from 'node:assert/strict';
import { it, vi } from 'vitest';
import { createTokenService } from './jwt';

it('verifies its own tokens, refuses altered ones and other secrets, and stops at expiry even when remembered', async () => {
  const tokens = createTokenService('secret-one-0123456789-0123456789');
  const claims = { accountId: 'account-1', sessionId: 'session-1' };
  const token = await tokens.sign(claims, new Date(Date.now() + 60_000));
  assert.deepEqual(await tokens.verify(token), claims);
  assert.deepEqual(await tokens.verify(token), claims, 'the remembered answer is the same');

  const [header, payload, signature] = token.split('.');
  const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'account-2' })).toString(
    'base64url',
  );
  assert.equal(await tokens.verify(`${header}.${forged}.${signature}`), null);
  assert.equal(await createTokenService('secret-two-0123456789-0123456789').verify(token), null);

  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
  try {
    assert.equal(await tokens.verify(token), null, 'an expired token is refused though it was verified before');
  } finally {
    vi.useRealTimers();
  }
});
