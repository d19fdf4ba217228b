import assert from 'node:assert/strict';
import { it } from 'vitest';
import { barDollars, dollars, monthLabel, monthRange, payMonthChoices } from './months';

it('offers this month and twelve before it, never before October 2022', () => {
  const choices = payMonthChoices(new Date('2026-11-25T12:00:00Z'));
  assert.equal(choices.length, 13);
  assert.deepEqual([choices[0], choices.at(-1)], ['2026-11', '2025-11']);
  assert.deepEqual(payMonthChoices(new Date('2023-01-15T12:00:00Z')), ['2023-01', '2022-12', '2022-11', '2022-10']);
  assert.equal(payMonthChoices(new Date('2026-11-01T03:00:00Z'))[0], '2026-10', 'still October in New York');
});

it('bounds months in New York time, and shows cents as dollars', () => {
  assert.deepEqual(monthRange('2026-11'), { startTime: '2026-11-01T04:00:00.000Z', endTime: '2026-12-01T05:00:00.000Z' });
  assert.deepEqual(monthRange('2026-11', 6).startTime, '2026-06-01T04:00:00.000Z');
  assert.equal(monthLabel('2026-11'), 'November 2026');
  assert.deepEqual([dollars(1125), dollars(-300), dollars(123456), dollars(0)], ['$11.25', '−$3.00', '$1,234.56', '$0.00']);
  // A chart's bar drops only cents that are zero: $4.50 is never read as $4.
  assert.deepEqual([barDollars(450), barDollars(1200), barDollars(-300), barDollars(123405)], ['$4.50', '$12', '−$3', '$1,234.05']);
});
