/**
 * A conversation's archive (its recording), on stream `archive-<conversationId>` (one archive a
 * conversation; its id is the conversation's). Pure: the handlers bring the stream, the clock and
 * the actor. Statuses and their texts are the spec's (2-conversations.md, Archive media status).
 *
 * recording (chunks arriving, no status shown: a dash) → enqueued (the upload finished, or a
 * provider's recording is ready to fetch) → started (processing, with progress) → available | failed;
 * available → expired (the retention period passed, the file deleted) | removed (an admin removed it).
 */
import { holdsRole } from '../../../contracts/roles';
import type { DecisionContext, DomainEvent } from '../shared/decider';
import { badInput, conflict, unauthorized } from '../shared/errors';
import { consentsToRecording, type RecordingConsent } from './consent';

export const archiveStream = (conversationId: string) => `archive-${conversationId}`;

/** Days an archive stays playable after it became available; then its file is deleted. */
export const ARCHIVE_RETENTION_DAYS = 90;
/** Life of a signed media address handed to a player. */
export const ARCHIVE_URL_TTL_SECONDS = 300;
/** Chunks per recording (a 5-second chunk each: 2 hours and more). */
export const MAX_ARCHIVE_CHUNKS = 2000;

/** The refusals of recordings (issue 32: registered in services/i18n/knownErrors.ts, area 'recording'). */
export const RecordingMessages = {
  notSpeaker: 'Only the speaker of this conversation can upload its recording.',
  notRecorded: 'This conversation is not being recorded.',
  canceled: 'This conversation was canceled.',
  uploaded: 'The recording of this conversation has already been uploaded.',
  chunkOutOfRange: 'The chunk index is out of range.',
  chunkEmpty: 'The chunk is empty.',
  notWebm: 'The recording is not a WebM file.',
  chunkCount: `The chunk count must be between 1 and ${MAX_ARCHIVE_CHUNKS}.`,
  providerEmpty: 'The provider sent an empty recording.',
  noRecording: 'This conversation has no recording.',
  noChunks: 'The recording has no chunks.',
} as const;

/** Largest chunk accepted (5 s of 1080p is well under this). */
export const MAX_ARCHIVE_CHUNK_BYTES = 16 * 1024 * 1024;

/**
 * Whether a conversation is recorded, decided when it is reserved: a course lesson is (its
 * instructor reviews it) when its student consents by age or the course allows recording under-age
 * students (./consent.ts); a conversation outside a course, and an interview, is not.
 */
export const archiveOnStart = (courseId: string | null, consent: RecordingConsent | null): boolean =>
  courseId !== null && consent !== null && consentsToRecording(consent);

export type ArchiveSource = 'browser' | 'zoom' | 'twilio';
export type ArchiveStatus = 'recording' | 'enqueued' | 'started' | 'available' | 'failed' | 'expired' | 'removed';

export type ArchiveRecordingStarted = DomainEvent<'ArchiveRecordingStarted', { conversationId: string; source: ArchiveSource; at: string }>;
export type ArchiveEnqueued = DomainEvent<
  'ArchiveEnqueued',
  { conversationId: string; chunkCount: number; durationSeconds: number | null; at: string }
>;
export type ArchiveProcessingStarted = DomainEvent<'ArchiveProcessingStarted', { conversationId: string; attempt: number; at: string }>;
export type ArchiveProgressed = DomainEvent<'ArchiveProgressed', { conversationId: string; percent: number }>;
export type ArchiveAvailable = DomainEvent<
  'ArchiveAvailable',
  { conversationId: string; mediaKey: string; durationSeconds: number; bytes: number; at: string; expiresAt: string }
>;
export type ArchiveFailed = DomainEvent<'ArchiveFailed', { conversationId: string; reason: string; at: string }>;
export type ArchiveExpired = DomainEvent<'ArchiveExpired', { conversationId: string; at: string }>;
export type ArchiveRemoved = DomainEvent<'ArchiveRemoved', { conversationId: string; by: string | null; at: string }>;
export type ArchiveEvent =
  | ArchiveRecordingStarted
  | ArchiveEnqueued
  | ArchiveProcessingStarted
  | ArchiveProgressed
  | ArchiveAvailable
  | ArchiveFailed
  | ArchiveExpired
  | ArchiveRemoved;

