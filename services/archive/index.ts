/**
 * Recordings (issue 10) put together: the upload and provider handlers, the processing job and the
 * retention sweep, over the storage port, the chunk table and the job queue.
 */
import type pg from 'pg';
import { archivesDueToExpire, pendingArchives, retentionFactsOf } from '../../projections/archives';
import type { PrivacySettings } from '../domain/archive/consent';
import { retentionEnds } from '../domain/archive/retention';
import type { CommandExecutor } from '../commands/execute';
import { archiveHandlers, type ArchiveHandlers } from '../domain/archive/handlers';
import type { FileStorage } from '../integrations/storage';
import { archiveChunks, type ArchiveChunks } from './chunks';
import { archiveProcessor, type ArchiveProcessor } from './process';
import type { ArchiveFetchJob } from '../jobs';
import { providerRecordings, type ProviderRecordings } from './providers';
import { STALLED_UPLOAD_MINUTES } from '../domain/archive/archive';

/**
 * Browser uploads still open whose last chunk (or, with none, whose start) is older than `before`.
 * A recorder sends a chunk every 5 seconds while it records, so a long silence means it is gone.
 */
async function stalledUploads(pool: pg.Pool, before: Date, limit = 500): Promise<string[]> {
  const { rows } = await pool.query(
    `SELECT a.conversation_id FROM rm_archives.archives a
      WHERE a.status = 'recording' AND a.source = 'browser'
        AND COALESCE((SELECT max(c.received_at) FROM archive.chunks c WHERE c.conversation_id = a.conversation_id), a.started_on) < $1
      ORDER BY a.started_on LIMIT $2`,
    [before, limit],
  );
  return rows.map((r) => r.conversation_id as string);
}

export interface ArchiveService extends ArchiveHandlers {
  chunks: ArchiveChunks;
  process: ArchiveProcessor['process'];
  /** Expires every archive whose retention ended by `now`; returns how many. */
  expire(now: Date): Promise<number>;
  /** Settles every browser upload silent for STALLED_UPLOAD_MINUTES by `now`; returns how many. */
  settleStalledUploads(now: Date): Promise<number>;
  /** When an archive's retention ends (its course's days after the course, else its own expiry); null without one. */
  retentionEndsOf(conversationId: string): Promise<Date | null>;
  /** The hourly sweep: expiry, then stalled uploads. */
  sweep(now: Date): Promise<{ expired: number; settled: number }>;
  /** Queues every archive left waiting or half-processed (a start after a crash). */
  recover(): Promise<number>;
  /** Zoom and Twilio recordings announced by their webhooks. */
  providers: ProviderRecordings;
}

export function createArchiveService(deps: {
  pool: pg.Pool;
  commands: CommandExecutor;
  storage: FileStorage;
  enqueueProcessing(conversationId: string): Promise<void>;
  enqueueFetch(job: ArchiveFetchJob): Promise<void>;
  /** The school's retention days (services/domain/archive/consent.ts). */
  privacySettings(): Promise<PrivacySettings>;
  onError?: (error: unknown, context: string) => void;
}): ArchiveService {
  const chunks = archiveChunks(deps.pool);
  const retentionEndsOf = async (conversationId: string) => {
    const facts = await retentionFactsOf(deps.pool, conversationId);
    return facts ? retentionEnds(facts, await deps.privacySettings()) : null;
  };
  const handlers = archiveHandlers({
    commands: deps.commands,
    storage: deps.storage,
    chunks,
    enqueueProcessing: deps.enqueueProcessing,
    retentionEndsOf,
  });
  const processor = archiveProcessor({ commands: deps.commands, storage: deps.storage, chunks, onError: deps.onError });
  const service: ArchiveService = {
    ...handlers,
    retentionEndsOf,
    chunks,
    process: processor.process,
    providers: providerRecordings({ commands: deps.commands, archive: handlers, enqueueFetch: deps.enqueueFetch }),
    async expire(now) {
      let expired = 0;
      const settings = await deps.privacySettings();
      for (const facts of await archivesDueToExpire(deps.pool, now)) {
        const { conversationId } = facts;
        const ends = retentionEnds(facts, settings);
        if (!ends || ends > now) continue;
        try {
          if (await handlers.expireOne(conversationId, now)) expired++;
        } catch (error) {
          deps.onError?.(error, `archive ${conversationId}: expiry failed`);
        }
      }
      return expired;
    },
    async settleStalledUploads(now) {
      let settled = 0;
      for (const conversationId of await stalledUploads(deps.pool, new Date(now.getTime() - STALLED_UPLOAD_MINUTES * 60_000))) {
        try {
          if (await handlers.settleStalledUpload(conversationId, now)) settled++;
        } catch (error) {
          deps.onError?.(error, `archive ${conversationId}: settling a stalled upload failed`);
        }
      }
      return settled;
    },
    async sweep(now) {
      const expired = await service.expire(now);
      return { expired, settled: await service.settleStalledUploads(now) };
    },
    async recover() {
      const pending = await pendingArchives(deps.pool);
      for (const conversationId of pending) await deps.enqueueProcessing(conversationId);
      return pending.length;
    },
  };
  return service;
}
