/**
 * How long a command waits for its read models (services/feed/runner.ts, waitFor): as long as they
 * move, up to a cap; not long once they stop moving. On a busy machine a read model can be several
 * seconds behind and still catching up: answering before it arrives broke read-your-writes (a new
 * account's `me` was null right after signing up, once, under a load of 20 on two cores).
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describe, it } from 'vitest';
import type { GlobalCheckpoint } from '../../services/eventstore/port';
import { ProjectionRunner } from '../../services/feed/runner';
import { useFeedDatabase } from './fixtures/feedDatabase';
import { minutesChanged, tallyProjector } from './fixtures/tally';

const feed = useFeedDatabase('projection-wait');

/** A runner that does not run its read models here (a worker elsewhere moves them): waitFor reads their checkpoints. */
async function waitingRunner() {
  const runner = new ProjectionRunner(feed.db.pool, feed.store, [tallyProjector]);
  await runner.prepare();
  return runner;
}

async function appendSome(n: number): Promise<GlobalCheckpoint[]> {
  const out: GlobalCheckpoint[] = [];
  for (let i = 0; i < n; i++) {
    const account = `wait-${crypto.randomUUID()}`;
    const { checkpoint } = await feed.store.appendToStreams([
      { stream: `minutes-${account}`, expected: 'no_stream', events: [minutesChanged(account)] },
    ]);
    out.push(checkpoint);
  }
  return out;
}

const moveTo = (at: GlobalCheckpoint) =>
  feed.db.pool.query(`UPDATE projection_checkpoints SET transaction_id = $1, position = $2 WHERE name = 'tally'`, [
    at.transactionId,
    at.position,
  ]);

describe('waiting for read models', () => {
  it('waits past the stall bound for a read model that keeps moving, and answers once it arrives', async () => {
    const runner = await waitingRunner();
    const steps = await appendSome(16);
    await moveTo(steps[0]);
    // A "worker" that moves the read model one event every 100 ms: 1.5 s in all, over a 1 s bound.
    let moving = true;
    const worker = (async () => {
      for (const at of steps.slice(1)) {
        // Deliberate: the pace of a slow worker is what this test is about.
        await new Promise((r) => setTimeout(r, 100));
        if (!moving) return;
        await moveTo(at);
      }
    })();
    const started = Date.now();
    const reached = await runner.waitFor(steps.at(-1), ['tally'], 1_000);
    moving = false;
    await worker;
    assert.equal(reached, true, 'the moving read model was waited for until it arrived');
    assert.ok(Date.now() - started >= 1_400, 'it arrived only at the end of the walk');
  });

  it('gives up soon after a read model stops moving', async () => {
    const runner = await waitingRunner();
    const [first, , last] = await appendSome(3);
    await moveTo(first);
    const started = Date.now();
    assert.equal(await runner.waitFor(last, ['tally'], 300), false);
    const waited = Date.now() - started;
    assert.ok(waited >= 300 && waited < 5_000, `gave up after ${waited} ms without movement`);
  });

  it('waits for a read model whose batch outlasts the stall bound: a loop here in the middle of a batch is moving', async () => {
    // The tally, each batch taking 1.5 s before it applies: a long batch on a loaded machine.
    const slow = {
      ...tallyProjector,
      apply: async (...args: Parameters<typeof tallyProjector.apply>) => {
        await new Promise((r) => setTimeout(r, 1_500)); // Deliberate: the batch's length is what this test is about.
        return tallyProjector.apply(...args);
      },
    };
    const runner = new ProjectionRunner(feed.db.pool, feed.store, [slow], {
      idleWaitMs: 60_000,
      onWake: (wake) => feed.store.onAppended(wake),
    });
    feed.runner = runner;
    await runner.prepare();
    runner.start();
    const [last] = (await appendSome(1)).slice(-1);
    const started = Date.now();
    assert.equal(await runner.waitFor(last, ['tally'], 500), true, 'waited for the batch, past the 500 ms stall bound');
    assert.ok(Date.now() - started >= 500, 'the batch took longer than the bound');
  });
});
