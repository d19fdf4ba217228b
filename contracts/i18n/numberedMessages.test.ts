import assert from 'node:assert/strict';
import { it } from 'vitest';
import { englishWithNumbers, numberedShape, numbersIn } from './numberedMessages';

it('writes a message with numbers in English and finds the numbers again in it', () => {
  const message = 'Between {min, number} and {max, number} (a.k.a. [range]) is fine.';
  const text = englishWithNumbers(message, { min: -5, max: 12345 });
  assert.equal(text, 'Between -5 and 12,345 (a.k.a. [range]) is fine.');
  const shape = numberedShape(message)!;
  assert.deepEqual(numbersIn(shape, text), { min: -5, max: 12345 });
  assert.equal(numbersIn(shape, 'Between -5 and 12,345 (a.k.a. [range]) is fine!'), null);
  assert.equal(numbersIn(shape, 'Between -5 and 12,345 (aXk.a. [range]) is fine.'), null, 'its dots are dots');
  assert.equal(numberedShape('No number here.'), null);
});
