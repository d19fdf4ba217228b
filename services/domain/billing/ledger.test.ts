import { describe, it } from 'vitest';
import { deciderSpec } from '../shared/spec';
import { MAX_BALANCE, decideChangeMinutes, evolveLedger, initialLedger, type LedgerEvent } from './ledger';

const spec = deciderSpec(evolveLedger, initialLedger);
const ctx = { now: new Date('2026-11-21T12:00:00Z'), actor: { accountId: 'admin', roles: ['ADMIN'] } };
const change = (minutes: number) => ({ transactionId: 't', accountId: 'a', minutes, action: 'admin_adjustment', reason: null });
const changed = (minuteQuantity: number, balanceAfter: number): LedgerEvent => ({
  type: 'MinutesChanged',
  data: { transactionId: 't', accountId: 'a', minuteQuantity, action: 'admin_adjustment', actionReason: null, balanceAfter },
});

describe('minutes ledger decider', () => {
  it('credits and debits, carrying the balance after', () => {
    spec
      .given([])
      .when((s) => decideChangeMinutes(s, change(30), ctx))
      .then([changed(30, 30)]);
    spec
      .given([changed(30, 30)])
      .when((s) => decideChangeMinutes(s, change(-30), ctx))
      .then([changed(-30, 0)]);
  });
  it('never goes below zero', () => {
    spec
      .given([changed(30, 30)])
      .when((s) => decideChangeMinutes(s, change(-31), ctx))
      .thenThrows('INSUFFICIENT_MINUTES');
  });
  it("refuses zero and fractions with the spec's words", () => {
    spec
      .given([])
      .when((s) => decideChangeMinutes(s, change(0), ctx))
      .thenThrows('BAD_USER_INPUT', 'Nothing changes with zero minutes. Please provide a different value.');
    spec
      .given([])
      .when((s) => decideChangeMinutes(s, change(1.5), ctx))
      .thenThrows('BAD_USER_INPUT');
  });
  it('never holds more than MAX_BALANCE minutes, so every read model and the API can hold the balance', () => {
    spec
      .given([changed(MAX_BALANCE - 10, MAX_BALANCE - 10)])
      .when((s) => decideChangeMinutes(s, change(10), ctx))
      .then([changed(10, MAX_BALANCE)]);
    spec
      .given([changed(MAX_BALANCE - 10, MAX_BALANCE - 10)])
      .when((s) => decideChangeMinutes(s, change(11), ctx))
      .thenThrows('BAD_USER_INPUT', 'An account can hold at most 1,000,000 minutes. Please provide a smaller value.');
  });
});
