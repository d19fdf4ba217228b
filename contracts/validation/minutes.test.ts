import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { MINUTES_NOT_A_NUMBER_MESSAGE, MINUTES_REQUIRED_MESSAGE, minutesAdjustmentError } from './minutes';

describe('minutes adjustment rule', () => {
  it('is required', () => {
    assert.equal(minutesAdjustmentError(''), MINUTES_REQUIRED_MESSAGE);
    assert.equal(minutesAdjustmentError('  '), MINUTES_REQUIRED_MESSAGE);
    assert.equal(minutesAdjustmentError(null), MINUTES_REQUIRED_MESSAGE);
  });
  it('is a whole number', () => {
    assert.equal(minutesAdjustmentError('abc'), MINUTES_NOT_A_NUMBER_MESSAGE);
    assert.equal(minutesAdjustmentError('1.5'), MINUTES_NOT_A_NUMBER_MESSAGE);
  });
  it("is not zero, with the spec's words", () => {
    assert.equal(minutesAdjustmentError('0'), 'Nothing changes with zero minutes. Please provide a different value.');
    assert.equal(minutesAdjustmentError('-0'), 'Nothing changes with zero minutes. Please provide a different value.');
  });
  it('accepts credits and debits', () => {
    assert.equal(minutesAdjustmentError('30'), null);
    assert.equal(minutesAdjustmentError('-15'), null);
    assert.equal(minutesAdjustmentError(45), null);
  });
});
