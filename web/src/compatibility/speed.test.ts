import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'vitest';
import { THROUGHPUT_MAX_BYTES } from '../../../contracts/throughput';
import { formatMbps, mbps, nextSize, runSpeedCheck, speedVerdict } from './speed';

describe('speedVerdict', () => {
  it('meets the requirement at 1 Mbps each way and above', () => {
    assert.deepEqual(speedVerdict({ downMbps: 1, upMbps: 1 }), { ok: true, text: 'Meets the 1 Mbps requirement' });
    assert.deepEqual(speedVerdict({ downMbps: 250, upMbps: 40 }), { ok: true, text: 'Meets the 1 Mbps requirement' });
  });
  it('names the direction that falls short, never rounding it up to the requirement', () => {
    assert.deepEqual(speedVerdict({ downMbps: 0.999, upMbps: 5 }), { ok: false, text: 'Below the 1 Mbps needed: download 0.99 Mbps' });
    assert.deepEqual(speedVerdict({ downMbps: 20, upMbps: 0.4 }), { ok: false, text: 'Below the 1 Mbps needed: upload 0.40 Mbps' });
    assert.equal(speedVerdict({ downMbps: 0.5, upMbps: 0.25 }).text, 'Below the 1 Mbps needed: download 0.50 Mbps and upload 0.25 Mbps');
  });
});

describe('speed arithmetic', () => {
  it('formats Mbps rounded down', () => {
    assert.equal(formatMbps(345.9), '345');
    assert.equal(formatMbps(12.99), '12.9');
    assert.equal(formatMbps(1.239), '1.23');
  });
  it('computes Mbps from bytes and milliseconds', () => {
    assert.equal(mbps(125_000, 1000), 1);
    assert.equal(mbps(1_250_000, 1000), 10);
  });
  it('sizes the main transfer to about 2 seconds, between the probe and the cap', () => {
    assert.equal(nextSize(8), 2_000_000);
    assert.equal(nextSize(0.01), 256 * 1024);
    assert.equal(nextSize(10_000), THROUGHPUT_MAX_BYTES);
  });
});

/** An XMLHttpRequest that answers at once, logging each request sent; upload progress comes only at the end, as behind some proxies. */
function fakeXhr(log: string[]) {
  return class FakeXhr {
    upload: { onprogress?: (e: { loaded: number }) => void } = {};
    onprogress?: (e: { loaded: number }) => void;
    onload?: () => void;
    status = 200;
    response: unknown = null;
    responseType = '';
    private method = '';
    private url = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    send(body?: Blob) {
      log.push(`${this.method} ${this.url.split('?')[0]}`);
      setTimeout(() => {
        if (body) {
          this.upload.onprogress?.({ loaded: body.size });
          this.response = { bytes: body.size, ms: 10 };
        } else {
          const bytes = Number(new URL(this.url, 'http://x').searchParams.get('bytes'));
          this.onprogress?.({ loaded: bytes });
          this.response = new ArrayBuffer(bytes);
        }
        this.onload?.();
      }, 0);
    }
    abort() {}
  };
}

describe('runSpeedCheck', () => {
  const realXhr = globalThis.XMLHttpRequest;
  afterEach(() => {
    globalThis.XMLHttpRequest = realXhr;
  });

  it('shows the upload phase from the moment the upload starts, not from its first progress event', async () => {
    const log: string[] = [];
    globalThis.XMLHttpRequest = fakeXhr(log) as unknown as typeof XMLHttpRequest;
    await runSpeedCheck((phase) => {
      if (phase === 'upload' && !log.includes('phase upload')) log.push('phase upload');
    }, new AbortController().signal);
    const firstUpload = log.findIndex((l) => l.startsWith('POST'));
    assert.ok(firstUpload > 0, log.join(', '));
    assert.equal(log[firstUpload - 1], 'phase upload', log.join(', '));
  });
});
