/**
 * Voice activity from the microphone's level (issue 35, speaking time): the room measures its own
 * participant's audio on the audio thread (speechMeter.worklet.ts: every sample of the local
 * capture, as the RMS of consecutive 1,024-sample frames) and feeds each frame's level here. A frame
 * at or above the threshold is speech for the time since the previous one; after the last loud frame,
 * speech goes on for the hangover (the gaps between syllables and words). Pure: the hook
 * (useSpeakingTime.ts) owns the audio graph. The method and its error: docs/decisions/speaking-time.md.
 */

/** RMS of full scale 1; 0.02 is about -34 dBFS: speech at a laptop's microphone is well above, a quiet room well below. */
export const SPEECH_RMS_THRESHOLD = 0.02;
/** Speech continues this long after the last loud frame. */
export const SPEECH_HANGOVER_MS = 300;
/** A gap between samples longer than this counts as this much (the meter's frames leave none: a guard for any other caller). */
export const MAX_SAMPLE_GAP_MS = 1000;
/** The AudioWorklet processor's name (speechMeter.worklet.ts). */
export const SPEECH_METER_PROCESSOR = 'speech-meter';
/** The frame whose RMS is one level: ~21 ms at 48 kHz. */
export const FRAME_SAMPLES = 1024;

/** Speech measured and not yet reported. */
export interface MeasuredSpeech {
  /** Milliseconds of speech since the last take, whole; starts counting afresh. */
  take(): number;
  /** Milliseconds of speech not taken yet. */
  pending(): number;
}

export interface VoiceActivity extends MeasuredSpeech {
  /** A level measured at `at` (ms), standing for the time since the previous sample. */
  sample(level: number, at: number): void;
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

/**
 * Every sample of a capture, as the audio thread hands them over (render quanta of any length),
 * cut into FRAME_SAMPLES frames whose RMS is fed to voice activity at the frame's end. Time is the
 * samples' own (their count over the sample rate), so a busy main thread or a throttled tab loses
 * nothing: there is no timer and no gap.
 */
export function createSpeechMeter(sampleRate: number, options: { threshold?: number; hangoverMs?: number } = {}) {
  const activity = createVoiceActivity(options);
  let sumOfSquares = 0;
  let inFrame = 0;
  let samples = 0;
  activity.sample(0, 0);
  return {
    /** Samples in -1..1 of the capture's first channel. */
    add(quantum: ArrayLike<number>) {
      for (let i = 0; i < quantum.length; i++) {
        sumOfSquares += quantum[i] * quantum[i];
        inFrame += 1;
        samples += 1;
        if (inFrame === FRAME_SAMPLES) {
          activity.sample(Math.sqrt(sumOfSquares / FRAME_SAMPLES), (samples / sampleRate) * 1000);
          sumOfSquares = 0;
          inFrame = 0;
        }
      }
    },
    take: () => activity.take(),
  };
}

/** Speech as the meter reports it, each piece stamped with when it was spoken (ms, Date.now's clock), until it is reported. */
export interface SpeechLog extends MeasuredSpeech {
  add(ms: number, at: number): void;
  /** Forgets what was spoken before `at`: the conversation's start, which the room learns a sync later. */
  forgetBefore(at: number): void;
  /** Forgets what was spoken after `at`: the conversation's end. */
  forgetAfter(at: number): void;
}

export function createSpeechLog(): SpeechLog {
  let pieces: { ms: number; at: number }[] = [];
  const total = () => pieces.reduce((sum, piece) => sum + piece.ms, 0);
  return {
    add(ms, at) {
      if (ms > 0) pieces.push({ ms, at });
    },
    forgetBefore(at) {
      pieces = pieces.filter((piece) => piece.at >= at);
    },
    forgetAfter(at) {
      pieces = pieces.filter((piece) => piece.at <= at);
    },
    take() {
      const taken = total();
      pieces = [];
      return taken;
    },
    pending: total,
  };
}
