/**
 * Files on a real S3-compatible store (moto's server, scripts/storage/s3-server.ts), through the API
 * started with STORAGE_S3_* (and a prefix), as `npm start` makes it:
 * - a headshot: the re-encoded JPEG in the bucket, under a key the server made, still served at
 *   /files/<key> with its type;
 * - a recording (issue 10) through the archive flow: its chunks in the bucket's private folder,
 *   the MP4 the job makes from them stored in the bucket (uncacheable, the chunks then gone),
 *   listed as playable, played from a presigned GET that answers a player's range requests, and
 *   deleted from the bucket when an admin removes it or its retention ends (a provider's recording,
 *   which takes the same path).
 * Skipped, saying why, only where no python3 can install moto (the storage port's own contract runs
 * on it too: services/integrations/storage).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, it } from 'vitest';
import { findArchive } from '../../projections/archives';
import { chunkKey } from '../../services/archive/chunks';
import { s3ServerUnavailable, startS3Server, type S3Server } from '../../scripts/storage/s3-server';
import { describeMedia, generateTestRecording } from '../../services/domain/archive/media';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import { s3ConfigFromEnv } from '../../services/integrations/storage/config';
import { codeOf, createAdmin, signIn, startTestApp, type TestApp } from '../support/app';
import { enrollAsAdmin, live, reserveConversation } from '../support/conversations';
import { createCourseAsSystem, createInstructor, createPlans } from '../support/enrollment';
import { eventually } from '../support/eventually';
import { createSpeaker, createStudent } from '../support/scheduling';
import { skipFor } from '../support/skip';

const unavailable = s3ServerUnavailable();
const UPLOAD = `mutation($input: UploadHeadshotInput!) { uploadHeadshot(input: $input) { url } }`;
const BUCKET = 'tertulia-files';
const PREFIX = 'tertulia/';
let server: S3Server;
let app: TestApp;
let bucket: S3Client;

beforeAll(async () => {
  if (unavailable) return;
  server = await startS3Server(BUCKET);
  // As `npm start` reads it: the configuration from the STORAGE_S3_* variables.
  app = await startTestApp({ storageS3: s3ConfigFromEnv({ ...server.env, STORAGE_S3_PREFIX: PREFIX }) }, 'storage_s3');
  bucket = new S3Client({
    region: 'us-east-1',
    endpoint: server.env.STORAGE_S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: server.env.STORAGE_S3_ACCESS_KEY_ID, secretAccessKey: server.env.STORAGE_S3_SECRET_ACCESS_KEY },
  });
}, 600_000); // the first use installs moto with pip

afterAll(async () => {
  bucket?.destroy();
  await app?.close();
  await server?.stop();
});

/** The object's metadata in the bucket, or null when it is not there. */
async function head(key: string) {
  try {
    return await bucket.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}${key}` }));
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
    throw error;
  }
}

/** The bucket's keys in a folder, without the prefix. */
async function keysIn(folder: string): Promise<string[]> {
  const out = await bucket.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `${PREFIX}${folder}/` }));
  return (out.Contents ?? []).map((o) => o.Key!.slice(PREFIX.length)).sort();
}

skipFor(unavailable).it('a headshot goes to the bucket and is served from it at /files/<key>', async () => {
  const emailAddress = 'lucia-s3@example.com';
  const grant = await app.runtime.identity.register(
    { actor: SYSTEM_ACTOR },
    { emailAddress, password: 'Passw0rdSpk', roles: ['ONBOARDING_SPEAKER'] },
  );
  await app.runtime.speaking.seedPromotedSpeaker(
    { actor: SYSTEM_ACTOR },
    { speakerId: grant.accountId, emailAddress, languages: ['es'], payRate: 1500 },
  );
  const token = await signIn(app, emailAddress, 'Passw0rdSpk');
  const picture = await sharp({ create: { width: 700, height: 500, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  const res = await app.gql(
    UPLOAD,
    { input: { name: 'me.png', type: 'image/png', size: picture.length, data: picture.toString('base64') } },
    token,
  );
  assert.equal(res.errors, undefined, JSON.stringify(res.errors));
  const url = res.data.uploadHeadshot.url as string;
  const key = /\/files\/(headshots\/[0-9a-f]{32}\.jpg)$/.exec(url)?.[1];
  assert.ok(key, url);
  assert.equal(app.runtime.storage.kind, 's3');

  // In the bucket, under the prefix, as the re-encoded JPEG.
  const object = await bucket.send(new GetObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}${key}` }));
  const stored = Buffer.from(await object.Body!.transformToByteArray());
  assert.equal(object.ContentType, 'image/jpeg');
  assert.deepEqual(
    await sharp(stored)
      .metadata()
      .then((m) => [m.format, m.width, m.height]),
    ['jpeg', 512, 512],
  );

  // Served by the API from the bucket.
  const served = await fetch(url);
  assert.equal(served.status, 200);
  assert.equal(served.headers.get('content-type'), 'image/jpeg');
  assert.deepEqual(Buffer.from(await served.arrayBuffer()), stored);
  const part = await fetch(url, { headers: { range: 'bytes=0-9' } });
  assert.equal(part.status, 206);
  assert.deepEqual(Buffer.from(await part.arrayBuffer()), stored.subarray(0, 10));
});

