import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { scoresUrlOf } from './services';

describe('LTI services', () => {
  it('posts scores to the line item’s path plus /scores, keeping its query (Canvas)', () => {
    assert.equal(
      scoresUrlOf('https://lms.example/api/lti/courses/1/line_items/42'),
      'https://lms.example/api/lti/courses/1/line_items/42/scores',
    );
    assert.equal(
      scoresUrlOf('https://lms.example/api/lti/courses/1/line_items/42?type=assignment'),
      'https://lms.example/api/lti/courses/1/line_items/42/scores?type=assignment',
    );
    assert.equal(
      scoresUrlOf('https://lms.example/mod/lti/services.php/2/lineitems/7/lineitem/'),
      'https://lms.example/mod/lti/services.php/2/lineitems/7/lineitem/scores',
    );
  });
});
