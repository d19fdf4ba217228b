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
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import {
  checkpointOf,
  heldBackRetryMs,
  WrongExpectedVersionError,
  type AppendedWake,
  type AppendRequest,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type GlobalCheckpoint,
  type StoredEvent,
  type Subscription,
} from '../port';
import { upcast } from '../upcasting';
import { WRONG_EXPECTED_VERSION_SQLSTATE } from './migrations';
import { StreamCache } from './streamCache';

export { eventStoreMigrations, migrateEventStore } from './migrations';

export const DEFAULT_CHANNEL = 'tertulia_events';

/** Where a subscription failure came from: the handler (fatal) or reading the feed (retried). */
export interface SubscriptionErrorInfo {
  source: 'handler' | 'read';
  /** True when the subscription stopped because of it. */
  fatal: boolean;
}

export type SubscriptionErrorHandler = (error: unknown, info: SubscriptionErrorInfo) => void;

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

export interface PostgresSubscribeOptions {
  batchSize?: number;
  pollIntervalMs?: number;
  /** Told about handler errors (the subscription stops) and read errors (it retries). */
  onError?: SubscriptionErrorHandler;
}

export interface PostgresSubscription extends Subscription {
  /** Settles (never rejects) once the subscription has stopped, by close() or by a failure. */
  readonly done: Promise<void>;
  /**
   * Resolves once the subscription has made its first read and its LISTEN is in place (or has
   * failed, leaving the poll): from then on a NOTIFY reaches it.
   */
  readonly ready: Promise<void>;
  /** The handler error that stopped the subscription, if any. */
  readonly error: unknown;
  /** The checkpoint of the last event the handler accepted (or the starting point). */
  readonly checkpoint: GlobalCheckpoint | null;
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
}

// Output names differ from the column names on purpose: ORDER BY resolves a bare name to an
// output column first, and ordering by transaction_id::text would be lexicographic (and unindexed).
const EVENT_COLUMNS = `e.stream_id, e.stream_version::int AS version, e.type, e.data, e.metadata,
  e.global_position::text AS position, e.transaction_id::text AS tx, e.recorded_at`;

/**
 * Each stream's events after a version (the ones a StreamCache does not hold yet), one statement:
 * a range of the (stream_id, stream_version) index a stream. `OFFSET 0` keeps the subquery a
 * loop over the streams: as a plain join, statistics taken while the log was young (a few
 * streams) led the planner to hash-join a sequential scan of the whole log, 4-8 ms a command
 * instead of a tenth of a millisecond, until the next ANALYZE.
 */
export const READ_STREAMS_AFTER_SQL = `SELECT ${EVENT_COLUMNS}
  FROM unnest($1::text[], $2::bigint[]) AS s(stream_id, after)
  CROSS JOIN LATERAL (SELECT * FROM events e
    WHERE e.stream_id = s.stream_id AND e.stream_version > s.after
    ORDER BY e.stream_version OFFSET 0) e`;

/**
 * The application_name of connections whose transactions never append events: the read models'
 * (services/feed/runner.ts). The feed's horizon leaves their transactions out (below).
 */
export const READ_MODEL_CONNECTIONS = 'tertulia-read-models';

/**
 * The feed shows events of transactions older than every transaction still running that could
 * still append: the oldest in-progress one, or the snapshot's end when none. A read model's batch
 * is a transaction too, but it never appends, so its connections (READ_MODEL_CONNECTIONS) are left
 * out: otherwise one long batch (a busy read model) held every other read model, and every command
 * waiting for one, behind it. Such a backend is seen in pg_stat_activity with this role's rights;
 * where it is not, its transaction counts as any other (the older, slower horizon, never a wrong one).
 */
