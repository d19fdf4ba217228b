import assert from 'node:assert/strict';
import { it } from 'vitest';
import { countOf } from './plural';

it('says a count with its noun, singular for one only', () => {
  assert.equal(countOf(1, 'student'), '1 student');
  assert.equal(countOf(0, 'student'), '0 students');
  assert.equal(countOf(3, 'student'), '3 students');
  assert.equal(countOf(2, 'person', 'people'), '2 people');
  assert.equal(countOf(1, 'person', 'people'), '1 person');
});