export interface ArchiveState {
  conversationId: string | null;
  status: ArchiveStatus | null;
  source: ArchiveSource | null;
  percent: number;
  attempts: number;
  mediaKey: string | null;
  expiresAt: Date | null;
}

export const initialArchive = (): ArchiveState => ({
  conversationId: null,
  status: null,
  source: null,
  percent: 0,
  attempts: 0,
  mediaKey: null,
  expiresAt: null,
});

export function evolveArchive(state: ArchiveState, e: ArchiveEvent): ArchiveState {
  switch (e.type) {
    case 'ArchiveRecordingStarted':
      return { ...state, conversationId: e.data.conversationId, status: 'recording', source: e.data.source };
    case 'ArchiveEnqueued':
      return { ...state, status: 'enqueued', percent: 0 };
    case 'ArchiveProcessingStarted':
      return { ...state, status: 'started', percent: 0, attempts: e.data.attempt };
    case 'ArchiveProgressed':
      return { ...state, percent: Math.max(state.percent, e.data.percent) };
    case 'ArchiveAvailable':
      return { ...state, status: 'available', percent: 100, mediaKey: e.data.mediaKey, expiresAt: new Date(e.data.expiresAt) };
    case 'ArchiveFailed':
      return { ...state, status: 'failed' };
    case 'ArchiveExpired':
      return { ...state, status: 'expired', mediaKey: null };
    case 'ArchiveRemoved':
      return { ...state, status: 'removed', mediaKey: null };
    default:
      return state;
  }
}

/** The spec's words for a status; a dash for none (and while recording). */
export function archiveStatusText(status: ArchiveStatus | null, percent: number): string {
  switch (status) {
    case 'enqueued':
      return 'Waiting for processing';
    case 'started':
      return `Processing... (${Math.max(0, Math.min(100, Math.floor(percent)))}% complete)`;
    case 'available':
      return 'Play archive';
    case 'failed':
      return 'FAILED';
    case 'expired':
      return 'Expired';
    case 'removed':
      return 'Removed';
    default:
      return '-';
  }
}

export function decideStartRecording(
  state: ArchiveState,
  input: { conversationId: string; source: ArchiveSource },
  ctx: DecisionContext,
): ArchiveEvent[] {
  if (state.status) return []; // a second browser, or a reconnect: the recording already exists
  return [
    { type: 'ArchiveRecordingStarted', data: { conversationId: input.conversationId, source: input.source, at: ctx.now.toISOString() } },
  ];
}

/** The upload is complete (every chunk 0..chunkCount-1 stored): processing may begin. Repeats are no-ops. */
export function decideEnqueue(
  state: ArchiveState,
  input: { chunkCount: number; durationSeconds: number | null },
  ctx: DecisionContext,
): ArchiveEvent[] {
  if (!state.conversationId) throw conflict(RecordingMessages.notRecorded);
  if (state.status !== 'recording') return [];
  if (!Number.isInteger(input.chunkCount) || input.chunkCount < 1 || input.chunkCount > MAX_ARCHIVE_CHUNKS)
    throw badInput(RecordingMessages.noChunks);
  const duration =
    input.durationSeconds != null && Number.isFinite(input.durationSeconds) && input.durationSeconds > 0
      ? Math.min(input.durationSeconds, 24 * 3600)
      : null;
  return [
    {
      type: 'ArchiveEnqueued',
      data: { conversationId: state.conversationId, chunkCount: input.chunkCount, durationSeconds: duration, at: ctx.now.toISOString() },
    },
  ];
}

/** The processing job claims the archive: from enqueued, or again after a crash mid-processing. */
export function decideStartProcessing(state: ArchiveState, ctx: DecisionContext): ArchiveEvent[] {
  if (state.status !== 'enqueued' && state.status !== 'started') return [];
  return [
    {
      type: 'ArchiveProcessingStarted',
      data: { conversationId: state.conversationId!, attempt: state.attempts + 1, at: ctx.now.toISOString() },
    },
  ];
}

