/**
 * Measures when this window's participant speaks (issue 35): an AnalyserNode on the local capture,
 * the RMS of its latest ~21 ms frame about every 50 ms, fed to voiceActivity.ts. The same capture is
 * what every provider sends (local WebRTC, Twilio) or shows as the self view (Zoom), and muting
 * disables its audio track, so a muted microphone measures silence whatever the provider. Only
 * while `counting.current` (the room's clock runs): speech before the start or after the local clock ran out
 * would not fit the server's window for a report (contracts/speakingTime.ts).
 */
import { useEffect, useRef } from 'react';
import { createVoiceActivity, rms, type VoiceActivity } from './voiceActivity';

const SAMPLE_EVERY_MS = 50;
const FRAME_SIZE = 1024;

export function useSpeakingTime(localStream: MediaStream | null, counting: { current: boolean }): { current: VoiceActivity | null } {
  const activity = useRef<VoiceActivity | null>(null);
  useEffect(() => {
    if (!localStream?.getAudioTracks().length || typeof AudioContext === 'undefined') return;
    const context = new AudioContext();
    const source = context.createMediaStreamSource(localStream);
    const analyser = context.createAnalyser();
    analyser.fftSize = FRAME_SIZE;
    source.connect(analyser);
    const frame = new Float32Array(FRAME_SIZE);
    const vad = createVoiceActivity();
    activity.current = vad;
    // A context made without a click may start suspended (autoplay policy): the room's join was one.
    void context.resume().catch(() => undefined);
    const timer = setInterval(() => {
      analyser.getFloatTimeDomainData(frame);
      vad.sample(counting.current ? rms(frame) : 0, performance.now());
    }, SAMPLE_EVERY_MS);
    return () => {
      clearInterval(timer);
      source.disconnect();
      void context.close();
      if (activity.current === vad) activity.current = null;
    };
  }, [localStream, counting]);
  return activity;
}
