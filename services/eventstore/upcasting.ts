/**
 * Upcasters lift an old event shape to the current one when it is read; stored events are never
 * rewritten. Register one per (type, fromVersion); they chain until the current version.
 */
import type { StoredEvent } from './port';

type Upcaster = (data: any) => any;
const upcasters = new Map<string, Upcaster>();

export function registerUpcaster(type: string, fromVersion: number, upcast: Upcaster): void {
  upcasters.set(`${type}@${fromVersion}`, upcast);
}

/**
 * The version an event of `type` is written with today: one past its last upcaster (1 when it has
 * none). The command executor stamps it, so a new event is never lifted again on read.
 */
export function currentSchemaVersion(type: string): number {
  let version = 1;
  while (upcasters.has(`${type}@${version}`)) version += 1;
  return version;
}

export function upcast(event: StoredEvent): StoredEvent {
  let { data } = event;
  let version = event.metadata.schemaVersion ?? 1;
  for (let step = upcasters.get(`${event.type}@${version}`); step; step = upcasters.get(`${event.type}@${version}`)) {
    data = step(data);
    version += 1;
  }
  if (version === (event.metadata.schemaVersion ?? 1)) return event;
  return { ...event, data, metadata: { ...event.metadata, schemaVersion: version } };
}
