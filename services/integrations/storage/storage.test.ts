/**
 * The storage port's contract, on local disk always and on an S3-compatible store: the one
 * STORAGE_S3_BUCKET (and usually STORAGE_S3_ENDPOINT and keys) names, or else moto's S3 server
 * started here (scripts/storage/s3-server.ts, installed with pip on first use). Skipped, saying
 * why, only where neither can be had (no python3).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { skipFor } from '../../../tests/support/skip';
import { s3ServerUnavailable, startS3Server } from '../../../scripts/storage/s3-server';
import { s3ConfigFromEnv, storageBrowserOrigins, storageSummary } from './config';
import { requestedRange } from './http';
import { createLocalStorage } from './local';
import { isStorageKey, newStorageKey, type FileStorage } from './port';
import { createS3Storage, type S3StorageConfig } from './s3';
import { MAX_SIGNED_TTL_SECONDS, isPrivateKey, signedFilesUrl, verifyFilesSignature } from './signed';

/** A file of `size` bytes whose every 4-byte word is its offset (a misplaced part shows). */
function patternFile(dir: string, size: number): string {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i + 4 <= size; i += 4) bytes.writeUInt32BE(i, i);
  const file = path.join(dir, `pattern-${size}.bin`);
  fs.writeFileSync(file, bytes);
  return file;
}

