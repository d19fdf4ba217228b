import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { PASSWORD_BLOCKED, passwordFeedback } from './passwordFeedback';

const pair = (password: string, passwordConfirmation: string) => ({ password, passwordConfirmation });

describe('passwordFeedback', () => {
  it('ticks the rules from the password as typed, without waiting for the debounce', () => {
    const feedback = passwordFeedback(pair('abc', ''), pair('abcdefgh', ''));
    assert.deepEqual(
      feedback.rules.map((r) => [r.message, r.passed]),
      [
        ['Must be at least 8 characters', false],
        ['Must contain 1 number', false],
        ['Must contain 1 uppercase letter', false],
        ['Must contain 1 lowercase letter', true],
      ],
    );
  });

  it('shows the mismatch once settled with both fields filled and different', () => {
    assert.equal(passwordFeedback(pair('Secret123', 'Secret12'), pair('Secret123', 'Secret12')).showMismatch, true);
    assert.equal(passwordFeedback(pair('Secret123', ''), pair('Secret123', '')).showMismatch, false);
    assert.equal(passwordFeedback(pair('', 'Secret123'), pair('', 'Secret123')).showMismatch, false);
    assert.equal(passwordFeedback(pair('Secret123', 'Secret123'), pair('Secret123', 'Secret123')).showMismatch, false);
  });

  it('clears the mismatch on the next edit, before the debounce fires again', () => {
    assert.equal(passwordFeedback(pair('Secret123', 'Secret1'), pair('Secret123', 'Secret12')).showMismatch, false);
  });

  it('allows submitting when what the fields hold is valid, and otherwise says why', () => {
    assert.equal(passwordFeedback(pair('Secret123', 'Secret123'), pair('Secret123', 'Secret123')).canSubmit, true);
    assert.equal(passwordFeedback(pair('Secret123', 'Secret123'), pair('Secret123', 'Secret12')).canSubmit, true);
    assert.equal(passwordFeedback(pair('Secret123', 'Secret123'), pair('Secret123', 'Secret123')).blockedBecause, null);
    assert.equal(passwordFeedback(pair('Secret123', 'Secret12'), pair('Secret123', 'Secret123')).canSubmit, false);
    assert.equal(passwordFeedback(pair('secret123', 'secret123'), pair('secret123', 'secret123')).canSubmit, false);
    assert.equal(passwordFeedback(pair('', ''), pair('', '')).canSubmit, false);
    assert.equal(passwordFeedback(pair('', ''), pair('', '')).blockedBecause, PASSWORD_BLOCKED.rules);
    assert.equal(passwordFeedback(pair('Secret123', ''), pair('Secret123', '')).blockedBecause, PASSWORD_BLOCKED.confirm);
    assert.equal(passwordFeedback(pair('Secret123', 'Secret12'), pair('Secret123', 'Secret12')).blockedBecause, PASSWORD_BLOCKED.mismatch);
  });
});
