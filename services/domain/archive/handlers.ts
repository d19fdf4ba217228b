/**
 * Recordings (issue 10): the upload of a browser recording in chunks, a provider's recording handed
 * over by its webhook, the processing job's claims and outcome, retention and removal. The chunk
 * bytes go through the storage port (private `archive-chunks` folder); the finished MP4 to the
 * private `archives` folder. Processing itself (ffmpeg) is in services/archive/process.ts.
 */
import fs from 'node:fs/promises';
import type { CommandExecutor, CommandMeta, CommandTransaction } from '../../commands/execute';
import { conversationStream, type ConversationEvent } from '../conversations/events';
import { evolveConversation, type ConversationState } from '../conversations/conversation';
import { SYSTEM_ACTOR, fold } from '../shared/decider';
import { badInput, conflict, notFound, unauthorized } from '../shared/errors';
import type { ArchiveChunks } from '../../archive/chunks';
import { chunkKey, missingChunks } from '../../archive/chunks';
import type { FileStorage } from '../../integrations/storage';
import {
  MAX_ARCHIVE_CHUNKS,
  archiveStream,
  decideEnqueue,
  decideExpire,
  decideRemove,
  decideSettleStalledUpload,
  decideStartRecording,
  evolveArchive,
  initialArchive,
  type ArchiveEnqueued,
  type ArchiveEvent,
  type ArchiveSource,
  type ArchiveState,
  RecordingMessages,
} from './archive';
import { ConversationMessages } from '../conversations/messages';

/** A WebM (Matroska) file starts with the EBML header's id. */
const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

export interface Uploader {
  accountId: string;
  isAdmin: boolean;
}

export interface ArchiveHandlerDeps {
  commands: CommandExecutor;
  storage: FileStorage;
  chunks: ArchiveChunks;
  /** Queues the processing job (after the enqueue committed). */
  enqueueProcessing(conversationId: string): Promise<void>;
  /** When the archive's retention ends (../archive/retention.ts over the read models and the school's settings). */
  retentionEndsOf(conversationId: string): Promise<Date | null>;
}

export async function readArchive(
  tx: Pick<CommandTransaction, 'read'>,
  conversationId: string,
): Promise<{ state: ArchiveState; enqueued: ArchiveEnqueued['data'] | null }> {
  const events = (await tx.read(archiveStream(conversationId))) as ArchiveEvent[];
  const enqueued = [...events].reverse().find((e): e is ArchiveEnqueued => e.type === 'ArchiveEnqueued');
  return { state: fold(evolveArchive, initialArchive(), events), enqueued: enqueued?.data ?? null };
}

async function readConversation(tx: CommandTransaction, conversationId: string): Promise<ConversationState> {
  const events = (await tx.read(conversationStream(conversationId))) as ConversationEvent[];
  const state = events.reduce<ConversationState | null>(evolveConversation, null);
  if (!state) throw notFound(ConversationMessages.notFound);
  return state;
}

/** Only the conversation's speaker (whose browser records) or an admin uploads; only a recorded lesson. */
function assertUploader(c: ConversationState, viewer: Uploader) {
  if (!viewer.isAdmin && viewer.accountId !== c.reservedWith) throw unauthorized(RecordingMessages.notSpeaker);
  if (!c.archiveOnStart || c.kind !== 'lesson') throw conflict(RecordingMessages.notRecorded);
  if (c.canceled) throw conflict(RecordingMessages.canceled);
}

const uploadClosed = () => conflict(RecordingMessages.uploaded);

