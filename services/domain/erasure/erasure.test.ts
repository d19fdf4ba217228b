import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { fold } from '../shared/decider';
import { deciderSpec } from '../shared/spec';
import {
  decideCancelErasure,
  decideErased,
  decideRequestErasure,
  erasureDue,
  type ErasureEvent,
  ErasureMessages,
  evolveErasure,
  initialErasure,
} from './erasure';

const now = new Date('2026-03-02T10:00:00Z');
const spec = deciderSpec(evolveErasure, initialErasure);
const request = { erasureId: 'e1', personId: 'p1', requestedBy: 'p1', obligations: [], graceDays: 30 };
const requested: ErasureEvent = {
  type: 'ErasureRequested',
  data: { erasureId: 'e1', personId: 'p1', requestedBy: 'p1', eraseAfter: '2026-04-01T10:00:00.000Z', at: now.toISOString() },
};
const cancelled: ErasureEvent = {
  type: 'ErasureCancelled',
  data: { erasureId: 'e1', personId: 'p1', cancelledBy: 'a1', at: now.toISOString() },
};
const erased: ErasureEvent = { type: 'PersonErased', data: { erasureId: 'e1', personId: 'p1', at: '2026-04-01T10:00:00.000Z' } };

describe('erasure', () => {
  it('is asked for with its grace period: erased 30 days later', () => {
    spec
      .given([])
      .when((s) => decideRequestErasure(s, request, now))
      .then([requested]);
  });

  it('is refused while the person has an obligation, saying which', () => {
    spec
      .given([])
      .when((s) =>
        decideRequestErasure(
          s,
          {
            ...request,
            obligations: [
              { kind: 'payroll', month: '2026-02' },
              { kind: 'enrollment', courseName: 'Spanish 2', endDate: '2026-06-30' },
            ],
          },
          now,
        ),
      )
      .thenThrows(
        'CONFLICT',
        'This person cannot be erased yet: the payroll of 2026-02 is not closed; the course Spanish 2 runs until 2026-06-30. Ask again once they are settled.',
      );
  });

  it('is refused twice, and once erased', () => {
    spec
      .given([requested])
      .when((s) => decideRequestErasure(s, request, now))
      .thenThrows('CONFLICT', ErasureMessages.pending);
    spec
      .given([requested, erased])
      .when((s) => decideRequestErasure(s, request, now))
      .thenThrows('CONFLICT', ErasureMessages.erased);
  });

  it('can be cancelled while pending, and asked for again after', () => {
    spec
      .given([requested])
      .when((s) => decideCancelErasure(s, { personId: 'p1', cancelledBy: 'a1' }, now))
      .then([cancelled]);
    spec
      .given([requested, cancelled])
      .when((s) => decideCancelErasure(s, { personId: 'p1', cancelledBy: 'a1' }, now))
      .thenThrows('CONFLICT', ErasureMessages.notPending);
    spec
      .given([requested, cancelled])
      .when((s) => decideRequestErasure(s, { ...request, erasureId: 'e2' }, now))
      .then([{ type: 'ErasureRequested', data: { ...requested.data, erasureId: 'e2' } } as ErasureEvent]);
  });

  it('is due only at the end of its grace period, and never once cancelled', () => {
    const pending = fold(evolveErasure, initialErasure(), [requested]);
    assert.deepEqual(erasureDue(pending, 'e1', now), { due: false, why: 'early', at: '2026-04-01T10:00:00.000Z' });
    assert.deepEqual(erasureDue(pending, 'e1', new Date('2026-04-01T10:00:00Z')), { due: true });
    assert.deepEqual(erasureDue(pending, 'e0', new Date('2026-04-02T10:00:00Z')), { due: false, why: 'cancelled' });
    const gone = fold(evolveErasure, initialErasure(), [requested, cancelled]);
    assert.deepEqual(erasureDue(gone, 'e1', new Date('2026-04-02T10:00:00Z')), { due: false, why: 'cancelled' });
    assert.deepEqual(decideErased(gone, { erasureId: 'e1', personId: 'p1' }, now), []);
    spec
      .given([requested])
      .when((s) => decideErased(s, { erasureId: 'e1', personId: 'p1' }, new Date('2026-04-01T10:00:00Z')))
      .then([erased]);
  });
});
