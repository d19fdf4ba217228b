import assert from 'node:assert/strict';
import { it } from 'vitest';
import { formatMoney, priceOrContactSales } from './money';

it('formats minor units as the spec says, with Contact Sales where there is no price', () => {
  assert.equal(formatMoney(6000), '$60');
  assert.equal(formatMoney(6050), '$60.50');
  assert.equal(priceOrContactSales(null), 'Contact Sales');
  assert.equal(priceOrContactSales(1500), '$15');
});
