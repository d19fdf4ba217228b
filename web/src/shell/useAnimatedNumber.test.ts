import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { MINUTES_ANIMATION_MS, animatesChange, interpolate } from './useAnimatedNumber';

describe('interpolate', () => {
  it('lasts two seconds by default', () => {
    assert.equal(MINUTES_ANIMATION_MS, 2000);
    assert.equal(interpolate(100, 40, 1999), 40);
    assert.equal(interpolate(100, 40, 2000), 40);
  });
  it('starts at the old value and ends at the new one', () => {
    assert.equal(interpolate(10, 70, 0), 10);
    assert.equal(interpolate(10, 70, -5), 10);
    assert.equal(interpolate(10, 70, 5000), 70);
  });
  it('moves linearly in whole minutes, up or down', () => {
    assert.equal(interpolate(0, 60, 1000), 30);
    assert.equal(interpolate(0, 60, 500), 15);
    assert.equal(interpolate(60, 0, 500), 45);
    assert.equal(interpolate(0, 10, 333, 1000), 3);
  });
  it('jumps when there is no time to animate', () => {
    assert.equal(interpolate(5, 9, 0, 0), 9);
  });
});

describe('animatesChange', () => {
  it('counts a change, not the first value nor the same value again', () => {
    assert.equal(animatesChange(10, 40, false), true);
    assert.equal(animatesChange(null, 40, false), false);
    assert.equal(animatesChange(40, 40, false), false);
  });
  it('shows the new value at once when the system asks for reduced motion', () => {
    assert.equal(animatesChange(10, 40, true), false);
  });
});
