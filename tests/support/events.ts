import crypto from 'node:crypto';
import type { EventStore, NewEvent } from '../../services/eventstore/port';

/** An event as the system would append it (no actor), for tests and benches that write the log directly. */
export const systemEvent = (type: string, data: unknown, occurredAt = new Date()): NewEvent => ({
  type,
  data,
  metadata: {
    actorId: null,
    correlationId: crypto.randomUUID(),
    causationId: null,
    occurredAt: occurredAt.toISOString(),
    schemaVersion: 1,
  },
});

/**
 * Appends `out` in chunks of `chunkSize()` events, one multi-stream append a chunk (a stream's
 * events of a chunk together), so that read models' batches split anywhere. Returns the events in
 * the log's order.
 */
export async function appendInChunks(
  store: Pick<EventStore, 'appendToStreams'>,
  out: readonly { stream: string; event: NewEvent }[],
  chunkSize: () => number,
): Promise<NewEvent[]> {
  const logged: NewEvent[] = [];
  for (let i = 0; i < out.length; ) {
    const size = chunkSize();
    const chunk = out.slice(i, i + size);
    i += size;
    const byStream = new Map<string, NewEvent[]>();
    for (const c of chunk) byStream.set(c.stream, [...(byStream.get(c.stream) ?? []), c.event]);
    await store.appendToStreams([...byStream].map(([stream, events]) => ({ stream, expected: 'any' as const, events })));
    for (const events of byStream.values()) logged.push(...events);
  }
  return logged;
}
