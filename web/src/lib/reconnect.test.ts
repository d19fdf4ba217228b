import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { RECONNECT_JITTER_MS, RECONNECT_MAX_MS, reconnectDelayMs } from './reconnect';

describe('reconnectDelayMs', () => {
  it('waits a second at first, then doubles', () => {
    assert.deepEqual(
      [0, 1, 2, 3].map((n) => reconnectDelayMs(n, 0)),
      [1000, 2000, 4000, 8000],
    );
  });

  it('never waits longer than the cap and its jitter, however many attempts failed', () => {
    for (const n of [4, 5, 10, 50, 1e6, Number.MAX_SAFE_INTEGER]) {
      const ms = reconnectDelayMs(n, 0.999);
      assert.ok(ms >= RECONNECT_MAX_MS && ms < RECONNECT_MAX_MS + RECONNECT_JITTER_MS, `${n}: ${ms}`);
    }
  });

  it('spreads browsers out by up to the jitter', () => {
    assert.equal(reconnectDelayMs(0, 0.5) - reconnectDelayMs(0, 0), RECONNECT_JITTER_MS / 2);
  });
});
