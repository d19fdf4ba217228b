/**
 * The camera and/or microphone for as long as the component shows them: asked for on mount (and
 * on `retry`), every track stopped on unmount, including a stream that arrives after it.
 */
import { useCallback, useEffect, useState } from 'react';
import { acquireMedia, stopMedia, type AcquiredMedia } from './media';

export type UserMedia = { status: 'starting' | 'ready' } & AcquiredMedia;

const NOTHING: AcquiredMedia = { camera: null, microphone: null, noCamera: false, messages: [] };

export function useUserMedia(camera: boolean, microphone: boolean): UserMedia & { retry: () => void } {
  const [media, setMedia] = useState<UserMedia>({ status: 'starting', ...NOTHING });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (retry) asks for the devices again
  useEffect(() => {
    let gone = false;
    let got: AcquiredMedia | null = null;
    setMedia({ status: 'starting', ...NOTHING });
    const env = typeof navigator === 'undefined' ? {} : { mediaDevices: navigator.mediaDevices, permissions: navigator.permissions };
    void acquireMedia(env, { camera, microphone }).then((result) => {
      if (gone) return stopMedia(result.camera, result.microphone);
      got = result;
      setMedia({ status: 'ready', ...result });
    });
    return () => {
      gone = true;
      if (got) stopMedia(got.camera, got.microphone);
    };
  }, [camera, microphone, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...media, retry };
}
