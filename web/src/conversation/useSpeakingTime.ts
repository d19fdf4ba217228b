/**
 * Measures when this window's participant speaks (issue 35): the local capture goes to the speech
 * meter on the audio thread (speechMeter.worklet.ts), which measures every sample and posts the
 * speech it heard with the audio clock's time; each piece goes into the speech log stamped with when
 * it was spoken (Date.now's clock), and the room's clock (useLiveClock.ts) keeps what falls inside
 * the conversation. The same capture is what every provider sends (local WebRTC, Twilio) or shows as
 * the self view (Zoom), and muting disables its audio track, so a muted microphone measures silence
 * whatever the provider. A browser without AudioWorklet (or a module that fails to load) measures
 * nothing; the room works the same.
 */
import { useEffect, useRef } from 'react';
import speechMeterUrl from './speechMeter.worklet.ts?worker&url';
import { createSpeechLog, SPEECH_METER_PROCESSOR, type SpeechLog } from './voiceActivity';

/** A stamp further back than this, or ahead of now, is not believed: the post's arrival stands instead. */
const BELIEVED_DELAY_MS = 30_000;

/** When `audioSeconds` of the context's clock happened, on Date.now's clock (the post's arrival when the browser cannot say). */
function wallClockOf(context: AudioContext, audioSeconds: number): number {
  const now = Date.now();
  const stamp = context.getOutputTimestamp?.();
  if (!stamp?.contextTime || !stamp.performanceTime) return now;
  const at = now - performance.now() + stamp.performanceTime + (audioSeconds - stamp.contextTime) * 1000;
  return at <= now + 1000 && at >= now - BELIEVED_DELAY_MS ? Math.min(at, now) : now;
}

export function useSpeakingTime(localStream: MediaStream | null): { current: SpeechLog | null } {
  const log = useRef<SpeechLog | null>(null);
  useEffect(() => {
    if (!localStream?.getAudioTracks().length || typeof AudioContext === 'undefined') return;
    const context = new AudioContext();
    const speech = createSpeechLog();
    let closed = false;
    let source: MediaStreamAudioSourceNode | null = null;
    let meter: AudioWorkletNode | null = null;
    // A context made without a click may start suspended (autoplay policy): the room's join was one.
    void context.resume().catch(() => undefined);
    context.audioWorklet
      ?.addModule(speechMeterUrl)
      .then(() => {
        if (closed) return;
        source = context.createMediaStreamSource(localStream);
        // No output: the meter only listens (an AudioWorkletNode without outputs is still run).
        meter = new AudioWorkletNode(context, SPEECH_METER_PROCESSOR, { numberOfInputs: 1, numberOfOutputs: 0 });
        meter.port.onmessage = (event: MessageEvent<{ speechMs: number; at: number }>) =>
          speech.add(event.data.speechMs, wallClockOf(context, event.data.at));
        source.connect(meter);
        log.current = speech;
      })
      .catch(() => undefined);
    return () => {
      closed = true;
      source?.disconnect();
      meter?.port.close();
      void context.close();
      if (log.current === speech) log.current = null;
    };
  }, [localStream]);
  return log;
}
