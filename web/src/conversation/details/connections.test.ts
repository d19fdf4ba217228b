import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { connectionRows, formatSeconds } from './connections';

describe('connection history rows', () => {
  const at = (s: number) => new Date(Date.UTC(2026, 10, 23, 15, 0, s)).toISOString();
  it('pairs each connection with the disconnection after it, and keeps an open one open', () => {
    const rows = connectionRows(
      [
        { kind: 'connected', sequence: 1, timestamp: at(0) },
        { kind: 'disconnected', sequence: 2, timestamp: at(40) },
        { kind: 'connected', sequence: 3, timestamp: at(50) },
      ],
      new Date(at(70)),
    );
    assert.deepEqual(rows, [
      { connectedOn: at(0), disconnectedOn: at(40), seconds: 40 },
      { connectedOn: at(50), disconnectedOn: null, seconds: 20 },
    ]);
  });
  it('orders by sequence and ignores a stray disconnection', () => {
    const rows = connectionRows([{ kind: 'disconnected', sequence: 1, timestamp: at(5) }], new Date(at(9)));
    assert.deepEqual(rows, []);
  });
  it('formats seconds as m:ss or h:mm:ss', () => {
    assert.equal(formatSeconds(0), '0:00');
    assert.equal(formatSeconds(75), '1:15');
    assert.equal(formatSeconds(3600), '1:00:00');
  });
});