const READ_ALL_SQL = `SELECT ${EVENT_COLUMNS} FROM events e
  WHERE e.transaction_id < (
      SELECT coalesce(
        (SELECT min(x) FROM pg_snapshot_xip(s.snapshot) AS x
          WHERE x::xid NOT IN (SELECT backend_xid FROM pg_stat_activity
                                WHERE application_name = '${READ_MODEL_CONNECTIONS}' AND backend_xid IS NOT NULL)),
        pg_snapshot_xmax(s.snapshot))
      FROM (SELECT pg_current_snapshot() AS snapshot) s)
    AND (e.transaction_id, e.global_position) > ($1::xid8, $2::bigint)
  ORDER BY e.transaction_id, e.global_position
  LIMIT $3`;

/** Several streams at once: the plpgsql function of migration 002, one round trip. */
const APPEND_MANY_SQL = `SELECT versions::text[] AS versions, transaction_id, last_position::text AS last_position
  FROM eventstore_append($1::text[], $2::text[], $3::int[], $4::int[], $5::int[], $6::text[], $7::jsonb[], $8::jsonb[], $9::text)`;

// Any committed event after the checkpoint: once readAll has come back short, these are events
// held back behind an older transaction, or committed since. Not EXISTS (...): PostgreSQL drops
// the ORDER BY of an EXISTS, and its plan then scanned the whole log from its start (a third of the
// rows estimated to match).
export const PENDING_SQL = `SELECT 1 AS pending FROM events e
  WHERE (e.transaction_id, e.global_position) > ($1::xid8, $2::bigint)
  ORDER BY e.transaction_id, e.global_position
  LIMIT 1`;

type StreamCheck = 'no_stream' | 'any' | 'exact';

/**
 * One stream, the common case: a single statement that bumps the stream's version only if it is
 * as expected (returning no row otherwise, so nothing is inserted) and inserts the events with
 * one multi-row INSERT. Parameters: $1 stream, $2 event count, $3 types, $4 data, $5 metadata
 * (arrays, or scalars for the one-event variant, which spares the server an unnest), then the
 * expected version (exact) and the NOTIFY channel (in-transaction), when used.
 */
function appendOneSql(check: StreamCheck, notify: boolean, single: boolean): string {
  let next = 6;
  const expectedParam = check === 'exact' ? `$${next++}::bigint` : '';
  const channelParam = notify ? `$${next++}::text` : '';
  const bump = {
    no_stream: `INSERT INTO streams (stream_id, version) VALUES ($1::text, $2::bigint)
      ON CONFLICT (stream_id) DO NOTHING RETURNING version`,
    any: `INSERT INTO streams AS st (stream_id, version) VALUES ($1::text, $2::bigint)
      ON CONFLICT (stream_id) DO UPDATE SET version = st.version + excluded.version RETURNING st.version`,
    exact: `UPDATE streams SET version = version + $2::bigint
      WHERE stream_id = $1::text AND version = ${expectedParam} RETURNING version`,
  }[check];
  const insert = single
    ? `INSERT INTO events (stream_id, stream_version, type, data, metadata)
    SELECT $1::text, s.version, $3::text, $4::jsonb, $5::jsonb FROM s
    RETURNING global_position`
    : `INSERT INTO events (stream_id, stream_version, type, data, metadata)
    SELECT $1::text, s.version - $2::bigint + e.ord, e.type, e.data, e.metadata
    FROM s, unnest($3::text[], $4::jsonb[], $5::jsonb[]) WITH ORDINALITY AS e(type, data, metadata, ord)
    ORDER BY e.ord
    RETURNING global_position`;
  return `WITH s AS (${bump}),
  ins AS (${insert})
  SELECT (SELECT version FROM s)::text AS version,
         (SELECT ${single ? 'global_position' : 'max(global_position)'} FROM ins)::text AS last_position,
         pg_current_xact_id()::text AS transaction_id${notify ? `,\n         pg_notify(${channelParam}, '')` : ''}`;
}

