/**
 * The storage port's contract, on local disk always and on an S3-compatible store when
 * STORAGE_S3_BUCKET (and usually STORAGE_S3_ENDPOINT and keys) are set; otherwise the S3 tests are
 * skipped and say so.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { s3ConfigFromEnv } from './config';
import { createLocalStorage } from './local';
import { isStorageKey, newStorageKey, type FileStorage } from './port';
import { createS3Storage } from './s3';

function contract(name: string, make: () => FileStorage, options: { skip?: string } = {}) {
  describe(name, { skip: options.skip }, () => {
    it('puts, gets with the content type, and answers null for a missing key', async () => {
      const storage = make();
      const key = newStorageKey('headshots', 'jpg');
      const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
      await storage.put(key, bytes, 'image/jpeg');
      assert.deepEqual(await storage.get(key), { bytes, contentType: 'image/jpeg' });
      assert.equal(await storage.get(newStorageKey('headshots', 'jpg')), null);
      assert.match(storage.url(key), new RegExp(`${key.replace('.', '\\.')}$`));
    });
    it('never touches a key it did not make', async () => {
      const storage = make();
      await assert.rejects(storage.put('../escape.jpg', Buffer.from('x'), 'image/jpeg'));
      assert.equal(await storage.get('headshots/../../auth-secret'), null);
    });
  });
}

describe('storage keys', () => {
  it('are random names in a folder with a known extension', () => {
    const a = newStorageKey('headshots', 'jpg');
    assert.match(a, /^headshots\/[0-9a-f]{32}\.jpg$/);
    assert.notEqual(a, newStorageKey('headshots', 'jpg'));
    for (const bad of ['headshots/../x.jpg', '/etc/passwd', 'headshots/abc.jpg', 'Headshots/' + '0'.repeat(32) + '.jpg', 'headshots/' + '0'.repeat(32) + '.html']) {
      assert.equal(isStorageKey(bad), false, bad);
    }
  });
});

contract('local disk storage', () => createLocalStorage({ root: fs.mkdtempSync(path.join(os.tmpdir(), 'tertulia-storage-')), publicUrl: 'http://localhost:3000' }));

const s3 = s3ConfigFromEnv(process.env);
if (!s3) console.log('# S3 storage tests skipped: set STORAGE_S3_BUCKET (and STORAGE_S3_ENDPOINT, STORAGE_S3_ACCESS_KEY_ID, STORAGE_S3_SECRET_ACCESS_KEY for MinIO and the like) to run them.');
contract('S3-compatible storage', () => createS3Storage(s3!, { publicUrl: 'http://localhost:3000' }), {
  skip: s3 ? undefined : 'STORAGE_S3_BUCKET is not set: no S3-compatible store to test against',
});
