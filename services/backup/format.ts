/**
 * The backup file: gzip around a body that starts with a magic line and then holds frames — a kind
 * byte, a 32-bit length, the payload. H: the header (JSON, first); E: the event log, COPY text in
 * feed order, split anywhere; F: a stored file's path and size (JSON), followed by its bytes in D
 * frames; Z: the end (JSON: the SHA-256 of every byte of the body before it). A file that lacks its
 * end, or whose bytes do not hash to it, is truncated or damaged: a restore refuses it before it
 * writes anything (docs/decisions/backup-restore.md).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { once } from 'node:events';
import { StringDecoder } from 'node:string_decoder';
import zlib from 'node:zlib';
import { SetupError } from '../app/shutdown';
import type { GlobalCheckpoint } from '../eventstore/port';

export const BACKUP_FORMAT = 1;
const MAGIC = Buffer.from('TERTULIA-BACKUP\n');
export const MAX_FRAME = 4 * 1024 * 1024;

/** K: personal data keys and tombstones (docs/decisions/erasure.md), a JSON array of rows a frame. */
export type FrameKind = 'H' | 'E' | 'K' | 'F' | 'D' | 'Z';

/** A row of the key store in a K frame (wrapped key in base64, null for a tombstone). */
export interface PersonalKeyRow {
  subject: string;
  wrapped: string | null;
  createdAt: string;
  erasedAt: string | null;
}

/** A table's rows as a count and an order-free hash (services/backup/fingerprint.ts). */
export interface TableFingerprint {
  rows: number;
  hash: string;
}

export interface ReadModelState {
  name: string;
  version: number;
  checkpoint: GlobalCheckpoint | null;
  failed: boolean;
  tables: Record<string, TableFingerprint>;
}

export interface BackupHeader {
  format: number;
  product: 'tertulia';
  installationId: string;
  createdAt: string;
  log: {
    events: number;
    /** The last event in feed order, as `projections status` prints it (transaction/position). */
    position: GlobalCheckpoint | null;
    firstRecordedAt: string | null;
    lastRecordedAt: string | null;
  };
  /** Every read model as it stood in the backup's snapshot, to check the restore's rebuild against. */
  readModels: ReadModelState[];
  storage: { kind: 'local' } | { kind: 's3'; bucket: string; prefix: string; endpoint: string | null; region: string };
  /** The auth secret when the data folder keeps it (AUTH_SECRET unset); else only its fingerprint. */
  authSecret: { kept: string | null; fingerprint: string };
}

export interface BackupEnd {
  sha256: string;
  events: number;
  files: number;
}

/** A backup or restore refused before anything was written: said to the user in one sentence. */
export class BackupRefusedError extends SetupError {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefusedError';
  }
}

export function secretFingerprint(secret: string): string {
  return crypto.createHmac('sha256', secret).update('tertulia:backup-fingerprint').digest('hex').slice(0, 16);
}

/** Writes a backup to `temp`; `close` ends it and renames it to `file` (a failed backup leaves no file of that name). */
export class BackupWriter {
  private readonly gzip = zlib.createGzip({ level: 1 });
  private readonly out: fs.WriteStream;
  private readonly hash = crypto.createHash('sha256');
  private readonly done: Promise<unknown>;
  private readonly temp: string;

  constructor(private readonly file: string) {
    this.temp = `${file}.${crypto.randomBytes(4).toString('hex')}.partial`;
    this.out = fs.createWriteStream(this.temp, { flags: 'wx', mode: 0o600 });
    this.gzip.pipe(this.out);
    this.done = once(this.out, 'close');
    this.done.catch(() => {});
    this.push(MAGIC);
  }

  private async push(bytes: Buffer) {
    this.hash.update(bytes);
    if (!this.gzip.write(bytes)) await once(this.gzip, 'drain');
  }

  async frame(kind: FrameKind, payload: Buffer): Promise<void> {
    for (let at = 0; at < payload.length || (at === 0 && payload.length === 0); at += MAX_FRAME) {
      const part = payload.subarray(at, at + MAX_FRAME);
      const head = Buffer.alloc(5);
      head.write(kind, 0, 'latin1');
      head.writeUInt32BE(part.length, 1);
      await this.push(head);
      await this.push(part);
      if (!payload.length) break;
    }
  }

