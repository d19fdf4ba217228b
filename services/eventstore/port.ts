/**
 * The event store port (DESIGN.md section 3). Every adapter (PostgreSQL now, KurrentDB later)
 * passes the contract suite in tests/contract/eventstore.contract.ts.
 */

/** What a writer expects a stream to be at: absent, anything, or exactly at version N (1-based). */
export type ExpectedVersion = 'no_stream' | 'any' | number;

export interface EventMetadata {
  actorId: string | null;
  correlationId: string;
  causationId: string | null;
  /** ISO timestamp of when the command that caused the event was handled. */
  occurredAt: string;
  /** Version of the event's data shape; upcasters lift older shapes on read. */
  schemaVersion: number;
}

export interface NewEvent<T = unknown> {
  type: string;
  data: T;
  metadata: EventMetadata;
}

export interface AppendRequest {
  stream: string;
  expected: ExpectedVersion;
  events: NewEvent[];
}

/**
 * A place in the global feed. Events are ordered by (transactionId, position); both are
 * PostgreSQL bigints carried as decimal strings. `null` means "before everything".
 */
export interface GlobalCheckpoint {
  transactionId: string;
  position: string;
}

export interface StoredEvent<T = any> {
  streamId: string;
  /** 1 for a stream's first event. */
  streamVersion: number;
  type: string;
  data: T;
  metadata: EventMetadata;
  /** Global position, unique and increasing in insertion order (not commit order). */
  position: string;
  transactionId: string;
  recordedAt: Date;
}

export interface AppendResult {
  /** The new version of each stream written, by stream id. */
  versions: Record<string, number>;
  /** The checkpoint of the last event written: a projector at or past it has seen the append. */
  checkpoint: GlobalCheckpoint;
}

export interface Subscription {
  /** Settles (never rejects) once the subscription has stopped, by close() or by its handler's failure. */
  readonly done: Promise<void>;
  /** The handler's error that stopped it, if any (read errors are retried). */
  readonly error: unknown;
  close(): Promise<void>;
}

export interface ReadStreamsOptions {
  /**
   * Streams (also named in `streams`) whose last event alone is wanted: `[last]`, or [] when absent.
   * For a stream whose state is its last event (a minutes ledger carries its balance), so that
   * reading it costs the same however long it grows. Its streamVersion is the stream's version.
   */
  lastOnly?: readonly string[];
}

export interface EventStore {
  /** Appends to every stream or to none; throws WrongExpectedVersionError on any mismatch. */
  appendToStreams(requests: AppendRequest[]): Promise<AppendResult>;
  /** A stream's events in version order, upcast to the current shape; [] when absent. */
  readStream(stream: string): Promise<StoredEvent[]>;
  /**
   * Several streams in one read: each stream's events in version order, [] for an absent one,
   * keyed by stream name. PostgreSQL reads them in one statement (one snapshot); a store that
   * cannot must read them in the order given, which handlers rely on (scheduling reads a
   * speaker's days before their availability).
   */
  readStreams(streams: readonly string[], options?: ReadStreamsOptions): Promise<Map<string, StoredEvent[]>>;
  /**
   * Up to `limit` committed events after `after`, in (transactionId, position) order. Never
   * returns an event while an older transaction could still commit before it.
   */
  readAll(after: GlobalCheckpoint | null, limit: number): Promise<StoredEvent[]>;
  /**
   * True when committed events exist after `after` although readAll(after) came back short: they
   * wait behind an older transaction still running, or committed since. A reader woken by appends
   * should then look again soon, since the end of that older transaction may wake nobody. Left out
   * by a store whose feed never holds an event back (KurrentDB's $all is in commit order).
   */
  eventsPending?(after: GlobalCheckpoint | null): Promise<boolean>;
  /**
   * The global feed's position now: the checkpoint of the last event appended, or null for an empty
   * store. A projector at or past it has seen every event appended before the call (projections
   * CLI, "caught up" checks), whichever store holds the log.
   */
  headCheckpoint(): Promise<GlobalCheckpoint | null>;
  /**
   * How many events the store holds, where that is cheap to know (PostgreSQL: a count); a store
   * that cannot count without reading everything (KurrentDB's $all) leaves it out. For progress bars.
   */
  countEvents?(): Promise<number>;
  /** How many committed events come after `after` (a read model's lag in events), where `countEvents` is cheap too. */
  countEventsAfter?(after: GlobalCheckpoint | null): Promise<number>;
  /** Delivers batches from readAll in order, waking on new appends; the handler is awaited. */
  subscribeToAll(
    after: GlobalCheckpoint | null,
    handler: (events: StoredEvent[]) => Promise<void>,
    options?: { batchSize?: number; pollIntervalMs?: number },
  ): Subscription;
  close(): Promise<void>;
}

export class WrongExpectedVersionError extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedVersion,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${stream} expected at ${expected} but is at ${actual}`);
    this.name = 'WrongExpectedVersionError';
  }
}

/** Orders two checkpoints: negative when a is before b. */
export function compareCheckpoints(a: GlobalCheckpoint | null, b: GlobalCheckpoint | null): number {
  if (!a) return b ? -1 : 0;
  if (!b) return 1;
  const tx = BigInt(a.transactionId) - BigInt(b.transactionId);
  if (tx !== 0n) return tx < 0n ? -1 : 1;
  const pos = BigInt(a.position) - BigInt(b.position);
  return pos === 0n ? 0 : pos < 0n ? -1 : 1;
}

export const checkpointOf = (e: StoredEvent): GlobalCheckpoint => ({
  transactionId: e.transactionId,
  position: e.position,
});

/** Called when events may have been appended, with their types where known (this process's own appends). */
export type AppendedWake = (types?: readonly string[]) => void;

/**
 * How long a reader waits before looking again at events held back (`eventsPending`), after
 * `waits` such looks in a row: 5 ms doubling, at most a second and at most its usual poll.
 */
export const heldBackRetryMs = (waits: number, pollMs: number) => Math.min(pollMs, 1000, 5 * 2 ** Math.min(waits, 8));
