/**
 * A video provider's cloud recording (Zoom, Twilio), announced by its verified webhook: each
 * delivery is taken once (its event id claims a stream `webhook-<provider>-<hash>` with
 * 'no_stream', so a retried or replayed delivery finds it taken), then a job downloads the file
 * and hands it to the same processing path as a browser recording.
 */
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
}) {
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

    /** The job: downloads the recording and enqueues it for processing. */
    async fetch(job: ArchiveFetchJob) {
      const res = await (deps.fetchImpl ?? fetch)(job.url, {
        headers: job.authorization ? { authorization: job.authorization } : {},
        redirect: 'follow',
      });
      if (!res.ok) throw new Error(`${job.provider} answered ${res.status} for the recording of ${job.conversationId}`);
      const length = Number(res.headers.get('content-length') ?? 0);
      if (length > MAX_PROVIDER_RECORDING_BYTES) throw new Error(`The ${job.provider} recording is too large (${length} bytes).`);
      const bytes = Buffer.from(await res.arrayBuffer());
      return deps.archive.receiveProviderRecording({
        conversationId: job.conversationId,
        source: job.provider,
        bytes,
        durationSeconds: job.durationSeconds,
      });
    },
  };
}

export type ProviderRecordings = ReturnType<typeof providerRecordings>;
