import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { onboardingMachine } from './onboardingMachine';

function run(options: { save?: (step: number) => Promise<void>; onboard?: () => Promise<void>; stepCount?: number } = {}) {
  const saved: { step: number; values: Record<string, unknown> }[] = [];
  let onboarded = 0;
  const actor = createActor(
    onboardingMachine.provide({
      actors: {
        saveStep: fromPromise(async ({ input }) => {
          saved.push(input);
          await (options.save ?? (async () => {}))(input.step);
        }),
        onboard: fromPromise(async () => {
          onboarded++;
          await (options.onboard ?? (async () => {}))();
        }),
      },
    }),
    { input: { stepCount: options.stepCount ?? 4 } },
  );
  actor.start();
  return { actor, saved, onboarded: () => onboarded };
}

describe('onboarding machine', () => {
  it('saves every step before the next, then onboards and congratulates', async () => {
    const { actor, saved, onboarded } = run();
    actor.send({ type: 'BACK' });
    assert.equal(actor.getSnapshot().context.step, 0, 'no step before the first');
    for (let i = 0; i < 3; i++) {
      actor.send({ type: 'NEXT', values: { i } });
      await waitFor(actor, (s) => s.matches('editing') || s.matches('done'));
    }
    assert.deepEqual(saved, [
      { step: 0, values: { i: 0 } },
      { step: 1, values: { i: 1 } },
      { step: 2, values: { i: 2 } },
    ]);
    assert.equal(onboarded(), 1);
    assert.ok(actor.getSnapshot().matches('done'));
    assert.equal(actor.getSnapshot().context.step, 3);
  });

  it('stays on a step whose save failed, with the error', async () => {
    const { actor } = run({
      save: async (step) => {
        if (step === 1) throw new Error('A maximum of 60 characters is accepted.');
      },
    });
    actor.send({ type: 'NEXT', values: {} });
    await waitFor(actor, (s) => s.matches('editing') && s.context.step === 1);
    actor.send({ type: 'NEXT', values: {} });
    const s = await waitFor(actor, (x) => x.matches('editing') && !!x.context.error);
    assert.equal(s.context.step, 1);
    assert.equal(s.context.error, 'A maximum of 60 characters is accepted.');
  });

  it('fails visibly when onboardAccount fails, and Back returns to the last form step', async () => {
    const { actor } = run({
      stepCount: 2,
      onboard: async () => {
        throw new Error('A headshot is required. Please upload a picture.');
      },
    });
    actor.send({ type: 'NEXT', values: {} });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    assert.equal(failed.context.error, 'A headshot is required. Please upload a picture.');
    actor.send({ type: 'BACK' });
    assert.ok(actor.getSnapshot().matches('editing'));
    assert.equal(actor.getSnapshot().context.step, 0);
  });
});
