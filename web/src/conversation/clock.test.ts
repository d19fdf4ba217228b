import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import {
  applySync,
  conversationEdges,
  driftTicks,
  formatTicks,
  initialClock,
  progressPercent,
  serverRemainingAt,
  tick,
  tickInterval,
} from './clock';

const T0 = 1_700_000_000_000;

describe('live room clock', () => {
  it('ticks every 1000 ms without drift, 100 ms per tick of drift, within 500–1500 ms', () => {
    assert.equal(tickInterval(0), 1000);
    assert.equal(tickInterval(1), 900, 'one tick more left than the server: tick faster');
    assert.equal(tickInterval(-2), 1200, 'two ticks ahead of the server: tick slower');
    assert.equal(tickInterval(7), 500);
    assert.equal(tickInterval(-9), 1500);
  });

  it('takes the server count on the first sync and does not run before the start', () => {
    const opened = applySync(initialClock(), { totalTicks: 900, remainingTicks: 900, status: 'opened' }, T0);
    assert.equal(opened.remaining, 900);
    assert.deepEqual(tick(opened, T0 + 1000), { clock: opened, nextInMs: 1000 }, 'opened: the bar stays full');
    const started = applySync(opened, { totalTicks: 900, remainingTicks: 898, status: 'started' }, T0 + 5000);
    assert.equal(started.remaining, 898, 'a conversation that is not running follows the server');
  });

  it('counts down locally and corrects drift against the server count', () => {
    let c = applySync(initialClock(), { totalTicks: 30, remainingTicks: 30, status: 'started' }, T0);
    // One local tick exactly on time: no drift.
    let step = tick(c, T0 + 1000);
    assert.equal(step.clock.remaining, 29);
    assert.equal(step.nextInMs, 1000);
    c = step.clock;
    // The local timer ran late: 3 s passed on the server while we ticked once more.
    step = tick(c, T0 + 4000);
    assert.equal(step.clock.remaining, 28);
    assert.equal(serverRemainingAt(step.clock, T0 + 4000), 26);
    assert.equal(driftTicks(step.clock, T0 + 4000), 2);
    assert.equal(step.nextInMs, 800, 'behind by two: 200 ms sooner');
    // A sync close to the local count keeps the local count (no jump), and the drift shows in the interval.
    c = applySync(step.clock, { totalTicks: 30, remainingTicks: 25, status: 'started' }, T0 + 4100);
    assert.equal(c.remaining, 28);
    assert.equal(tick(c, T0 + 4200).nextInMs, 800, 'local 27 against 25');
  });

  it('jumps to the server count when far off, and to zero once stopped', () => {
    const c = applySync(initialClock(), { totalTicks: 900, remainingTicks: 900, status: 'started' }, T0);
    const far = applySync(c, { totalTicks: 900, remainingTicks: 600, status: 'started' }, T0 + 1000);
    assert.equal(far.remaining, 600);
    const stopped = applySync(far, { totalTicks: 900, remainingTicks: 0, status: 'stopped' }, T0 + 2000);
    assert.equal(stopped.remaining, 0);
    assert.deepEqual(tick(stopped, T0 + 3000).clock, stopped, 'a stopped clock does not tick');
  });

  it('never counts below zero and shows progress and m:ss', () => {
    let c = applySync(initialClock(), { totalTicks: 2, remainingTicks: 1, status: 'started' }, T0);
    c = tick(c, T0 + 1000).clock;
    assert.equal(c.remaining, 0);
    assert.equal(tick(c, T0 + 2000).clock.remaining, 0);
    assert.equal(progressPercent({ totalTicks: 900, remaining: 450 }), 50);
    assert.equal(progressPercent({ totalTicks: 0, remaining: 0 }), 0);
    assert.equal(formatTicks(905), '15:05');
    assert.equal(formatTicks(-3), '0:00');
  });
});

describe("the conversation's edges, for the speech the room reports", () => {
  it('puts the start back by the elapsed time the first started answer gives, when it arrives late', () => {
    const opened = applySync(initialClock(), { totalTicks: 60, remainingTicks: 60, status: 'opened' }, T0);
    // The answer that says "started" came 9 s after the start (a busy machine): 51 ticks left.
    const edges = conversationEdges(opened, { totalTicks: 60, remainingTicks: 51, status: 'started' }, T0 + 9500);
    assert.deepEqual(edges, { startedAt: T0 + 500 });
    const started = applySync(opened, { totalTicks: 60, remainingTicks: 51, status: 'started' }, T0 + 9500);
    assert.deepEqual(conversationEdges(started, { totalTicks: 60, remainingTicks: 46, status: 'started' }, T0 + 14_500), {});
  });

  it('ends at the end the last answer foresaw, or at the answer if the conversation stopped sooner', () => {
    const started = applySync(initialClock(), { totalTicks: 60, remainingTicks: 10, status: 'started' }, T0);
    const stopped = { totalTicks: 60, remainingTicks: 0, status: 'stopped' as const };
    assert.deepEqual(conversationEdges(started, stopped, T0 + 14_000), { endedAt: T0 + 10_000 }, 'learned 4 s after the end');
    assert.deepEqual(conversationEdges(started, stopped, T0 + 3000), { endedAt: T0 + 3000 }, 'ended early');
    assert.deepEqual(conversationEdges(initialClock(), stopped, T0), {}, 'never started here: nothing to end');
  });
});
