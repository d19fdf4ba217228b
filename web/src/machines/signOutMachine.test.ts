import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { SIGN_OUT_FAILED_MESSAGE, signOutMachine } from './signOutMachine';

function run(logout: () => Promise<void>) {
  const actor = createActor(signOutMachine.provide({ actors: { logout: fromPromise(logout) } }));
  actor.start();
  return actor;
}

describe('signOutMachine', () => {
  it('waits in idle, then signs out', async () => {
    const actor = run(async () => {});
    assert.equal(actor.getSnapshot().value, 'idle');
    actor.send({ type: 'SIGN_OUT' });
    assert.equal(actor.getSnapshot().value, 'signingOut');
    const done = await waitFor(actor, (s) => s.status === 'done');
    assert.equal(done.value, 'signedOut');
  });

  it('ignores a second SIGN_OUT while in flight', async () => {
    let calls = 0;
    const actor = run(async () => {
      calls += 1;
    });
    actor.send({ type: 'SIGN_OUT' });
    actor.send({ type: 'SIGN_OUT' });
    await waitFor(actor, (s) => s.status === 'done');
    assert.equal(calls, 1);
  });

  it('keeps the server message on failure and allows another try', async () => {
    let fail = true;
    const actor = run(async () => {
      if (fail) throw new Error('The server is busy.');
    });
    actor.send({ type: 'SIGN_OUT' });
    const failed = await waitFor(actor, (s) => s.context.error !== null);
    assert.equal(failed.value, 'idle');
    assert.equal(failed.context.error, 'The server is busy.');

    fail = false;
    actor.send({ type: 'SIGN_OUT' });
    assert.equal(actor.getSnapshot().context.error, null);
    assert.equal((await waitFor(actor, (s) => s.status === 'done')).value, 'signedOut');
  });

  it('falls back to the spec message when the failure has no words', async () => {
    const actor = run(() => Promise.reject('nope'));
    actor.send({ type: 'SIGN_OUT' });
    const failed = await waitFor(actor, (s) => s.context.error !== null);
    assert.equal(failed.context.error, SIGN_OUT_FAILED_MESSAGE);
  });
});
