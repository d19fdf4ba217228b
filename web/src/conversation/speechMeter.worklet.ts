/**
 * The room's speech meter on the audio thread (an AudioWorklet, loaded by useSpeakingTime.ts): it
 * measures every sample of the local capture (voiceActivity.ts, createSpeechMeter) and posts the
 * milliseconds of speech measured about four times a second, with the audio clock's time at the end
 * of that audio, so the room stamps each piece with when it was spoken, not when the post arrived.
 * The audio thread runs at the audio device's pace whatever the page's main thread is doing: the
 * timer there that sampled the level every 50 ms lost speech whenever the page was busy.
 */
import { createSpeechMeter, SPEECH_METER_PROCESSOR } from './voiceActivity';

// The AudioWorkletGlobalScope's own names (TypeScript's DOM library has only the main thread's side).
declare const sampleRate: number;
declare const currentTime: number;
declare function registerProcessor(name: string, processor: new () => AudioWorkletProcessor): void;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}

/** Speech is posted after this many seconds of audio. */
const POST_EVERY_S = 0.25;

class SpeechMeterProcessor extends AudioWorkletProcessor {
  private readonly meter = createSpeechMeter(sampleRate);
  private sinceLastPost = 0;

  process(inputs: Float32Array[][]): boolean {
    const channel = inputs[0]?.[0];
    if (channel) {
      this.meter.add(channel);
      this.sinceLastPost += channel.length;
    }
    if (this.sinceLastPost >= sampleRate * POST_EVERY_S) {
      this.sinceLastPost = 0;
      const speechMs = this.meter.take();
      if (speechMs > 0) this.port.postMessage({ speechMs, at: currentTime + (channel?.length ?? 0) / sampleRate });
    }
    return true;
  }
}

registerProcessor(SPEECH_METER_PROCESSOR, SpeechMeterProcessor);