export function archiveHandlers(deps: ArchiveHandlerDeps) {
  const { commands, storage, chunks } = deps;
  const system = (meta?: Partial<CommandMeta>): CommandMeta => ({ actor: SYSTEM_ACTOR, ...meta });

  return {
    /**
     * Stores chunk `index` of the conversation's browser recording. The first chunk to arrive starts
     * the recording; a chunk that is already stored changes nothing. Refused once the upload is complete.
     */
    async receiveChunk(meta: CommandMeta, input: { conversationId: string; index: number; bytes: Buffer; viewer: Uploader }) {
      if (!Number.isInteger(input.index) || input.index < 0 || input.index >= MAX_ARCHIVE_CHUNKS)
        throw badInput(RecordingMessages.chunkOutOfRange);
      if (!input.bytes.length) throw badInput(RecordingMessages.chunkEmpty);
      if (input.index === 0 && !input.bytes.subarray(0, 4).equals(EBML_MAGIC)) throw badInput(RecordingMessages.notWebm);
      const outcome = await commands.execute(meta, async (tx) => {
        const c = await readConversation(tx, input.conversationId);
        assertUploader(c, input.viewer);
        const { state } = await readArchive(tx, c.conversationId);
        if (state.status && state.status !== 'recording') throw uploadClosed();
        const events = decideStartRecording(
          state,
          { conversationId: c.conversationId, source: 'browser' },
          { now: tx.now, actor: tx.actor },
        );
        if (events.length) tx.append(archiveStream(c.conversationId), events);
        return c.conversationId;
      });
      const conversationId = outcome.result;
      if (await chunks.has(conversationId, input.index)) return { received: true, stored: false };
      const key = chunkKey(storage, conversationId, input.index);
      await storage.put(key, input.bytes, 'video/webm');
      const stored = await chunks.add(conversationId, { index: input.index, key, bytes: input.bytes.length });
      return { received: true, stored };
    },

    /** The indexes stored so far, for a recorder resuming after a dropped connection. */
    async receivedChunks(meta: CommandMeta, input: { conversationId: string; viewer: Uploader }): Promise<number[]> {
      await commands.execute(meta, async (tx) => assertUploader(await readConversation(tx, input.conversationId), input.viewer));
      return (await chunks.list(input.conversationId)).map((c) => c.index);
    },

    /**
     * The recorder says it sent `chunkCount` chunks: when all of them are stored the archive is
     * enqueued for processing; otherwise the missing indexes come back and nothing changes.
     */
    async completeUpload(
      meta: CommandMeta,
      input: { conversationId: string; chunkCount: number; durationSeconds: number | null; viewer: Uploader },
    ) {
      if (!Number.isInteger(input.chunkCount) || input.chunkCount < 1 || input.chunkCount > MAX_ARCHIVE_CHUNKS)
        throw badInput(RecordingMessages.chunkCount);
      const received = (await chunks.list(input.conversationId)).map((c) => c.index);
      const missing = missingChunks(received, input.chunkCount);
      const outcome = await commands.execute(meta, async (tx) => {
        const c = await readConversation(tx, input.conversationId);
        assertUploader(c, input.viewer);
        const { state } = await readArchive(tx, c.conversationId);
        if (!state.status) throw conflict(RecordingMessages.notRecorded);
        if (state.status !== 'recording') return { enqueued: true, missing: [] as number[] }; // reported twice
        if (missing.length) return { enqueued: false, missing };
        const events = decideEnqueue(state, input, { now: tx.now, actor: tx.actor });
        tx.append(archiveStream(c.conversationId), events);
        tx.afterCommit(() => deps.enqueueProcessing(c.conversationId));
        return { enqueued: true, missing: [] as number[] };
      });
      return { ...outcome.result, appended: outcome.appended };
    },

    /**
     * A provider's cloud recording (Zoom, Twilio: an MP4), a file on disk: stored as the recording's
     * only chunk and enqueued, so it goes the same processing path as a browser's. A repeat does nothing.
     */
    async receiveProviderRecording(input: {
      conversationId: string;
      source: Exclude<ArchiveSource, 'browser'>;
      file: string;
      durationSeconds: number | null;
    }) {
      const { size } = await fs.stat(input.file);
      if (!size) throw badInput(RecordingMessages.providerEmpty);
      const probe = await commands.execute(system(), async (tx) => {
        const c = await readConversation(tx, input.conversationId);
        const { state } = await readArchive(tx, c.conversationId);
        return { recorded: c.archiveOnStart && !c.canceled, status: state.status };
      });
      if (!probe.result.recorded || (probe.result.status && probe.result.status !== 'recording')) return { enqueued: false };
      const key = chunkKey(storage, input.conversationId, 0);
      await storage.putFile(key, input.file, 'video/mp4');
      await chunks.add(input.conversationId, { index: 0, key, bytes: size });
      const outcome = await commands.execute(system(), async (tx) => {
        const { state } = await readArchive(tx, input.conversationId);
        const ctx = { now: tx.now, actor: tx.actor };
        const started = decideStartRecording(state, { conversationId: input.conversationId, source: input.source }, ctx);
        const after = fold(evolveArchive, state, started);
        const enqueued =
          after.status === 'recording' ? decideEnqueue(after, { chunkCount: 1, durationSeconds: input.durationSeconds }, ctx) : [];
        if (!started.length && !enqueued.length) return false;
        tx.append(archiveStream(input.conversationId), [...started, ...enqueued]);
        if (enqueued.length) tx.afterCommit(() => deps.enqueueProcessing(input.conversationId));
        return enqueued.length > 0;
      });
      return { enqueued: outcome.result };
    },

    /**
     * A browser upload that went silent (see decideSettleStalledUpload): processed up to its first
     * gap, or failed with nothing to play; a failed one's chunks are deleted. True when it changed.
     */
    async settleStalledUpload(conversationId: string, now: Date) {
      const received = (await chunks.list(conversationId)).map((c) => c.index);
      const outcome = await commands.execute(system({ now: () => now }), async (tx) => {
        const { state } = await readArchive(tx, conversationId);
        const events = decideSettleStalledUpload(state, { receivedIndexes: received }, { now, actor: tx.actor });
        if (!events.length) return null;
        tx.append(archiveStream(conversationId), events);
        if (events[0].type === 'ArchiveEnqueued') tx.afterCommit(() => deps.enqueueProcessing(conversationId));
        return events[0].type;
      });
      if (outcome.result === 'ArchiveFailed') {
        for (const chunk of await chunks.list(conversationId)) await storage.delete(chunk.key);
        await chunks.clear(conversationId);
      }
      return outcome.result !== null;
    },

    /** An archive past its retention: its file is deleted, then it shows as expired. */
    async expireOne(conversationId: string, now: Date) {
      const meta = system({ now: () => now });
      const retentionEnds = await deps.retentionEndsOf(conversationId);
      const due = await commands.execute(meta, async (tx) => {
        const { state } = await readArchive(tx, conversationId);
        return decideExpire(state, { retentionEnds }, { now, actor: tx.actor }).length ? state.mediaKey : null;
      });
      if (!due.result) return false;
      // The file first: should the append fail, the next run deletes nothing and appends then.
      await storage.delete(due.result);
      const outcome = await commands.execute(meta, async (tx) => {
        const { state } = await readArchive(tx, conversationId);
        const events = decideExpire(state, { retentionEnds }, { now, actor: tx.actor });
        if (events.length) tx.append(archiveStream(conversationId), events);
        return events.length > 0;
      });
      return outcome.result;
    },

    /** An admin removes an archive: its file is deleted and it shows as removed. */
    async remove(meta: CommandMeta, input: { conversationId: string }) {
      const outcome = await commands.execute(meta, async (tx) => {
        const { state } = await readArchive(tx, input.conversationId);
        if (!state.status && !tx.actor.roles.includes('ADMIN')) throw unauthorized();
        if (!state.status) throw notFound(RecordingMessages.noRecording);
        const events = decideRemove(state, { now: tx.now, actor: tx.actor });
        if (events.length) tx.append(archiveStream(input.conversationId), events);
        return { mediaKey: events.length ? state.mediaKey : null, removed: true };
      });
      if (outcome.result.mediaKey) await storage.delete(outcome.result.mediaKey);
      // Chunks of an upload that never finished go too.
      for (const chunk of await chunks.list(input.conversationId)) await storage.delete(chunk.key);
      await chunks.clear(input.conversationId);
      return { removed: true, appended: outcome.appended };
    },
  };
}

export type ArchiveHandlers = ReturnType<typeof archiveHandlers>;
