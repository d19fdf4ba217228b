import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { type ClassAttempt, cellState, minutesHeld } from './classView';

const attempt = (outcome: ClassAttempt['outcome'], over: Partial<ClassAttempt> = {}): ClassAttempt => ({
  outcome,
  startedAt: null,
  stoppedAt: null,
  stopReason: null,
  ...over,
});
const held = { startedAt: '2026-11-20T10:00:00.000Z', stoppedAt: '2026-11-20T10:15:00.000Z', stopReason: 'time_up' };
const today = '2026-11-28';

describe("a class view cell's state", () => {
  it('is complete once any attempt completed, whatever the due date', () => {
    assert.equal(cellState([attempt('failed'), attempt('completed')], '2026-11-01', today), 'complete');
  });

  it('is held when the open attempt took place, reserved when it is still to come', () => {
    assert.equal(cellState([attempt('attempting', held)], '2026-11-01', today), 'held');
    assert.equal(cellState([attempt('failed'), attempt('attempting')], '2026-11-01', today), 'reserved');
  });

  it('without an open attempt: overdue after the due date, due soon up to three days before, then missed or not reserved', () => {
    assert.equal(cellState([], '2026-11-27', today), 'overdue');
    assert.equal(cellState([attempt('failed')], '2026-11-27', today), 'overdue');
    assert.equal(cellState([], today, today), 'due_soon');
    assert.equal(cellState([], '2026-12-01', today), 'due_soon');
    assert.equal(cellState([], '2026-12-02', today), 'not_reserved');
    assert.equal(cellState([], null, today), 'not_reserved');
    assert.equal(cellState([attempt('failed')], '2026-12-02', today), 'missed');
  });

  it('counts a room that closed unused as missed, not reserved', () => {
    const unused = attempt('attempting', { stoppedAt: '2026-11-20T10:15:00.000Z', stopReason: 'unused' });
    assert.equal(cellState([unused], null, today), 'missed');
    assert.equal(cellState([unused], '2026-11-27', today), 'overdue');
  });
});

describe('minutes held', () => {
  it('sums the minutes each conversation ran, from its start to its stop, and ignores those that never started', () => {
    const twelve = { startedAt: '2026-11-21T10:03:00.000Z', stoppedAt: '2026-11-21T10:15:00.000Z', stopReason: 'time_up' };
    assert.equal(minutesHeld([attempt('completed', held), attempt('failed', twelve), attempt('attempting')]), 27);
    assert.equal(minutesHeld([]), 0);
  });
});
