import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { courseRetentionDays, retentionEnds } from './retention';

const settings = { retentionDays: 180, maxRetentionDays: 365 };

describe('how long a recording is kept (issue 34)', () => {
  it("keeps a course's recordings the school's default days after the course's last day, or the course's own", () => {
    const facts = { courseEndDate: '2027-06-30', courseRetentionDays: null, availableExpiry: new Date('2027-03-01T00:00:00Z') };
    // The last day is kept whole: 180 days after 2027-06-30 ends is the start of 2027-12-28.
    assert.equal(retentionEnds(facts, settings)?.toISOString(), '2027-12-28T00:00:00.000Z');
    assert.equal(retentionEnds({ ...facts, courseRetentionDays: 0 }, settings)?.toISOString(), '2027-07-01T00:00:00.000Z');
    assert.equal(retentionEnds({ ...facts, courseRetentionDays: 30 }, settings)?.toISOString(), '2027-07-31T00:00:00.000Z');
  });

  it("never keeps them longer than the school's most, even where the course asked for more before it was lowered", () => {
    assert.equal(courseRetentionDays(400, settings), 365);
    assert.equal(courseRetentionDays(null, { retentionDays: 180, maxRetentionDays: 90 }), 90);
  });

  it('keeps a recording of nothing that ends (an adventure) until the expiry it became available with', () => {
    const availableExpiry = new Date('2027-06-01T10:00:00Z');
    assert.equal(retentionEnds({ courseEndDate: null, courseRetentionDays: 10, availableExpiry }, settings), availableExpiry);
  });
});
