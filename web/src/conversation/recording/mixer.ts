/**
 * Mixes both sides of a conversation into one stream for the recorder (issue 10): the speaker's
 * camera and the student's on a canvas side by side (each kept whole, on black), both microphones
 * through WebAudio. The peer may arrive late or come back with a new stream: `setRemote` swaps it
 * in without stopping the recording.
 */
import { RECORDING_FRAMES_PER_SECOND } from '../../../../contracts/live';
import { stopMedia } from '../../compatibility/media';

export const MIX_WIDTH = 1280;
export const MIX_HEIGHT = 360;
export const MIX_FPS = RECORDING_FRAMES_PER_SECOND;

export interface Mixer {
  stream: MediaStream;
  setRemote(remote: MediaStream | null): void;
  close(): void;
}

function hiddenVideo(stream: MediaStream | null): HTMLVideoElement {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.autoplay = true;
  video.srcObject = stream;
  if (stream) void video.play().catch(() => undefined);
  return video;
}

/** Draws `video` into the box, whole and centred (letterboxed). */
function drawContained(ctx: CanvasRenderingContext2D, video: HTMLVideoElement, x: number, y: number, w: number, h: number) {
  const vw = video.videoWidth;
  const vh = video.videoHeight;
  if (!vw || !vh || video.readyState < 2) return;
  const scale = Math.min(w / vw, h / vh);
  const dw = vw * scale;
  const dh = vh * scale;
  ctx.drawImage(video, x + (w - dw) / 2, y + (h - dh) / 2, dw, dh);
}

export function createMixer(local: MediaStream, remote: MediaStream | null, labels: { local: string; remote: string }): Mixer {
  const canvas = document.createElement('canvas');
  canvas.width = MIX_WIDTH;
  canvas.height = MIX_HEIGHT;
  const ctx = canvas.getContext('2d')!;
  const half = MIX_WIDTH / 2;
  const localVideo = hiddenVideo(local);
  const remoteVideo = hiddenVideo(remote);

  const audio = new AudioContext();
  // A window opened by a script may start with its audio suspended until the next gesture.
  const resume = () => void audio.resume().catch(() => undefined);
  resume();
  window.addEventListener('pointerdown', resume);
  window.addEventListener('keydown', resume);
  const destination = audio.createMediaStreamDestination();
  const source = (s: MediaStream | null) => {
    if (!s || s.getAudioTracks().length === 0) return null;
    const node = audio.createMediaStreamSource(s);
    node.connect(destination);
    return node;
  };
  const localSource = source(local);
  let remoteSource = source(remote);

  const label = (text: string, x: number) => {
    ctx.font = '16px sans-serif';
    ctx.fillStyle = 'rgba(0,0,0,0.6)';
    const width = ctx.measureText(text).width + 16;
    ctx.fillRect(x + 8, MIX_HEIGHT - 36, width, 26);
    ctx.fillStyle = '#fff';
    ctx.fillText(text, x + 16, MIX_HEIGHT - 17);
  };
  const draw = () => {
    ctx.fillStyle = '#000';
    ctx.fillRect(0, 0, MIX_WIDTH, MIX_HEIGHT);
    drawContained(ctx, localVideo, 0, 0, half, MIX_HEIGHT);
    drawContained(ctx, remoteVideo, half, 0, half, MIX_HEIGHT);
    label(labels.local, 0);
    label(labels.remote, half);
  };
  draw();
  // A timer, not animation frames: those stop while the window is behind another.
  const timer = setInterval(draw, Math.round(1000 / MIX_FPS));

  const stream = new MediaStream([...canvas.captureStream(MIX_FPS).getVideoTracks(), ...destination.stream.getAudioTracks()]);

  return {
    stream,
    setRemote(next) {
      if (remoteVideo.srcObject === next) return;
      remoteVideo.srcObject = next;
      if (next) void remoteVideo.play().catch(() => undefined);
      remoteSource?.disconnect();
      remoteSource = source(next);
    },
    close() {
      clearInterval(timer);
      window.removeEventListener('pointerdown', resume);
      window.removeEventListener('keydown', resume);
      stopMedia(stream);
      localSource?.disconnect();
      remoteSource?.disconnect();
      void audio.close().catch(() => undefined);
      localVideo.srcObject = null;
      remoteVideo.srcObject = null;
    },
  };
}
