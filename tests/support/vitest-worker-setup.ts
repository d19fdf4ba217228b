/**
 * In each Vitest worker: a worker whose runner is gone (killed, a cancelled CI job, test:repeat
 * stopped) ends at once, and with it what its file started (tethered: scripts/support/tether.ts).
 * Left alone, it went on running its file against a stopped test cluster, an orphan, and so did the
 * Kafka node its file had started.
 */
const installed = Symbol.for('tertulia.workerEndsWithRunner');
const registry = globalThis as { [installed]?: true };
if (!registry[installed] && process.connected) {
  registry[installed] = true;
  process.once('disconnect', () => process.exit(1));
}
