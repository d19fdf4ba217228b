/**
 * The KurrentDB adapter, imported only by a process whose KURRENTDB_URL names a node: its gRPC
 * client took every process on the default (PostgreSQL) store ~0.2 s of CPU to import at start.
 */
import type { KurrentEventStore } from './index';

export async function kurrentEventStore(connectionString: string): Promise<KurrentEventStore> {
  const { createKurrentEventStore } = await import('./index');
  return createKurrentEventStore(connectionString);
}
