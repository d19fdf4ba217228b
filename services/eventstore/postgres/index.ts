/**
 * The PostgreSQL adapter of the event store port (DESIGN.md section 3).
 *
 * - An append is one statement, so one round trip and one transaction: the stream's version is
 *   bumped on `streams` only if it is as expected, and the events go in with one multi-row
 *   INSERT. Several streams at once go through the plpgsql function `eventstore_append` (see
 *   migrations.ts), which locks the streams in a fixed order and raises on any mismatch, so
 *   nothing of the request is written.
 * - The global feed reads only rows whose transaction is older than the oldest transaction still
 *   running (`pg_snapshot_xmin(pg_current_snapshot())`), in (transaction_id, global_position)
 *   order, so an event committed late by a long transaction is never skipped.
 * - NOTIFY is a wake-up hint for subscriptions; a poll timer covers lost notifications. By
 *   default it is sent after the commit, throttled, rather than in every append transaction
 *   (see PostgresEventStoreOptions.notify).
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import {
  WrongExpectedVersionError,
  type AppendedWake,
  type AppendRequest,
  type AppendResult,
  type EventStore,
  type ReadStreamsOptions,
  type GlobalCheckpoint,
  type StoredEvent,
} from '../port';
import { Listener } from './listener';
import {
  ACTUAL_VERSION_SQL,
  APPEND_MANY_SQL,
  APPEND_ONE_SQL,
  appendManyParams,
  expectedParam,
  mapAppendError,
  PENDING_SQL,
  READ_ALL_SQL,
  READ_STREAMS_AFTER_SQL,
  READ_STREAMS_AND_LAST_SQL,
  toStoredEvent,
  type EventRow,
  type StreamCheck,
} from './statements';
import { StreamCache } from './streamCache';
import { startSubscription, type PostgresSubscribeOptions, type PostgresSubscription, type SubscriptionErrorHandler } from './subscription';

export { eventStoreMigrations, migrateEventStore } from './migrations';
export { PENDING_SQL, READ_MODEL_CONNECTIONS, READ_STREAMS_AFTER_SQL } from './statements';
export type { PostgresSubscribeOptions, PostgresSubscription, SubscriptionErrorHandler, SubscriptionErrorInfo } from './subscription';

export const DEFAULT_CHANNEL = 'tertulia_events';

export type NotifyMode = 'after-commit' | 'in-transaction' | 'off';

export interface PostgresEventStoreOptions {
  /** NOTIFY/LISTEN channel. Default 'tertulia_events'. */
  channel?: string;
  /**
   * How appends wake subscribers in other processes (the poll covers anything missed):
   * - 'after-commit' (default): one NOTIFY at a time per store after appends commit, coalescing
   *   the appends made meanwhile. PostgreSQL serialises the commits of notifying transactions
   *   behind one cluster-wide lock, so a NOTIFY in every append caps concurrent append
   *   throughput at about one commit flush at a time.
   * - 'in-transaction': pg_notify inside every append transaction (simplest, slowest).
   * - 'off': no NOTIFY; subscribers of this store are still woken locally.
   * appendWithClient always notifies inside the caller's transaction unless 'off'.
   */
  notify?: NotifyMode;
  /** 'after-commit' only: the least time between two NOTIFYs of this store. Default 10 ms. */
  notifyIntervalMs?: number;
  /** Default fallback poll interval for subscriptions, in ms. Default 500. */
  pollIntervalMs?: number;
  /** Default batch size for subscriptions. Default 500. */
  batchSize?: number;
  /** Called for subscription errors that have no onError of their own. Default: console.error. */
  onSubscriptionError?: SubscriptionErrorHandler;
  /** Events of recently read streams kept in memory (streamCache.ts); 0 keeps none. Default 20,000. */
  streamCacheEvents?: number;
}

