/**
 * Picks the storage adapter from the configuration: an S3-compatible store when STORAGE_S3_BUCKET is
 * set, else local disk under $DATA_DIR/storage (embedded default).
 */
import crypto from 'node:crypto';
import path from 'node:path';
import type { Config } from '../../app/config';
import { createLocalStorage } from './local';
import type { FileStorage } from './port';
import { createS3Storage, type S3StorageConfig } from './s3';

export { s3ConfigFromEnv } from './config';

export type { FileStorage } from './port';

export function createStorage(
  config: Pick<Config, 'dataDir' | 'publicUrl' | 'authSecret'> & { storageS3?: S3StorageConfig | null },
): FileStorage {
  // Signed /files addresses use a key derived from the auth secret, never the secret itself.
  const secret = crypto.createHmac('sha256', config.authSecret).update('tertulia:signed-files').digest('hex');
  if (config.storageS3) return createS3Storage(config.storageS3, { publicUrl: config.publicUrl, secret });
  return createLocalStorage({ root: path.join(config.dataDir, 'storage'), publicUrl: config.publicUrl, secret });
}
