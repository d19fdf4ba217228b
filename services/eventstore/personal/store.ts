/**
 * The event store with personal data encrypted (docs/decisions/erasure.md): wraps any store of the
 * port, encrypting the registered personal fields (services/domain/personalData.ts) under their
 * subject's key before an append, and decrypting them after a read, so deciders, projectors and jobs
 * see plaintext. The inner store (and its stream cache) only ever holds the envelopes.
 */
import { erasedValue, PERSONAL_FIELDS, type PersonalFields, type PersonalKind } from '../../domain/personalData';
import type { AppendRequest, EventStore, NewEvent, StoredEvent } from '../port';
import { getPath, isEnvelope, open, seal, setPath } from './codec';
import type { PersonalKeyStore } from './keyStore';

interface CompiledFields {
  subject: PersonalFields['subject'];
  fields: { path: string[]; kind: PersonalKind }[];
}

const compiled = new Map<string, CompiledFields>(
  Object.entries(PERSONAL_FIELDS).map(([type, entry]) => [
    type,
    { subject: entry.subject, fields: Object.entries(entry.fields).map(([path, kind]) => ({ path: path.split('.'), kind })) },
  ]),
);

/** The registered fields of `type`, or undefined when it has none. */
export const personalFieldsOf = (type: string) => compiled.get(type);

/** `data` with its plaintext personal fields sealed under its subject's key (already sealed ones untouched). */
export async function encryptData(keys: PersonalKeyStore, type: string, streamId: string, data: unknown): Promise<unknown> {
  const entry = compiled.get(type);
  if (!entry) return data;
  let sealed = data;
  let subject: string | null | undefined;
  let key: Buffer | undefined;
  for (const { path } of entry.fields) {
    const value = getPath(sealed, path);
    if (value === undefined || value === null || isEnvelope(value)) continue;
    subject ??= entry.subject(data, streamId);
    if (!subject) return data;
    key ??= await keys.keyToWrite(subject);
    sealed = setPath(sealed, path, seal(key, subject, value));
  }
  return sealed;
}

async function encryptEvents(keys: PersonalKeyStore, stream: string, events: NewEvent[]): Promise<NewEvent[]> {
  if (!events.some((e) => compiled.has(e.type))) return events;
  return Promise.all(events.map(async (e) => (compiled.has(e.type) ? { ...e, data: await encryptData(keys, e.type, stream, e.data) } : e)));
}

async function encryptRequests(keys: PersonalKeyStore, requests: AppendRequest[]): Promise<AppendRequest[]> {
  return Promise.all(requests.map(async (r) => ({ ...r, events: await encryptEvents(keys, r.stream, r.events) })));
}

/** The events with their sealed fields opened (an erased subject's read as its kind's placeholder). */
export async function decryptEvents(keys: PersonalKeyStore, events: StoredEvent[]): Promise<StoredEvent[]> {
  const subjects = new Set<string>();
  for (const e of events) {
    const entry = compiled.get(e.type);
    if (!entry) continue;
    for (const { path } of entry.fields) {
      const value = getPath(e.data, path);
      if (isEnvelope(value)) subjects.add(value.$by);
    }
  }
  if (subjects.size === 0) return events;
  const found = await keys.keysToRead(subjects);
  return events.map((e) => {
    const entry = compiled.get(e.type);
    if (!entry) return e;
    let data = e.data;
    for (const { path, kind } of entry.fields) {
      const value = getPath(data, path);
      if (!isEnvelope(value)) continue;
      const key = found.get(value.$by);
      data = setPath(data, path, key ? open(key, value) : erasedValue(kind, value.$by));
    }
    return data === e.data ? e : { ...e, data };
  });
}

/** `store` with personal fields encrypted in it; every other method is the inner store's own. */
export function withPersonalData<S extends EventStore & { appendWithClient?: (client: any, requests: AppendRequest[]) => any }>(
  store: S,
  keys: PersonalKeyStore,
): S {
  const decrypt = (events: StoredEvent[]) => decryptEvents(keys, events);
  const wrapped: S = {
    ...store,
    appendToStreams: async (requests: AppendRequest[]) => store.appendToStreams(await encryptRequests(keys, requests)),
    readStream: async (stream: string) => decrypt(await store.readStream(stream)),
    readStreams: async (streams, options) => {
      const read = await store.readStreams(streams, options);
      const opened = await decrypt([...read.values()].flat());
      const result = new Map<string, StoredEvent[]>();
      let at = 0;
      for (const [stream, events] of read) {
        result.set(stream, opened.slice(at, at + events.length));
        at += events.length;
      }
      return result;
    },
    readAll: async (after, limit) => decrypt(await store.readAll(after, limit)),
    subscribeToAll: (after, handler, options) => store.subscribeToAll(after, async (events) => handler(await decrypt(events)), options),
  };
  if (store.appendWithClient) {
    const inner = store.appendWithClient;
    wrapped.appendWithClient = async (client: unknown, requests: AppendRequest[]) => inner(client, await encryptRequests(keys, requests));
  }
  return wrapped;
}
