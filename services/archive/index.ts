/**
 * Recordings (issue 10) put together: the upload and provider handlers, the processing job and the
 * retention sweep, over the storage port, the chunk table and the job queue.
 */
import type pg from 'pg';
import { archivesDueToExpire, pendingArchives } from '../../projections/archives';
import type { CommandExecutor } from '../commands/execute';
import { archiveHandlers, type ArchiveHandlers } from '../domain/archive/handlers';
import type { FileStorage } from '../integrations/storage';
import { archiveChunks, type ArchiveChunks } from './chunks';
import { archiveProcessor, type ArchiveProcessor } from './process';
import type { ArchiveFetchJob } from '../jobs';
import { providerRecordings, type ProviderRecordings } from './providers';

export interface ArchiveService extends ArchiveHandlers {
  chunks: ArchiveChunks;
  process: ArchiveProcessor['process'];
  /** Expires every archive whose retention ended by `now`; returns how many. */
  expire(now: Date): Promise<number>;
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
  onError?: (error: unknown, context: string) => void;
}): ArchiveService {
  const chunks = archiveChunks(deps.pool);
  const handlers = archiveHandlers({ commands: deps.commands, storage: deps.storage, chunks, enqueueProcessing: deps.enqueueProcessing });
  const processor = archiveProcessor({ commands: deps.commands, storage: deps.storage, chunks, onError: deps.onError });
  return {
    ...handlers,
    chunks,
    process: processor.process,
    providers: providerRecordings({ commands: deps.commands, archive: handlers, enqueueFetch: deps.enqueueFetch }),
    async expire(now) {
      let expired = 0;
      for (const conversationId of await archivesDueToExpire(deps.pool, now)) {
        try {
          if (await handlers.expireOne(conversationId, now)) expired++;
        } catch (error) {
          deps.onError?.(error, `archive ${conversationId}: expiry failed`);
        }
      }
      return expired;
    },
    async recover() {
      const pending = await pendingArchives(deps.pool);
      for (const conversationId of pending) await deps.enqueueProcessing(conversationId);
      return pending.length;
    },
  };
}
