/** The archive encoder: a browser-like WebM in chunks becomes H.264/AAC MP4 with rising progress. */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'vitest';
import { RECORDING_FRAMES_PER_SECOND } from '../../../contracts/live';
import { describeMedia, generateTestRecording, percentOf, progressParser, transcodeToMp4 } from './media';

describe('archive media', () => {
  it('parses ffmpeg progress split across chunks', () => {
    const times: number[] = [];
    let ended = false;
    const feed = progressParser(
      (s) => times.push(s),
      () => {
        ended = true;
      },
    );
    feed('frame=10\nout_time_us=1500');
    feed('000\nprogress=continue\nout_time_ms=3000000\n');
    feed('progress=end\n');
    assert.deepEqual(times, [1.5, 3]);
    assert.equal(ended, true);
    assert.equal(percentOf(7.5, 10), 75);
    assert.equal(percentOf(12, 10), 99);
  });

  it('transcodes a chunked WebM recording to H.264/AAC MP4 with rising progress', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tertulia-media-'));
    try {
      const source = path.join(dir, 'recording.webm');
      await generateTestRecording(source, 6, { size: '320x240', rate: 15 });
      // Cut the file in pieces the way chunks arrive (byte slices of one stream).
      const bytes = await fs.readFile(source);
      const pieces: string[] = [];
      const size = Math.ceil(bytes.length / 3);
      for (let i = 0; i < 3; i += 1) {
        const piece = path.join(dir, `chunk-${i}.webm`);
        await fs.writeFile(piece, bytes.subarray(i * size, (i + 1) * size));
        pieces.push(piece);
      }
      const percents: number[] = [];
      const output = path.join(dir, 'out.mp4');
      const result = await transcodeToMp4(pieces, output, {
        durationSeconds: 6,
        onProgress: (p) => {
          percents.push(p);
        },
      });
      assert.equal(percents.at(-1), 100);
      assert.ok(percents.length >= 2, `progress reported: ${percents.join(',')}`);
      assert.deepEqual(
        [...percents].sort((a, b) => a - b),
        percents,
        'progress only rises',
      );
      const media = await describeMedia(output);
      assert.equal(media.video, 'h264');
      assert.equal(media.audio, 'aac');
      assert.ok(Math.abs((media.durationSeconds ?? 0) - 6) < 0.5, `duration ${media.durationSeconds}`);
      assert.ok(Math.abs(result.durationSeconds - 6) < 0.5);
      // Written at the recording's rate, whatever rate ffmpeg reads in the input (a browser's WebM
      // reads as 1,000 frames a second).
      assert.equal(media.framesPerSecond, RECORDING_FRAMES_PER_SECOND);
      // +faststart: the index (moov) comes before the media data (mdat), so playback starts at once.
      const file = (await fs.readFile(output)).toString('latin1');
      assert.ok(file.indexOf('moov') > 0 && file.indexOf('moov') < file.indexOf('mdat'), 'moov before mdat');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it("fails with ffmpeg's reason for a file that is not media", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tertulia-media-'));
    try {
      const bad = path.join(dir, 'bad.webm');
      await fs.writeFile(bad, 'not a recording');
      await assert.rejects(transcodeToMp4(bad, path.join(dir, 'out.mp4')), /ffmpeg failed/);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
