/**
 * The fake camera's picture for browser tests: a small Y4M clip (320×240, 10 frames a second, a
 * bar moving across a grey field) for Chromium's `--use-file-for-fake-video-capture`. Chromium's own
 * fake device sends 640×480 at 30 frames a second, and encoding and decoding that in every call of
 * the suite cost more of the machine than anything the tests check of a picture: that one arrives,
 * moves and plays back.
 */
import fs from 'node:fs';
import path from 'node:path';

const WIDTH = 320;
const HEIGHT = 240;
const FPS = 10;
const FRAMES = 20;

/** Writes the clip once into `dir` (a run's scratch folder) and returns its path. */
export function fakeCameraClip(dir: string): string {
  const file = path.join(dir, `fake-camera-${WIDTH}x${HEIGHT}-${FPS}fps.y4m`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(dir, { recursive: true });
  const lumaSize = WIDTH * HEIGHT;
  const chromaSize = lumaSize / 4;
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F${FPS}:1 Ip A1:1 C420jpeg\n`)];
  for (let frame = 0; frame < FRAMES; frame++) {
    const luma = Buffer.alloc(lumaSize, 110);
    const barStart = Math.floor((frame / FRAMES) * WIDTH);
    for (let y = 0; y < HEIGHT; y++) luma.fill(220, y * WIDTH + barStart, y * WIDTH + Math.min(WIDTH, barStart + 32));
    parts.push(Buffer.from('FRAME\n'), luma, Buffer.alloc(chromaSize, 90), Buffer.alloc(chromaSize, 160));
  }
  // Written whole under a temporary name, then renamed: two workers may write it at once.
  const partial = `${file}.${process.pid}`;
  fs.writeFileSync(partial, Buffer.concat(parts));
  fs.renameSync(partial, file);
  return file;
}
