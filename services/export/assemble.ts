/**
 * Assembles a person's data export into one zip on disk (issue 34): the JSON files of collect.ts,
 * recordings.json with each recording's media under recordings/, the headshot, the JSON Schema the
 * files follow and a README.md explaining each file. Media are copied from the storage port to a
 * temporary directory and streamed into the zip, never held in memory whole.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import yazl from 'yazl';
import type { FileStorage } from '../integrations/storage/port';
import { EXPORT_PARTS, type ExportSources, headshotKeyOf, recordingsOf } from './collect';
import { EXPORT_README } from './readme';
import { EXPORT_SCHEMA } from './schema';

/** The parts the job reports progress over: the JSON files, then the recordings. */
export const EXPORT_TOTAL_PARTS = EXPORT_PARTS.length + 1;

export interface AssembledExport {
  /** The zip on disk; `dispose` removes it with its temporary directory. */
  file: string;
  bytes: number;
  dispose(): Promise<void>;
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');
const extensionOf = (key: string) => key.slice(key.lastIndexOf('.') + 1);

export async function assembleExport(
  sources: ExportSources & { storage: Pick<FileStorage, 'getToFile'> },
  personId: string,
  onProgress: (done: number, total: number) => Promise<void>,
): Promise<AssembledExport> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tertulia-export-'));
  const dispose = () => fs.rm(dir, { recursive: true, force: true });
  try {
    const zip = new yazl.ZipFile();
    const file = path.join(dir, 'export.zip');
    const written = once(zip.outputStream.pipe(createWriteStream(file)), 'close');
    zip.addBuffer(Buffer.from(EXPORT_README, 'utf8'), 'README.md');
    zip.addBuffer(json(EXPORT_SCHEMA), 'schema.json');
    let done = 0;
    for (const { file: name, part } of EXPORT_PARTS) {
      zip.addBuffer(json(await part(sources, personId)), name);
      await onProgress(++done, EXPORT_TOTAL_PARTS);
    }
    const recordings = [];
    for (const r of await recordingsOf(sources.pool, personId)) {
      const media = `recordings/${r.conversationId}.${extensionOf(r.mediaKey)}`;
      const local = path.join(dir, `${recordings.length}.media`);
      const copied = await sources.storage.getToFile(r.mediaKey, local);
      if (copied) zip.addFile(local, media);
      const { mediaKey: _key, ...listed } = r;
      recordings.push({ ...listed, file: copied ? media : null });
    }
    zip.addBuffer(json(recordings), 'recordings.json');
    const headshot = await headshotKeyOf(sources.pool, personId);
    if (headshot) {
      const local = path.join(dir, 'headshot.media');
      if (await sources.storage.getToFile(headshot, local)) zip.addFile(local, `headshot.${extensionOf(headshot)}`);
    }
    zip.end();
    await written;
    await onProgress(EXPORT_TOTAL_PARTS, EXPORT_TOTAL_PARTS);
    return { file, bytes: (await fs.stat(file)).size, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
