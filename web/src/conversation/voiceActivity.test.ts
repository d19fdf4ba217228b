/** The voice-activity accumulator on synthetic level series with known speech intervals (issue 35). */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { createVoiceActivity, rms, SPEECH_RMS_THRESHOLD } from './voiceActivity';

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

  it('takes the RMS of a frame: a full-scale square wave is 1, a quiet sine below the threshold', () => {
    assert.equal(rms([1, -1, 1, -1]), 1);
    const quiet = Array.from({ length: 1024 }, (_, i) => 0.01 * Math.sin((2 * Math.PI * i) / 64));
    assert.ok(rms(quiet) < SPEECH_RMS_THRESHOLD);
    assert.equal(rms([]), 0);
  });
});
