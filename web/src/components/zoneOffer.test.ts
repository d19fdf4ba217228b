import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { rememberKept, zoneToOffer } from './zoneOffer';

const memory = () => {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
};

describe('the time zone offer', () => {
  it('offers the browser zone when it differs from the saved one, until kept', () => {
    const storage = memory();
    assert.equal(zoneToOffer('America/New_York', 'Europe/Madrid', storage), 'Europe/Madrid');
    assert.equal(zoneToOffer('Europe/Madrid', 'Europe/Madrid', storage), null);
    assert.equal(zoneToOffer('America/New_York', null, storage), null);
    // A browser naming the zone by its old alias is in the same zone.
    assert.equal(zoneToOffer('Asia/Kolkata', 'Asia/Calcutta', storage), null);
    rememberKept('America/New_York', 'Europe/Madrid', storage);
    assert.equal(zoneToOffer('America/New_York', 'Europe/Madrid', storage), null);
    // Another trip asks again.
    assert.equal(zoneToOffer('America/New_York', 'Asia/Tokyo', storage), 'Asia/Tokyo');
  });
});
