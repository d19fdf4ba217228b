/** The storage settings from the environment (no SDK loaded here: config.ts imports it). */
import type { S3StorageConfig } from './s3';

/** STORAGE_S3_* variables (README, Configuration), or null when no bucket is named. */
export function s3ConfigFromEnv(env: NodeJS.ProcessEnv): S3StorageConfig | null {
  const bucket = env.STORAGE_S3_BUCKET?.trim();
  if (!bucket) return null;
  const endpoint = env.STORAGE_S3_ENDPOINT?.trim() || null;
  return {
    bucket,
    region: env.STORAGE_S3_REGION?.trim() || 'us-east-1',
    endpoint,
    accessKeyId: env.STORAGE_S3_ACCESS_KEY_ID?.trim() || null,
    secretAccessKey: env.STORAGE_S3_SECRET_ACCESS_KEY?.trim() || null,
    forcePathStyle: env.STORAGE_S3_FORCE_PATH_STYLE ? env.STORAGE_S3_FORCE_PATH_STYLE === 'true' : !!endpoint,
    prefix: env.STORAGE_S3_PREFIX?.trim() ?? '',
    publicUrl: env.STORAGE_S3_PUBLIC_URL?.trim() || null,
  };
}
