/**
 * The provider recording's download (the `archive-fetch` job): streamed to a temporary file whose
 * bytes are counted as they come (a provider need not send a length), handed over, then removed.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'vitest';
import type { CommandExecutor } from '../commands/execute';
import type { ArchiveFetchJob } from '../jobs';
import { providerRecordings } from './providers';

const JOB: ArchiveFetchJob = {
  conversationId: 'c-1',
  provider: 'zoom',
  url: 'https://zoom.us/rec/download/abc',
  authorization: 'Bearer short-lived',
  durationSeconds: 12,
};

/** A body sent in `parts` pieces of `size` bytes, with no Content-Length. */
function streamed(parts: number, size: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent === parts) return controller.close();
      controller.enqueue(new Uint8Array(size).fill(sent++));
    },
  });
}

function downloader(response: () => Response) {
  const handed: { file: string; bytes: Buffer; input: unknown }[] = [];
  const requests: RequestInit[] = [];
  const providers = providerRecordings({
    commands: {} as CommandExecutor, // the download never appends
    enqueueFetch: async () => {},
    maxBytes: 1000,
    fetchImpl: async (_url, init) => {
      requests.push(init ?? {});
      return response();
    },
    archive: {
      async receiveProviderRecording(input) {
        handed.push({ file: input.file, bytes: fs.readFileSync(input.file), input });
        return { enqueued: true };
      },
    },
  });
  return { providers, handed, requests };
}

describe('a provider recording download', () => {
  it('streams the body to a file it hands over, then removes', async () => {
    const { providers, handed, requests } = downloader(() => new Response(streamed(4, 250)));
    assert.deepEqual(await providers.fetch(JOB), { enqueued: true });
    assert.equal(handed.length, 1);
    assert.deepEqual(handed[0].bytes, Buffer.concat([0, 1, 2, 3].map((n) => Buffer.alloc(250, n))));
    assert.deepEqual(handed[0].input, { conversationId: 'c-1', source: 'zoom', file: handed[0].file, durationSeconds: 12 });
    assert.deepEqual(requests[0].headers, { authorization: 'Bearer short-lived' });
    assert.equal(fs.existsSync(handed[0].file), false, 'the temporary file is removed');
  });

  it('stops a body that grows past the limit without a length, one whose length says it is too large, and a refusal', async () => {
    const unannounced = downloader(() => new Response(streamed(5, 250)));
    await assert.rejects(unannounced.providers.fetch(JOB), /too large \(1250 bytes, at most 1000\)/);
    assert.equal(unannounced.handed.length, 0);
    const announced = downloader(() => new Response('x', { headers: { 'content-length': '1001' } }));
    await assert.rejects(announced.providers.fetch(JOB), /too large \(1001 bytes/);
    const refused = downloader(() => new Response('gone', { status: 404 }));
    await assert.rejects(refused.providers.fetch(JOB), /zoom answered 404 for the recording of c-1/);
    assert.equal(announced.handed.length + refused.handed.length, 0);
  });
});
