/**
 * Any S3-compatible store (AWS S3, MinIO, Cloudflare R2, Backblaze B2 …) through @aws-sdk/client-s3,
 * chosen when STORAGE_S3_BUCKET is set. The bucket stays private: the API serves each file at
 * `/files/<key>` by reading it through this adapter, unless STORAGE_S3_PUBLIC_URL names a public
 * base (a CDN or a public bucket) that serves the keys itself. Private files (archives) are played
 * from presigned GETs, straight from the store (which answers range requests itself).
 */
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertStorageKey, filesUrl, isStorageKey, namedStorageKey, type FileStorage } from './port';
import { MAX_SIGNED_TTL_SECONDS, cacheControlFor, verifyFilesSignature } from './signed';

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

/** Files above this size go up in parts of this size (S3 wants 5 MiB at least, but for the last part). */
export const DEFAULT_PART_BYTES = 16 * 1024 * 1024;
/** S3's most parts in one upload: a larger file gets larger parts. */
const MAX_PARTS = 10_000;

export interface S3StorageOptions {
  publicUrl: string;
  /** Signs `/files` addresses when a signed file is served through the API (./signed.ts). */
  secret: string;
  /** Multipart threshold and part size (tests make it small). */
  partBytes?: number;
  /**
   * Additional checksums (CRC32) on uploads and `x-amz-checksum-mode` on downloads: the SDK's default
   * for AWS ('when-supported'); only when an operation requires them for any other store
   * ('when-required'), as the SDK did before 2025, which every S3-compatible store accepts.
   */
  checksums?: 'when-supported' | 'when-required';
}

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey ||
  (error as { name?: string }).name === 'NoSuchKey' ||
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

export function createS3Storage(config: S3StorageConfig, options: S3StorageOptions): FileStorage & { client: S3Client } {
  const checksums = options.checksums ?? (config.endpoint ? 'when-required' : 'when-supported');
  const checksumSetting = checksums === 'when-required' ? 'WHEN_REQUIRED' : 'WHEN_SUPPORTED';
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    requestChecksumCalculation: checksumSetting,
    responseChecksumValidation: checksumSetting,
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
  });
  const partBytes = Math.max(5 * 1024 * 1024, options.partBytes ?? DEFAULT_PART_BYTES);
  const objectKey = (key: string) => `${config.prefix}${key}`;
  const objectOf = (key: string, contentType: string) => ({
    Bucket: config.bucket,
    Key: objectKey(key),
    ContentType: contentType,
    CacheControl: cacheControlFor(key),
  });

  /** A multipart upload read from disk one part at a time (one part in memory), aborted on any failure. */
  async function putInParts(object: ReturnType<typeof objectOf>, file: string, size: number) {
    const partSize = Math.max(partBytes, Math.ceil(size / MAX_PARTS));
    const crc32 = checksums === 'when-supported' ? { ChecksumAlgorithm: 'CRC32' as const } : {};
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ ...object, ...crc32 }));
    const target = { Bucket: object.Bucket, Key: object.Key, UploadId };
    const handle = await fs.open(file);
    try {
      const parts: CompletedPart[] = [];
      for (let offset = 0, PartNumber = 1; offset < size; offset += partSize, PartNumber++) {
        const body = Buffer.alloc(Math.min(partSize, size - offset));
        for (let read = 0; read < body.length; ) {
          const { bytesRead } = await handle.read(body, read, body.length - read, offset + read);
          if (!bytesRead) throw new Error(`${file} ended at ${offset + read} of ${size} bytes while it was uploaded.`);
          read += bytesRead;
        }
        const out = await client.send(new UploadPartCommand({ ...target, ...crc32, PartNumber, Body: body }));
        parts.push({ PartNumber, ETag: out.ETag, ...(out.ChecksumCRC32 ? { ChecksumCRC32: out.ChecksumCRC32 } : {}) });
      }
      await client.send(new CompleteMultipartUploadCommand({ ...target, MultipartUpload: { Parts: parts } }));
    } catch (error) {
      // An unfinished upload's parts are billed until aborted.
      await client.send(new AbortMultipartUploadCommand(target)).catch(() => {});
      throw error;
    } finally {
      await handle.close();
    }
  }

  return {
    kind: 's3',
    client,
    async put(key, bytes, contentType) {
      assertStorageKey(key);
      await client.send(new PutObjectCommand({ ...objectOf(key, contentType), Body: bytes }));
    },
    async putFile(key, file, contentType) {
      assertStorageKey(key);
      const { size } = await fs.stat(file);
      if (size > partBytes) return putInParts(objectOf(key, contentType), file, size);
      await client.send(new PutObjectCommand({ ...objectOf(key, contentType), Body: await fs.readFile(file) }));
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
        const bytes = Buffer.from(await out.Body!.transformToByteArray());
        return { bytes, contentType: out.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async getToFile(key, file) {
      if (!isStorageKey(key)) return false;
      let body: unknown;
      try {
        body = (await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }))).Body;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
      if (!(body instanceof Readable)) throw new Error('The S3 client answered without a Node.js stream.');
      try {
        await pipeline(body, createWriteStream(file));
      } catch (error) {
        await fs.rm(file, { force: true });
        throw error;
      }
      return true;
    },
    namedKey: (folder, extension, name) => namedStorageKey(options.secret, folder, extension, name),
    async stat(key) {
      if (!isStorageKey(key)) return null;
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
        return { size: out.ContentLength ?? 0, contentType: out.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async stream(key, range) {
      if (!isStorageKey(key)) return null;
      let body: unknown;
      try {
        const Range = `bytes=${range.start}-${range.end}`;
        body = (await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key), Range }))).Body;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      if (!(body instanceof Readable)) throw new Error('The S3 client answered without a Node.js stream.');
      return body;
    },
    url: (key) => (config.publicUrl ? `${config.publicUrl.replace(/\/$/, '')}/${objectKey(key)}` : filesUrl(options.publicUrl, key)),
    /**
     * A presigned GET straight from the store, valid for `ttlSeconds` (capped at an hour). The answer's
     * Cache-Control is part of the signature, so an object stored with another still is not cached.
     */
    async signedUrl(key, ttlSeconds) {
      assertStorageKey(key);
      const expiresIn = Math.min(Math.max(1, Math.floor(ttlSeconds)), MAX_SIGNED_TTL_SECONDS);
      return getSignedUrl(
        client,
        new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key), ResponseCacheControl: cacheControlFor(key) }),
        { expiresIn },
      );
    },
    verifySignature: (key, expires, signature) => verifyFilesSignature(options.secret, key, expires, signature),
    async delete(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
    },
  };
}