/** Progress while processing, only forwards. */
export function decideProgress(state: ArchiveState, percent: number): ArchiveEvent[] {
  const whole = Math.floor(percent);
  if (state.status !== 'started' || !(whole > state.percent) || whole > 99) return [];
  return [{ type: 'ArchiveProgressed', data: { conversationId: state.conversationId!, percent: whole } }];
}

export function decideAvailable(
  state: ArchiveState,
  input: { mediaKey: string; durationSeconds: number; bytes: number },
  ctx: DecisionContext,
): ArchiveEvent[] {
  if (state.status !== 'started') return [];
  const expiresAt = new Date(ctx.now.getTime() + ARCHIVE_RETENTION_DAYS * 86_400_000);
  return [
    {
      type: 'ArchiveAvailable',
      data: { conversationId: state.conversationId!, ...input, at: ctx.now.toISOString(), expiresAt: expiresAt.toISOString() },
    },
  ];
}

export function decideFail(state: ArchiveState, reason: string, ctx: DecisionContext): ArchiveEvent[] {
  if (state.status !== 'started' && state.status !== 'enqueued') return [];
  return [
    { type: 'ArchiveFailed', data: { conversationId: state.conversationId!, reason: reason.slice(0, 500), at: ctx.now.toISOString() } },
  ];
}

/**
 * A browser upload that went silent (the speaker's browser crashed or lost the network for good
 * before it reported the upload complete): what arrived from chunk 0 on without a gap is a playable
 * recording of the conversation up to that moment, so it is processed; with no chunk 0 there is
 * nothing to play and the archive fails.
 */
export const STALLED_UPLOAD_MINUTES = 30;

export function decideSettleStalledUpload(
  state: ArchiveState,
  input: { receivedIndexes: readonly number[] },
  ctx: DecisionContext,
): ArchiveEvent[] {
  if (state.status !== 'recording' || state.source !== 'browser') return [];
  const received = new Set(input.receivedIndexes);
  let prefix = 0;
  while (received.has(prefix) && prefix < MAX_ARCHIVE_CHUNKS) prefix++;
  if (prefix > 0) return decideEnqueue(state, { chunkCount: prefix, durationSeconds: null }, ctx);
  return [
    {
      type: 'ArchiveFailed',
      data: {
        conversationId: state.conversationId!,
        reason: 'The upload of the recording stopped before its first part arrived.',
        at: ctx.now.toISOString(),
      },
    },
  ];
}

/**
 * The retention job: an available archive whose retention ended (./retention.ts: its course's days
 * after the course ends, else the expiry it became available with) becomes expired (its file is deleted first).
 */
export function decideExpire(state: ArchiveState, input: { retentionEnds: Date | null }, ctx: DecisionContext): ArchiveEvent[] {
  if (state.status !== 'available' || !input.retentionEnds || input.retentionEnds > ctx.now) return [];
  return [{ type: 'ArchiveExpired', data: { conversationId: state.conversationId!, at: ctx.now.toISOString() } }];
}

/** An admin removes a recording (a request to delete it, say). */
export function decideRemove(state: ArchiveState, ctx: DecisionContext): ArchiveEvent[] {
  if (!ctx.actor.roles.includes('ADMIN')) throw unauthorized();
  if (!state.status || state.status === 'removed' || state.status === 'expired') return [];
  return [{ type: 'ArchiveRemoved', data: { conversationId: state.conversationId!, by: ctx.actor.accountId, at: ctx.now.toISOString() } }];
}

/**
 * Who may play an archive (spec: only the student and their instructor; admins see everything).
 * The speaker may not: the recording is the student's learning record, and a speaker has no need
 * to watch themselves (decided in docs/decisions/recordings.md).
 */
export function mayPlayArchive(
  viewer: { accountId: string | null; roles: readonly string[] },
  conversation: { studentId: string; courseOwnerId: string | null },
): boolean {
  if (!viewer.accountId) return false;
  if (viewer.roles.includes('ADMIN')) return true;
  if (viewer.accountId === conversation.studentId) return true;
  // The course's owner, onboarded or still onboarding (the ONBOARDING_ form of the role).
  return conversation.courseOwnerId !== null && viewer.accountId === conversation.courseOwnerId && holdsRole(viewer.roles, 'INSTRUCTOR');
}
