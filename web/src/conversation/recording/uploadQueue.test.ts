import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { createUploadQueue, defaultBackoff, type FetchLike, type FetchResponse } from './uploadQueue';

const ID = 'c-1';
const bytes = (n: number) => new Uint8Array([n, n, n]);

/**
 * A fake archive server after the contract: it keeps chunks by index, lists them, completes when
 * 0..n-1 are all there (else 409 with the missing ones). `drop` makes the next requests fail as a
 * dropped connection would (rejects), `lose` keeps a chunk but loses the answer.
 */
function fakeServer() {
  const chunks = new Map<number, Uint8Array>();
  const log: string[] = [];
  let drop = 0;
  let lose = 0;
  let refuse: { status: number; message: string } | null = null;
  let completed: { chunkCount: number; durationSeconds: number } | null = null;
  const answer = (status: number, body: unknown): FetchResponse => ({ ok: status >= 200 && status < 300, status, json: async () => body });
  const fetch: FetchLike = async (url, init) => {
    const path = url.replace(`/api/conversations/${ID}/archive`, '');
    log.push(`${init.method} ${path}`);
    if (drop > 0) {
      drop -= 1;
      throw new TypeError('Failed to fetch');
    }
    if (refuse) return answer(refuse.status, { error: { code: 'REFUSED', message: refuse.message } });
    const put = /^\/chunks\/(\d+)$/.exec(path);
    if (init.method === 'PUT' && put) {
      assert.equal(init.headers?.['content-type'], 'video/webm');
      assert.equal(init.headers?.authorization, 'Bearer t');
      const index = Number(put[1]);
      if (!chunks.has(index)) chunks.set(index, init.body as Uint8Array);
      if (lose > 0) {
        lose -= 1;
        throw new TypeError('NetworkError when attempting to fetch resource.');
      }
      return answer(200, { received: true });
    }
    if (init.method === 'GET' && path === '/chunks') return answer(200, { received: [...chunks.keys()].sort((a, b) => a - b) });
    if (init.method === 'POST' && path === '/complete') {
      const body = JSON.parse(init.body as string) as { chunkCount: number; durationSeconds: number };
      const missing = Array.from({ length: body.chunkCount }, (_, i) => i).filter((i) => !chunks.has(i));
      if (missing.length) return answer(409, { missing, error: { code: 'CHUNKS_MISSING', message: 'Some chunks are missing.' } });
      completed = body;
      return answer(202, { enqueued: true });
    }
    return answer(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  };
  return {
    fetch,
    chunks,
    log,
    get completed() {
      return completed;
    },
    dropNext(n: number) {
      drop = n;
    },
    loseNextAnswer(n: number) {
      lose = n;
    },
    refuseWith(status: number, message: string) {
      refuse = { status, message };
    },
  };
}

function queueOn(server: ReturnType<typeof fakeServer>, resume = false) {
  const pauses: number[] = [];
  const queue = createUploadQueue({
    conversationId: ID,
    fetch: server.fetch,
    headers: () => ({ authorization: 'Bearer t' }),
    sleep: async (ms) => {
      pauses.push(ms);
    },
    resume,
  });
  return { queue, pauses };
}

describe('recording upload queue', () => {
  it('PUTs each chunk by index in order, then POSTs complete with the count and the duration', async () => {
    const server = fakeServer();
    const { queue, pauses } = queueOn(server);
    for (let i = 0; i < 3; i++) queue.push(i, bytes(i));
    assert.deepEqual(await queue.complete(3, 14.6), { ok: true });
    assert.deepEqual(server.log, ['PUT /chunks/0', 'PUT /chunks/1', 'PUT /chunks/2', 'POST /complete']);
    assert.deepEqual(server.completed, { chunkCount: 3, durationSeconds: 15 });
    assert.deepEqual([...server.chunks.get(2)!], [2, 2, 2]);
    assert.deepEqual(pauses, []);
    assert.deepEqual(queue.state(), { pending: 0, sent: 3, failures: 0, error: null, completed: true });
  });

  it('after a dropped connection waits longer each time, asks what arrived and sends only the missing chunks', async () => {
    const again = fakeServer();
    const q2 = queueOn(again);
    q2.queue.push(0, bytes(0));
    again.dropNext(3); // PUT 1 fails, then two listings fail
    q2.queue.push(1, bytes(1));
    q2.queue.push(2, bytes(2));
    assert.deepEqual(await q2.queue.complete(3, 15), { ok: true });
    assert.deepEqual(again.log, [
      'PUT /chunks/0',
      'PUT /chunks/1', // dropped
      'GET /chunks', // dropped
      'GET /chunks', // dropped
      'GET /chunks',
      'PUT /chunks/1',
      'PUT /chunks/2',
      'POST /complete',
    ]);
    assert.deepEqual(q2.pauses, [1000, 2000, 4000], 'the pause doubles after each consecutive failure');
  });

  it('does not send a chunk again when the server got it but the answer was lost', async () => {
    const server = fakeServer();
    const { queue } = queueOn(server);
    server.loseNextAnswer(1);
    queue.push(0, bytes(0));
    queue.push(1, bytes(1));
    assert.deepEqual(await queue.complete(2, 10), { ok: true });
    assert.deepEqual(server.log, ['PUT /chunks/0', 'GET /chunks', 'PUT /chunks/1', 'POST /complete']);
  });

  it('a window starting over asks first and sends only what the server lacks', async () => {
    const server = fakeServer();
    server.chunks.set(0, bytes(0));
    server.chunks.set(2, bytes(2));
    const { queue } = queueOn(server, true);
    for (let i = 0; i < 4; i++) queue.push(i, bytes(i));
    assert.deepEqual(await queue.complete(4, 20), { ok: true });
    assert.deepEqual(server.log, ['GET /chunks', 'PUT /chunks/1', 'PUT /chunks/3', 'POST /complete']);
    assert.equal(queue.state().sent, 4);
  });

  it('stops with the server’s message when it refuses (the archive already enqueued)', async () => {
    const server = fakeServer();
    const { queue, pauses } = queueOn(server);
    server.refuseWith(409, 'The recording was already finished.');
    queue.push(0, bytes(0));
    queue.push(1, bytes(1));
    assert.deepEqual(await queue.complete(2, 10), { ok: false, error: 'The recording was already finished.' });
    assert.deepEqual(server.log, ['PUT /chunks/0'], 'nothing more is sent after a refusal');
    assert.deepEqual(pauses, []);
    queue.push(2, bytes(2));
    assert.deepEqual(server.log, ['PUT /chunks/0']);
  });

  it('retries complete after a dropped connection; reports the chunks the server says are missing', async () => {
    const server = fakeServer();
    const { queue, pauses } = queueOn(server);
    queue.push(0, bytes(0));
    await new Promise((r) => setImmediate(r));
    server.dropNext(1);
    assert.deepEqual(await queue.complete(1, 5), { ok: true });
    assert.deepEqual(server.log, ['PUT /chunks/0', 'POST /complete', 'POST /complete']);
    assert.deepEqual(pauses, [1000]);

    const other = fakeServer();
    const q = queueOn(other);
    q.queue.push(1, bytes(1));
    assert.deepEqual(await q.queue.complete(2, 10), { ok: false, error: 'Some chunks are missing.', missing: [0] });
  });

  it('backs off 1 s, 2 s, 4 s … up to 30 s', () => {
    assert.deepEqual([1, 2, 3, 4, 5, 6, 7, 20].map(defaultBackoff), [1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });
});