  json(kind: 'H' | 'K' | 'F', value: unknown): Promise<void> {
    return this.frame(kind, Buffer.from(JSON.stringify(value)));
  }

  /** Writes the end frame and closes the file under its final name. */
  async close(end: Omit<BackupEnd, 'sha256'>): Promise<void> {
    const payload = Buffer.from(JSON.stringify({ ...end, sha256: this.hash.digest('hex') } satisfies BackupEnd));
    const head = Buffer.alloc(5);
    head.write('Z', 0, 'latin1');
    head.writeUInt32BE(payload.length, 1);
    this.gzip.end(Buffer.concat([head, payload]));
    await this.done;
    fs.renameSync(this.temp, this.file);
  }

  /** Gives up: the partial file goes. */
  async abort(): Promise<void> {
    this.gzip.destroy();
    this.out.destroy();
    fs.rmSync(this.temp, { force: true });
  }
}

export interface Frame {
  kind: FrameKind;
  payload: Buffer;
}

const TRUNCATED = 'The backup file is truncated or damaged (it does not end as a backup ends): nothing was restored.';

/**
 * The frames of a backup file in order, ending with its Z frame, whose hash is checked against the
 * bytes before it; throws BackupRefusedError for anything that is not a whole backup.
 */
export async function* readFrames(file: string): AsyncGenerator<Frame> {
  const hash = crypto.createHash('sha256');
  const input = fs.createReadStream(file).pipe(zlib.createGunzip());
  let buffered: Buffer[] = [];
  let length = 0;
  let magicSeen = false;
  let ended = false;
  const take = (n: number) => {
    const all = buffered.length === 1 ? buffered[0] : Buffer.concat(buffered);
    buffered = n < all.length ? [all.subarray(n)] : [];
    length -= n;
    return all.subarray(0, n);
  };
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      if (ended) throw new BackupRefusedError('The backup file goes on after its end: it is damaged. Nothing was restored.');
      buffered.push(chunk);
      length += chunk.length;
      if (!magicSeen) {
        if (length < MAGIC.length) continue;
        const magic = take(MAGIC.length);
        if (!magic.equals(MAGIC)) throw new BackupRefusedError('This is not a Tertulia backup file.');
        hash.update(magic);
        magicSeen = true;
      }
      while (length >= 5) {
        if (buffered[0].length < 5) buffered = [Buffer.concat(buffered)];
        const kind = buffered[0].toString('latin1', 0, 1) as FrameKind;
        const size = buffered[0].readUInt32BE(1);
        if (!'HEKFDZ'.includes(kind) || size > MAX_FRAME) throw new BackupRefusedError(TRUNCATED);
        if (length < 5 + size) break;
        const frame = take(5 + size);
        const payload = frame.subarray(5);
        if (kind === 'Z') {
          const end = JSON.parse(payload.toString()) as BackupEnd;
          if (end.sha256 !== hash.digest('hex'))
            throw new BackupRefusedError('The backup file is damaged (its checksum does not match its contents): nothing was restored.');
          ended = true;
          yield { kind, payload };
          if (length) throw new BackupRefusedError('The backup file goes on after its end: it is damaged. Nothing was restored.');
          break;
        }
        hash.update(frame);
        yield { kind, payload };
      }
    }
  } catch (error) {
    if (error instanceof BackupRefusedError) throw error;
    if (
      error instanceof SyntaxError ||
      (error as NodeJS.ErrnoException).code?.startsWith?.('Z_') ||
      /unexpected end|incorrect header|invalid/i.test(String(error))
    ) {
      throw new BackupRefusedError(magicSeen ? TRUNCATED : 'This is not a Tertulia backup file.');
    }
    throw error;
  }
  if (!ended) throw new BackupRefusedError(TRUNCATED);
}

/** Splits the E frames' bytes into COPY text lines (a line may span frames). */
export class LineSplitter {
  private rest = '';
  private readonly decoder = new StringDecoder('utf8');
  lines(payload: Buffer): string[] {
    const text = this.rest + this.decoder.write(payload);
    const lines = text.split('\n');
    this.rest = lines.pop()!;
    return lines;
  }
  /** True when no partial line is left over. */
  get whole(): boolean {
    return this.rest === '';
  }
}
