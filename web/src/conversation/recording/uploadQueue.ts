/**
 * The recording's upload queue (issue 10; contract in .scratch/archive-contract.md): each 5-second
 * chunk is PUT by its index, one request at a time, lowest index first. A request that fails for
 * the network (a dropped connection, a timeout, the server's 5xx or 429) is tried again after a
 * growing pause (1 s, 2 s, 4 s … at most 30 s); before sending again, and when a window starts
 * over, the queue asks the server which chunks it holds and sends only the missing ones. Any other
 * refusal (401, 403, 404, 409: the archive was already enqueued) stops the queue with the server's
 * message. `complete` waits for every chunk, then POSTs {chunkCount, durationSeconds}.
 *
 * Pure: the fetch and the pause are given, so the tests run it with a fake server and no timers.
 */

export interface FetchResponse {
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}
export type FetchLike = (
  url: string,
  init: { method: string; body?: Blob | Uint8Array | string; headers?: Record<string, string> },
) => Promise<FetchResponse>;

export type ChunkBody = Blob | Uint8Array;

export interface UploadQueueOptions {
  conversationId: string;
  fetch: FetchLike;
  /** Headers for every request (the bearer token). Called per request: the token may change. */
  headers?: () => Record<string, string>;
  sleep?: (ms: number) => Promise<void>;
  /** The pause before the nth retry (1-based). */
  backoff?: (attempt: number) => number;
  /** Ask the server what it holds before the first chunk (a window starting over). */
  resume?: boolean;
  /** Told whenever the queue's state changes. */
  onChange?: (state: UploadState) => void;
}

export interface UploadState {
  /** Chunks waiting to be sent. */
  pending: number;
  /** Chunks the server confirmed. */
  sent: number;
  /** Consecutive failed requests (0 when the last one went through). */
  failures: number;
  /** Why the queue stopped for good, or null. */
  error: string | null;
  completed: boolean;
}

export type CompleteResult = { ok: true } | { ok: false; error: string; missing?: number[] };

export const MAX_BACKOFF_MS = 30_000;
export const defaultBackoff = (attempt: number) => Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(0, attempt - 1));

const base = (id: string) => `/api/conversations/${encodeURIComponent(id)}/archive`;
export const chunkUrl = (id: string, index: number) => `${base(id)}/chunks/${index}`;
export const chunksUrl = (id: string) => `${base(id)}/chunks`;
export const completeUrl = (id: string) => `${base(id)}/complete`;

/** A failure worth trying again: no answer at all, a timeout, too many requests, a server error. */
export const isRetryable = (status: number | null) => status === null || status === 408 || status === 429 || status >= 500;

/** The server's message from its JSON error ({error: {code, message}}), else a plain one. */
async function serverMessage(res: FetchResponse): Promise<string> {
  try {
    const body = (await res.json()) as { error?: { message?: unknown } } | null;
    if (body && typeof body.error?.message === 'string') return body.error.message;
  } catch {
    /* not JSON */
  }
  return `The recording was refused (HTTP ${res.status}).`;
}

class Refused extends Error {}

export function createUploadQueue(options: UploadQueueOptions) {
  const { conversationId: id, fetch } = options;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const backoff = options.backoff ?? defaultBackoff;
  const headers = options.headers ?? (() => ({}));
  const pending = new Map<number, ChunkBody>();
  const confirmed = new Set<number>();
  let needsListing = options.resume ?? false;
  let failures = 0;
  let error: string | null = null;
  let completed = false;
  let stopped = false;
  let running: Promise<void> | null = null;

  const state = (): UploadState => ({ pending: pending.size, sent: confirmed.size, failures, error, completed });
  const changed = () => options.onChange?.(state());

  /** One request; null status when it never got an answer. */
  async function request(url: string, init: Parameters<FetchLike>[1]): Promise<FetchResponse | null> {
    try {
      return await fetch(url, { ...init, headers: { ...headers(), ...init.headers } });
    } catch {
      return null;
    }
  }

  /** Waits before trying again; the pause grows with each consecutive failure. */
  async function failed() {
    failures += 1;
    needsListing = true;
    changed();
    await sleep(backoff(failures));
  }

  async function list(): Promise<boolean> {
    const res = await request(chunksUrl(id), { method: 'GET' });
    if (!res?.ok) {
      if (res && !isRetryable(res.status)) throw new Refused(await serverMessage(res));
      return false;
    }
    const body = (await res.json().catch(() => null)) as { received?: unknown } | null;
    const received = Array.isArray(body?.received) ? body.received.filter((n): n is number => Number.isInteger(n)) : [];
    for (const index of received) {
      confirmed.add(index);
      pending.delete(index);
    }
    needsListing = false;
    return true;
  }

  async function drain() {
    try {
      while (!stopped && (pending.size > 0 || needsListing)) {
        if (needsListing) {
          if (!(await list())) {
            await failed();
            continue;
          }
          failures = 0;
          changed();
          continue;
        }
        const index = Math.min(...pending.keys());
        const body = pending.get(index)!;
        const res = await request(chunkUrl(id, index), { method: 'PUT', body, headers: { 'content-type': 'video/webm' } });
        if (res?.ok) {
          pending.delete(index);
          confirmed.add(index);
          failures = 0;
          changed();
        } else if (res && !isRetryable(res.status)) {
          throw new Refused(await serverMessage(res));
        } else {
          await failed();
        }
      }
    } catch (e) {
      if (!(e instanceof Refused)) throw e;
      error = e.message;
      stopped = true;
      pending.clear();
      changed();
    }
  }

  function kick(): Promise<void> {
    if (!running) {
      running = drain().finally(() => {
        running = null;
        // A chunk that arrived as the loop was finishing.
        if (!stopped && (pending.size > 0 || needsListing)) void kick();
      });
    }
    return running;
  }

  return {
    state,
    /** Queues a chunk (index from 0, in the recorder's order). Chunks the server holds are skipped. */
    push(index: number, body: ChunkBody) {
      if (stopped || completed || confirmed.has(index)) return;
      pending.set(index, body);
      changed();
      void kick();
    },
    /** Sends every chunk still waiting, then reports the recording finished. */
    async complete(chunkCount: number, durationSeconds: number): Promise<CompleteResult> {
      while (!stopped && (running || pending.size > 0 || needsListing)) await kick();
      if (error) return { ok: false, error };
      if (stopped) return { ok: false, error: 'The upload was stopped.' };
      for (;;) {
        const res = await request(completeUrl(id), {
          method: 'POST',
          body: JSON.stringify({ chunkCount, durationSeconds: Math.max(0, Math.round(durationSeconds)) }),
          headers: { 'content-type': 'application/json' },
        });
        if (res?.ok) {
          completed = true;
          failures = 0;
          changed();
          return { ok: true };
        }
        if (res && !isRetryable(res.status)) {
          const body = (await res.json().catch(() => null)) as { missing?: unknown; error?: { message?: unknown } } | null;
          const missing = Array.isArray(body?.missing) ? body.missing.filter((n): n is number => Number.isInteger(n)) : undefined;
          error =
            typeof body?.error?.message === 'string' ? body.error.message : `The recording could not be finished (HTTP ${res.status}).`;
          changed();
          return { ok: false, error, ...(missing ? { missing } : {}) };
        }
        if (stopped) return { ok: false, error: 'The upload was stopped.' };
        await failed();
      }
    },
    /** Gives up: nothing more is sent (the page is going away). */
    stop() {
      stopped = true;
      changed();
    },
  };
}

export type UploadQueue = ReturnType<typeof createUploadQueue>;
