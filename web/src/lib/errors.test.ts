import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { Messages } from '../../../contracts/errors';
import { NETWORK_ERROR_MESSAGE, cleanErrorMessage, errorMessage, hasErrorCode, refusalOf } from './errors';

describe('cleanErrorMessage', () => {
  it('strips the GraphQL error prefix', () => {
    assert.equal(
      cleanErrorMessage('GraphQL error: The email address or password is incorrect.'),
      'The email address or password is incorrect.',
    );
    assert.equal(cleanErrorMessage('GraphQL error: GraphQL error:  Twice'), 'Twice');
  });
  it('strips bracket-quote wrappers', () => {
    assert.equal(cleanErrorMessage('GraphQL error: ["Email has already been taken"]'), 'Email has already been taken');
    assert.equal(cleanErrorMessage("['Single quoted']"), 'Single quoted');
    assert.equal(cleanErrorMessage('["One.", "Two."]'), 'One. Two.');
  });
  it('leaves ordinary messages alone', () => {
    assert.equal(cleanErrorMessage('Plain [not wrapped] text'), 'Plain [not wrapped] text');
    assert.equal(cleanErrorMessage('[1, 2]'), '[1, 2]');
  });
});

describe('errorMessage', () => {
  it('uses the first GraphQL error, cleaned', () => {
    const error = { graphQLErrors: [{ message: 'GraphQL error: ["Nope"]', extensions: { code: 'CONFLICT' } }], networkError: null };
    assert.equal(errorMessage(error), 'Nope');
    assert.ok(hasErrorCode(error, 'CONFLICT'));
    assert.ok(!hasErrorCode(error, 'UNAUTHORIZED'));
  });
  it('reads errors from a non-2xx response body', () => {
    const error = {
      graphQLErrors: [],
      networkError: { statusCode: 401, result: { errors: [{ message: 'Denied', extensions: { code: 'UNAUTHORIZED' } }] } },
    };
    assert.equal(errorMessage(error), 'Denied');
    assert.ok(hasErrorCode(error, 'UNAUTHORIZED'));
  });
  it('says the connection is off for network errors', () => {
    assert.equal(errorMessage({ graphQLErrors: [], networkError: new TypeError('Failed to fetch') }), NETWORK_ERROR_MESSAGE);
  });
  it('falls back for anything else', () => {
    assert.equal(errorMessage(new Error('GraphQL error: Boom')), 'Boom');
    assert.equal(errorMessage(undefined, 'Fallback'), 'Fallback');
  });
});

describe('refusalOf', () => {
  const refused = (message: string, extensions: Record<string, unknown>) => ({
    graphQLErrors: [{ message, extensions }],
    networkError: null,
  });
  it("shows a role refusal's own message, not 'Try to sign in again'", () => {
    const error = refused('This needs the instructor role.', { code: 'UNAUTHORIZED', reason: 'role' });
    assert.deepEqual(refusalOf(error), { kind: 'role', message: 'This needs the instructor role.' });
    assert.equal(errorMessage(error), 'This needs the instructor role.');
  });
  it("keeps the spec's sign-in message for a session refusal", () => {
    assert.deepEqual(refusalOf(refused(Messages.unauthorized, { code: 'UNAUTHORIZED' })), {
      kind: 'session',
      message: Messages.unauthorized,
    });
    // Whatever the server said: without the role reason, signing in again is the way out.
    assert.deepEqual(refusalOf(refused('Not allowed.', { code: 'UNAUTHORIZED' })), { kind: 'session', message: Messages.unauthorized });
  });
  it('lets a session refusal win over a role refusal in the same answer', () => {
    const error = {
      graphQLErrors: [
        { message: 'This needs the admin role.', extensions: { code: 'UNAUTHORIZED', reason: 'role' } },
        { message: Messages.unauthorized, extensions: { code: 'UNAUTHORIZED' } },
      ],
    };
    assert.equal(refusalOf(error)?.kind, 'session');
  });
  it('reads refusals from a non-2xx response body, and is null when nothing was refused', () => {
    const body = {
      networkError: {
        statusCode: 200,
        result: { errors: [{ message: 'This needs the student role.', extensions: { code: 'UNAUTHORIZED', reason: 'role' } }] },
      },
    };
    assert.deepEqual(refusalOf(body), { kind: 'role', message: 'This needs the student role.' });
    assert.equal(refusalOf(refused('Nope', { code: 'CONFLICT' })), null);
    assert.equal(refusalOf(undefined), null);
    assert.equal(refusalOf({ graphQLErrors: [], networkError: new TypeError('Failed to fetch') }), null);
  });
  it('ignores a reason on other codes', () => {
    assert.equal(refusalOf(refused('Bad', { code: 'BAD_USER_INPUT', reason: 'role' })), null);
  });
});