skipFor(unavailable).describe('recordings on S3', () => {
  const SECONDS = 4;
  const CHUNKS = 3;
  const REDIRECT = `mutation($input: RedirectArchiveMediaInput!) { redirectArchiveMedia(input: $input) { url } }`;
  const ARCHIVE = `query($id: ID!) { conversationArchive(conversationId: $id) { status statusText durationSeconds } }`;
  const REMOVE = `mutation($input: RemoveConversationArchiveInput!) { removeConversationArchive(input: $input) { removed } }`;
  const LESSONS = `query($id: ID!) { course(courseId: $id) { lessonAssignments { lesson { id } } } }`;
  let dir: string;
  let recording: Buffer;
  let admin: { token: string; accountId: string };
  let speaker: Awaited<ReturnType<typeof createSpeaker>>;
  let student: Awaited<ReturnType<typeof createStudent>>;
  let courseId: string;
  let lessons: string[];

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'archive-s3-'));
    const file = path.join(dir, 'recording.webm');
    await generateTestRecording(file, SECONDS, { size: '320x240', rate: 15 });
    recording = await fs.readFile(file);
    admin = await createAdmin(app);
    const plans = await createPlans(app);
    const instructor = await createInstructor(app);
    const course = await createCourseAsSystem(app, {
      name: 'Recorded on S3',
      pricingPlanId: plans.standard,
      ownerId: instructor.accountId,
    });
    courseId = course.courseId;
    speaker = await createSpeaker(app);
    student = await createStudent(app, 0);
    await enrollAsAdmin(app, course.inviteNumber, student.accountId);
    lessons = (await app.gql(LESSONS, { id: courseId }, student.token)).data.course.lessonAssignments.map((a: any) => a.lesson.id);
  });
  afterAll(async () => {
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  async function heldLesson(lessonIndex: number) {
    const id = await reserveConversation(app, student, speaker, { courseId, lessonId: lessons[lessonIndex] });
    await live(app, id, speaker.accountId, student.accountId, 'held');
    return id;
  }
  const available = (id: string) =>
    eventually(
      async () => {
        const a = (await app.gql(ARCHIVE, { id }, student.token)).data?.conversationArchive;
        return a?.status === 'AVAILABLE' || a?.status === 'FAILED' ? a : null;
      },
      'the archive is processed',
      120_000,
    );

  it('a browser recording: chunks and MP4 in the bucket, played from a presigned GET with ranges, deleted when an admin removes it', async () => {
    const id = await heldLesson(0);
    const size = Math.ceil(recording.length / CHUNKS);
    for (let i = 0; i < CHUNKS; i++) {
      const res = await fetch(`${app.url}/api/conversations/${id}/archive/chunks/${i}`, {
        method: 'PUT',
        headers: { 'content-type': 'video/webm', authorization: `Bearer ${speaker.token}` },
        body: new Uint8Array(recording.subarray(i * size, (i + 1) * size)),
      });
      assert.equal(res.status, 200);
    }
    // The chunks are in the bucket's private folder, never cacheable.
    const chunkKeys = (await app.runtime.archive.chunks.list(id)).map((c) => c.key);
    assert.equal(chunkKeys.length, CHUNKS);
    for (const key of chunkKeys) {
      const object = await head(key);
      assert.equal(object?.ContentType, 'video/webm');
      assert.equal(object?.CacheControl, 'private, no-store');
    }
    const done = await fetch(`${app.url}/api/conversations/${id}/archive/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${speaker.token}` },
      body: JSON.stringify({ chunkCount: CHUNKS, durationSeconds: SECONDS }),
    });
    assert.equal(done.status, 202);

    // Processed from the bucket's chunks into an MP4 in the bucket; listed as playable; the chunks gone.
    const archive = await available(id);
    assert.deepEqual(archive, { status: 'AVAILABLE', statusText: 'Play archive', durationSeconds: SECONDS });
    const row = (await findArchive(app.runtime.pool, id))!;
    const made = (await app.runtime.store.readStream(`archive-${id}`)).find((e) => e.type === 'ArchiveAvailable')!.data as {
      bytes: number;
    };
    const media = await head(row.mediaKey!);
    assert.equal(media?.ContentType, 'video/mp4');
    assert.equal(media?.CacheControl, 'private, no-store');
    assert.equal(media?.ContentLength, made.bytes);
    await eventually(async () => (await app.runtime.archive.chunks.list(id)).length === 0, 'the chunks cleared');
    for (const key of chunkKeys) assert.equal(await head(key), null, `${key} deleted from the bucket`);

    // Played from the store itself (a presigned GET), which answers the player's range requests.
    const res = await app.gql(REDIRECT, { input: { conversationId: id } }, student.token);
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    const url = new URL(res.data.redirectArchiveMedia.url);
    assert.equal(url.origin, server.env.STORAGE_S3_ENDPOINT);
    assert.equal(url.pathname, `/${BUCKET}/${PREFIX}${row.mediaKey}`);
    assert.equal(url.searchParams.get('X-Amz-Expires'), '300');
    // Nothing a store other than AWS may refuse: no checksum mode signed in.
    assert.equal(url.searchParams.has('x-amz-checksum-mode'), false, url.search);
    const first = await fetch(url, { headers: { range: 'bytes=0-1023' } });
    assert.equal(first.status, 206);
    assert.equal(first.headers.get('content-range'), `bytes 0-1023/${made.bytes}`);
    assert.equal((await first.arrayBuffer()).byteLength, 1024);
    const whole = await fetch(url);
    assert.equal(whole.status, 200);
    assert.equal(whole.headers.get('content-type'), 'video/mp4');
    assert.equal(whole.headers.get('cache-control'), 'private, no-store');
    const played = path.join(dir, 'played.mp4');
    await fs.writeFile(played, Buffer.from(await whole.arrayBuffer()));
    const described = await describeMedia(played);
    assert.deepEqual([described.video, described.audio], ['h264', 'aac']);
    assert.ok(Math.abs((described.durationSeconds ?? 0) - SECONDS) <= 1, `played ${described.durationSeconds} s`);
    // Not through the API without a signature: a private file is not there. The pages' policy lets the player load from the store.
    const unsigned = await fetch(`${app.url}/files/${row.mediaKey}`);
    assert.equal(unsigned.status, 404);
    assert.match(
      unsigned.headers.get('content-security-policy') ?? '',
      new RegExp(`media-src 'self' blob: ${server.env.STORAGE_S3_ENDPOINT}[;]`),
    );

    // Removed by an admin: gone from the bucket.
    const removed = await app.gql(REMOVE, { input: { conversationId: id } }, admin.token);
    assert.equal(removed.errors, undefined, JSON.stringify(removed.errors));
    assert.equal(await head(row.mediaKey!), null);
    assert.equal(codeOf(await app.gql(REDIRECT, { input: { conversationId: id } }, student.token)), 'CONFLICT');
  });

  it("a provider's recording takes the same path on S3, and its file leaves the bucket when its retention ends", async () => {
    const id = await heldLesson(1);
    assert.deepEqual(
      await app.runtime.archive.receiveProviderRecording({
        conversationId: id,
        source: 'zoom',
        file: path.join(dir, 'recording.webm'),
        durationSeconds: SECONDS,
      }),
      { enqueued: true },
    );
    assert.equal((await available(id)).status, 'AVAILABLE');
    const { mediaKey } = (await findArchive(app.runtime.pool, id))!;
    assert.equal((await head(mediaKey!))?.CacheControl, 'private, no-store', 'the MP4 is in the bucket, never cacheable');
    assert.ok((await keysIn('archives')).includes(mediaKey!));
    const retentionEnds = (await app.runtime.archive.retentionEndsOf(id))!.getTime();
    assert.equal(await app.runtime.archive.expireOne(id, new Date(retentionEnds - 86_400_000)), false);
    assert.ok(await head(mediaKey!), 'kept until its retention ends');
    assert.equal(await app.runtime.archive.expireOne(id, new Date(retentionEnds)), true);
    assert.equal(await head(mediaKey!), null);
    assert.equal(await head(chunkKey(app.runtime.storage, id, 0)), null, 'the chunk the recording was stored as is gone');
  });
});
