import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { newerPresence } from './presenceWord';

describe('the newer word about presence', () => {
  it('a poll asked before an arrival and answered after its message does not undo it', () => {
    const asked = 1_000;
    const arrived = newerPresence({ present: false, at: 500 }, { present: true, at: 1_200 });
    assert.deepEqual(newerPresence(arrived, { present: false, at: asked }), { present: true, at: 1_200 });
  });

  it('a poll asked after the last message is the newer word', () => {
    assert.deepEqual(newerPresence({ present: true, at: 1_200 }, { present: false, at: 1_300 }), { present: false, at: 1_300 });
  });

  it('the first word is taken as it is', () => {
    assert.deepEqual(newerPresence(null, { present: true, at: 1 }), { present: true, at: 1 });
  });
});
