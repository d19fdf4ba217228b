import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { newClusterId } from './broker';

describe('the test broker', () => {
  it("draws cluster ids the storage tool takes: 22 base64url characters, never a leading '-'", () => {
    // A leading '-' is one draw in 64: 10,000 draws would meet it ~156 times.
    for (let i = 0; i < 10_000; i++) {
      const id = newClusterId();
      assert.match(id, /^[A-Za-z0-9_][A-Za-z0-9_-]{21}$/);
    }
  });
});
