/**
 * The file storage port (headshots now, conversation archives later). Keys are made by the server
 * (`newStorageKey`), never taken from an upload: lowercase folders and a random name with a known
 * extension. Files are served by the API at `/files/<key>` (services/integrations/storage/http.ts)
 * with the stored content type, whatever the adapter.
 */
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';

export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}

/** What the files route needs to answer for a file before reading it. */
export interface FileInfo {
  size: number;
  contentType: string;
}

/** Bytes start..end of a file, both included (an HTTP byte range). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /**
   * Stores a file from disk without holding it in memory (an archive's MP4 may be gigabytes): on an
   * S3-compatible store in parts (multipart upload) above the adapter's part size.
   */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** Null when there is no such file. */
  get(key: string): Promise<StoredFile | null>;
  /** Copies a stored file to `file` on disk, streamed; false (and nothing written) when there is no such file. */
  getToFile(key: string, file: string): Promise<boolean>;
  /** The size and type of a stored file, or null when there is none (nothing is read). */
  stat(key: string): Promise<FileInfo | null>;
  /** A stream of a stored file's bytes in `range` (from stat's size), for the files route; null when it is gone. */
  stream(key: string, range: ByteRange): Promise<Readable | null>;
  /**
   * The key of a file the server names itself (`name`, e.g. a recording's chunk index): the same
   * name always gives the same key, and nobody without the server's secret can work it out (a store
   * with a public base serves any key it is asked for).
   */
  namedKey(folder: string, extension: StorageExtension, name: string): string;
  /** Where a browser fetches the file (public folders only; see ./signed.ts). */
  url(key: string): string;
  /**
   * A short-lived address for a private file (archives): an HMAC-signed `/files` URL checked by the
   * API on local disk, a presigned GET on an S3-compatible store. `ttlSeconds` is capped at an hour.
   */
  signedUrl(key: string, ttlSeconds: number): Promise<string>;
  /** Checks a `/files` request's signature (expires, signature query parameters) for a private key. */
  verifySignature(key: string, expires: unknown, signature: unknown): boolean;
  /** Removes a file; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
}

/** A key the server made: `<folder>/<32 hex>.<ext>`; anything else is never read or written. */
export const STORAGE_KEY = /^[a-z][a-z0-9-]{0,30}\/[0-9a-f]{32}\.(jpg|png|webp|webm|mp4|json|zip)$/;

export function isStorageKey(key: string): boolean {
  return STORAGE_KEY.test(key);
}

export type StorageExtension = 'jpg' | 'png' | 'webp' | 'webm' | 'mp4' | 'json' | 'zip';

/** A new random key in a folder: 128 random bits, so keys cannot be guessed or collide. */
export function newStorageKey(folder: string, extension: StorageExtension): string {
  return `${folder}/${crypto.randomBytes(16).toString('hex')}.${extension}`;
}

/** FileStorage.namedKey: 128 bits of an HMAC of the name with the adapter's secret. */
export function namedStorageKey(secret: string, folder: string, extension: StorageExtension, name: string): string {
  const key = `${folder}/${crypto.createHmac('sha256', secret).update(`storage-key:${name}`).digest('hex').slice(0, 32)}.${extension}`;
  assertStorageKey(key);
  return key;
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`Not a storage key: ${JSON.stringify(key).slice(0, 80)}`);
}

/** The URL the API serves a key at (both adapters: the API reads through the port). */
export const filesUrl = (publicUrl: string, key: string) => `${publicUrl.replace(/\/$/, '')}/files/${key}`;
