import assert from 'node:assert/strict';
import { it } from 'vitest';
import { rowKind } from './rowKind';

it("decides the row in the spec's order: canceled, live statuses, markings, default", () => {
  assert.equal(rowKind({ isCanceled: true, status: 'started', markedAs: 'completed' }), 'canceled');
  assert.equal(rowKind({ isCanceled: false, status: 'reserved', markedAs: null }), 'upcoming');
  assert.equal(rowKind({ isCanceled: false, status: 'started', markedAs: 'completed' }), 'live');
  assert.equal(rowKind({ isCanceled: false, status: 'stopped', markedAs: 'completed' }), 'completed');
  assert.equal(rowKind({ isCanceled: false, status: 'stopped', markedAs: 'missed' }), 'missed');
  assert.equal(rowKind({ isCanceled: false, status: 'unused', markedAs: 'reserved_by_user_issue' }), 'tech_issue');
  assert.equal(rowKind({ isCanceled: false, status: 'stopped', markedAs: 'reserved_with_user_issue' }), 'speaker_issue');
  assert.equal(rowKind({ isCanceled: false, status: 'unused', markedAs: null }), 'default');
});
