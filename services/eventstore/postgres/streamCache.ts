/**
 * The events of recently read streams, kept by this process: a stream's events never change once
 * committed, so the next read of it asks PostgreSQL only for the events after the last one kept.
 * Commands read the same streams again and again (a student's minutes, a speaker's days, an
 * availability), and those streams grow: read whole each time, they were most of a reservation's
 * cost in the database. Only events read through the pool (committed) are kept, never a caller's
 * transaction's own. Bounded by the number of events kept, the least recently read streams going
 * first. Kept events are frozen: a caller that changed one would change every later read.
 */
import type { StoredEvent } from '../port';

export class StreamCache {
  private readonly streams = new Map<string, readonly StoredEvent[]>();
  private size = 0;

  constructor(private readonly maxEvents: number) {}

  /** The events kept for `stream` (a prefix of it), or none; marks it as recently read. */
  prefix(stream: string): readonly StoredEvent[] {
    const kept = this.streams.get(stream);
    if (!kept) return [];
    this.streams.delete(stream);
    this.streams.set(stream, kept);
    return kept;
  }

  /** Whether some of `stream` is kept (a read of its last event alone then takes it from here). */
  holds(stream: string): boolean {
    return this.streams.has(stream);
  }

  /** Version of the last event of a prefix (0 for none): the next read asks for what follows. */
  static versionOf(prefix: readonly StoredEvent[]): number {
    return prefix.length ? prefix[prefix.length - 1].streamVersion : 0;
  }

  /** `prefix` and the events read after it: the whole stream as read now. Kept if it is longer than what is kept. */
  extend(stream: string, prefix: readonly StoredEvent[], after: StoredEvent[]): StoredEvent[] {
    const whole = prefix.length ? [...prefix, ...after] : after;
    if (whole.length > this.maxEvents) return whole;
    const kept = this.streams.get(stream);
    if (after.length && (!kept || kept.length < whole.length)) {
      for (const event of after) deepFreeze(event);
      this.size += whole.length - (kept?.length ?? 0);
      this.streams.delete(stream);
      this.streams.set(stream, whole.slice());
      for (const [oldest, events] of this.streams) {
        if (this.size <= this.maxEvents) break;
        this.streams.delete(oldest);
        this.size -= events.length;
      }
    }
    return whole;
  }

  /** Events kept, all streams. */
  get eventsKept(): number {
    return this.size;
  }
}

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
}
