import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createActor, fromPromise, waitFor } from 'xstate';
import { EnrollmentMessages, OutcomeTitles } from '../../../contracts/enrollment';
import { INVITE_NUMBER_INVALID, INVITE_NUMBER_REQUIRED, REDEMPTION_CODE_INVALID } from '../../../contracts/validation/enrollment';
import { courseEnrollmentMachine, outcomeTitle, type EnrollRequest, type EnrollResult, type EnrollingCourse } from './courseEnrollmentMachine';

const course = (kind = 'standard'): EnrollingCourse => ({
  id: 'c1', name: 'Spanish 101', inviteNumber: '123456', priceAgreement: { kind },
  prices: kind === 'institutional' ? null : { unitPrice: 1500, totalQuantity: 4, totalPrice: 6000, currency: 'usd' },
});

function run(options: { find?: (n: string) => Promise<EnrollingCourse>; enroll?: (r: EnrollRequest) => Promise<EnrollResult>; inviteNumber?: string } = {}) {
  const calls: EnrollRequest[] = [];
  const actor = createActor(
    courseEnrollmentMachine.provide({
      actors: {
        findCourse: fromPromise(async ({ input }) => (options.find ?? (async () => course()))(input.inviteNumber)),
        enroll: fromPromise(async ({ input }) => {
          calls.push(input);
          return (options.enroll ?? (async () => ({ enrolledWith: 'credit_card' as const, amount: 6000, minuteQuantity: 60 })))(input);
        }),
      },
    }),
    { input: { inviteNumber: options.inviteNumber } },
  );
  actor.start();
  return { actor, calls };
}

const settle = () => new Promise((r) => setTimeout(r, 0));
const notFound = Object.assign(new Error(EnrollmentMessages.courseNotFound), { code: 'NOT_FOUND' });

