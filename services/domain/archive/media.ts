/**
 * Turns a conversation recording (the browser's WebM: VP8/VP9 and Opus, in chunks as uploaded) into
 * a file every major browser plays: MP4 with H.264 video (yuv420p) and AAC audio, its index at the
 * front (`+faststart`) so playback starts before the whole file has arrived. The encoder is the
 * ffmpeg build published on the npm registry as @ffmpeg-installer (a static Linux, macOS and Windows
 * binary installed as an optional dependency for the platform, no download from elsewhere).
 *
 * Progress is real: ffmpeg's `-progress` output (`out_time_us=` lines) measured against the
 * recording's duration, which the caller knows (the recorder's own clock: MediaRecorder's WebM has
 * no duration in its header) or, failing that, ffmpeg reports for the input.
 */
import { spawn } from 'node:child_process';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { RECORDING_FRAMES_PER_SECOND } from '../../../contracts/live';

export const ffmpegPath = (): string => process.env.FFMPEG_PATH || ffmpegInstaller.path;

export interface TranscodeOptions {
  /** The recording's length in seconds when known; else ffmpeg's own reading of the input. */
  durationSeconds?: number | null;
  /** Whole percentages, rising, at most once per percent; 100 only when ffmpeg has finished. */
  onProgress?: (percent: number) => void | Promise<void>;
  /** ffmpeg threads (0: ffmpeg decides). */
  threads?: number;
  signal?: AbortSignal;
}

export interface TranscodeResult {
  /** The output's duration in seconds as ffmpeg wrote it. */
  durationSeconds: number;
  /** Wall-clock seconds spent. */
  elapsedSeconds: number;
}

/** `HH:MM:SS.cc` → seconds; null when ffmpeg says N/A. */
export function parseFfmpegDuration(stderr: string): number | null {
  const match = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  return match ? Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]) : null;
}

/**
 * Reads ffmpeg's `-progress pipe:1` key=value stream; calls `onTime` with each position (seconds)
 * and `onEnd` at `progress=end`. Lines may arrive split across chunks.
 */
export function progressParser(onTime: (seconds: number) => void, onEnd: () => void) {
  let pending = '';
  return (chunk: Buffer | string) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const [key, value] = line.trim().split('=');
      // out_time_us is microseconds; ffmpeg 4's out_time_ms is microseconds too, despite its name.
      if ((key === 'out_time_us' || key === 'out_time_ms') && /^\d+$/.test(value ?? '')) onTime(Number(value) / 1_000_000);
      else if (key === 'progress' && value === 'end') onEnd();
    }
  };
}

/** Percent of `duration` reached at `position`, whole, kept within 0..99 until ffmpeg ends. */
export const percentOf = (position: number, duration: number) => Math.max(0, Math.min(99, Math.floor((position / duration) * 100)));

export async function transcodeToMp4(inputs: string | string[], output: string, options: TranscodeOptions = {}): Promise<TranscodeResult> {
  const started = performance.now();
  const list = Array.isArray(inputs) ? inputs : [inputs];
  // Chunks of one MediaRecorder recording are one WebM stream cut in pieces: ffmpeg's concat
  // protocol reads them back to back as the single file they were.
  const input = list.length === 1 ? list[0] : `concat:${list.join('|')}`;
  const args = [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-nostats',
    '-progress',
    'pipe:1',
    '-i',
    input,
    '-map',
    '0:v:0?',
    '-map',
    '0:a:0?',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '26',
    '-pix_fmt',
    'yuv420p',
    '-vf',
    'scale=trunc(iw/2)*2:trunc(ih/2)*2',
    // MediaRecorder's WebM states no frame rate, so ffmpeg reads its millisecond timestamps as
    // 1,000 frames a second and, without an output rate, writes that many: each frame repeated
    // 40 times, 15 times the encoding and a file 3 times the size.
    '-r',
    String(RECORDING_FRAMES_PER_SECOND),
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    '-ac',
    '2',
    '-movflags',
    '+faststart',
    '-threads',
    String(options.threads ?? 0),
    output,
  ];
  let duration = options.durationSeconds && options.durationSeconds > 0 ? options.durationSeconds : null;
  let lastPercent = -1;
  let position = 0;
  let progressChain: Promise<void> = Promise.resolve();
  const report = (percent: number) => {
    if (percent <= lastPercent || !options.onProgress) return;
    lastPercent = percent;
    const callback = options.onProgress;
    progressChain = progressChain.then(() => callback(percent));
  };
  const child = spawn(ffmpegPath(), args, { stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    if (stderr.length < 200_000) stderr += chunk.toString();
    if (!duration) duration = parseFfmpegDuration(stderr);
  });
  child.stdout.on(
    'data',
    progressParser(
      (seconds) => {
        position = seconds;
        if (duration) report(percentOf(seconds, duration));
      },
      () => undefined,
    ),
  );
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  await progressChain;
  if (code !== 0) {
    const tail = stderr.trim().split('\n').slice(-3).join(' ').slice(0, 500);
    throw new Error(`ffmpeg failed (exit ${code}): ${tail}`);
  }
  report(100);
  await progressChain;
  return { durationSeconds: position || duration || 0, elapsedSeconds: (performance.now() - started) / 1000 };
}

/** Generates a test recording like a browser's (VP8 + Opus WebM): test pattern video and a tone. */
export async function generateTestRecording(
  output: string,
  seconds: number,
  options: { size?: string; rate?: number } = {},
): Promise<void> {
  const args = [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${options.size ?? '640x480'}:rate=${options.rate ?? 30}:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
    '-c:v',
    'libvpx',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-b:v',
    '600k',
    '-c:a',
    'libopus',
    '-b:a',
    '48k',
    '-shortest',
    output,
  ];
  const child = spawn(ffmpegPath(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0) throw new Error(`ffmpeg could not generate a test recording: ${stderr.slice(-500)}`);
}

/** `times` copies of a recording back to back, without re-encoding (for long test recordings). */
export async function repeatRecording(input: string, times: number, output: string): Promise<void> {
  const args = [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-loglevel',
    'error',
    '-stream_loop',
    String(times - 1),
    '-i',
    input,
    '-c',
    'copy',
    output,
  ];
  const child = spawn(ffmpegPath(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0) throw new Error(`ffmpeg could not repeat the recording: ${stderr.slice(-500)}`);
}

/** Codec names and duration of a media file, read with ffmpeg (no ffprobe in the package). */
export async function describeMedia(
  file: string,
): Promise<{ video: string | null; audio: string | null; durationSeconds: number | null; framesPerSecond: number | null }> {
  const child = spawn(ffmpegPath(), ['-hide_banner', '-nostdin', '-i', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  await new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  return {
    video: /Stream #\S+: Video: (\w+)/.exec(stderr)?.[1] ?? null,
    audio: /Stream #\S+: Audio: (\w+)/.exec(stderr)?.[1] ?? null,
    durationSeconds: parseFfmpegDuration(stderr),
    framesPerSecond: Number(/Stream #\S+: Video: .*?, ([\d.]+) fps/.exec(stderr)?.[1]) || null,
  };
}
