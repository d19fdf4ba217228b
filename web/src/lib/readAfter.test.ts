import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { answered, readAfterMark } from './readAfter';

describe('the page’s read-after mark', () => {
  it('is kept from a write’s answer, merged with the next, and dropped once a request that carried it is answered', () => {
    assert.equal(readAfterMark(), null);
    answered(null, '5.1:minutes');
    const first = readAfterMark();
    assert.deepEqual(first, { transactionId: '5', position: '1', readModels: ['minutes'] });
    answered(null, '7.0:conversations');
    const merged = readAfterMark();
    assert.deepEqual(merged, { transactionId: '7', position: '0', readModels: ['conversations', 'minutes'] });
    // An answer to a request that carried an older mark leaves the newer one.
    answered(first, null);
    assert.equal(readAfterMark(), merged);
    answered(merged, null);
    assert.equal(readAfterMark(), null);
    // A header that is no mark changes nothing.
    answered(null, 'nonsense');
    assert.equal(readAfterMark(), null);
  });
});
