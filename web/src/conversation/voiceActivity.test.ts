/** The voice-activity accumulator on synthetic level series with known speech intervals (issue 35). */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import {
  createSpeechLog,
  createSpeechMeter,
  createVoiceActivity,
  FRAME_SAMPLES,
  SPEECH_HANGOVER_MS,
  SPEECH_RMS_THRESHOLD,
} from './voiceActivity';

/** A level series every `stepMs` over `totalMs`: speech-like levels inside the intervals, with dips between syllables; noise outside. */
function levels(speech: [number, number][], totalMs: number, stepMs = 50, seed = 7) {
  let s = seed;
  const random = () => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647;
  };
  const out: [number, number][] = [];
  for (let t = 0; t <= totalMs; t += stepMs) {
    const speaking = speech.some(([a, b]) => t > a && t <= b);
    // Speech: mostly 0.05-0.3 with a short dip below the threshold one sample in eight (between syllables).
    const level = speaking ? (random() < 0.125 ? 0.005 : 0.05 + 0.25 * random()) : 0.002 + 0.01 * random();
    out.push([t, level]);
  }
  return out;
}

const measure = (series: [number, number][]) => {
  const vad = createVoiceActivity();
  for (const [t, level] of series) vad.sample(level, t);
  return vad.take();
};

describe('voice activity from the microphone level', () => {
  it('measures known speech intervals within 10 %', () => {
    const speech: [number, number][] = [
      [2000, 9000],
      [12_000, 13_500],
      [20_000, 41_000],
      [50_000, 52_000],
      [55_000, 70_000],
    ];
    const truth = speech.reduce((sum, [a, b]) => sum + b - a, 0);
    const measured = measure(levels(speech, 90_000));
    assert.ok(Math.abs(measured - truth) / truth < 0.1, `measured ${measured} ms of ${truth} ms`);
  });

  it('counts silence and steady room noise as nothing', () => {
    assert.equal(measure(levels([], 60_000)), 0);
  });

  it('bridges the gaps between words by the hangover, but not a pause', () => {
    const vad = createVoiceActivity({ hangoverMs: 300 });
    vad.sample(0.1, 0);
    vad.sample(0.1, 1000); // 1 s of speech
    vad.sample(0.001, 1200); // a gap between words: still speech
    vad.sample(0.1, 1400);
    vad.sample(0.001, 1800); // a pause: speech only for the hangover after 1400
    vad.sample(0.001, 2500);
    assert.equal(vad.take(), 1400 + 300);
  });

  it('takes what was measured once, and counts a throttled timer’s long gap as at most a second', () => {
    const vad = createVoiceActivity();
    vad.sample(0.2, 0);
    vad.sample(0.2, 500);
    assert.equal(vad.take(), 500);
    assert.equal(vad.take(), 0);
    vad.sample(0.2, 10_500);
    assert.equal(vad.pending(), 1000);
  });
});

/** `seconds` of 48 kHz audio: a 220 Hz tone at 0.1 (speech's level) inside the intervals (ms), faint noise outside. */
function capture(speech: [number, number][], seconds: number, sampleRate = 48_000) {
  let seed = 11;
  const noise = () => {
    seed = (seed * 16807) % 2147483647;
    return (seed / 2147483647 - 0.5) * 0.004;
  };
  const samples = new Float32Array(seconds * sampleRate);
  for (let i = 0; i < samples.length; i++) {
    const ms = (i / sampleRate) * 1000;
    samples[i] = speech.some(([a, b]) => ms >= a && ms < b) ? 0.1 * Math.sin((2 * Math.PI * 220 * i) / sampleRate) : noise();
  }
  return samples;
}

describe('the speech meter on the audio thread', () => {
  const speech: [number, number][] = [
    [1000, 5000],
    [7000, 7600],
    [9000, 20_000],
  ];
  const truth = speech.reduce((sum, [a, b]) => sum + b - a, 0);

  it('measures every sample: known speech within the hangover per burst, however the quanta are cut', () => {
    const samples = capture(speech, 25);
    for (const quantum of [128, 441, 4096]) {
      const meter = createSpeechMeter(48_000);
      for (let at = 0; at < samples.length; at += quantum) meter.add(samples.subarray(at, at + quantum));
      const measured = meter.take();
      // Each burst: its hangover, and a frame at either edge that holds some of it.
      const over = speech.length * (SPEECH_HANGOVER_MS + (2 * FRAME_SAMPLES * 1000) / 48_000);
      assert.ok(measured >= truth && measured <= truth + over, `${quantum}-sample quanta: ${measured} ms of ${truth}`);
    }
  });

  it('takes time from the samples, not a clock: audio handed over late in one piece counts in full', () => {
    // A main thread busy for seconds delayed the old timer's samples and lost their speech; the
    // audio thread hands the meter every sample, and only their count makes time.
    const meter = createSpeechMeter(48_000);
    meter.add(capture(speech, 25));
    assert.ok(meter.take() >= truth);
    assert.equal(meter.take(), 0);
  });

  it('hears nothing in faint noise, nor in a tone just below the threshold; the same tone above it is speech', () => {
    const meter = createSpeechMeter(48_000);
    meter.add(capture([], 10));
    assert.equal(meter.take(), 0);
    // A sine's RMS is its amplitude over √2.
    const tone = (amplitude: number) =>
      Float32Array.from({ length: 48_000 }, (_, i) => amplitude * Math.sin((2 * Math.PI * 220 * i) / 48_000));
    meter.add(tone(SPEECH_RMS_THRESHOLD * Math.SQRT2 * 0.9));
    assert.equal(meter.take(), 0);
    meter.add(tone(SPEECH_RMS_THRESHOLD * Math.SQRT2 * 1.1));
    assert.ok(meter.take() >= 950);
  });
});

describe('the speech log', () => {
  it('keeps each piece with when it was spoken, forgets what fell outside the conversation, and is taken once', () => {
    const log = createSpeechLog();
    for (let at = 1000; at <= 10_000; at += 250) log.add(250, at);
    log.add(0, 10_250);
    assert.equal(log.pending(), 37 * 250);
    log.forgetBefore(3000); // the start, learned later
    log.forgetAfter(9000); // the end
    assert.equal(log.pending(), 25 * 250);
    assert.equal(log.take(), 25 * 250);
    assert.equal(log.take(), 0);
  });
});
