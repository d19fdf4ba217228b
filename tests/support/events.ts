import crypto from 'node:crypto';
import type { NewEvent } from '../../services/eventstore/port';

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
