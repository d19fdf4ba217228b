/** The file paths the backup and restore commands take: checked before anything is read or written. */
import fs from 'node:fs';
import path from 'node:path';
import { BackupRefusedError } from './format';

/** Longer than any path the operating systems we run on accept (Linux's PATH_MAX is 4096). */
export const MAX_PATH_LENGTH = 4096;

function checkText(what: string, value: string | undefined): string {
  if (!value?.trim()) throw new BackupRefusedError(`Say which ${what}.`);
  if (value.includes('\0')) throw new BackupRefusedError(`The ${what} path contains a NUL character.`);
  if (value.length > MAX_PATH_LENGTH) throw new BackupRefusedError(`The ${what} path is longer than ${MAX_PATH_LENGTH} characters.`);
  return path.resolve(value);
}

/** A backup to write: a new file in a folder that exists. */
export function newBackupFile(value: string | undefined): string {
  const file = checkText('backup file', value);
  if (fs.existsSync(file))
    throw new BackupRefusedError(`${file} already exists: choose a new file name (a backup never overwrites a file).`);
  const dir = path.dirname(file);
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) throw new BackupRefusedError(`The folder ${dir} does not exist.`);
  return file;
}

/** A backup to read: a file that exists. */
export function existingBackupFile(value: string | undefined): string {
  const file = checkText('backup file', value);
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) throw new BackupRefusedError(`${file} does not exist.`);
  if (!stat.isFile()) throw new BackupRefusedError(`${file} is not a file.`);
  return file;
}

/** A stored file's path inside a backup, as a relative path under the storage folder (never out of it). */
export function storedFilePath(root: string, relative: unknown): string {
  if (typeof relative !== 'string' || relative.length > 1024 || relative.includes('\0'))
    throw new BackupRefusedError('The backup file names a stored file badly: it is damaged.');
  const parts = relative.split('/');
  if (!parts.every((p) => /^[A-Za-z0-9._-]{1,255}$/.test(p) && p !== '.' && p !== '..')) {
    throw new BackupRefusedError('The backup file names a stored file outside the storage folder: it is damaged.');
  }
  return path.join(root, ...parts);
}
