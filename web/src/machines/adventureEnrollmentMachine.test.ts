import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { EnrollmentMessages } from '../../../contracts/enrollment';
import { adventureEnrollmentMachine, stepOf } from './adventureEnrollmentMachine';
import type { EnrollResult, EnrollingCourse } from './courseEnrollmentMachine';

const adventure = (extra = 0): EnrollingCourse => ({
  id: 'a1',
  name: 'Tapas tour',
  inviteNumber: '654321',
  priceAgreement: { kind: 'standard' },
  prices: { unitPrice: 1500, totalQuantity: 3 + extra, totalPrice: 1500 * (3 + extra), currency: 'usd' },
});

function run(options: { load?: (extra: number) => Promise<EnrollingCourse>; enroll?: () => Promise<EnrollResult> } = {}) {
  const calls: { load: number[]; enroll: unknown[] } = { load: [], enroll: [] };
  const actor = createActor(
    adventureEnrollmentMachine.provide({
      actors: {
        loadAdventure: fromPromise(async ({ input }) => {
          calls.load.push(input.extraConversations);
          return (options.load ?? (async (x: number) => adventure(x)))(input.extraConversations);
        }),
        enroll: fromPromise(async ({ input }) => {
          calls.enroll.push(input);
          return (options.enroll ?? (async () => ({ enrolledWith: 'credit_card' as const, amount: 7500, minuteQuantity: 75 })))();
        }),
      },
    }),
    { input: { inviteNumber: '654321' } },
  );
  actor.start();
  return { actor, calls };
}

async function toUpselling(actor: ReturnType<typeof run>['actor']) {
  await waitFor(actor, (s) => s.matches('previewing'));
  actor.send({ type: 'CONTINUE' });
  actor.send({ type: 'AGREE', agreed: true });
  actor.send({ type: 'CONTINUE' });
}

describe('adventureEnrollmentMachine', () => {
  it('loads, previews, acknowledges, upsells 2 extra conversations, pays and succeeds', async () => {
    const { actor, calls } = run();
    assert.equal(stepOf(actor.getSnapshot()), 0);
    await waitFor(actor, (s) => s.matches('previewing'));
    actor.send({ type: 'CONTINUE' });
    assert.equal(stepOf(actor.getSnapshot()), 1);
    actor.send({ type: 'CONTINUE' });
    assert.ok(actor.getSnapshot().matches('acknowledging'), 'needs the agreement');
    actor.send({ type: 'AGREE', agreed: true });
    actor.send({ type: 'CONTINUE' });
    assert.equal(stepOf(actor.getSnapshot()), 2);
    actor.send({ type: 'SET_EXTRA', extraConversations: 2 });
    const priced = await waitFor(actor, (s) => s.matches({ upselling: 'idle' }));
    assert.equal(priced.context.adventure?.prices?.totalPrice, 7500);
    actor.send({ type: 'CONTINUE' });
    assert.equal(stepOf(actor.getSnapshot()), 3);
    actor.send({ type: 'PAY', cardToken: 'tok' });
    actor.send({ type: 'PAY', cardToken: 'tok' });
    const done = await waitFor(actor, (s) => s.matches('outcome'));
    assert.equal(stepOf(done), 4);
    assert.deepEqual(calls.enroll, [{ inviteNumber: '654321', cardToken: 'tok', extraConversations: 2 }]);
    assert.deepEqual(calls.load, [0, 2]);
  });

  it('refuses more than 9 extra conversations', async () => {
    const { actor } = run();
    await toUpselling(actor);
    actor.send({ type: 'SET_EXTRA', extraConversations: 10 });
    assert.equal(actor.getSnapshot().context.extraConversations, 0);
  });

  it("shows the adventure's words for loading errors in step 0, and reloads on revert", async () => {
    let attempt = 0;
    const { actor } = run({
      load: async () => {
        attempt += 1;
        if (attempt === 1) throw Object.assign(new Error('x'), { code: 'NOT_FOUND' });
        if (attempt === 2) throw Object.assign(new Error(EnrollmentMessages.adventureAlreadyEnrolled), { code: 'CONFLICT' });
        if (attempt === 3) throw new Error('boom');
        return adventure();
      },
    });
    let s = await waitFor(actor, (x) => x.matches({ loading: 'failed' }));
    assert.equal(s.context.error, EnrollmentMessages.adventureNotFound);
    actor.send({ type: 'REVERT' });
    s = await waitFor(actor, (x) => x.matches({ loading: 'failed' }) && x.context.error !== EnrollmentMessages.adventureNotFound);
    assert.equal(s.context.error, EnrollmentMessages.adventureAlreadyEnrolled);
    actor.send({ type: 'REVERT' });
    s = await waitFor(actor, (x) => x.matches({ loading: 'failed' }) && x.context.error === EnrollmentMessages.adventureFailed);
    actor.send({ type: 'REVERT' });
    await waitFor(actor, (x) => x.matches('previewing'));
  });

  it('keeps an upsell error in the upsell step', async () => {
    const { actor } = run({
      load: async (extra) => {
        if (extra > 0) throw Object.assign(new Error('no'), { code: 'BAD_USER_INPUT' });
        return adventure();
      },
    });
    await toUpselling(actor);
    actor.send({ type: 'SET_EXTRA', extraConversations: 3 });
    const s = await waitFor(actor, (x) => x.matches({ upselling: 'idle' }) && !!x.context.error);
    assert.equal(s.context.error, EnrollmentMessages.adventureExtraConversations);
    actor.send({ type: 'CONTINUE' });
    assert.ok(actor.getSnapshot().matches('upselling'), 'cannot continue with an error');
    actor.send({ type: 'SET_EXTRA', extraConversations: 0 });
    await waitFor(actor, (x) => x.matches({ upselling: 'idle' }) && !x.context.error);
  });

  it('shows a declined payment in the outcome; Try Again returns to paying', async () => {
    let fail = true;
    const { actor } = run({
      enroll: async () => {
        if (fail) throw Object.assign(new Error('Your card has insufficient funds.'), { code: 'PAYMENT_FAILED' });
        return { enrolledWith: 'credit_card', amount: 4500, minuteQuantity: 45 };
      },
    });
    await toUpselling(actor);
    actor.send({ type: 'CONTINUE' });
    actor.send({ type: 'PAY', cardToken: 'tok' });
    const failed = await waitFor(actor, (s) => s.matches('outcome'));
    assert.equal(failed.context.error, 'Your card has insufficient funds.');
    actor.send({ type: 'RETRY' });
    assert.deepEqual(actor.getSnapshot().value, { enrolling: 'idle' });
    fail = false;
    actor.send({ type: 'PAY', cardToken: 'tok2' });
    const done = await waitFor(actor, (s) => s.matches('outcome') && !!s.context.result);
    assert.equal(done.context.result?.minuteQuantity, 45);
  });
});
