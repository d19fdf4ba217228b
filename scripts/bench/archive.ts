/**
 * `npm run bench -- archive`: how long the archive encoder takes to turn a 15-minute conversation
 * recording into the MP4 students and instructors play, relative to the recording's length, on
 * this machine. The recording is generated once with ffmpeg (lavfi testsrc + sine, VP8/Opus WebM
 * like a browser's MediaRecorder, 640x480 at 30 fps; one minute encoded and repeated) and cached in the OS temp folder; it is cut into
 * 5-second-sized byte chunks as the recorder uploads them and transcoded through the concat protocol
 * exactly as the processing job does. BENCH_ARCHIVE_MINUTES changes the length (default 15).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describeMedia, ffmpegPath, generateTestRecording, repeatRecording, transcodeToMp4 } from '../../services/domain/archive/media';
import { Table } from './lib';

const MINUTES = Number(process.env.BENCH_ARCHIVE_MINUTES ?? 15);
const SECONDS = MINUTES * 60;
const cacheDir = path.join(os.tmpdir(), 'tertulia-bench-archive');
await fs.mkdir(cacheDir, { recursive: true });
const source = path.join(cacheDir, `recording-${MINUTES}min-640x480.webm`);

const exists = await fs.stat(source).then(
  (s) => s.size > 0,
  () => false,
);
if (!exists) {
  console.log(`Generating a ${MINUTES}-minute test recording (cached at ${source}) …`);
  const started = performance.now();
  // One minute encoded, then repeated with stream copy (timestamps continue): minutes, not an hour.
  const minute = path.join(cacheDir, 'minute-640x480.webm');
  await generateTestRecording(minute, 60);
  await repeatRecording(minute, MINUTES, `${source}.tmp.webm`);
  await fs.rename(`${source}.tmp.webm`, source);
  console.log(`  generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
const bytes = await fs.readFile(source);
// Chunks as uploaded: one every 5 s of recording, so about the recording's bitrate × 5 s each.
const chunkCount = Math.ceil(SECONDS / 5);
const chunkSize = Math.ceil(bytes.length / chunkCount);
const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tertulia-bench-archive-run-'));
try {
  const chunks: string[] = [];
  for (let i = 0; i < chunkCount; i += 1) {
    const file = path.join(workDir, `${String(i).padStart(5, '0')}.webm`);
    await fs.writeFile(file, bytes.subarray(i * chunkSize, (i + 1) * chunkSize));
    chunks.push(file);
  }
  const output = path.join(workDir, 'archive.mp4');
  const progressAt: { percent: number; seconds: number }[] = [];
  const started = performance.now();
  const result = await transcodeToMp4(chunks, output, {
    durationSeconds: SECONDS,
    onProgress: (percent) => {
      if (percent % 25 === 0) progressAt.push({ percent, seconds: (performance.now() - started) / 1000 });
    },
  });
  const media = await describeMedia(output);
  const outSize = (await fs.stat(output)).size;
  const table = new Table(['measure', 'value']);
  table
    .add('machine', `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}`)
    .add('encoder', `${path.basename(path.dirname(ffmpegPath()))} (libx264 veryfast crf 26, AAC 96k)`)
    .add('recording', `${MINUTES} min, 640x480 30 fps VP8 + Opus, ${(bytes.length / 1e6).toFixed(1)} MB in ${chunkCount} chunks`)
    .add('archive', `${media.video}/${media.audio} MP4, ${(media.durationSeconds ?? 0).toFixed(1)} s, ${(outSize / 1e6).toFixed(1)} MB`)
    .add('processing time', `${result.elapsedSeconds.toFixed(1)} s`)
    .add(
      'processing / recording length',
      `${((result.elapsedSeconds / SECONDS) * 100).toFixed(1)} % (${(SECONDS / result.elapsedSeconds).toFixed(1)}x real time)`,
    );
  for (const p of progressAt) table.add(`  progress ${p.percent} % reported at`, `${p.seconds.toFixed(1)} s`);
  table.print();
} finally {
  await fs.rm(workDir, { recursive: true, force: true });
}
