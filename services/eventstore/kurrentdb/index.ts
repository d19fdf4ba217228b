/**
 * The KurrentDB adapter of the event store port (issue 13; @kurrent/kurrentdb-client). It passes
 * the same contract suite as the PostgreSQL adapter (tests/contract/eventstore.contract.ts) when
 * KURRENTDB_URL points at a KurrentDB 25.1+ node (multi-stream append needs 25.1).
 *
 * Mapping to the port:
 * - Stream versions are 1-based here and 0-based revisions there: expected N is revision N - 1.
 * - An append of several streams is one `multiStreamAppend` (atomic: all or none). Its answer
 *   carries the commit position only, so the checkpoint of the last event written is read back
 *   from that stream (one more round trip; the port promises it).
 * - The global checkpoint is the event's $all position: `transactionId` is the commit position
 *   and `position` the prepare position, both bigints as decimal strings, so the port's
 *   compareCheckpoints orders them as $all does. System events ($-prefixed types or streams) are
 *   left out of the feed.
 * - Event metadata travels as one string property (`tertulia`), JSON: multi-stream append takes
 *   string-valued properties only.
 * - subscribeToAll is the port's batch loop over readAll, woken by a live $all subscription and a
 *   poll, so handlers see the same batches and checkpoints as on PostgreSQL.
 */
import {
  ANY,
  BACKWARDS,
  END,
  KurrentDBClient,
  NO_STREAM,
  START,
  jsonEvent,
  type AllStreamResolvedEvent,
  type MultiAppendResult,
  type Position,
} from '@kurrent/kurrentdb-client';
import crypto from 'node:crypto';
import {
  WrongExpectedVersionError,
  type AppendRequest,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  type GlobalCheckpoint,
  type ReadStreamsOptions,
  type StoredEvent,
  type Subscription,
} from '../port';
import { upcast } from '../upcasting';

const METADATA_KEY = 'tertulia';

export interface KurrentSubscription extends Subscription {
  readonly done: Promise<void>;
  readonly ready: Promise<void>;
  readonly error: unknown;
  readonly checkpoint: GlobalCheckpoint | null;
}

function revisionOf(expected: ExpectedVersion): typeof ANY | typeof NO_STREAM | bigint {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  if (!Number.isSafeInteger(expected) || expected < 0) {
    throw new TypeError(`Expected version must be 'no_stream', 'any' or an integer >= 0, got ${expected}`);
  }
  // Version 0 means "no events yet", which KurrentDB calls no stream.
  return expected === 0 ? NO_STREAM : BigInt(expected - 1);
}

function validate(requests: AppendRequest[]) {
  if (!Array.isArray(requests) || requests.length === 0) throw new TypeError('appendToStreams needs at least one event');
  const seen = new Set<string>();
  for (const r of requests) {
    if (typeof r.stream !== 'string' || r.stream === '') throw new TypeError('Every append request needs a stream id');
    if (seen.has(r.stream)) throw new TypeError(`Stream ${r.stream} appears twice in one append`);
    seen.add(r.stream);
    revisionOf(r.expected);
    if (!r.events.length) throw new TypeError('appendToStreams needs at least one event');
  }
}

const checkpointOfPosition = (p: Position): GlobalCheckpoint => ({
  transactionId: p.commit.toString(10),
  position: p.prepare.toString(10),
});
const positionOf = (c: GlobalCheckpoint): Position => ({ commit: BigInt(c.transactionId), prepare: BigInt(c.position) });

function parseMetadata(raw: unknown): EventMetadata {
  const value = raw && typeof raw === 'object' ? (raw as Record<string, unknown>)[METADATA_KEY] : null;
  if (typeof value === 'string') return JSON.parse(value) as EventMetadata;
  return { actorId: null, correlationId: '', causationId: null, occurredAt: new Date(0).toISOString(), schemaVersion: 1 };
}

function toStoredEvent(resolved: {
  event?: { streamId: string; revision: bigint; type: string; data: unknown; metadata: unknown; created: Date; position?: Position };
}): StoredEvent | null {
  const e = resolved.event;
  if (!e?.position || e.type.startsWith('$') || e.streamId.startsWith('$')) return null;
  return upcast({
    streamId: e.streamId,
    streamVersion: Number(e.revision) + 1,
    type: e.type,
    data: e.data,
    metadata: parseMetadata(e.metadata),
    transactionId: e.position.commit.toString(10),
    position: e.position.prepare.toString(10),
    recordedAt: e.created,
  });
}

