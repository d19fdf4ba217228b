import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { loadConfig } from '../app/config';
import { passwordHasher } from './passwords';

const AUTH_SECRET = 'a-secret-for-this-test-only-0123456789abcdef';
/** What a production start needs besides (services/app/surfaces.ts). */
const PRODUCTION_KEYS = { SMTP_URL: 'smtps://u:p@smtp.example.com:465', STRIPE_SECRET_KEY: 'sk_test_x', METRICS_TOKEN: 'metrics-token' };

describe('passwords', () => {
  it("hash with argon2id at OWASP's baseline, and any hash verifies by the cost it names", async () => {
    const owasp = passwordHasher('owasp');
    const stored = await owasp.hash('Password1');
    assert.match(stored, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    assert.equal(await owasp.verify(stored, 'Password1'), true);
    assert.equal(await owasp.verify(stored, 'Password2'), false);
    assert.equal(await passwordHasher('test').verify(stored, 'Password1'), true);
    assert.equal(await owasp.verify(null, 'Password1'), false);
  });

  it('hash at the smallest cost only for a test runtime, still argon2id', async () => {
    const cheap = await passwordHasher('test').hash('Password1');
    assert.match(cheap, /^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    assert.equal(await passwordHasher('owasp').verify(cheap, 'Password1'), true);
    const costOf = (NODE_ENV?: string) =>
      loadConfig({ AUTH_SECRET, NODE_ENV, ...PRODUCTION_KEYS, DATA_DIR: '.test-data/passwords' }).passwordHashCost;
    assert.equal(costOf('test'), 'test');
    assert.equal(costOf('production'), 'owasp');
    assert.equal(costOf('development'), 'owasp');
    assert.equal(costOf(undefined), 'owasp');
  });
});
