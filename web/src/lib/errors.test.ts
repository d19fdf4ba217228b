import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NETWORK_ERROR_MESSAGE, cleanErrorMessage, errorMessage, hasErrorCode } from './errors';

describe('cleanErrorMessage', () => {
  it('strips the GraphQL error prefix', () => {
    assert.equal(cleanErrorMessage('GraphQL error: The email address or password is incorrect.'), 'The email address or password is incorrect.');
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
    const error = { graphQLErrors: [], networkError: { statusCode: 401, result: { errors: [{ message: 'Denied', extensions: { code: 'UNAUTHORIZED' } }] } } };
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
