/**
 * The archive processing job (issue 10): claims an enqueued archive (or one whose worker died
 * mid-way), joins its chunks and transcodes them to MP4 (services/domain/archive/media.ts),
 * appending progress at most every PROGRESS_STEP percent, then stores the file in the private
 * `archives` folder and marks it available, or failed after MAX_PROCESSING_ATTEMPTS tries.
 * Run twice, it does nothing more: every step is decided on the archive stream.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CommandExecutor, CommandMeta } from '../commands/execute';
import {
  archiveStream,
  decideAvailable,
  decideFail,
  decideProgress,
  decideStartProcessing,
  type ArchiveEvent,
} from '../domain/archive/archive';
import { readArchive } from '../domain/archive/handlers';
import { transcodeToMp4 } from '../domain/archive/media';
import { SYSTEM_ACTOR } from '../domain/shared/decider';
import type { FileStorage } from '../integrations/storage';
import { newStorageKey } from '../integrations/storage/port';
import type { ArchiveChunks } from './chunks';

/** Tries before an archive is given up as failed (a crash mid-way counts as a try). */
export const MAX_PROCESSING_ATTEMPTS = 3;
/** Progress is appended when it has moved this many percent. */
export const PROGRESS_STEP = 5;

export interface ProcessDeps {
  commands: CommandExecutor;
  storage: FileStorage;
  chunks: ArchiveChunks;
  /** ffmpeg threads (0: ffmpeg decides). */
  threads?: number;
  onError?: (error: unknown, context: string) => void;
}

/** A failure that another try would not mend (chunks gone): fails the archive at once. */
class Unprocessable extends Error {}

export type ProcessOutcome = 'available' | 'failed' | 'retry' | 'nothing';

export function archiveProcessor(deps: ProcessDeps) {
  const { commands, storage, chunks } = deps;
  const meta: CommandMeta = { actor: SYSTEM_ACTOR };
  const append = (conversationId: string, decide: (state: Awaited<ReturnType<typeof readArchive>>['state'], now: Date) => ArchiveEvent[]) =>
    commands.execute(meta, async (tx) => {
      const { state } = await readArchive(tx, conversationId);
      const events = decide(state, tx.now);
      if (events.length) tx.append(archiveStream(conversationId), events);
      return events;
    });

  async function transcode(conversationId: string, chunkCount: number, durationSeconds: number | null) {
    const stored = (await chunks.list(conversationId)).filter((c) => c.index < chunkCount);
    if (stored.length !== chunkCount) throw new Unprocessable(`${chunkCount - stored.length} of ${chunkCount} chunks are missing.`);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tertulia-archive-'));
    try {
      const files: string[] = [];
      for (const chunk of stored) {
        const name = path.join(dir, `${String(chunk.index).padStart(5, '0')}.webm`);
        if (!(await storage.getToFile(chunk.key, name))) throw new Unprocessable(`Chunk ${chunk.index} is no longer stored.`);
        files.push(name);
      }
      const output = path.join(dir, 'archive.mp4');
      let reported = 0;
      const result = await transcodeToMp4(files, output, {
        durationSeconds,
        threads: deps.threads ?? 0,
        onProgress: async (percent) => {
          if (percent < reported + PROGRESS_STEP || percent > 99) return;
          reported = percent;
          await append(conversationId, (s) => decideProgress(s, percent));
        },
      });
      // Stored from disk, never whole in memory: an hour's archive is some hundreds of megabytes.
      const mediaKey = newStorageKey('archives', 'mp4');
      await storage.putFile(mediaKey, output, 'video/mp4');
      return { mediaKey, bytes: (await fs.stat(output)).size, durationSeconds: result.durationSeconds };
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  return {
    async process(conversationId: string): Promise<ProcessOutcome> {
      // Claim: a new try, or the end of trying.
      const claim = await commands.execute(meta, async (tx) => {
        const { state, enqueued } = await readArchive(tx, conversationId);
        const ctx = { now: tx.now, actor: tx.actor };
        if (state.status !== 'enqueued' && state.status !== 'started') return null;
        if (state.attempts >= MAX_PROCESSING_ATTEMPTS || !enqueued) {
          tx.append(archiveStream(conversationId), decideFail(state, `Processing did not finish after ${state.attempts} attempts.`, ctx));
          return null;
        }
        tx.append(archiveStream(conversationId), decideStartProcessing(state, ctx));
        return { attempt: state.attempts + 1, chunkCount: enqueued.chunkCount, durationSeconds: enqueued.durationSeconds };
      });
      if (!claim.result) return 'nothing';
      const { attempt, chunkCount, durationSeconds } = claim.result;
      let made: { mediaKey: string; bytes: number; durationSeconds: number };
      try {
        made = await transcode(conversationId, chunkCount, durationSeconds);
      } catch (error) {
        deps.onError?.(error, `archive ${conversationId}: processing attempt ${attempt} failed`);
        if (!(error instanceof Unprocessable) && attempt < MAX_PROCESSING_ATTEMPTS) return 'retry';
        const reason = error instanceof Error ? error.message : String(error);
        await append(conversationId, (s, now) => decideFail(s, reason, { now, actor: SYSTEM_ACTOR }));
        return 'failed';
      }
      const { mediaKey } = made;
      const done = await append(conversationId, (s, now) =>
        decideAvailable(
          s,
          { mediaKey, durationSeconds: Math.round(made.durationSeconds), bytes: made.bytes },
          { now, actor: SYSTEM_ACTOR },
        ),
      );
      if (!done.result.length) {
        // Removed (or finished by another worker) meanwhile: this copy is not needed.
        await storage.delete(mediaKey);
        return 'nothing';
      }
      for (const chunk of await chunks.list(conversationId)) await storage.delete(chunk.key);
      await chunks.clear(conversationId);
      return 'available';
    },
  };
}

export type ArchiveProcessor = ReturnType<typeof archiveProcessor>;
