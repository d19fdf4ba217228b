import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { EnrollmentMessages, OutcomeTitles, codeWorthText } from '../../../contracts/enrollment';
import en from '../i18n/messages/en.json';
import { INVITE_NUMBER_INVALID, INVITE_NUMBER_REQUIRED, REDEMPTION_CODE_INVALID } from '../../../contracts/validation/enrollment';
import {
  courseEnrollmentMachine,
  outcomeKey,
  type CodeWorth,
  type EnrollRequest,
  type EnrollResult,
  type EnrollingCourse,
} from './courseEnrollmentMachine';

/** The outcome screen's title in the spec's English (the page says `enrollment.outcome.title.<key>`). */
const outcomeTitle = (context: Parameters<typeof outcomeKey>[0]): string => OutcomeTitles[outcomeKey(context)];

const course = (kind = 'standard'): EnrollingCourse => ({
  id: 'c1',
  name: 'Spanish 101',
  inviteNumber: '123456',
  priceAgreement: { kind },
  prices: kind === 'institutional' ? null : { unitPrice: 1500, totalQuantity: 4, totalPrice: 6000, currency: 'usd' },
});

const worth = (minuteQuantity = 60): CodeWorth => ({ value: 'ABCDEFGHJK', minuteQuantity, duration: 15, quantity: minuteQuantity / 15 });

function run(
  options: {
    find?: (n: string) => Promise<EnrollingCourse>;
    enroll?: (r: EnrollRequest) => Promise<EnrollResult>;
    checkCode?: (code: string) => Promise<CodeWorth>;
    inviteNumber?: string;
  } = {},
) {
  const calls: EnrollRequest[] = [];
  const checked: string[] = [];
  const actor = createActor(
    courseEnrollmentMachine.provide({
      actors: {
        findCourse: fromPromise(async ({ input }) => (options.find ?? (async () => course()))(input.inviteNumber)),
        checkCode: fromPromise(async ({ input }) => {
          checked.push(input.code);
          return (options.checkCode ?? (async () => worth()))(input.code);
        }),
        enroll: fromPromise(async ({ input }) => {
          calls.push(input);
          return (options.enroll ?? (async () => ({ enrolledWith: 'credit_card' as const, amount: 6000, minuteQuantity: 60 })))(input);
        }),
      },
    }),
    { input: { inviteNumber: options.inviteNumber } },
  );
  actor.start();
  return { actor, calls, checked };
}

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
    const { actor, calls } = run({
      find: async () => course('institutional'),
      enroll: async () => ({ enrolledWith: 'institutional', amount: null, minuteQuantity: 60 }),
    });
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
    await waitFor(actor, (s) => s.matches({ code: 'confirming' }));
    actor.send({ type: 'CONFIRM' });
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
    assert.equal(
      outcomeTitle({ result: null, method: 'redemption_code', errorCode: 'BAD_USER_INPUT' }),
      'There was an issue with your redemption code.',
    );
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
    const s = await waitFor(actor, (snapshot) => snapshot.matches({ finding: 'idle' }));
    assert.deepEqual(s.value, { finding: 'idle' });
    assert.equal(s.context.course, null);
    assert.equal(s.context.inviteNumber, '');
    assert.equal(s.context.agreed, false);
  });

  it('shows what a code gives against what the course needs before redeeming, and lets the student go back', async () => {
    const long = { ...course(), completionRequirement: 10, durationRequirement: 15 };
    const { actor, calls, checked } = run({
      find: async () => long,
      checkCode: async () => worth(60),
      enroll: async () => ({ enrolledWith: 'redemption_code', amount: null, minuteQuantity: 60 }),
    });
    actor.send({ type: 'FIND', inviteNumber: '123456' });
    await waitFor(actor, (s) => s.matches('acknowledging'));
    actor.send({ type: 'AGREE', agreed: true });
    actor.send({ type: 'CONTINUE' });
    actor.send({ type: 'USE_CODE' });
    actor.send({ type: 'REDEEM', code: 'abcdefghjk' });
    const confirming = await waitFor(actor, (s) => s.matches({ code: 'confirming' }));
    assert.deepEqual(checked, ['ABCDEFGHJK'], 'the code is looked at');
    assert.equal(calls.length, 0, 'nothing is redeemed before the student confirms');
    assert.equal(confirming.context.codeWorth?.minuteQuantity, 60);
    assert.equal(
      codeWorthText(confirming.context.codeWorth!.minuteQuantity, long),
      'This code gives 60 minutes; the course needs 150 (10 conversations of 15 minutes). You would be 90 minutes short of completing it.',
    );
    actor.send({ type: 'BACK' });
    assert.deepEqual(actor.getSnapshot().value, { code: 'idle' });
    assert.equal(actor.getSnapshot().context.codeWorth, null);
    assert.equal(calls.length, 0, 'going back redeems nothing');
    actor.send({ type: 'REDEEM', code: 'abcdefghjk' });
    await waitFor(actor, (s) => s.matches({ code: 'confirming' }));
    actor.send({ type: 'CONFIRM' });
    const done = await waitFor(actor, (s) => s.matches('outcome'));
    assert.deepEqual(calls, [{ inviteNumber: '123456', code: 'ABCDEFGHJK' }]);
    assert.equal(outcomeTitle(done.context), OutcomeTitles.redemption_code);
  });

  it('keeps an unknown or used code as the step’s own error, so it can be fixed', async () => {
    const used = Object.assign(new Error(EnrollmentMessages.codeAlreadyRedeemed), { code: 'CONFLICT' });
    const { actor, calls } = run({ checkCode: async () => Promise.reject(used) });
    actor.send({ type: 'FIND', inviteNumber: '123456' });
    await waitFor(actor, (s) => s.matches('acknowledging'));
    actor.send({ type: 'AGREE', agreed: true });
    actor.send({ type: 'CONTINUE' });
    actor.send({ type: 'USE_CODE' });
    actor.send({ type: 'REDEEM', code: 'ABCDEFGHJK' });
    const failed = await waitFor(actor, (s) => s.matches({ code: 'idle' }) && !!s.context.error);
    assert.equal(failed.context.error, EnrollmentMessages.codeAlreadyRedeemed);
    assert.equal(calls.length, 0);
  });

  it('words what a code gives against what a course needs', () => {
    const four = { completionRequirement: 4, durationRequirement: 15 };
    assert.equal(codeWorthText(60, four), 'This code gives 60 minutes, what the course needs (4 conversations of 15 minutes).');
    assert.equal(
      codeWorthText(90, { completionRequirement: 1, durationRequirement: 30 }),
      'This code gives 90 minutes; the course needs 30 (1 conversation of 30 minutes). You would have 60 minutes more than it needs.',
    );
  });
});

describe('the outcome screens’ titles in the catalogs', () => {
  it('are the spec’s words in English, one id per outcome', () => {
    for (const key of Object.keys(OutcomeTitles) as (keyof typeof OutcomeTitles)[])
      assert.equal((en as Record<string, string>)[`enrollment.outcome.title.${key}`], OutcomeTitles[key], key);
  });
});
