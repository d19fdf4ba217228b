import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import type { DecisionContext } from '../shared/decider';
import { deciderSpec } from '../shared/spec';
import {
  ARCHIVE_RETENTION_DAYS,
  archiveStatusText,
  decideAvailable,
  decideEnqueue,
  decideExpire,
  decideFail,
  decideProgress,
  decideRemove,
  decideSettleStalledUpload,
  decideStartProcessing,
  decideStartRecording,
  evolveArchive,
  initialArchive,
  mayPlayArchive,
  type ArchiveEvent,
} from './archive';

const now = new Date('2026-03-01T10:00:00Z');
const system: DecisionContext = { now, actor: { accountId: null, roles: ['SYSTEM'] } };
const admin: DecisionContext = { now, actor: { accountId: 'admin-1', roles: ['ADMIN'] } };
const spec = deciderSpec(evolveArchive, initialArchive);
const c = 'conv-1';
const started: ArchiveEvent = { type: 'ArchiveRecordingStarted', data: { conversationId: c, source: 'browser', at: now.toISOString() } };
const enqueued: ArchiveEvent = {
  type: 'ArchiveEnqueued',
  data: { conversationId: c, chunkCount: 3, durationSeconds: 900, at: now.toISOString() },
};
const processing: ArchiveEvent = { type: 'ArchiveProcessingStarted', data: { conversationId: c, attempt: 1, at: now.toISOString() } };
const expiresAt = new Date(now.getTime() + ARCHIVE_RETENTION_DAYS * 86_400_000).toISOString();
const available: ArchiveEvent = {
  type: 'ArchiveAvailable',
  data: {
    conversationId: c,
    mediaKey: `archives/${'a'.repeat(32)}.mp4`,
    durationSeconds: 900,
    bytes: 10,
    at: now.toISOString(),
    expiresAt,
  },
};

