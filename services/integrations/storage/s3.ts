/**
 * Any S3-compatible store (AWS S3, MinIO, Cloudflare R2, Backblaze B2 …) through @aws-sdk/client-s3,
 * chosen when STORAGE_S3_BUCKET is set. The bucket stays private: the API serves each file at
 * `/files/<key>` by reading it through this adapter, unless STORAGE_S3_PUBLIC_URL names a public
 * base (a CDN or a public bucket) that serves the keys itself.
 */
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertStorageKey, filesUrl, isStorageKey, type FileStorage } from './port';
import { MAX_SIGNED_TTL_SECONDS, verifyFilesSignature } from './signed';

export interface S3StorageConfig {
  bucket: string;
  region: string;
  endpoint: string | null;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** Path-style addressing (`endpoint/bucket/key`), which most S3-compatible stores want. */
  forcePathStyle: boolean;
  /** Optional prefix inside the bucket, e.g. `tertulia/`. */
  prefix: string;
  publicUrl: string | null;
}

/** `secret` signs `/files` addresses when a signed file is served through the API (./signed.ts). */
export function createS3Storage(
  config: S3StorageConfig,
  options: { publicUrl: string; secret: string },
): FileStorage & { client: S3Client } {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
  });
  const objectKey = (key: string) => `${config.prefix}${key}`;
  return {
    kind: 's3',
    client,
    async put(key, bytes, contentType) {
      assertStorageKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
        const bytes = Buffer.from(await out.Body!.transformToByteArray());
        return { bytes, contentType: out.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (
          error instanceof NoSuchKey ||
          (error as { name?: string }).name === 'NoSuchKey' ||
          (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
        )
          return null;
        throw error;
      }
    },
    url: (key) => (config.publicUrl ? `${config.publicUrl.replace(/\/$/, '')}/${objectKey(key)}` : filesUrl(options.publicUrl, key)),
    /** A presigned GET straight from the store, valid for `ttlSeconds` (capped at an hour). */
    async signedUrl(key, ttlSeconds) {
      assertStorageKey(key);
      const expiresIn = Math.min(Math.max(1, Math.floor(ttlSeconds)), MAX_SIGNED_TTL_SECONDS);
      return getSignedUrl(client, new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }), { expiresIn });
    },
    verifySignature: (key, expires, signature) => verifyFilesSignature(options.secret, key, expires, signature),
    async delete(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
    },
  };
}
