import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { fold } from '../shared/decider';
import { assertDomainError, deciderSpec } from '../shared/spec';
import {
  decideDownload,
  decideProgress,
  decideReady,
  decideRequestExport,
  evolveExport,
  type ExportEvent,
  ExportMessages,
  initialExport,
} from './export';

const now = new Date('2026-03-02T10:00:00Z');
const spec = deciderSpec(evolveExport, initialExport);
const requested: ExportEvent = {
  type: 'ExportRequested',
  data: { exportId: 'x1', personId: 'p1', requestedBy: 'p1', at: now.toISOString() },
};
const ready = (at: Date): ExportEvent =>
  decideReady(
    fold(evolveExport, initialExport(), [requested]),
    { exportId: 'x1', personId: 'p1', storageKey: 'k', bytes: 10, tokenHash: 'h' },
    at,
  )[0];

describe('data export', () => {
  it('starts one export at a time: asking while one runs appends nothing', () => {
    spec
      .given([])
      .when((s) => decideRequestExport(s, { exportId: 'x1', personId: 'p1', requestedBy: 'p1' }, now))
      .then([requested]);
    spec
      .given([requested])
      .when((s) => decideRequestExport(s, { exportId: 'x2', personId: 'p1', requestedBy: 'p1' }, now))
      .then([]);
  });

  it('asks again once the previous export is ready', () => {
    const state = fold(evolveExport, initialExport(), [requested, ready(now)]);
    assert.equal(decideRequestExport(state, { exportId: 'x2', personId: 'p1', requestedBy: null }, now).length, 1);
  });

  it('records progress only of the running export, within its parts', () => {
    spec
      .given([requested])
      .when((s) => decideProgress(s, { exportId: 'x2', personId: 'p1', done: 1, total: 3 }))
      .thenThrows('CONFLICT', ExportMessages.notRunning);
    spec
      .given([requested])
      .when((s) => decideProgress(s, { exportId: 'x1', personId: 'p1', done: 4, total: 3 }))
      .thenThrows('BAD_USER_INPUT');
  });

  it('makes a link valid for 7 days', () => {
    assert.equal((ready(now).data as { expiresAt: string }).expiresAt, '2026-03-09T10:00:00.000Z');
  });

  it('downloads once per token and refuses unknown, used and expired links', () => {
    const state = fold(evolveExport, initialExport(), [requested, ready(now)]);
    const first = decideDownload(state, { personId: 'p1', tokenHash: 'h' }, now);
    assert.equal(first.storageKey, 'k');
    const after = fold(evolveExport, state, first.events);
    assertDomainError(() => decideDownload(after, { personId: 'p1', tokenHash: 'h' }, now), 'CONFLICT', ExportMessages.linkUsed);
    assertDomainError(() => decideDownload(state, { personId: 'p1', tokenHash: 'other' }, now), 'NOT_FOUND', ExportMessages.linkUnknown);
    const late = new Date(now.getTime() + 7 * 24 * 3_600_000);
    assertDomainError(() => decideDownload(state, { personId: 'p1', tokenHash: 'h' }, late), 'CONFLICT', ExportMessages.linkExpired);
  });
});
