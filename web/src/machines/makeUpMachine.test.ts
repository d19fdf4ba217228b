import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { createActor } from 'xstate';
import { AfterMessages } from '../../../contracts/afterConversation';
import { makeUpMachine } from './makeUpMachine';

const offer = { totalPrice: 750, currency: 'usd', minuteQuantity: 15 };
const start = () => createActor(makeUpMachine).start();

describe('make-up purchase flow', () => {
  it('loads, reviews, purchases and shows the outcome', () => {
    const a = start();
    assert.equal(a.getSnapshot().value, 'loading');
    a.send({ type: 'LOADED', offer });
    assert.equal(a.getSnapshot().value, 'reviewing');
    a.send({ type: 'REVIEWED', cardToken: 'tok_1' });
    assert.equal(a.getSnapshot().value, 'purchasing');
    a.send({ type: 'PURCHASED', purchased: true, minuteQuantity: 15, amount: 750 });
    assert.equal(a.getSnapshot().value, 'outcome');
    assert.deepEqual(a.getSnapshot().context.purchased, { minuteQuantity: 15, amount: 750 });
    a.send({ type: 'REVERT' });
    assert.equal(a.getSnapshot().value, 'outcome', 'a purchase made is not reverted');
  });

  it("no prices: reviewing with the spec's message, and no purchase can start", () => {
    const a = start();
    a.send({ type: 'LOADED', offer: null });
    assert.equal(a.getSnapshot().value, 'reviewing');
    assert.equal(a.getSnapshot().context.error, AfterMessages.makeUpUnavailable);
    a.send({ type: 'REVIEWED', cardToken: 'tok_1' });
    assert.equal(a.getSnapshot().value, 'reviewing');
  });

  it('a loading error stays in reviewing; a purchase error goes to the outcome; REVERT tries again; RELOAD starts over', () => {
    const a = start();
    a.send({ type: 'ERROR', message: 'Network down' });
    assert.deepEqual([a.getSnapshot().value, a.getSnapshot().context.error], ['reviewing', 'Network down']);
    a.send({ type: 'RELOAD' });
    a.send({ type: 'LOADED', offer });
    a.send({ type: 'REVIEWED', cardToken: 'tok_1' });
    a.send({ type: 'ERROR', message: 'Your card was declined.' });
    assert.deepEqual([a.getSnapshot().value, a.getSnapshot().context.error], ['outcome', 'Your card was declined.']);
    a.send({ type: 'REVERT' });
    assert.deepEqual([a.getSnapshot().value, a.getSnapshot().context.error, a.getSnapshot().context.cardToken], ['reviewing', null, null]);
    a.send({ type: 'REVIEWED', cardToken: 'tok_2' });
    a.send({ type: 'PURCHASED', purchased: false, minuteQuantity: 0, amount: 0 });
    assert.deepEqual([a.getSnapshot().value, a.getSnapshot().context.error], ['outcome', AfterMessages.makeUpFailed]);
  });
});