type AppendOneKey = `${StreamCheck}:${boolean}:${boolean}`;
const APPEND_ONE_SQL = {} as Record<AppendOneKey, { name: string; text: string }>;
for (const check of ['no_stream', 'any', 'exact'] as const) {
  for (const notify of [false, true]) {
    for (const single of [false, true]) {
      APPEND_ONE_SQL[`${check}:${notify}:${single}`] = {
        name: `eventstore_append_${single ? 'event' : 'events'}_${check}${notify ? '_notify' : ''}_v1`,
        text: appendOneSql(check, notify, single),
      };
    }
  }
}

const ACTUAL_VERSION_SQL = `SELECT version::text AS version FROM streams WHERE stream_id = $1`;

interface EventRow {
  stream_id: string;
  version: number;
  type: string;
  data: unknown;
  metadata: StoredEvent['metadata'];
  position: string;
  tx: string;
  recorded_at: Date;
}

function toStoredEvent(row: EventRow): StoredEvent {
  return upcast({
    streamId: row.stream_id,
    streamVersion: Number(row.version),
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    position: row.position,
    transactionId: row.tx,
    recordedAt: row.recorded_at,
  });
}

function expectedParam(expected: ExpectedVersion): string {
  if (expected === 'any' || expected === 'no_stream') return expected;
  if (!Number.isSafeInteger(expected) || expected < 0) {
    throw new TypeError(`Expected version must be 'no_stream', 'any' or an integer >= 0, got ${expected}`);
  }
  return String(expected);
}

/** Builds the parameters of eventstore_append; streams sorted so lock order is fixed. */
function appendManyParams(requests: AppendRequest[], channel: string | null): unknown[] {
  const sorted = [...requests].sort((a, b) => (a.stream < b.stream ? -1 : a.stream > b.stream ? 1 : 0));
  const requestIndex = new Map<string, number>();
  const streams: string[] = [];
  const expected: string[] = [];
  const counts: number[] = [];
  for (const request of sorted) {
    if (typeof request.stream !== 'string' || request.stream === '') {
      throw new TypeError('Every append request needs a stream id');
    }
    if (requestIndex.has(request.stream)) throw new TypeError(`Stream ${request.stream} appears twice in one append`);
    streams.push(request.stream);
    requestIndex.set(request.stream, streams.length);
    expected.push(expectedParam(request.expected));
    counts.push(request.events.length);
  }
  // Events keep the caller's order (of requests, then within each) in the global feed.
  const eventReq: number[] = [];
  const eventOff: number[] = [];
  const types: string[] = [];
  const data: string[] = [];
  const metadata: string[] = [];
  for (const request of requests) {
    request.events.forEach((event, offset) => {
      eventReq.push(requestIndex.get(request.stream)!);
      eventOff.push(offset + 1);
      types.push(event.type);
      data.push(JSON.stringify(event.data ?? null));
      metadata.push(JSON.stringify(event.metadata));
    });
  }
  if (types.length === 0) throw new TypeError('appendToStreams needs at least one event');
  return [streams, expected, counts, eventReq, eventOff, types, data, metadata, channel];
}

function mapAppendError(error: unknown): unknown {
  const e = error as { code?: string; detail?: string };
  if (e?.code === WRONG_EXPECTED_VERSION_SQLSTATE && e.detail) {
    const detail = JSON.parse(e.detail) as { stream: string; expected: string; actual: string | number | null };
    const expected: ExpectedVersion =
      detail.expected === 'any' || detail.expected === 'no_stream' ? detail.expected : Number(detail.expected);
    const actual = detail.actual === null ? 'no_stream' : Number(detail.actual);
    return new WrongExpectedVersionError(detail.stream, expected, actual);
  }
  return error;
}

/**
 * One LISTEN connection per store, shared by its subscriptions; taken from the pool while at
 * least one subscription is open. If it breaks, subscriptions carry on polling and it is
 * re-established on the next wait.
 */
