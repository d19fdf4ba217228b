/**
 * The connection-speed check against our own API (services/api/throughput.ts): a short probe each
 * way, then a transfer sized to last about two seconds at the probe's speed (at most 8 MB), timed
 * from the first byte so the request's own set-up is not counted as slowness. Download is timed in
 * the browser; upload by the server (`ms`, from the request's headers to its last byte), or by the
 * browser when the server's time is too small to mean anything.
 */
import { translateOr } from '../i18n/translate';
import { REQUIRED_MBPS, THROUGHPUT_MAX_BYTES, THROUGHPUT_PATH, type UploadResult } from '../../../contracts/throughput';

export interface SpeedResult {
  downMbps: number;
  upMbps: number;
}

const PROBE_BYTES = 256 * 1024;
const TARGET_SECONDS = 2;

export const mbps = (bytes: number, ms: number) => (bytes * 8) / 1_000_000 / (Math.max(ms, 1) / 1000);

/** The main transfer's size: about TARGET_SECONDS at `probeMbps`, between the probe and the cap. */
export function nextSize(probeMbps: number): number {
  const bytes = Math.round(((probeMbps * 1_000_000) / 8) * TARGET_SECONDS);
  return Math.min(THROUGHPUT_MAX_BYTES, Math.max(PROBE_BYTES, bytes));
}

/** Mbps for people: rounded down, so a speed just under the requirement never shows as '1.00'. */
export function formatMbps(value: number): string {
  if (value >= 100) return String(Math.floor(value));
  if (value >= 10) return (Math.floor(value * 10) / 10).toFixed(1);
  return (Math.floor(value * 100) / 100).toFixed(2);
}

export interface Verdict {
  ok: boolean;
  text: string;
}

/** The result against the spec's 'at least 1 Mbps down and 1 Mbps up'. */
export function speedVerdict({ downMbps, upMbps }: SpeedResult): Verdict {
  const short = [
    ...(downMbps < REQUIRED_MBPS ? [`download ${formatMbps(downMbps)} Mbps`] : []),
    ...(upMbps < REQUIRED_MBPS ? [`upload ${formatMbps(upMbps)} Mbps`] : []),
  ];
  if (!short.length)
    return {
      ok: true,
      text: translateOr('compatibility.speed.meets', `Meets the ${REQUIRED_MBPS} Mbps requirement`, { required: REQUIRED_MBPS }),
    };
  const which = short.length === 2 ? 'both' : downMbps < REQUIRED_MBPS ? 'download' : 'upload';
  const values = { required: REQUIRED_MBPS, which, down: formatMbps(downMbps), up: formatMbps(upMbps) };
  return {
    ok: false,
    text: translateOr('compatibility.speed.below', `Below the ${REQUIRED_MBPS} Mbps needed: ${short.join(' and ')}`, values),
  };
}

/** Progress of one transfer: bytes done of bytes planned. */
type OnBytes = (done: number, total: number) => void;

export class SpeedCheckError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SpeedCheckError';
  }
}

function failure(xhr: XMLHttpRequest): SpeedCheckError {
  if (xhr.status === 429)
    return new SpeedCheckError(
      translateOr(
        'compatibility.speed.tooOften',
        'The connection speed was checked too often from your network. Please wait a few minutes and try again.',
      ),
      429,
    );
  if (xhr.status === 0)
    return new SpeedCheckError(
      translateOr(
        'compatibility.speed.lost',
        'The connection to Tertulia was lost during the check. Please check your internet connection and try again.',
      ),
    );
  return new SpeedCheckError(
    translateOr('compatibility.speed.failed', `The connection speed check failed (HTTP ${xhr.status}). Please try again.`, {
      status: String(xhr.status),
    }),
    xhr.status,
  );
}

/** Downloads `bytes` and answers the download's Mbps, timed from the first byte received. */
export function measureDownload(bytes: number, onBytes: OnBytes, signal: AbortSignal): Promise<number> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new DOMException('The check was stopped.', 'AbortError'));
    const xhr = new XMLHttpRequest();
    let first: { at: number; loaded: number } | null = null;
    const sent = performance.now();
    xhr.open('GET', `${THROUGHPUT_PATH}/download?bytes=${bytes}`);
    xhr.responseType = 'arraybuffer';
    xhr.onprogress = (event) => {
      first ??= { at: performance.now(), loaded: event.loaded };
      onBytes(event.loaded, bytes);
    };
    xhr.onload = () => {
      if (xhr.status !== 200) return reject(failure(xhr));
      const end = performance.now();
      const received = (xhr.response as ArrayBuffer | null)?.byteLength ?? bytes;
      onBytes(received, bytes);
      // From the first progress event when enough came after it to time; else the whole request.
      const timed =
        first && received - first.loaded >= received / 2 && end - first.at >= 5
          ? mbps(received - first.loaded, end - first.at)
          : mbps(received, end - sent);
      resolve(timed);
    };
    xhr.onerror = () => reject(failure(xhr));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.onabort = () => reject(new DOMException('The check was stopped.', 'AbortError'));
    xhr.send();
  });
}

function uploadBody(bytes: number): Blob {
  const chunk = new Uint8Array(64 * 1024);
  crypto.getRandomValues(chunk);
  const parts: Uint8Array[] = [];
  for (let left = bytes; left > 0; left -= chunk.length) parts.push(left >= chunk.length ? chunk : chunk.subarray(0, left));
  return new Blob(parts as BlobPart[], { type: 'application/octet-stream' });
}

/** Uploads `bytes` and answers the upload's Mbps, as the server timed it when it could. */
export function measureUpload(bytes: number, onBytes: OnBytes, signal: AbortSignal): Promise<number> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new DOMException('The check was stopped.', 'AbortError'));
    const xhr = new XMLHttpRequest();
    const sent = performance.now();
    xhr.open('POST', `${THROUGHPUT_PATH}/upload`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => onBytes(event.loaded, bytes);
    xhr.onload = () => {
      if (xhr.status !== 200) return reject(failure(xhr));
      const elapsed = performance.now() - sent;
      const answer = xhr.response as UploadResult | null;
      onBytes(bytes, bytes);
      resolve(answer && answer.bytes > 0 && answer.ms >= 5 ? mbps(answer.bytes, answer.ms) : mbps(bytes, elapsed));
    };
    xhr.onerror = () => reject(failure(xhr));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.onabort = () => reject(new DOMException('The check was stopped.', 'AbortError'));
    xhr.send(uploadBody(bytes));
  });
}

export type SpeedPhase = 'download' | 'upload';

/**
 * The whole check: download then upload, each a probe and a sized transfer. `onProgress` gets the
 * phase and the overall share done (0 to 100).
 */
export async function runSpeedCheck(onProgress: (phase: SpeedPhase, percent: number) => void, signal: AbortSignal): Promise<SpeedResult> {
  // Four steps of equal weight on the bar: probe and main transfer, each way.
  const step = (phase: SpeedPhase, index: number) => (done: number, total: number) =>
    onProgress(phase, Math.min(100, ((index + (total ? Math.min(done / total, 1) : 0)) / 4) * 100));
  const downProbe = await measureDownload(PROBE_BYTES, step('download', 0), signal);
  const downMbps = await measureDownload(nextSize(downProbe), step('download', 1), signal);
  // The upload's phase shows from its start: its first progress event may come only at its end.
  onProgress('upload', 50);
  const upProbe = await measureUpload(PROBE_BYTES, step('upload', 2), signal);
  const upMbps = await measureUpload(nextSize(upProbe), step('upload', 3), signal);
  onProgress('upload', 100);
  return { downMbps, upMbps };
}
