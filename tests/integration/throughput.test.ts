/**
 * The equipment check's speed test endpoints (issue 9, services/api/throughput.ts): a download of
 * the size asked (never above the cap, never cached), an upload answered with its size, a 413 for an
 * oversized upload and a JSON 429 once one address has used up its limit.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { THROUGHPUT_DEFAULT_BYTES, THROUGHPUT_MAX_BYTES, THROUGHPUT_PATH } from '../../contracts/throughput';
import { LIMITS } from '../../services/security/rateLimit';
import { startTestApp, type TestApp } from '../support/app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, 'throughput');
});
afterAll(async () => {
  await app.close();
});

const download = (query = '') => fetch(`${app.url}${THROUGHPUT_PATH}/download${query}`);
const upload = (body: Uint8Array<ArrayBuffer>) =>
  fetch(`${app.url}${THROUGHPUT_PATH}/upload`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body });

/** Each test starts with the address's allowance whole. */
const resetLimit = () => app.runtime.pool.query('DELETE FROM rate_limits WHERE key = $1', [LIMITS.throughputPerIp('127.0.0.1').key]);

describe('throughput', () => {
  it('downloads the bytes asked for, uncached, and 2 MB when no size is named', async () => {
    await resetLimit();
    const res = await download('?bytes=300000');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    assert.equal(res.headers.get('content-type'), 'application/octet-stream');
    const body = new Uint8Array(await res.arrayBuffer());
    assert.equal(body.length, 300_000);
    assert.ok(new Set(body.subarray(0, 4096)).size > 200, 'the bytes are noise, not one repeated value');

    const plain = await download();
    assert.equal((await plain.arrayBuffer()).byteLength, THROUGHPUT_DEFAULT_BYTES);
    const none = await download('?bytes=0');
    assert.equal((await none.arrayBuffer()).byteLength, 0);
  });

  it('never sends more than the cap, and refuses a size that is not a number', async () => {
    await resetLimit();
    const res = await download(`?bytes=${THROUGHPUT_MAX_BYTES * 10}`);
    assert.equal(res.status, 200);
    assert.equal(Number(res.headers.get('content-length')), THROUGHPUT_MAX_BYTES);
    assert.equal((await res.arrayBuffer()).byteLength, THROUGHPUT_MAX_BYTES);
    for (const bad of ['-1', 'lots', '1e9', '2.5']) {
      const refused = await download(`?bytes=${bad}`);
      assert.equal(refused.status, 400, bad);
      assert.equal((await refused.json()).error.code, 'BAD_REQUEST');
    }
  });

  it('answers an upload with its size and the time it took', async () => {
    await resetLimit();
    const res = await upload(new Uint8Array(1024 * 1024).fill(7));
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const result = (await res.json()) as { bytes: number; ms: number };
    assert.equal(result.bytes, 1024 * 1024);
    assert.equal(typeof result.ms, 'number');
    assert.ok(result.ms >= 0);

    const exact = await upload(new Uint8Array(THROUGHPUT_MAX_BYTES));
    assert.equal(((await exact.json()) as { bytes: number }).bytes, THROUGHPUT_MAX_BYTES, 'exactly the cap is allowed');
  });

  it('refuses an upload over the cap with a JSON 413, declared or streamed', async () => {
    await resetLimit();
    const res = await upload(new Uint8Array(THROUGHPUT_MAX_BYTES + 1));
    assert.equal(res.status, 413);
    assert.deepEqual(await res.json(), { error: { code: 'PAYLOAD_TOO_LARGE', message: 'The upload is larger than 8 MB.' } });

    // Without a length up front (chunked), the cap is found while reading.
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > THROUGHPUT_MAX_BYTES + chunk.length) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const streamed = await fetch(`${app.url}${THROUGHPUT_PATH}/upload`, { method: 'POST', body, duplex: 'half' } as RequestInit);
    assert.equal(streamed.status, 413);
    assert.equal((await streamed.json()).error.code, 'PAYLOAD_TOO_LARGE');
  });

  it('limits each address, answering 429 in JSON', async () => {
    await resetLimit();
    const { max } = LIMITS.throughputPerIp('127.0.0.1');
    for (let i = 0; i < max; i++) {
      const res = i % 2 ? await download('?bytes=1') : await upload(new Uint8Array(1));
      assert.equal(res.status, 200, `request ${i + 1} of ${max} is allowed`);
      await res.arrayBuffer();
    }
    for (const res of [await download('?bytes=1'), await upload(new Uint8Array(16))]) {
      assert.equal(res.status, 429);
      assert.match(res.headers.get('content-type') ?? '', /application\/json/);
      assert.deepEqual(await res.json(), {
        error: { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a few minutes and try again.' },
      });
    }
  });
});
