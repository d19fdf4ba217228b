/**
 * A video provider's cloud recording (Zoom, Twilio), announced by its verified webhook: each
 * delivery is taken once (its event id claims a stream `webhook-<provider>-<hash>` with
 * 'no_stream', so a retried or replayed delivery finds it taken), then a job downloads the file
 * and hands it to the same processing path as a browser recording.
 */
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { CommandExecutor } from '../commands/execute';
import type { ArchiveHandlers } from '../domain/archive/handlers';
import { SYSTEM_ACTOR } from '../domain/shared/decider';
import type { ArchiveFetchJob } from '../jobs';
import { webhookEventStream } from '../integrations/video/recordingWebhooks';

/** The largest provider recording taken (about 3 hours of 720p). */
export const MAX_PROVIDER_RECORDING_BYTES = 2 * 1024 * 1024 * 1024 - 1;

export function providerRecordings(deps: {
  commands: CommandExecutor;
  archive: Pick<ArchiveHandlers, 'receiveProviderRecording'>;
  enqueueFetch(job: ArchiveFetchJob): Promise<void>;
  fetchImpl?: typeof fetch;
  /** MAX_PROVIDER_RECORDING_BYTES unless a test makes it small. */
  maxBytes?: number;
}) {
  const maxBytes = deps.maxBytes ?? MAX_PROVIDER_RECORDING_BYTES;
  return {
    /** Takes a delivery once; false for a repeat (nothing is queued again). */
    async accept(job: ArchiveFetchJob, eventId: string): Promise<boolean> {
      const stream = webhookEventStream(job.provider, eventId);
      const outcome = await deps.commands.execute({ actor: SYSTEM_ACTOR }, async (tx) => {
        if ((await tx.read(stream)).length) return false;
        tx.append(
          stream,
          [
            {
              type: 'ProviderRecordingAnnounced',
              data: {
                provider: job.provider,
                eventId: eventId.slice(0, 500),
                conversationId: job.conversationId,
                at: tx.now.toISOString(),
              },
            },
          ],
          'no_stream',
        );
        tx.afterCommit(() => deps.enqueueFetch(job));
        return true;
      });
      return outcome.result;
    },

    /**
     * The job: downloads the recording to a temporary file (streamed: it may be gigabytes, and a
     * provider need not say its length, so the bytes are counted as they come) and enqueues it.
     */
    async fetch(job: ArchiveFetchJob) {
      const res = await (deps.fetchImpl ?? fetch)(job.url, {
        headers: job.authorization ? { authorization: job.authorization } : {},
        redirect: 'follow',
      });
      if (!res.ok) throw new Error(`${job.provider} answered ${res.status} for the recording of ${job.conversationId}`);
      const tooLarge = (bytes: number) => new Error(`The ${job.provider} recording is too large (${bytes} bytes, at most ${maxBytes}).`);
      const length = Number(res.headers.get('content-length') ?? 0);
      if (length > maxBytes) throw tooLarge(length);
      if (!res.body) throw new Error(`${job.provider} sent no body for the recording of ${job.conversationId}`);
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tertulia-provider-'));
      try {
        const file = path.join(dir, 'recording');
        let received = 0;
        const counted = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            received += chunk.length;
            done(received > maxBytes ? tooLarge(received) : null, chunk);
          },
        });
        await pipeline(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), counted, createWriteStream(file));
        return await deps.archive.receiveProviderRecording({
          conversationId: job.conversationId,
          source: job.provider,
          file,
          durationSeconds: job.durationSeconds,
        });
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    },
  };
}

export type ProviderRecordings = ReturnType<typeof providerRecordings>;
