import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { compareReadAfter, formatReadAfter, mergeReadAfter, parseReadAfter, READ_AFTER_MAX_READ_MODELS } from './readAfter';

describe('a read-after mark', () => {
  it('reads back what it wrote, read models sorted once each', () => {
    const mark = { transactionId: '18446744073709551615', position: '0', readModels: ['conversations', 'minutes'] };
    assert.deepEqual(parseReadAfter(formatReadAfter(mark)), mark);
    assert.deepEqual(parseReadAfter('12.3:minutes,conversations,minutes')?.readModels, ['conversations', 'minutes']);
  });

  it('is not one when malformed, too long, NUL-bearing, zero-padded, over 20 digits or naming too many read models', () => {
    for (const text of [
      '',
      'yesterday',
      '1.2',
      '1.2:',
      '-1.2:conversations',
      '01.2:conversations',
      '1.02:conversations',
      '1.2:Conversations',
      '1.2:conversations\u0000',
      `${'9'.repeat(21)}.2:conversations`,
      `1.2:${'a'.repeat(1_000)}`,
      `1.2:${Array.from({ length: READ_AFTER_MAX_READ_MODELS + 1 }, (_, i) => `m${i}`).join(',')}`,
    ]) {
      assert.equal(parseReadAfter(text), null, text);
    }
  });

  it('orders places by transaction, then position, as numbers', () => {
    const at = (transactionId: string, position: string) => ({ transactionId, position });
    assert.ok(compareReadAfter(at('10', '1'), at('9', '99')) > 0);
    assert.ok(compareReadAfter(at('9', '100'), at('9', '99')) > 0);
    assert.equal(compareReadAfter(at('9', '9'), at('9', '9')), 0);
  });

  it('merges two as the later place and every read model of either', () => {
    const a = { transactionId: '5', position: '1', readModels: ['minutes'] };
    const b = { transactionId: '7', position: '0', readModels: ['conversations'] };
    assert.deepEqual(mergeReadAfter(a, b), { transactionId: '7', position: '0', readModels: ['conversations', 'minutes'] });
    assert.deepEqual(mergeReadAfter(b, a), mergeReadAfter(a, b));
    assert.equal(mergeReadAfter(null, a), a);
    assert.equal(mergeReadAfter(null, null), null);
  });
});
