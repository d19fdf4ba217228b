import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { PASSWORD_MISMATCH_MESSAGE, checkPassword, passwordFieldErrors } from './password';

describe('password rules', () => {
  it('needs 8 characters, a number, an uppercase and a lowercase letter', () => {
    assert.equal(checkPassword('Passw0rd', 'Passw0rd').valid, true);
    const weak = checkPassword('pass', 'pass');
    assert.deepEqual(
      weak.rules.filter((r) => !r.passed).map((r) => r.message),
      ['Must be at least 8 characters', 'Must contain 1 number', 'Must contain 1 uppercase letter'],
    );
  });
  it('is valid only when both match', () => {
    assert.equal(checkPassword('Passw0rd', 'Passw0rD').valid, false);
    assert.deepEqual(passwordFieldErrors('Passw0rd', 'x'), { passwordConfirmation: PASSWORD_MISMATCH_MESSAGE });
    assert.deepEqual(passwordFieldErrors('Passw0rd', 'Passw0rd'), {});
  });
});
