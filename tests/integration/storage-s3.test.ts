/**
 * Headshots on a real S3-compatible store (moto's server, scripts/storage/s3-server.ts): the API
 * started with STORAGE_S3_* puts the re-encoded JPEG in the bucket, under a key it made, and still
 * serves it at /files/<key> with its type. Skipped, saying why, only where no python3 can install
 * moto (the storage port's own contract runs on it too: services/integrations/storage).
 */
import assert from 'node:assert/strict';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll } from 'vitest';
import { s3ServerUnavailable, startS3Server, type S3Server } from '../../scripts/storage/s3-server';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import { s3ConfigFromEnv } from '../../services/integrations/storage/config';
import { signIn, startTestApp, type TestApp } from '../support/app';
import { skipFor } from '../support/skip';

const unavailable = s3ServerUnavailable();
const UPLOAD = `mutation($input: UploadHeadshotInput!) { uploadHeadshot(input: $input) { url } }`;
let server: S3Server;
let app: TestApp;

beforeAll(async () => {
  if (unavailable) return;
  server = await startS3Server('tertulia-headshots');
  app = await startTestApp({ storageS3: s3ConfigFromEnv({ ...server.env, STORAGE_S3_PREFIX: 'tertulia/' }) }, 'storage_s3');
}, 600_000); // the first use installs moto with pip

afterAll(async () => {
  await app?.close();
  await server?.stop();
});

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
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: server.env.STORAGE_S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: server.env.STORAGE_S3_ACCESS_KEY_ID, secretAccessKey: server.env.STORAGE_S3_SECRET_ACCESS_KEY },
  });
  const object = await client.send(new GetObjectCommand({ Bucket: 'tertulia-headshots', Key: `tertulia/${key}` }));
  const stored = Buffer.from(await object.Body!.transformToByteArray());
  client.destroy();
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
});