describe('archive decider', () => {
  it('starts a recording once', () => {
    spec
      .given([])
      .when((s) => decideStartRecording(s, { conversationId: c, source: 'browser' }, system))
      .then([started]);
    spec
      .given([started])
      .when((s) => decideStartRecording(s, { conversationId: c, source: 'browser' }, system))
      .then([]);
  });
  it('enqueues a finished upload once, and refuses one never started or empty', () => {
    spec
      .given([started])
      .when((s) => decideEnqueue(s, { chunkCount: 3, durationSeconds: 900 }, system))
      .then([enqueued]);
    spec
      .given([started, enqueued])
      .when((s) => decideEnqueue(s, { chunkCount: 3, durationSeconds: 900 }, system))
      .then([]);
    spec
      .given([])
      .when((s) => decideEnqueue(s, { chunkCount: 3, durationSeconds: 900 }, system))
      .thenThrows('CONFLICT');
    spec
      .given([started])
      .when((s) => decideEnqueue(s, { chunkCount: 0, durationSeconds: 900 }, system))
      .thenThrows('BAD_USER_INPUT');
  });
  it('processes with forward-only progress, then is available until its retention ends', () => {
    spec
      .given([started, enqueued])
      .when((s) => decideStartProcessing(s, system))
      .then([processing]);
    spec
      .given([started, enqueued, processing])
      .when((s) => decideProgress(s, 42.7))
      .then([{ type: 'ArchiveProgressed', data: { conversationId: c, percent: 42 } }]);
    spec
      .given([started, enqueued, processing, { type: 'ArchiveProgressed', data: { conversationId: c, percent: 50 } }])
      .when((s) => decideProgress(s, 40))
      .then([]);
    spec
      .given([started, enqueued, processing])
      .when((s) => decideAvailable(s, { mediaKey: available.data.mediaKey, durationSeconds: 900, bytes: 10 }, system))
      .then([available]);
    spec
      .given([started, enqueued, processing, available])
      .when((s) => decideExpire(s, { retentionEnds: new Date(expiresAt) }, system))
      .then([]);
    const later: DecisionContext = { ...system, now: new Date(expiresAt) };
    spec
      .given([started, enqueued, processing, available])
      .when((s) => decideExpire(s, { retentionEnds: new Date(expiresAt) }, later))
      .then([{ type: 'ArchiveExpired', data: { conversationId: c, at: expiresAt } }]);
    // The retention's end is the caller's (a course's days after it ends): none known, nothing expires.
    spec
      .given([started, enqueued, processing, available])
      .when((s) => decideExpire(s, { retentionEnds: null }, later))
      .then([]);
  });
  it('fails while processing, and only admins remove', () => {
    spec
      .given([started, enqueued, processing])
      .when((s) => decideFail(s, 'ffmpeg failed', system))
      .then([{ type: 'ArchiveFailed', data: { conversationId: c, reason: 'ffmpeg failed', at: now.toISOString() } }]);
    spec
      .given([started, enqueued, processing, available])
      .when((s) => decideRemove(s, { ...system, actor: { accountId: 's', roles: ['STUDENT'] } }))
      .thenThrows('UNAUTHORIZED');
    spec
      .given([started, enqueued, processing, available])
      .when((s) => decideRemove(s, admin))
      .then([{ type: 'ArchiveRemoved', data: { conversationId: c, by: 'admin-1', at: now.toISOString() } }]);
  });
  it('settles a stalled browser upload: the gap-free run from chunk 0 is processed, none at all fails', () => {
    const settle = (received: number[]) => (s: Parameters<typeof decideSettleStalledUpload>[0]) =>
      decideSettleStalledUpload(s, { receivedIndexes: received }, system);
    spec
      .given([started])
      .when(settle([2, 0, 1, 5, 6]))
      .then([{ type: 'ArchiveEnqueued', data: { conversationId: c, chunkCount: 3, durationSeconds: null, at: now.toISOString() } }]);
    spec
      .given([started])
      .when(settle([1, 2]))
      .then([
        {
          type: 'ArchiveFailed',
          data: { conversationId: c, reason: 'The upload of the recording stopped before its first part arrived.', at: now.toISOString() },
        },
      ]);
    spec
      .given([started])
      .when(settle([]))
      .then([
        {
          type: 'ArchiveFailed',
          data: { conversationId: c, reason: 'The upload of the recording stopped before its first part arrived.', at: now.toISOString() },
        },
      ]);
    // Only an upload still open, and only a browser's (a provider's recording arrives whole).
    spec
      .given([started, enqueued])
      .when(settle([0, 1, 2]))
      .then([]);
    spec
      .given([{ ...started, data: { ...started.data, source: 'zoom' } } as ArchiveEvent])
      .when(settle([0]))
      .then([]);
  });
  it("says the spec's status texts", () => {
    assert.equal(archiveStatusText('enqueued', 0), 'Waiting for processing');
    assert.equal(archiveStatusText('started', 37.9), 'Processing... (37% complete)');
    assert.equal(archiveStatusText('available', 100), 'Play archive');
    assert.equal(archiveStatusText('failed', 0), 'FAILED');
    assert.equal(archiveStatusText('expired', 0), 'Expired');
    assert.equal(archiveStatusText('removed', 0), 'Removed');
    assert.equal(archiveStatusText(null, 0), '-');
    assert.equal(archiveStatusText('recording', 0), '-');
  });
  it("lets the student, the course's instructor and admins play it, nobody else", () => {
    const conv = { studentId: 'st', courseOwnerId: 'in' };
    assert.equal(mayPlayArchive({ accountId: 'st', roles: ['STUDENT'] }, conv), true);
    assert.equal(mayPlayArchive({ accountId: 'in', roles: ['INSTRUCTOR'] }, conv), true);
    assert.equal(mayPlayArchive({ accountId: 'in', roles: ['ONBOARDING_INSTRUCTOR'] }, conv), true);
    assert.equal(mayPlayArchive({ accountId: 'ad', roles: ['ADMIN'] }, conv), true);
    assert.equal(mayPlayArchive({ accountId: 'other', roles: ['STUDENT'] }, conv), false);
    assert.equal(mayPlayArchive({ accountId: 'sp', roles: ['SPEAKER'] }, conv), false);
    assert.equal(mayPlayArchive({ accountId: 'other-in', roles: ['INSTRUCTOR'] }, conv), false);
    assert.equal(mayPlayArchive({ accountId: null, roles: [] }, conv), false);
    assert.equal(mayPlayArchive({ accountId: 'in', roles: ['INSTRUCTOR'] }, { studentId: 'st', courseOwnerId: null }), false);
  });
});
