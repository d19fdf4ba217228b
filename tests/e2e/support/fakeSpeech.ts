/**
 * The fake microphone's sound for the speaking-time test (issue 35): a WAV for Chromium's
 * `--use-file-for-fake-audio-capture`, which loops it. Each 6-second period is 4 seconds of a
 * voice-like sound (a 150 Hz tone and its harmonics, its loudness moving like syllables, never below
 * the speech threshold) then 2 seconds of silence: two thirds speech.
 */
import fs from 'node:fs';
import path from 'node:path';

const RATE = 48_000;
export const FAKE_SPEECH_PERIOD_S = 6;
export const FAKE_SPEECH_ON_S = 4;
/** The share of the fake microphone's time that is speech. */
export const FAKE_SPEECH_SHARE = FAKE_SPEECH_ON_S / FAKE_SPEECH_PERIOD_S;

/** Writes the WAV once into `dir` (a run's scratch folder) and returns its path. */
export function fakeSpeechWav(dir: string): string {
  const file = path.join(dir, `fake-speech-${FAKE_SPEECH_ON_S}of${FAKE_SPEECH_PERIOD_S}s.wav`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(dir, { recursive: true });
  const samples = RATE * FAKE_SPEECH_PERIOD_S;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    const t = i / RATE;
    let v = 0;
    if (t < FAKE_SPEECH_ON_S) {
      const syllables = 0.6 + 0.4 * Math.sin(2 * Math.PI * 4 * t);
      const voice = Math.sin(2 * Math.PI * 150 * t) + 0.5 * Math.sin(2 * Math.PI * 300 * t) + 0.25 * Math.sin(2 * Math.PI * 450 * t);
      v = 0.25 * syllables * voice;
    }
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, v)) * 32767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  // Written whole under a temporary name, then renamed: two workers may write it at once.
  const partial = `${file}.${process.pid}`;
  fs.writeFileSync(partial, Buffer.concat([header, data]));
  fs.renameSync(partial, file);
  return file;
}
