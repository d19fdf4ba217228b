/**
 * The browser recording of a conversation with the local provider (issue 10): the speaker's window
 * records both sides mixed (mixer.ts) with MediaRecorder, WebM in 5-second slices, and hands each
 * slice to the upload queue (uploadQueue.ts) by its index. One window records a conversation: a
 * window that finds chunks already on the server (the speaker's window reloaded) leaves them as
 * they are, so the archive stays one WebM stream. The recording outlives the room's components
 * (the window shows the ended screen while the last chunks go up): it is kept here, one per
 * conversation, until it is finished.
 */
import { authToken } from '../../lib/authCookies';
import { createMixer, type Mixer } from './mixer';
import { chunksUrl, completeUrl, createUploadQueue, type UploadQueue, type UploadState } from './uploadQueue';

export const TIMESLICE_MS = 5000;
const MIME_TYPES = ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus', 'video/webm'];

export const recordingMimeType = () =>
  typeof MediaRecorder === 'undefined' ? null : (MIME_TYPES.find((t) => MediaRecorder.isTypeSupported(t)) ?? null);

const authHeaders = (): Record<string, string> => {
  const token = authToken();
  return token ? { authorization: `Bearer ${token}` } : {};
};

export interface Recording {
  conversationId: string;
  setRemote(remote: MediaStream | null): void;
  /** Stops recording and sends what is left; resolves when the server has it all (or refused). */
  finish(): Promise<void>;
  /** The window is going away: stop, and report the recording finished if nothing is left to send. */
  abandon(): void;
  state(): UploadState;
}

const active = new Map<string, Recording>();

/** The recording in progress for the conversation in this window, if any. */
export const activeRecording = (conversationId: string) => active.get(conversationId) ?? null;

/** Whether the server already holds chunks of this conversation (a window before this one recorded). */
async function serverHasChunks(conversationId: string): Promise<boolean | null> {
  try {
    const res = await fetch(chunksUrl(conversationId), { headers: authHeaders() });
    if (!res.ok) return null;
    const body = (await res.json()) as { received?: unknown };
    return Array.isArray(body.received) && body.received.length > 0;
  } catch {
    return null;
  }
}

/**
 * Starts recording the conversation in this window, unless it is already recording here, the
 * browser cannot record WebM, or the server refuses or already holds a recording. Null then.
 */
export async function startRecording(options: {
  conversationId: string;
  local: MediaStream;
  remote: MediaStream | null;
  labels: { local: string; remote: string };
  onChange?: (state: UploadState) => void;
}): Promise<Recording | null> {
  const { conversationId } = options;
  const existing = active.get(conversationId);
  if (existing) return existing;
  const mimeType = recordingMimeType();
  if (!mimeType) return null;
  const held = await serverHasChunks(conversationId);
  if (held !== false || active.has(conversationId)) return active.get(conversationId) ?? null;

  const queue: UploadQueue = createUploadQueue({
    conversationId,
    fetch: (url, init) => fetch(url, { ...init, body: init.body as BodyInit | undefined }),
    headers: authHeaders,
    onChange: options.onChange,
  });
  const mixer: Mixer = createMixer(options.local, options.remote, options.labels);
  const recorder = new MediaRecorder(mixer.stream, { mimeType, videoBitsPerSecond: 1_000_000, audioBitsPerSecond: 64_000 });
  let index = 0;
  const startedAt = performance.now();
  let stoppedAt: number | null = null;
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) queue.push(index++, event.data);
  };
  const stopped = new Promise<void>((resolve) => recorder.addEventListener('stop', () => resolve(), { once: true }));
  recorder.start(TIMESLICE_MS);

  const stop = () => {
    if (stoppedAt !== null) return;
    stoppedAt = performance.now();
    if (recorder.state !== 'inactive') recorder.stop();
    mixer.close();
  };
  const seconds = () => ((stoppedAt ?? performance.now()) - startedAt) / 1000;
  let finishing: Promise<void> | null = null;

  const recording: Recording = {
    conversationId,
    setRemote: (remote) => {
      if (stoppedAt === null) mixer.setRemote(remote);
    },
    finish() {
      finishing ??= (async () => {
        stop();
        await stopped;
        // The last slice arrives with the stop event's task; give it a turn.
        await new Promise((r) => setTimeout(r, 0));
        const result = await queue.complete(index, seconds());
        if (!result.ok) console.warn('The recording was not finished:', result.error);
        active.delete(conversationId);
      })();
      return finishing;
    },
    abandon() {
      if (finishing) return;
      stop();
      const { pending, error } = queue.state();
      queue.stop();
      active.delete(conversationId);
      if (pending > 0 || error || index === 0) return;
      // Everything recorded so far is on the server: report it finished as the page goes.
      void fetch(completeUrl(conversationId), {
        method: 'POST',
        keepalive: true,
        headers: { ...authHeaders(), 'content-type': 'application/json' },
        body: JSON.stringify({ chunkCount: index, durationSeconds: Math.round(seconds()) }),
      }).catch(() => undefined);
    },
    state: () => queue.state(),
  };
  active.set(conversationId, recording);
  return recording;
}