describe('courseEnrollmentMachine', () => {
  it('finds, acknowledges, pays by card and reaches a successful outcome', async () => {
    const { actor, calls } = run();
    assert.deepEqual(actor.getSnapshot().value, { finding: 'idle' });
    actor.send({ type: 'FIND', inviteNumber: ' 123-456 ' });
    await waitFor(actor, (s) => s.matches('acknowledging'));
    assert.equal(actor.getSnapshot().context.inviteNumber, '123456', 'hyphen removed');
    actor.send({ type: 'CONTINUE' });
    assert.ok(actor.getSnapshot().matches('acknowledging'), 'the agreement must be ticked first');
    actor.send({ type: 'AGREE', agreed: true });
    actor.send({ type: 'CONTINUE' });
    assert.deepEqual(actor.getSnapshot().value, { cardEnrolling: 'idle' });
    actor.send({ type: 'PAY', cardToken: 'tok_1' });
    actor.send({ type: 'PAY', cardToken: 'tok_1' });
    const done = await waitFor(actor, (s) => s.matches('outcome'));
    assert.equal(calls.length, 1, 'a double click pays once');
    assert.deepEqual(calls[0], { inviteNumber: '123456', cardToken: 'tok_1' });
    assert.equal(outcomeTitle(done.context), OutcomeTitles.credit_card);
    assert.equal(OutcomeTitles.credit_card, 'Your payment was completed successfully!');
  });

  it('keeps validation and server errors in finding', async () => {
    const { actor } = run({ find: async () => Promise.reject(notFound) });
    actor.send({ type: 'FIND', inviteNumber: '' });
    assert.equal(actor.getSnapshot().context.error, INVITE_NUMBER_REQUIRED);
    actor.send({ type: 'FIND', inviteNumber: '12345' });
    assert.equal(actor.getSnapshot().context.error, INVITE_NUMBER_INVALID);
    actor.send({ type: 'FIND', inviteNumber: '123456' });
    const failed = await waitFor(actor, (s) => s.matches({ finding: 'idle' }) && s.context.error !== INVITE_NUMBER_INVALID);
    assert.equal(failed.context.error, EnrollmentMessages.courseNotFound);
  });

  it('goes to institutionalEnrolling for an institutional agreement', async () => {
    const { actor, calls } = run({ find: async () => course('institutional'), enroll: async () => ({ enrolledWith: 'institutional', amount: null, minuteQuantity: 60 }) });
    actor.send({ type: 'FIND', inviteNumber: '123456' });
    await waitFor(actor, (s) => s.matches('acknowledging'));
    actor.send({ type: 'AGREE', agreed: true });
    actor.send({ type: 'CONTINUE' });
    assert.deepEqual(actor.getSnapshot().value, { institutionalEnrolling: 'idle' });
    actor.send({ type: 'ENROLL' });
    const done = await waitFor(actor, (s) => s.matches('outcome'));
    assert.deepEqual(calls[0], { inviteNumber: '123456' });
    assert.equal(outcomeTitle(done.context), 'Enrollment completed successfully!');
  });

  it('swaps between card and code, checks the code, and redeems it normalised', async () => {
    const { actor, calls } = run({ enroll: async () => ({ enrolledWith: 'redemption_code', amount: null, minuteQuantity: 30 }) });
    actor.send({ type: 'FIND', inviteNumber: '123456' });
    await waitFor(actor, (s) => s.matches('acknowledging'));
    actor.send({ type: 'AGREE', agreed: true });
    actor.send({ type: 'CONTINUE' });
    actor.send({ type: 'USE_CODE' });
    assert.deepEqual(actor.getSnapshot().value, { code: 'idle' });
    actor.send({ type: 'USE_CARD' });
    assert.deepEqual(actor.getSnapshot().value, { cardEnrolling: 'idle' });
    actor.send({ type: 'USE_CODE' });
    actor.send({ type: 'REDEEM', code: 'abc' });
    assert.equal(actor.getSnapshot().context.error, REDEMPTION_CODE_INVALID);
    assert.deepEqual(actor.getSnapshot().value, { code: 'idle' }, 'errors are kept in the step');
    actor.send({ type: 'REDEEM', code: ' abcde fghjk ' });
    const done = await waitFor(actor, (s) => s.matches('outcome'));
    assert.deepEqual(calls[0], { inviteNumber: '123456', code: 'ABCDEFGHJK' });
    assert.equal(outcomeTitle(done.context), 'Your code was redeemed successfully!');
  });

  it('shows a payment failure in the outcome and lets the student try again', async () => {
    let fail = true;
    const { actor, calls } = run({
      enroll: async () => {
        if (fail) throw Object.assign(new Error('Your card was declined.'), { code: 'PAYMENT_FAILED' });
        return { enrolledWith: 'credit_card', amount: 6000, minuteQuantity: 60 };
      },
    });
    actor.send({ type: 'FIND', inviteNumber: '123456' });
    await waitFor(actor, (s) => s.matches('acknowledging'));
    actor.send({ type: 'AGREE', agreed: true });
    actor.send({ type: 'CONTINUE' });
    actor.send({ type: 'PAY', cardToken: 'tok_bad' });
    const failed = await waitFor(actor, (s) => s.matches('outcome'));
    assert.equal(outcomeTitle(failed.context), 'There was an issue with your payment.');
    assert.equal(failed.context.error, 'Your card was declined.');
    actor.send({ type: 'RETRY' });
    assert.deepEqual(actor.getSnapshot().value, { cardEnrolling: 'idle' });
    assert.equal(actor.getSnapshot().context.course?.id, 'c1', 'the course is kept');
    fail = false;
    actor.send({ type: 'PAY', cardToken: 'tok_good' });
    const done = await waitFor(actor, (s) => s.matches('outcome'));
    assert.equal(calls.length, 2);
    assert.equal(outcomeTitle(done.context), 'Your payment was completed successfully!');
  });

  it('names code and enrollment failures with their titles', () => {
    assert.equal(outcomeTitle({ result: null, method: 'redemption_code', errorCode: 'BAD_USER_INPUT' }), 'There was an issue with your redemption code.');
    assert.equal(outcomeTitle({ result: null, method: 'institutional', errorCode: null }), 'There was an error while enrolling.');
    assert.equal(outcomeTitle({ result: null, method: 'credit_card', errorCode: 'CONFLICT' }), 'There was an issue with your enrollment.');
  });

  it('reverts from any step to finding and forgets everything', async () => {
    const { actor } = run();
    actor.send({ type: 'FIND', inviteNumber: '123456' });
    await waitFor(actor, (s) => s.matches('acknowledging'));
    actor.send({ type: 'AGREE', agreed: true });
    actor.send({ type: 'CONTINUE' });
    actor.send({ type: 'USE_CODE' });
    actor.send({ type: 'REVERT' });
    await settle();
    const s = actor.getSnapshot();
    assert.deepEqual(s.value, { finding: 'idle' });
    assert.equal(s.context.course, null);
    assert.equal(s.context.inviteNumber, '');
    assert.equal(s.context.agreed, false);
  });
});