export interface PostgresEventStore extends EventStore {
  /**
   * Appends inside a transaction the caller manages on `client` (BEGIN already issued): lets
   * other writes commit atomically with the events. Nothing is visible until the caller commits.
   * NOTIFY (unless 'off') is part of that transaction. After a WrongExpectedVersionError, roll
   * the transaction back (a multi-stream conflict has aborted it).
   */
  appendWithClient(client: pg.ClientBase, requests: AppendRequest[]): Promise<AppendResult>;
  subscribeToAll(
    after: GlobalCheckpoint | null,
    handler: (events: StoredEvent[]) => Promise<void>,
    options?: PostgresSubscribeOptions,
  ): PostgresSubscription;
  /** As the port's (subscribeToAll does this itself); always there in PostgreSQL, whose feed holds events back. */
  eventsPending(after: GlobalCheckpoint | null): Promise<boolean>;
  /**
   * Calls `wake` whenever events may have been appended: at once after this store's own appends,
   * with their event types, and on the NOTIFY of other processes' (types unknown). A hint only;
   * returns its unregistration.
   */
  onAppended(wake: AppendedWake): () => void;
  /** How many events the stream cache keeps now (streamCache.ts). */
  cachedEvents(): number;
}

export function createPostgresEventStore(pool: pg.Pool, options: PostgresEventStoreOptions = {}): PostgresEventStore {
  const channel = options.channel ?? DEFAULT_CHANNEL;
  const notifyMode: NotifyMode = options.notify ?? 'after-commit';
  const notifyIntervalMs = options.notifyIntervalMs ?? 10;
  const defaultPoll = options.pollIntervalMs ?? 500;
  const defaultBatch = options.batchSize ?? 500;
  const defaultOnError: SubscriptionErrorHandler =
    options.onSubscriptionError ??
    ((error, info) => console.error(`[eventstore] subscription ${info.source} error${info.fatal ? ' (stopped)' : ''}:`, error));
  // Marks this store's after-commit notices: its own appends woke its subscribers already, with their event types.
  const notifyOrigin = randomUUID();
  const listener = new Listener(pool, channel, notifyOrigin);
  const subscriptions = new Set<PostgresSubscription>();
  let closed = false;

  // After-commit notification: at most one NOTIFY in flight per store and at most one per
  // notifyIntervalMs; the appends that commit meanwhile are covered by the next one.
  let notifyInFlight: Promise<void> | null = null;
  let notifyAgain = false;
  let lastNotifyAt = -Infinity;
  function notifyAfterCommit() {
    if (closed) return;
    if (notifyInFlight) {
      notifyAgain = true;
      return;
    }
    notifyInFlight = (async () => {
      do {
        const wait = lastNotifyAt + notifyIntervalMs - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        notifyAgain = false;
        lastNotifyAt = performance.now();
        try {
          // A hint needs no durability: asynchronous commit spares this transaction a WAL flush.
          await pool.query({
            name: 'eventstore_notify_v2',
            text: `SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, $2)`,
            values: [channel, notifyOrigin],
          });
        } catch {
          /* only a hint: subscribers poll */
        }
      } while (notifyAgain && !closed);
      notifyInFlight = null;
    })();
  }

  async function appendOne(client: pg.ClientBase | pg.Pool, request: AppendRequest, notifyInTransaction: boolean): Promise<AppendResult> {
    const { stream, events } = request;
    if (typeof stream !== 'string' || stream === '') throw new TypeError('Every append request needs a stream id');
    if (events.length === 0) throw new TypeError('appendToStreams needs at least one event');
    const expected = expectedParam(request.expected);
    const check: StreamCheck = expected === 'any' ? 'any' : expected === 'no_stream' || expected === '0' ? 'no_stream' : 'exact';
    const single = events.length === 1;
    const values: unknown[] = single
      ? [stream, 1, events[0].type, JSON.stringify(events[0].data ?? null), JSON.stringify(events[0].metadata)]
      : [
          stream,
          events.length,
          events.map((e) => e.type),
          events.map((e) => JSON.stringify(e.data ?? null)),
          events.map((e) => JSON.stringify(e.metadata)),
        ];
    if (check === 'exact') values.push(expected);
    if (notifyInTransaction) values.push(channel);
    const statement = APPEND_ONE_SQL[`${check}:${notifyInTransaction}:${single}`];
    const { rows } = await client.query<{ version: string | null; last_position: string | null; transaction_id: string }>({
      ...statement,
      values,
    });
    const row = rows[0];
    if (row.version === null || row.last_position === null) {
      // Nothing was written. Read the version that beat us (it only grows, so it differs from
      // the expected one).
      const actual = await client.query<{ version: string }>({
        name: 'eventstore_actual_version_v1',
        text: ACTUAL_VERSION_SQL,
        values: [stream],
      });
      throw new WrongExpectedVersionError(stream, request.expected, actual.rows.length ? Number(actual.rows[0].version) : 'no_stream');
    }
    return {
      versions: { [stream]: Number(row.version) },
      checkpoint: { transactionId: row.transaction_id, position: row.last_position },
    };
  }

  async function appendMany(
    client: pg.ClientBase | pg.Pool,
    requests: AppendRequest[],
    notifyInTransaction: boolean,
  ): Promise<AppendResult> {
    const params = appendManyParams(requests, notifyInTransaction ? channel : null);
    let row: { versions: string[]; transaction_id: string; last_position: string };
    try {
      const result = await client.query({ name: 'eventstore_append_many_v1', text: APPEND_MANY_SQL, values: params });
      row = result.rows[0];
    } catch (error) {
      throw mapAppendError(error);
    }
    const streams = params[0] as string[];
    const versions: Record<string, number> = {};
    for (const [i, stream] of streams.entries()) versions[stream] = Number(row.versions[i]);
    return { versions, checkpoint: { transactionId: row.transaction_id, position: row.last_position } };
  }

  async function runAppend(
    client: pg.ClientBase | pg.Pool,
    requests: AppendRequest[],
    inCallerTransaction: boolean,
  ): Promise<AppendResult> {
    if (closed) throw new Error('The event store is closed');
    if (!Array.isArray(requests) || requests.length === 0) throw new TypeError('appendToStreams needs at least one event');
    const notifyInTransaction = notifyMode === 'in-transaction' || (inCallerTransaction && notifyMode !== 'off');
    const result =
      requests.length === 1
        ? await appendOne(client, requests[0], notifyInTransaction)
        : await appendMany(client, requests, notifyInTransaction);
    if (!inCallerTransaction) {
      listener.wakeLocal([...new Set(requests.flatMap((r) => r.events.map((e) => e.type)))]);
      if (notifyMode === 'after-commit') notifyAfterCommit();
    }
    return result;
  }

  const cache = new StreamCache(options.streamCacheEvents ?? 20_000);

  /**
   * Whole streams: what the cache holds of each, and what follows it from PostgreSQL; and the last
   * event alone of the `lastOnly` ones the cache does not hold (one row each, never kept): one
   * statement, one snapshot.
   */
  async function readStreams(streams: readonly string[], options: ReadStreamsOptions = {}): Promise<Map<string, StoredEvent[]>> {
    const prefixes = new Map<string, readonly StoredEvent[]>();
    const lastOnly = new Set(options.lastOnly ?? []);
    const tails = new Map<string, StoredEvent[]>();
    for (const stream of streams) {
      if (lastOnly.has(stream) && !cache.holds(stream)) tails.set(stream, []);
      else prefixes.set(stream, cache.prefix(stream));
    }
    const after = new Map<string, StoredEvent[]>([...prefixes.keys()].map((s) => [s, []]));
    if (prefixes.size || tails.size) {
      const values = [[...prefixes.keys()], [...prefixes.values()].map(StreamCache.versionOf)];
      const { rows } = tails.size
        ? await pool.query<EventRow & { last_only: boolean }>({
            name: 'eventstore_read_streams_and_last_v1',
            text: READ_STREAMS_AND_LAST_SQL,
            values: [...values, [...tails.keys()]],
          })
        : await pool.query<EventRow & { last_only?: boolean }>({
            name: 'eventstore_read_streams_after_v2',
            text: READ_STREAMS_AFTER_SQL,
            values,
          });
      for (const row of rows) (row.last_only ? tails : after).get(row.stream_id)!.push(toStoredEvent(row));
    }
    return new Map(
      streams.map((stream) => {
        const tail = tails.get(stream);
        if (tail) return [stream, tail];
        const whole = cache.extend(stream, prefixes.get(stream)!, after.get(stream)!);
        return [stream, lastOnly.has(stream) ? whole.slice(-1) : whole];
      }),
    );
  }

  async function readAll(after: GlobalCheckpoint | null, limit: number): Promise<StoredEvent[]> {
    if (!Number.isSafeInteger(limit) || limit < 1) throw new TypeError(`readAll limit must be a positive integer, got ${limit}`);
    const { rows } = await pool.query<EventRow>({
      name: 'eventstore_read_all_v3',
      text: READ_ALL_SQL,
      values: [after?.transactionId ?? '0', after?.position ?? '0', limit],
    });
    return rows.map(toStoredEvent);
  }

  /** Are there committed events after `after` (held back, or committed since the last read)? */
  async function eventsPending(after: GlobalCheckpoint | null): Promise<boolean> {
    const { rows } = await pool.query({
      name: 'eventstore_pending_v2',
      text: PENDING_SQL,
      values: [after?.transactionId ?? '0', after?.position ?? '0'],
    });
    return rows.length > 0;
  }

  function subscribeToAll(
    after: GlobalCheckpoint | null,
    handler: (events: StoredEvent[]) => Promise<void>,
    subscribeOptions?: PostgresSubscribeOptions,
  ): PostgresSubscription {
    if (closed) throw new Error('The event store is closed');
    return startSubscription(
      {
        readAll,
        eventsPending,
        listener,
        open: subscriptions,
        defaults: { batchSize: defaultBatch, pollIntervalMs: defaultPoll, onError: defaultOnError },
      },
      after,
      handler,
      subscribeOptions,
    );
  }

  return {
    appendToStreams: (requests) => runAppend(pool, requests, false),
    appendWithClient: (client, requests) => runAppend(client, requests, true),
    async readStream(stream) {
      return (await readStreams([stream])).get(stream)!;
    },
    readStreams: (streams, options) => readStreams(streams, options),
    cachedEvents: () => cache.eventsKept,
    readAll,
    async headCheckpoint() {
      const { rows } = await pool.query<{ t: string; p: string }>({
        name: 'eventstore_head_v1',
        text: 'SELECT transaction_id::text AS t, global_position::text AS p FROM events ORDER BY transaction_id DESC, global_position DESC LIMIT 1',
      });
      return rows[0] ? { transactionId: rows[0].t, position: rows[0].p } : null;
    },
    async countEvents() {
      const { rows } = await pool.query<{ n: string }>('SELECT count(*)::bigint AS n FROM events');
      return Number(rows[0].n);
    },
    async countEventsAfter(after) {
      const { rows } = await pool.query<{ n: string }>({
        name: 'eventstore_count_after_v1',
        text: 'SELECT count(*)::bigint AS n FROM events WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)',
        values: [after?.transactionId ?? '0', after?.position ?? '0'],
      });
      return Number(rows[0].n);
    },
    subscribeToAll,
    eventsPending,
    onAppended: (wake) => listener.add(wake),
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...subscriptions].map((s) => s.close()));
      await listener.close();
      await notifyInFlight;
    },
  };
}
