import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { cpuSpent, median, type CpuReading, type Measurement } from './lib';

const reading = (processMs: number, postgres: Record<string, number>): CpuReading => ({
  processMs,
  threadMs: 0,
  postgresMs: Object.values(postgres).reduce((a, b) => a + b, 0),
  postgresByPid: new Map(Object.entries(postgres)),
});

describe('cpuSpent', () => {
  it("sums PostgreSQL's time per process alive at the end, from zero for one started meanwhile", () => {
    // 11 exits (it had spent 900 ms in all), 12 goes on, 13 starts.
    const spent = cpuSpent(reading(100, { 11: 900, 12: 50 }), reading(160, { 12: 80, 13: 20 }));
    assert.equal(spent.processMs, 60);
    assert.equal(spent.postgresMs, 30 + 20, 'a closed connection takes nothing away');
  });
});

describe('median', () => {
  const at = (rate: number): Measurement => ({ units: rate, operations: rate, seconds: 1, rate });
  it('takes the middle window by rate, the lower middle of an even number, and never reorders its input', () => {
    const windows = [at(340), at(262), at(301)];
    assert.equal(median(windows).rate, 301);
    assert.deepEqual(
      windows.map((w) => w.rate),
      [340, 262, 301],
    );
    assert.equal(median([at(5), at(1), at(9), at(3)]).rate, 3);
    assert.equal(median([at(7)]).rate, 7);
    assert.throws(() => median([]));
  });
});