function contract(
  name: string,
  make: () => FileStorage,
  options: { skip?: string | null; setup?: () => Promise<() => Promise<void>>; more?: () => void } = {},
) {
  skipFor(options.skip).describe(name, () => {
    let teardown: (() => Promise<void>) | undefined;
    // The first use installs moto with pip (about a minute; more on a busy machine).
    beforeAll(async () => {
      teardown = await options.setup?.();
    }, 600_000);
    afterAll(async () => teardown?.());
    it('puts, gets with the content type, and answers null for a missing key', async () => {
      const storage = make();
      const key = newStorageKey('headshots', 'jpg');
      const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
      await storage.put(key, bytes, 'image/jpeg');
      assert.deepEqual(await storage.get(key), { bytes, contentType: 'image/jpeg' });
      assert.equal(await storage.get(newStorageKey('headshots', 'jpg')), null);
      assert.match(storage.url(key), new RegExp(`${key.replace('.', '\\.')}$`));
    });
    it("tells a file's size and type, and streams a range of it", async () => {
      const storage = make();
      const key = newStorageKey('archives', 'mp4');
      await storage.put(key, Buffer.from('movie'), 'video/mp4');
      assert.deepEqual(await storage.stat(key), { size: 5, contentType: 'video/mp4' });
      const read = async (range: { start: number; end: number }) => {
        const chunks: Buffer[] = [];
        for await (const chunk of (await storage.stream(key, range))!) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks).toString();
      };
      assert.equal(await read({ start: 1, end: 3 }), 'ovi');
      assert.equal(await read({ start: 0, end: 4 }), 'movie');
      const missing = newStorageKey('archives', 'mp4');
      assert.equal(await storage.stat(missing), null);
      assert.equal(await storage.stream(missing, { start: 0, end: 0 }), null);
      assert.equal(await storage.stat('archives/../../x.mp4'), null);
    });
    it('never touches a key it did not make', async () => {
      const storage = make();
      await assert.rejects(storage.put('../escape.jpg', Buffer.from('x'), 'image/jpeg'));
      assert.equal(await storage.get('headshots/../../auth-secret'), null);
    });
    it('deletes a file (and a missing one quietly)', async () => {
      const storage = make();
      const key = newStorageKey('archives', 'mp4');
      await storage.put(key, Buffer.from('movie'), 'video/mp4');
      await storage.delete(key);
      assert.equal(await storage.get(key), null);
      await storage.delete(key);
    });
    it('gives a signed, expiring address for a private file', async () => {
      const storage = make();
      const key = newStorageKey('archives', 'mp4');
      await storage.put(key, Buffer.from('movie'), 'video/mp4');
      const url = new URL(await storage.signedUrl(key, 300));
      if (storage.kind === 'local' || url.pathname.startsWith('/files/')) {
        assert.equal(storage.verifySignature(key, url.searchParams.get('expires'), url.searchParams.get('signature')), true);
        assert.equal(
          storage.verifySignature(newStorageKey('archives', 'mp4'), url.searchParams.get('expires'), url.searchParams.get('signature')),
          false,
        );
      } else {
        const response = await fetch(url);
        assert.equal(response.status, 200);
        assert.equal(await response.text(), 'movie');
        assert.equal(response.headers.get('cache-control'), 'private, no-store');
        // A player asks for ranges: the store answers them itself.
        const range = await fetch(url, { headers: { range: 'bytes=1-3' } });
        assert.equal(range.status, 206);
        assert.equal(await range.text(), 'ovi');
      }
    });
    it('stores a file from disk (in parts above the part size) and copies one back to disk', async () => {
      const storage = make();
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tertulia-storage-files-'));
      try {
        for (const size of [1000, 11 * 1024 * 1024 + 3]) {
          const source = patternFile(dir, size);
          const key = newStorageKey('archives', 'mp4');
          await storage.putFile(key, source, 'video/mp4');
          const copy = path.join(dir, 'copy.mp4');
          assert.equal(await storage.getToFile(key, copy), true);
          assert.equal(Buffer.compare(fs.readFileSync(copy), fs.readFileSync(source)), 0, `${size} bytes come back whole`);
          assert.equal((await storage.get(key))?.contentType, 'video/mp4');
          await storage.delete(key);
        }
        const nowhere = path.join(dir, 'missing.mp4');
        assert.equal(await storage.getToFile(newStorageKey('archives', 'mp4'), nowhere), false);
        assert.equal(await storage.getToFile('archives/../../etc/passwd', nowhere), false);
        assert.equal(fs.existsSync(nowhere), false);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
    options.more?.();
  });
}

describe('signed /files addresses', () => {
  const secret = 'test-secret';
  const key = `archives/${'a'.repeat(32)}.mp4`;
  const now = new Date('2026-01-01T00:00:00Z');
  const parts = (url: string) => {
    const u = new URL(url);
    return [u.searchParams.get('expires'), u.searchParams.get('signature')] as const;
  };
  it('verify until they expire, and only for their key and secret', () => {
    const [expires, signature] = parts(signedFilesUrl('http://localhost:3000', secret, key, 300, now));
    assert.equal(Number(expires), now.getTime() / 1000 + 300);
    assert.equal(verifyFilesSignature(secret, key, expires, signature, now), true);
    assert.equal(verifyFilesSignature(secret, key, expires, signature, new Date(now.getTime() + 299_000)), true);
    assert.equal(verifyFilesSignature(secret, key, expires, signature, new Date(now.getTime() + 300_000)), false);
    assert.equal(verifyFilesSignature('other-secret', key, expires, signature, now), false);
    assert.equal(verifyFilesSignature(secret, key.replace('aaaa', 'aaab'), expires, signature, now), false);
    assert.equal(verifyFilesSignature(secret, key, String(Number(expires) + 1000), signature, now), false);
    assert.equal(verifyFilesSignature(secret, key, expires, undefined, now), false);
    assert.equal(verifyFilesSignature(secret, key, ['1'], signature, now), false);
  });
  it('live at most an hour', () => {
    const [expires] = parts(signedFilesUrl('http://localhost:3000', secret, key, 10 ** 9, now));
    assert.equal(Number(expires), now.getTime() / 1000 + MAX_SIGNED_TTL_SECONDS);
  });
  it('are needed for private folders only', () => {
    assert.equal(isPrivateKey(key), true);
    assert.equal(isPrivateKey(`headshots/${'a'.repeat(32)}.jpg`), false);
  });
});

describe('the S3 settings', () => {
  const env = { STORAGE_S3_BUCKET: 'tertulia', STORAGE_S3_ENDPOINT: 'https://acct.r2.example.com', STORAGE_S3_PREFIX: 'files/' };
  it('name the origins a browser plays archives from (the bucket in the host with virtual-host addressing)', () => {
    assert.deepEqual(storageBrowserOrigins(null), []);
    assert.deepEqual(storageBrowserOrigins(s3ConfigFromEnv(env)), ['https://acct.r2.example.com']);
    assert.deepEqual(storageBrowserOrigins(s3ConfigFromEnv({ ...env, STORAGE_S3_FORCE_PATH_STYLE: 'false' })), [
      'https://acct.r2.example.com',
      'https://tertulia.acct.r2.example.com',
    ]);
    assert.deepEqual(
      storageBrowserOrigins(s3ConfigFromEnv({ STORAGE_S3_BUCKET: 'tertulia', STORAGE_S3_PUBLIC_URL: 'https://cdn.example.com/x' })),
      ['https://cdn.example.com', 'https://*.amazonaws.com'],
    );
  });
  it('say at the start where files go', () => {
    assert.equal(storageSummary(null, '.data'), 'Files (headshots, recordings): local disk (.data/storage)');
    assert.equal(
      storageSummary(s3ConfigFromEnv(env), '.data'),
      'Files (headshots, recordings): S3 bucket tertulia (https://acct.r2.example.com, prefix files/)',
    );
    assert.equal(
      storageSummary(s3ConfigFromEnv({ STORAGE_S3_BUCKET: 'b', STORAGE_S3_REGION: 'eu-west-3' }), '.data'),
      'Files (headshots, recordings): S3 bucket b (AWS eu-west-3)',
    );
  });
});

describe("the files route's byte ranges", () => {
  it('answer one range, a suffix or an open end, ignore what they cannot read, and refuse a start past the end', () => {
    assert.deepEqual(requestedRange('bytes=0-99', 1000), { start: 0, end: 99 });
    assert.deepEqual(requestedRange('bytes=900-', 1000), { start: 900, end: 999 });
    assert.deepEqual(requestedRange('bytes=990-2000', 1000), { start: 990, end: 999 });
    assert.deepEqual(requestedRange('bytes=-100', 1000), { start: 900, end: 999 });
    assert.deepEqual(requestedRange('bytes=-5000', 1000), { start: 0, end: 999 });
    for (const ignored of [
      undefined,
      '',
      'bytes=',
      'bytes=-',
      'items=0-1',
      'bytes=0-1,5-9',
      'bytes=9-1',
      'bytes=a-b',
      `bytes=${'9'.repeat(16)}-`,
    ])
      assert.equal(requestedRange(ignored, 1000), null, String(ignored));
    assert.equal(requestedRange('bytes=1000-', 1000), 'unsatisfiable');
    assert.equal(requestedRange('bytes=-0', 1000), 'unsatisfiable');
    assert.equal(requestedRange('bytes=0-', 0), 'unsatisfiable');
  });
});

describe('storage keys', () => {
  it('named by the server are the same for the same name and secret, and cannot be worked out without the secret', () => {
    const storage = (secret: string) => createLocalStorage({ root: os.tmpdir(), publicUrl: 'http://localhost:3000', secret });
    const key = storage('one').namedKey('archive-chunks', 'webm', 'archive-chunk:c-1:0');
    assert.match(key, /^archive-chunks\/[0-9a-f]{32}\.webm$/);
    assert.equal(storage('one').namedKey('archive-chunks', 'webm', 'archive-chunk:c-1:0'), key);
    assert.notEqual(storage('two').namedKey('archive-chunks', 'webm', 'archive-chunk:c-1:0'), key);
    assert.notEqual(storage('one').namedKey('archive-chunks', 'webm', 'archive-chunk:c-1:1'), key);
    assert.throws(() => storage('one').namedKey('../up', 'webm', 'x'));
  });
  it('are random names in a folder with a known extension', () => {
    const a = newStorageKey('headshots', 'jpg');
    assert.match(a, /^headshots\/[0-9a-f]{32}\.jpg$/);
    assert.notEqual(a, newStorageKey('headshots', 'jpg'));
    for (const bad of [
      'headshots/../x.jpg',
      '/etc/passwd',
      'headshots/abc.jpg',
      `Headshots/${'0'.repeat(32)}.jpg`,
      `headshots/${'0'.repeat(32)}.html`,
    ]) {
      assert.equal(isStorageKey(bad), false, bad);
    }
  });
});

contract('local disk storage', () =>
  createLocalStorage({
    root: fs.mkdtempSync(path.join(os.tmpdir(), 'tertulia-storage-')),
    publicUrl: 'http://localhost:3000',
    secret: 'local-test-secret',
  }),
);

const fromEnv = s3ConfigFromEnv(process.env);
let s3: S3StorageConfig | null = fromEnv;
const unavailable = fromEnv ? null : s3ServerUnavailable();
contract(
  fromEnv ? 'S3-compatible storage (STORAGE_S3_BUCKET)' : "S3-compatible storage (moto's server)",
  () => createS3Storage(s3!, { publicUrl: 'http://localhost:3000', secret: 's3-test-secret', partBytes: 5 * 1024 * 1024 }),
  {
    skip: unavailable && `no STORAGE_S3_BUCKET, and ${unavailable}`,
    more: () =>
      it("uploads in parts with CRC32 checksums (the SDK's default on AWS) too", async () => {
        const storage = createS3Storage(s3!, {
          publicUrl: 'http://localhost:3000',
          secret: 's3-test-secret',
          partBytes: 5 * 1024 * 1024,
          checksums: 'when-supported',
        });
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tertulia-storage-crc-'));
        try {
          const source = patternFile(dir, 10 * 1024 * 1024 + 1);
          const key = newStorageKey('archives', 'mp4');
          await storage.putFile(key, source, 'video/mp4');
          // A multipart object's ETag ends with its count of parts.
          const head = await storage.client.send(new HeadObjectCommand({ Bucket: s3!.bucket, Key: `${s3!.prefix}${key}` }));
          assert.match(head.ETag ?? '', /-3"$/);
          assert.equal(head.CacheControl, 'private, no-store');
          assert.equal(Buffer.compare((await storage.get(key))!.bytes, fs.readFileSync(source)), 0);
          await storage.delete(key);
        } finally {
          storage.client.destroy();
          fs.rmSync(dir, { recursive: true, force: true });
        }
      }),
    setup: fromEnv
      ? undefined
      : async () => {
          const server = await startS3Server();
          s3 = s3ConfigFromEnv(server.env);
          return server.stop;
        },
  },
);
