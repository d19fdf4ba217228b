import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { studentCancelDeadline } from './scheduling';

describe('the student cancel deadline', () => {
  it('is 12 hours before the start: a reservation inside it can never be canceled by the student', () => {
    assert.equal(studentCancelDeadline(new Date('2026-11-28T18:00:00Z')).toISOString(), '2026-11-28T06:00:00.000Z');
  });
});
