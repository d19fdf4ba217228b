/**
 * The microphone level: a Web Audio AnalyserNode on the microphone's stream, read ten times a
 * second into an accessible progress bar ('Microphone level'). A browser that keeps audio
 * suspended until the user acts gets a button to start it.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../i18n/useT';
import { levelOfRms } from './media';

const READ_EVERY_MS = 100;

function useMicrophoneLevel(stream: MediaStream | null) {
  const [level, setLevel] = useState(0);
  const [suspended, setSuspended] = useState(false);
  const context = useRef<AudioContext | null>(null);
  useEffect(() => {
    setLevel(0);
    if (!stream?.getAudioTracks().length) return;
    const Context = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) return;
    const audio = new Context();
    context.current = audio;
    const source = audio.createMediaStreamSource(stream);
    const analyser = audio.createAnalyser();
    analyser.fftSize = 1024;
    source.connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    const timer = setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const s of samples) sum += s * s;
      const next = levelOfRms(Math.sqrt(sum / samples.length));
      // Rises at once, falls gently, so a word stays readable on the bar.
      setLevel((previous) => Math.max(next, Math.round(previous * 0.6)));
      setSuspended(audio.state === 'suspended');
    }, READ_EVERY_MS);
    void audio.resume().catch(() => undefined);
    return () => {
      clearInterval(timer);
      source.disconnect();
      context.current = null;
      void audio.close().catch(() => undefined);
    };
  }, [stream]);
  const resume = () =>
    void context.current?.resume().then(
      () => setSuspended(false),
      () => undefined,
    );
  return { level, suspended, resume };
}

export function MicrophoneMeter({ stream, starting }: { stream: MediaStream | null; starting: boolean }) {
  const t = useT();
  const { level, suspended, resume } = useMicrophoneLevel(stream);
  const live = !!stream?.getAudioTracks().length;
  return (
    <Box>
      <LinearProgress
        variant="determinate"
        value={level}
        aria-label={t('compatibility.microphoneLevel')}
        sx={{ height: 12, borderRadius: 1, mb: 1 }}
        color={live ? 'success' : 'inherit'}
      />
      <Typography variant="body2" color="text.secondary">
        {starting
          ? t('compatibility.microphoneStarting')
          : live
            ? t('compatibility.microphoneLive')
            : t('compatibility.microphoneUnavailable')}
      </Typography>
      {live && suspended && (
        <Button size="small" variant="outlined" onClick={resume} sx={{ mt: 1 }}>
          {t('compatibility.microphoneStart')}
        </Button>
      )}
    </Box>
  );
}