class Listener {
  private client: pg.PoolClient | null = null;
  private detach: (() => void) | null = null;
  private connecting: Promise<void> | null = null;
  private readonly wakers = new Set<AppendedWake>();
  private retryAfter = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly channel: string,
    /** The payload of this store's own after-commit notices, which its appends have already announced here. */
    private readonly ownPayload: string,
  ) {}

  /** Registers a waker; returns its unregistration. */
  add(wake: AppendedWake): () => void {
    this.wakers.add(wake);
    this.ensure();
    return () => {
      this.wakers.delete(wake);
      if (this.wakers.size === 0) void this.release();
    };
  }

  /** Settles when no connection attempt is under way. */
  async settled(): Promise<void> {
    await this.connecting;
  }

  /** Wakes this store's subscriptions (after one of its own appends committed: with its event types). */
  wakeLocal(types?: readonly string[]): void {
    for (const wake of [...this.wakers]) wake(types);
  }

  /** Connects and LISTENs unless already done (or failed less than a second ago). */
  ensure(): void {
    if (this.client || this.connecting || this.wakers.size === 0 || Date.now() < this.retryAfter) return;
    this.connecting = (async () => {
      let client: pg.PoolClient | null = null;
      try {
        client = await this.pool.connect();
        const owned = client;
        const onNotification = (message: pg.Notification) => {
          if (message.channel === this.channel && message.payload !== this.ownPayload) this.wakeLocal();
        };
        const onLost = (error?: unknown) => {
          if (this.client !== owned) return;
          this.client = null;
          this.detach?.();
          this.detach = null;
          this.retryAfter = Date.now() + 1000;
          owned.release(error instanceof Error ? error : new Error('LISTEN connection ended'));
        };
        const onEnd = () => onLost();
        owned.on('notification', onNotification);
        owned.on('error', onLost);
        owned.on('end', onEnd);
        this.detach = () => {
          owned.off('notification', onNotification);
          owned.off('error', onLost);
          owned.off('end', onEnd);
        };
        this.client = owned;
        await owned.query(`LISTEN "${this.channel.replace(/"/g, '""')}"`);
        // Something may have been appended while we were connecting.
        this.wakeLocal();
      } catch {
        if (client && this.client === client) {
          this.client = null;
          this.detach?.();
          this.detach = null;
          client.release(true);
        }
        this.retryAfter = Date.now() + 1000;
      } finally {
        this.connecting = null;
      }
      if (this.wakers.size === 0) await this.release();
    })();
  }

  /** Gives the connection back to the pool once no subscription needs it. */
  async release(): Promise<void> {
    await this.connecting;
    const client = this.client;
    if (!client || this.wakers.size > 0) return;
    this.client = null;
    try {
      await client.query('UNLISTEN *');
      this.detach?.();
      this.detach = null;
      client.release();
    } catch (error) {
      this.detach?.();
      this.detach = null;
      client.release(error instanceof Error ? error : true);
    }
  }

  async close(): Promise<void> {
    this.wakers.clear();
    await this.release();
  }
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
  const insideHandler = new AsyncLocalStorage<PostgresSubscription>();
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

  async function appendOne(
    client: pg.ClientBase | pg.Pool,
    request: AppendRequest,
    notifyInTransaction: boolean,
  ): Promise<AppendResult> {
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
      const actual = await client.query<{ version: string }>({ name: 'eventstore_actual_version_v1', text: ACTUAL_VERSION_SQL, values: [stream] });
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
    streams.forEach((stream, i) => (versions[stream] = Number(row.versions[i])));
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

  /** Whole streams: what the cache holds of each, and what follows it from PostgreSQL, in one statement (one snapshot). */
  async function readStreams(streams: readonly string[]): Promise<Map<string, StoredEvent[]>> {
    const prefixes = new Map(streams.map((s) => [s, cache.prefix(s)]));
    const after = new Map<string, StoredEvent[]>([...prefixes.keys()].map((s) => [s, []]));
    if (!prefixes.size) return after;
    const { rows } = await pool.query<EventRow>({
      name: 'eventstore_read_streams_after_v2',
      text: READ_STREAMS_AFTER_SQL,
      values: [[...prefixes.keys()], [...prefixes.values()].map(StreamCache.versionOf)],
    });
    for (const row of rows) after.get(row.stream_id)!.push(toStoredEvent(row));
    return new Map([...prefixes].map(([stream, prefix]) => [stream, cache.extend(stream, prefix, after.get(stream)!)]));
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
    subscribeOptions: PostgresSubscribeOptions = {},
  ): PostgresSubscription {
    if (closed) throw new Error('The event store is closed');
    const batchSize = subscribeOptions.batchSize ?? defaultBatch;
    const pollIntervalMs = subscribeOptions.pollIntervalMs ?? defaultPoll;
    const onError = subscribeOptions.onError ?? defaultOnError;
    let stopped = false;
    let woken = false;
    let wakeWaiter: (() => void) | null = null;
    let failure: unknown;
    let checkpoint = after;

    const wake = () => {
      woken = true;
      wakeWaiter?.();
    };
    const waitForWake = (ms: number) =>
      new Promise<void>((resolve) => {
        if (woken || stopped) return resolve();
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wakeWaiter = null;
          resolve();
        }
        wakeWaiter = done;
        listener.ensure(); // re-LISTEN if the connection was lost
      });
    const report = (error: unknown, info: SubscriptionErrorInfo) => {
      try {
        onError(error, info);
      } catch {
        /* a broken error reporter must not break the loop */
      }
    };

    const unregister = listener.add(wake);
    let subscription!: PostgresSubscription;

    let firstRead!: () => void;
    const ready = new Promise<void>((resolve) => (firstRead = resolve)).then(() => listener.settled());
    const loop = async () => {
      let readFailures = 0;
      let heldBackWaits = 0;
      while (!stopped) {
        woken = false;
        let batch: StoredEvent[];
        try {
          batch = await readAll(checkpoint, batchSize);
          readFailures = 0;
          firstRead();
        } catch (error) {
          firstRead();
          if (stopped) break;
          readFailures += 1;
          report(error, { source: 'read', fatal: false });
          await waitForWake(Math.min(pollIntervalMs * 2 ** readFailures, 10_000));
          continue;
        }
        if (stopped) break;
        if (batch.length > 0) {
          try {
            await insideHandler.run(subscription, () => handler(batch));
          } catch (error) {
            failure = error;
            stopped = true;
            report(error, { source: 'handler', fatal: true });
            break;
          }
          checkpoint = checkpointOf(batch[batch.length - 1]);
          if (batch.length === batchSize) continue;
        }
        // Caught up as far as the feed allows. If committed events wait behind an older
        // transaction still running (whose end may send no NOTIFY: another database, a write
        // that is no append), or have committed since the read, look again soon, backing off
        // up to a second; otherwise sleep until woken or the poll.
        let pending = false;
        try {
          pending = await eventsPending(checkpoint);
        } catch {
          /* a hint only */
        }
        if (pending) {
          heldBackWaits += 1;
          await waitForWake(heldBackRetryMs(heldBackWaits, pollIntervalMs));
        } else {
          heldBackWaits = 0;
          await waitForWake(pollIntervalMs);
        }
      }
    };

    const done = loop()
      .catch((error) => {
        failure ??= error;
        report(error, { source: 'handler', fatal: true });
      })
      .finally(() => {
        stopped = true;
        firstRead();
        unregister();
        subscriptions.delete(subscription);
      });

    subscription = {
      done,
      ready,
      get error() {
        return failure;
      },
      get checkpoint() {
        return checkpoint;
      },
      async close() {
        stopped = true;
        wakeWaiter?.();
        // Closing from inside the handler must not wait for the handler to return.
        if (insideHandler.getStore() === subscription) return;
        await done;
      },
    };
    subscriptions.add(subscription);
    return subscription;
  }

  return {
    appendToStreams: (requests) => runAppend(pool, requests, false),
    appendWithClient: (client, requests) => runAppend(client, requests, true),
    async readStream(stream) {
      return (await readStreams([stream])).get(stream)!;
    },
    readStreams,
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
