/**
 * Local disk storage (embedded default): files under $DATA_DIR/storage/<key>, the content type in a
 * `<key>.type` file beside each. Written to a temporary name and renamed, so a reader never sees half
 * a file.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, filesUrl, isStorageKey, namedStorageKey, type FileStorage } from './port';
import { signedFilesUrl, verifyFilesSignature } from './signed';

/** `secret` signs private files' addresses (./signed.ts). */
export function createLocalStorage(options: { root: string; publicUrl: string; secret: string }): FileStorage {
  const fileOf = (key: string) => path.join(options.root, ...key.split('/'));
  /** Writes the type file, then the bytes under a temporary name renamed into place. */
  async function place(key: string, contentType: string, write: (temp: string) => Promise<void>) {
    assertStorageKey(key);
    const file = fileOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    await fs.writeFile(`${file}.type`, contentType);
    await write(temp);
    await fs.rename(temp, file);
  }
  return {
    kind: 'local',
    put: (key, bytes, contentType) => place(key, contentType, (temp) => fs.writeFile(temp, bytes)),
    putFile: (key, source, contentType) => place(key, contentType, (temp) => fs.copyFile(source, temp)),
    async get(key) {
      if (!isStorageKey(key)) return null;
      const file = fileOf(key);
      return unlessMissing(async () => {
        const [bytes, contentType] = await Promise.all([fs.readFile(file), fs.readFile(`${file}.type`, 'utf8')]);
        return { bytes, contentType: contentType.trim() };
      }, null);
    },
    async getToFile(key, target) {
      if (!isStorageKey(key)) return false;
      return unlessMissing(async () => {
        await fs.copyFile(fileOf(key), target);
        return true;
      }, false);
    },
    namedKey: (folder, extension, name) => namedStorageKey(options.secret, folder, extension, name),
    async stat(key) {
      if (!isStorageKey(key)) return null;
      const file = fileOf(key);
      return unlessMissing(async () => {
        const [{ size }, contentType] = await Promise.all([fs.stat(file), fs.readFile(`${file}.type`, 'utf8')]);
        return { size, contentType: contentType.trim() };
      }, null);
    },
    async stream(key, range) {
      if (!isStorageKey(key)) return null;
      return unlessMissing(async () => {
        const handle = await fs.open(fileOf(key));
        return handle.createReadStream({ start: range.start, end: range.end });
      }, null);
    },
    url: (key) => filesUrl(options.publicUrl, key),
    async signedUrl(key, ttlSeconds) {
      assertStorageKey(key);
      return signedFilesUrl(options.publicUrl, options.secret, key, ttlSeconds);
    },
    verifySignature: (key, expires, signature) => verifyFilesSignature(options.secret, key, expires, signature),
    async delete(key) {
      assertStorageKey(key);
      const file = fileOf(key);
      await Promise.all([fs.rm(file, { force: true }), fs.rm(`${file}.type`, { force: true })]);
    },
  };
}

/** What `operation` answers, or `missing` when the file it reads is not there. */
async function unlessMissing<T, M>(operation: () => Promise<T>, missing: M): Promise<T | M> {
  try {
    return await operation();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return missing;
    throw error;
  }
}