/** What KurrentDB's client reports for a failed append, as the port's error. */
function wrongVersion(error: unknown, requests: AppendRequest[]): WrongExpectedVersionError | null {
  const e = error as { type?: string; streamName?: string; actualState?: unknown } | null;
  if (e?.type !== 'wrong-expected-version') return null;
  const request = requests.find((r) => r.stream === e.streamName) ?? requests[0];
  const actual = typeof e.actualState === 'bigint' ? Number(e.actualState) + 1 : 'no_stream';
  return new WrongExpectedVersionError(request.stream, request.expected, actual);
}

export interface KurrentEventStore extends EventStore {
  subscribeToAll(
    after: GlobalCheckpoint | null,
    handler: (events: StoredEvent[]) => Promise<void>,
    o?: { batchSize?: number; pollIntervalMs?: number },
  ): KurrentSubscription;
  /** Calls `wake` whenever events may have been appended (a live $all subscription); returns its unregistration. */
  onAppended(wake: () => void): () => void;
}

export function createKurrentEventStore(
  connectionString: string,
  options: { pollIntervalMs?: number; batchSize?: number } = {},
): KurrentEventStore {
  const client = KurrentDBClient.connectionString(connectionString);
  const subscriptions = new Set<KurrentSubscription>();
  const wakers = new Set<() => void>();
  let wakeFeed: ReturnType<typeof client.subscribeToAll> | null = null;
  let closed = false;

  async function readStream(stream: string): Promise<StoredEvent[]> {
    const out: StoredEvent[] = [];
    try {
      for await (const resolved of client.readStream(stream, { fromRevision: START })) {
        const stored = toStoredEvent(resolved as never);
        if (stored) out.push(stored);
      }
    } catch (error) {
      if ((error as { type?: string }).type === 'stream-not-found') return [];
      throw error;
    }
    return out;
  }

  /** The stream's last event alone ([] when absent): read backwards from its end, one event. */
  async function readLastEvent(stream: string): Promise<StoredEvent[]> {
    try {
      for await (const resolved of client.readStream(stream, { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) {
        const stored = toStoredEvent(resolved as never);
        return stored ? [stored] : [];
      }
    } catch (error) {
      if ((error as { type?: string }).type === 'stream-not-found') return [];
      throw error;
    }
    return [];
  }

  async function readAll(after: GlobalCheckpoint | null, limit: number): Promise<StoredEvent[]> {
    if (!Number.isSafeInteger(limit) || limit < 1) throw new TypeError(`readAll limit must be a positive integer, got ${limit}`);
    const out: StoredEvent[] = [];
    // Reading from a position includes the event at it; system events are skipped, so read on
    // until `limit` of ours are found or $all ends.
    let from: Position | typeof START = after ? positionOf(after) : START;
    for (;;) {
      let count = 0;
      let last: Position | null = null;
      for await (const resolved of client.readAll({ fromPosition: from, maxCount: limit + 1 })) {
        count += 1;
        const position = (resolved as AllStreamResolvedEvent).event?.position;
        if (position) last = position;
        if (after && position && position.commit === BigInt(after.transactionId) && position.prepare === BigInt(after.position)) continue;
        const stored = toStoredEvent(resolved as never);
        if (stored) out.push(stored);
        if (out.length === limit) return out;
      }
      if (count < limit + 1 || !last) return out;
      from = last;
      after = checkpointOfPosition(last);
    }
  }

  return {
    async appendToStreams(requests: AppendRequest[]): Promise<AppendResult> {
      if (closed) throw new Error('The event store is closed.');
      validate(requests);
      let result: MultiAppendResult;
      try {
        result = await client.multiStreamAppend(
          requests.map((r) => ({
            streamName: r.stream,
            expectedState: revisionOf(r.expected),
            events: r.events.map((e) => ({
              ...jsonEvent({ id: crypto.randomUUID(), type: e.type, data: (e.data ?? null) as never }),
              metadata: { [METADATA_KEY]: JSON.stringify(e.metadata) },
            })),
          })) as never,
        );
      } catch (error) {
        throw wrongVersion(error, requests) ?? error;
      }
      const versions: Record<string, number> = {};
      for (const r of result.responses) versions[r.streamName] = Number(r.revision) + 1;
      const lastStream = requests[requests.length - 1].stream;
      const [last] = await (async () => {
        for await (const resolved of client.readStream(lastStream, { fromRevision: BigInt(versions[lastStream] - 1), maxCount: 1 })) {
          return [toStoredEvent(resolved as never)];
        }
        return [null];
      })();
      if (!last) throw new Error(`The append to ${lastStream} could not be read back.`);
      return { versions, checkpoint: { transactionId: last.transactionId, position: last.position } };
    },

    readStream,

    /** No one-snapshot read across streams here: read them one after another, in the order given (the port allows it). */
    async readStreams(streams: readonly string[], options: ReadStreamsOptions = {}) {
      const lastOnly = new Set(options.lastOnly ?? []);
      const out = new Map<string, StoredEvent[]>();
      for (const stream of streams) out.set(stream, lastOnly.has(stream) ? await readLastEvent(stream) : await readStream(stream));
      return out;
    },

    readAll,

    /** $all read backwards from its end, past system events, to the last event of ours. */
    async headCheckpoint(): Promise<GlobalCheckpoint | null> {
      let from: Position | typeof END = END;
      for (;;) {
        let count = 0;
        let last: Position | null = null;
        for await (const resolved of client.readAll({ direction: BACKWARDS, fromPosition: from, maxCount: 100 })) {
          count += 1;
          const stored = toStoredEvent(resolved as never);
          if (stored) return { transactionId: stored.transactionId, position: stored.position };
          last = (resolved as AllStreamResolvedEvent).event?.position ?? last;
        }
        if (count < 100 || !last) return null;
        from = last;
      }
    },

    subscribeToAll(after, handler, o = {}) {
      const batchSize = o.batchSize ?? options.batchSize ?? 500;
      const pollIntervalMs = o.pollIntervalMs ?? options.pollIntervalMs ?? 500;
      let checkpoint = after;
      let stopped = false;
      let inHandler = false;
      let error: unknown = null;
      let wake: (() => void) | null = null;
      let markReady: () => void = () => {};
      const ready = new Promise<void>((resolve) => (markReady = resolve));
      // A live $all subscription from the end: any event wakes the loop (a hint; the poll covers the rest).
      const live = client.subscribeToAll({ fromPosition: END });
      live.on('data', () => wake?.());
      live.on('error', () => {});
      const done = (async () => {
        while (!stopped) {
          let events: StoredEvent[] = [];
          try {
            events = await readAll(checkpoint, batchSize);
          } catch {
            events = [];
          }
          markReady();
          if (events.length) {
            try {
              inHandler = true;
              await handler(events);
            } catch (e) {
              error = e;
              break;
            } finally {
              inHandler = false;
            }
            checkpoint = { transactionId: events[events.length - 1].transactionId, position: events[events.length - 1].position };
            continue;
          }
          await new Promise<void>((resolve) => {
            const timer = setTimeout(finish, pollIntervalMs);
            function finish() {
              clearTimeout(timer);
              wake = null;
              resolve();
            }
            wake = finish;
          });
        }
        markReady();
        await live.unsubscribe().catch(() => {});
      })();
      const subscription: KurrentSubscription = {
        done,
        ready,
        get error() {
          return error;
        },
        get checkpoint() {
          return checkpoint;
        },
        async close() {
          stopped = true;
          wake?.();
          subscriptions.delete(subscription);
          // Closed from inside the handler: the loop ends once the handler returns.
          if (!inHandler) await done;
        },
      };
      subscriptions.add(subscription);
      return subscription;
    },

    onAppended(wake) {
      if (!wakeFeed) {
        wakeFeed = client.subscribeToAll({ fromPosition: END });
        wakeFeed.on('data', () => {
          for (const waker of wakers) waker();
        });
        wakeFeed.on('error', () => {});
      }
      wakers.add(wake);
      return () => void wakers.delete(wake);
    },

    async close() {
      closed = true;
      await wakeFeed?.unsubscribe().catch(() => {});
      await Promise.all([...subscriptions].map((s) => s.close()));
      await client.dispose();
    },
  };
}

/** The mapping between the port and KurrentDB, for tests that need no server. */
export const kurrentMapping = { revisionOf, toStoredEvent, checkpointOfPosition, positionOf, validate };
