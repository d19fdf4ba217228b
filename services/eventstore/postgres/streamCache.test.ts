import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import type { StoredEvent } from '../port';
import { StreamCache } from './streamCache';

const event = (stream: string, version: number): StoredEvent => ({
  streamId: stream,
  streamVersion: version,
  type: 'E',
  data: { n: version, nested: { v: version } },
  metadata: { actorId: null, correlationId: 'c', causationId: null, occurredAt: '2026-01-01T00:00:00.000Z', schemaVersion: 1 },
  position: String(version),
  transactionId: '1',
  recordedAt: new Date(0),
});
const events = (stream: string, from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => event(stream, from + i));

describe('StreamCache', () => {
  it('keeps what was read and asks only for what follows', () => {
    const cache = new StreamCache(100);
    assert.equal(StreamCache.versionOf(cache.prefix('a')), 0);
    const first = cache.extend('a', cache.prefix('a'), events('a', 1, 3));
    assert.deepEqual(
      first.map((e) => e.streamVersion),
      [1, 2, 3],
    );
    const prefix = cache.prefix('a');
    assert.equal(StreamCache.versionOf(prefix), 3);
    const whole = cache.extend('a', prefix, events('a', 4, 5));
    assert.deepEqual(
      whole.map((e) => e.streamVersion),
      [1, 2, 3, 4, 5],
    );
    assert.equal(cache.eventsKept, 5);
  });

  it('never hands out its own array, and kept events cannot be changed', () => {
    const cache = new StreamCache(100);
    const read = cache.extend('a', [], events('a', 1, 2));
    read.push(event('a', 99));
    assert.deepEqual(
      cache.prefix('a').map((e) => e.streamVersion),
      [1, 2],
    );
    const kept = cache.prefix('a')[0] as StoredEvent & { data: { n: number; nested: { v: number } } };
    assert.throws(() => {
      kept.data.n = 7;
    }, TypeError);
    assert.throws(() => {
      kept.data.nested.v = 7;
    }, TypeError);
  });

  it('keeps the longer of two reads that overlapped, and ignores a shorter one', () => {
    const cache = new StreamCache(100);
    const stale = cache.prefix('a');
    cache.extend('a', stale, events('a', 1, 4));
    cache.extend('a', stale, events('a', 1, 2)); // began before the longer one, ended after
    assert.deepEqual(
      cache.prefix('a').map((e) => e.streamVersion),
      [1, 2, 3, 4],
    );
    assert.equal(cache.eventsKept, 4);
  });

  it('lets the least recently read streams go past its bound, and keeps nothing longer than it', () => {
    const cache = new StreamCache(5);
    cache.extend('a', [], events('a', 1, 2));
    cache.extend('b', [], events('b', 1, 2));
    cache.prefix('a'); // read again: b is now the oldest
    cache.extend('c', [], events('c', 1, 2));
    assert.equal(cache.prefix('b').length, 0);
    assert.equal(cache.prefix('a').length, 2);
    assert.equal(cache.prefix('c').length, 2);
    assert.equal(cache.eventsKept, 4);
    const long = cache.extend('d', [], events('d', 1, 6));
    assert.equal(long.length, 6, 'still answered whole');
    assert.equal(cache.prefix('d').length, 0, 'but not kept');
  });
});
