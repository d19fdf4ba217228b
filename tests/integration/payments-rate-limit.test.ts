import assert from 'node:assert/strict';
import { afterAll, beforeAll, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { tokenize } from '../support/enrollment';
import { LIMITS } from '../../services/security/rateLimit';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, 'gateway_limit');
});
afterAll(async () => {
  await app.close();
});

it('limits card tokenisation per IP at the local gateway, so card numbers cannot be guessed at speed', async () => {
  const { max } = LIMITS.cardTokensPerIp('127.0.0.1');
  for (let i = 0; i < max; i++) await tokenize(app, '4242 4242 4242 4242');
  await assert.rejects(
    () => tokenize(app, '4242 4242 4242 4242'),
    (error: { status?: number; message: string }) => error.status === 429 && /Too many attempts/.test(error.message),
  );
});
