/**
 * Voice activity from the microphone's level (issue 35, speaking time): the room samples its own
 * participant's audio (Web Audio's AnalyserNode on the local capture: the RMS of a ~20 ms frame,
 * about every 50 ms) and feeds each level here. A sample at or above the threshold is speech for the
 * time since the previous sample; after the last loud sample, speech goes on for the hangover (the
 * gaps between syllables and words). Pure: the hook (useSpeakingTime.ts) owns the audio graph and
 * timers. The method and its error: docs/decisions/speaking-time.md.
 */

/** RMS of full scale 1; 0.02 is about -34 dBFS: speech at a laptop's microphone is well above, a quiet room well below. */
export const SPEECH_RMS_THRESHOLD = 0.02;
/** Speech continues this long after the last loud frame. */
export const SPEECH_HANGOVER_MS = 300;
/** A gap between samples longer than this (a background tab's throttled timer) counts as this much. */
export const MAX_SAMPLE_GAP_MS = 1000;

/** The root mean square of a frame of samples in -1..1. */
export function rms(frame: ArrayLike<number>): number {
  if (!frame.length) return 0;
  let sum = 0;
  for (let i = 0; i < frame.length; i++) sum += frame[i] * frame[i];
  return Math.sqrt(sum / frame.length);
}

export interface VoiceActivity {
  /** A level measured at `at` (ms), standing for the time since the previous sample. */
  sample(level: number, at: number): void;
  /** Milliseconds of speech since the last take, whole; starts counting afresh. */
  take(): number;
  /** Milliseconds of speech not taken yet. */
  pending(): number;
}

export function createVoiceActivity(options: { threshold?: number; hangoverMs?: number } = {}): VoiceActivity {
  const threshold = options.threshold ?? SPEECH_RMS_THRESHOLD;
  const hangoverMs = options.hangoverMs ?? SPEECH_HANGOVER_MS;
  let previous: number | null = null;
  let lastLoud = Number.NEGATIVE_INFINITY;
  let speech = 0;
  return {
    sample(level, at) {
      if (previous === null || at <= previous) {
        previous = at;
        if (level >= threshold) lastLoud = at;
        return;
      }
      const from = Math.max(previous, at - MAX_SAMPLE_GAP_MS);
      if (level >= threshold) {
        speech += at - from;
        lastLoud = at;
      } else {
        // The part of (from, at] still within the hangover after the last loud sample.
        speech += Math.max(0, Math.min(at, lastLoud + hangoverMs) - Math.max(from, lastLoud));
      }
      previous = at;
    },
    take() {
      const whole = Math.floor(speech);
      speech -= whole;
      return whole;
    },
    pending: () => Math.floor(speech),
  };
}
