/**
 * Runs a command as one optimistic transaction over the event store: the handler reads the streams
 * it needs, decides, and queues appends; every stream it read is appended with the version it was
 * read at, all at once. On a version conflict the whole handler runs again (bounded), so it always
 * decides on fresh state; when retries run out the caller gets a clear CONFLICT error.
 */
import crypto from 'node:crypto';
import { ErrorCode } from '../../contracts/errors';
import type { DomainEvent, Actor } from '../domain/shared/decider';
import { DomainError } from '../domain/shared/errors';
import {
  WrongExpectedVersionError,
  type AppendRequest,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type StoredEvent,
} from '../eventstore/port';
import { currentSchemaVersion } from '../eventstore/upcasting';
import { CommandMessages } from './messages';

export interface CommandMeta {
  actor: Actor;
  correlationId?: string;
  causationId?: string | null;
  now?: () => Date;
}

export interface CommandTransaction {
  readonly now: Date;
  readonly actor: Actor;
  read(stream: string): Promise<StoredEvent[]>;
  /**
   * The stream's last event alone (null when absent), for a stream whose state is its last event;
   * its cost does not grow with the stream. An append to it expects the version read, as `read`.
   */
  readLast(stream: string): Promise<StoredEvent | null>;
  /** Queues events; `expected` defaults to the version read, or 'no_stream'/'any' semantics below. */
  append(stream: string, events: DomainEvent[], expected?: ExpectedVersion): void;
  /** Work to do once the append has committed (e.g. enqueue a job); dropped if the command fails. */
  afterCommit(work: () => Promise<void>): void;
}

export interface CommandOutcome<T> {
  result: T;
  /** Undefined when the handler decided nothing needs to be written. */
  appended?: AppendResult;
}

const MAX_ATTEMPTS = 5;

/**
 * Reads asked for in the same turn of the event loop go to the store as one read: a handler's
 * `Promise.all` of several streams, and the reads of every command that reached that point in the
 * same turn (requests that arrived together): one round trip instead of one per stream or per
 * command, which is most of a command's cost on a busy machine. One statement is one snapshot, so
 * a command's streams read together are still read at one instant.
 */
function batchedReads(store: EventStore) {
  type Caller = { resolve: (events: StoredEvent[]) => void; reject: (error: unknown) => void };
  /** Per stream: the callers of a whole read, and of a last-event read. */
  type Batch = Map<string, { whole: Caller[]; last: Caller[] }>;
  let waiting: Batch | null = null;
  async function flush(batch: Batch) {
    try {
      const streams = [...batch.keys()];
      // A stream that some caller wants whole is read whole; its last event serves the others.
      const lastOnly = streams.filter((s) => !batch.get(s)!.whole.length);
      const read =
        streams.length === 1 && !lastOnly.length
          ? new Map([[streams[0], await store.readStream(streams[0])]])
          : await store.readStreams(streams, { lastOnly });
      // Each caller its own array (several commands may read one stream); the events are not changed by anyone.
      for (const [stream, callers] of batch) {
        const events = read.get(stream) ?? [];
        for (const c of callers.whole) c.resolve([...events]);
        for (const c of callers.last) c.resolve(events.slice(-1));
      }
    } catch (error) {
      for (const callers of batch.values()) for (const c of [...callers.whole, ...callers.last]) c.reject(error);
    }
  }
  return (stream: string, mode: 'whole' | 'last') =>
    new Promise<StoredEvent[]>((resolve, reject) => {
      if (!waiting) {
        const batch: Batch = new Map();
        waiting = batch;
        setImmediate(() => {
          waiting = null;
          void flush(batch);
        });
      }
      const callers = waiting.get(stream) ?? { whole: [], last: [] };
      callers[mode].push({ resolve, reject });
      waiting.set(stream, callers);
    });
}

export class CommandExecutor {
  /** Told of every committed append (the /metrics counters). */
  onAppended: ((events: number) => void) | null = null;

  /** Shared by every command of this executor (see batchedReads). */
  private readonly readBatched: (stream: string, mode: 'whole' | 'last') => Promise<StoredEvent[]>;

  constructor(private readonly store: EventStore) {
    this.readBatched = batchedReads(store);
  }

  async execute<T>(meta: CommandMeta, handler: (tx: CommandTransaction) => Promise<T>): Promise<CommandOutcome<T>> {
    const correlationId = meta.correlationId ?? crypto.randomUUID();
    for (let attempt = 1; ; attempt++) {
      const now = meta.now?.() ?? new Date();
      const versions = new Map<string, number>();
      const pending = new Map<string, { events: DomainEvent[]; expected?: ExpectedVersion }>();
      const afterCommit: (() => Promise<void>)[] = [];
      const tx: CommandTransaction = {
        now,
        actor: meta.actor,
        read: async (stream) => {
          const events = await this.readBatched(stream, 'whole');
          versions.set(stream, events.length ? events[events.length - 1].streamVersion : 0);
          return events;
        },
        readLast: async (stream) => {
          const [last = null] = await this.readBatched(stream, 'last');
          versions.set(stream, last?.streamVersion ?? 0);
          return last;
        },
        append: (stream, events, expected) => {
          const entry = pending.get(stream) ?? { events: [], expected };
          entry.events.push(...events);
          if (expected !== undefined) entry.expected = expected;
          pending.set(stream, entry);
        },
        afterCommit: (work) => void afterCommit.push(work),
      };
      const result = await handler(tx);
      const requests: AppendRequest[] = [...pending]
        .filter(([, p]) => p.events.length)
        .map(([stream, p]) => ({
          stream,
          expected: p.expected ?? expectedFromRead(versions.get(stream)),
          events: p.events.map((e) => ({
            type: e.type,
            data: e.data,
            metadata: {
              actorId: meta.actor.accountId,
              correlationId,
              causationId: meta.causationId ?? null,
              occurredAt: now.toISOString(),
              schemaVersion: currentSchemaVersion(e.type),
            },
          })),
        }));
      if (!requests.length) {
        await Promise.all(afterCommit.map((work) => work()));
        return { result };
      }
      let appended: AppendResult;
      try {
        appended = await this.store.appendToStreams(requests);
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        if (attempt >= MAX_ATTEMPTS) {
          throw new DomainError(ErrorCode.CONFLICT, CommandMessages.concurrentChange);
        }
        await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
        continue;
      }
      this.onAppended?.(requests.reduce((n, r) => n + r.events.length, 0));
      await Promise.all(afterCommit.map((work) => work()));
      return { result, appended };
    }
  }
}

function expectedFromRead(version: number | undefined): ExpectedVersion {
  if (version === undefined) return 'any';
  return version === 0 ? 'no_stream' : version;
}
