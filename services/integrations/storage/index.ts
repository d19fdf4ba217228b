/**
 * Picks the storage adapter from the configuration: an S3-compatible store when STORAGE_S3_BUCKET is
 * set, else local disk under $DATA_DIR/storage (embedded default).
 */
import crypto from 'node:crypto';
import path from 'node:path';
import type { Config } from '../../app/config';
import { createLocalStorage } from './local';
import type { FileStorage } from './port';
import type { S3StorageConfig } from './s3';

export { s3ConfigFromEnv } from './config';

export type { FileStorage } from './port';

export async function createStorage(
  config: Pick<Config, 'dataDir' | 'publicUrl' | 'authSecret'> & { storageS3?: S3StorageConfig | null },
): Promise<FileStorage> {
  // Signed /files addresses use a key derived from the auth secret, never the secret itself.
  const secret = crypto.createHmac('sha256', config.authSecret).update('tertulia:signed-files').digest('hex');
  if (config.storageS3) {
    // The AWS SDK is imported only by a deployment that has a bucket: every process started without
    // one spent ~0.1 s of CPU on it.
    const { createS3Storage } = await import('./s3');
    return createS3Storage(config.storageS3, { publicUrl: config.publicUrl, secret });
  }
  return createLocalStorage({ root: path.join(config.dataDir, 'storage'), publicUrl: config.publicUrl, secret });
}
