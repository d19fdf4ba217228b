import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { legacyTarget } from './legacy';

describe('legacyTarget', () => {
  it('maps every legacy path, keeping the query string', () => {
    assert.equal(legacyTarget('reset_password', '?token=abc'), '/auth/password_reset?token=abc');
    assert.equal(legacyTarget('sign_in'), '/auth/sign_in');
    assert.equal(legacyTarget('sign_up', '?role=INSTRUCTOR'), '/auth/sign_up?role=INSTRUCTOR');
    assert.equal(legacyTarget('courses'), '/student/courses');
    assert.equal(legacyTarget('templates'), '/instructor/templates');
    assert.equal(legacyTarget('lobby', '?id=3'), '/student/lobby?id=3');
    assert.equal(legacyTarget('compatibility'), '/speaker/compatibility');
    assert.equal(legacyTarget('conversations/'), '/student/conversations');
  });
  it('knows nothing else', () => {
    assert.equal(legacyTarget('admin'), null);
    assert.equal(legacyTarget('toString'), null);
    assert.equal(legacyTarget(''), null);
  });
});
