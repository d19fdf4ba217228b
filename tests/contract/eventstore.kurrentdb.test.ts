/**
 * The event store contract against the KurrentDB adapter, when KURRENTDB_URL points at a KurrentDB
 * 25.1+ node (e.g. `kurrentdb://localhost:2113?tls=false`, or the docker-compose service). No
 * KurrentDB runs on the development machines: there the contract is reported as skipped, and the
 * adapter's mapping to the port is checked without a server below.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { skipFor } from '../support/skip';
import { compareCheckpoints } from '../../services/eventstore/port';
import { createKurrentEventStore, kurrentMapping } from '../../services/eventstore/kurrentdb';
import { runEventStoreContract } from './eventstore.contract';

const url = process.env.KURRENTDB_URL;

if (url) {
  runEventStoreContract('kurrentdb', async () => {
    const store = createKurrentEventStore(url, { pollIntervalMs: 100 });
    return { store, cleanup: () => store.close() };
  });
} else {
  const reason =
    'KURRENTDB_URL is not set: the event store contract did not run against KurrentDB (set it to a KurrentDB 25.1+ node to run it)';
  console.log(`\n  SKIPPED: ${reason}\n`);
  describe('event store contract: kurrentdb', () => {
    skipFor(reason).it('runs the whole contract suite against KurrentDB', () => {});
  });
}

describe('KurrentDB adapter mapping (no server)', () => {
  const { revisionOf, toStoredEvent, checkpointOfPosition, positionOf, validate } = kurrentMapping;

  it('maps 1-based versions to 0-based revisions', () => {
    assert.equal(revisionOf('any'), 'any');
    assert.equal(revisionOf('no_stream'), 'no_stream');
    assert.equal(revisionOf(0), 'no_stream');
    assert.equal(revisionOf(1), 0n);
    assert.equal(revisionOf(42), 41n);
    assert.throws(() => revisionOf(-1), TypeError);
    assert.throws(() => revisionOf(1.5), TypeError);
  });

  it('refuses malformed appends as the PostgreSQL adapter does', () => {
    const ev = {
      type: 'A',
      data: {},
      metadata: { actorId: null, correlationId: 'c', causationId: null, occurredAt: new Date().toISOString(), schemaVersion: 1 },
    };
    assert.throws(() => validate([]), TypeError);
    assert.throws(() => validate([{ stream: 's', expected: 'any', events: [] }]), TypeError);
    assert.throws(
      () =>
        validate([
          { stream: 's', expected: 'any', events: [ev] },
          { stream: 's', expected: 'any', events: [ev] },
        ]),
      /twice/,
    );
    assert.throws(() => validate([{ stream: '', expected: 'any', events: [ev] }]), TypeError);
  });

  it("reads a recorded event as the port's stored event, with its $all position as the checkpoint, and skips system events", () => {
    const metadata = { actorId: 'a1', correlationId: 'c1', causationId: null, occurredAt: '2026-11-25T10:00:00.000Z', schemaVersion: 1 };
    const created = new Date('2026-11-25T10:00:01Z');
    const stored = toStoredEvent({
      event: {
        streamId: 'account-1',
        revision: 2n,
        type: 'AccountRegistered',
        data: { x: 1 },
        metadata: { tertulia: JSON.stringify(metadata) },
        created,
        position: { commit: 900n, prepare: 880n },
      },
    });
    assert.deepEqual(stored, {
      streamId: 'account-1',
      streamVersion: 3,
      type: 'AccountRegistered',
      data: { x: 1 },
      metadata,
      transactionId: '900',
      position: '880',
      recordedAt: created,
    });
    assert.equal(
      toStoredEvent({
        event: {
          streamId: '$stats',
          revision: 0n,
          type: '$statsCollected',
          data: {},
          metadata: {},
          created,
          position: { commit: 1n, prepare: 1n },
        },
      }),
      null,
    );
    assert.equal(
      toStoredEvent({
        event: { streamId: 'x', revision: 0n, type: '$metadata', data: {}, metadata: {}, created, position: { commit: 1n, prepare: 1n } },
      }),
      null,
    );
  });

  it('orders checkpoints as $all does (commit, then prepare, as numbers)', () => {
    const a = checkpointOfPosition({ commit: 99n, prepare: 98n });
    const b = checkpointOfPosition({ commit: 100n, prepare: 90n });
    const c = checkpointOfPosition({ commit: 100n, prepare: 95n });
    assert.ok(compareCheckpoints(a, b) < 0);
    assert.ok(compareCheckpoints(b, c) < 0);
    assert.deepEqual(positionOf(c), { commit: 100n, prepare: 95n });
  });
});
