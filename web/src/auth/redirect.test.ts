import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { afterSignInPath, fromLocation } from './redirect';

describe('afterSignInPath', () => {
  it('returns to the remembered page with its query string', () => {
    assert.equal(afterSignInPath(fromLocation({ pathname: '/student/lobby', search: '?id=7&option=2' })), '/student/lobby?id=7&option=2');
    assert.equal(afterSignInPath({ from: { pathname: '/student/courses' } }), '/student/courses');
  });
  it('goes to the fallback without a target', () => {
    assert.equal(afterSignInPath(undefined), '/');
    assert.equal(afterSignInPath(null, '/x'), '/x');
    assert.equal(afterSignInPath({}), '/');
  });
  it('never leaves the site or returns into /auth', () => {
    assert.equal(afterSignInPath({ from: { pathname: '//evil.example/x' } }), '/');
    assert.equal(afterSignInPath({ from: { pathname: 'https://evil.example' } }), '/');
    assert.equal(afterSignInPath({ from: { pathname: '/\\evil.example' } }), '/');
    assert.equal(afterSignInPath({ from: { pathname: '/auth/sign_out' } }), '/');
    assert.equal(afterSignInPath({ from: { pathname: '/authors' } }), '/authors');
  });
});
